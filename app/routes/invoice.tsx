// /invoice/<link>: the homeowner's invoice (decision 0042). Server-rendered with no script at all and its CSS inline
// (the quote page's frame and stylesheet); it works without JavaScript at 375 px. The link is the key (only its
// SHA-256 is stored): an unknown link gets the one 404, failed lookups are limited per address, and a GET changes
// nothing a mail scanner could trip ("opened" is noted only for a person). "Pay" is a POST that answers 303 to a
// Stripe Checkout session for what is owed now, computed on the server from the frozen invoice and its payments.
import { data, redirect } from "react-router";
import type { Route } from "./+types/invoice";
import { business } from "~/content/business";
import type { RouteHandle } from "~/root";
import { telHref } from "~/lib/links";
import { Banner, DocumentPage, Limited, Missing } from "~/components/document-page";
import { postedFromOtherSite } from "../../server/documents/scanner-safe.ts";
import { CROSS_SITE_ERROR } from "../../server/http/security.ts";
import type { InvoicePageView } from "../../server/invoices/invoice-page.ts";
import quoteStylesheet from "~/styles/quote.css?url";
import { documentForm, documentHeaders, documentLimited, documentMetaFor, documentMissing } from "~/lib/document-form";

export const handle: RouteHandle = { standalone: true };

export const links = () => (import.meta.env.DEV ? [{ rel: "stylesheet", href: quoteStylesheet }] : []);

/** The Pay form carries one word; anything bigger is not ours. */
const MAX_BODY = 4 * 1024;

const missing = documentMissing;
const limited = documentLimited;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { invoices } = context.payments;
  const found = invoices.lookup(params.token, context.clientIp);
  if (found === "limited") return limited(invoices.retryAfter(context.clientIp));
  const page = found ? invoices.page(found, new URL(request.url).searchParams.get("paid") === "1") : null;
  if (!found || !page) return missing();
  if (request.method === "GET") {
    invoices.noteOpened(found, {
      secFetchUser: request.headers.get("sec-fetch-user"),
      userAgent: request.headers.get("user-agent"),
    });
  }
  return { kind: "invoice" as const, token: params.token, page, error: null as string | null };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  // The server's one rule for every POST (decision 0038) refused another site's post before this runs; again here.
  if (postedFromOtherSite(request.headers, context.siteOrigin)) throw data(CROSS_SITE_ERROR, { status: 403 });
  const { invoices, PaymentRefusal } = context.payments;
  const found = invoices.lookup(params.token, context.clientIp);
  if (found === "limited") return limited(invoices.retryAfter(context.clientIp));
  const page = found ? invoices.page(found, false) : null;
  if (!found || !page) return missing();
  const form = await documentForm(request, MAX_BODY);
  const again = (status: number, error: string) =>
    data({ kind: "invoice" as const, token: params.token, page, error: error as string | null }, { status });
  if (form.get("intent") !== "pay") return again(400, "That did not work. Reload the page and try again.");
  try {
    // The amount is what is owed now, from the frozen invoice and its payments; anything the form carries is unread.
    const url = await invoices.checkoutUrl(found, params.token);
    return redirect(url, { status: 303, headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (error instanceof PaymentRefusal) return again(error.status, error.message);
    throw error;
  }
}

export const headers = documentHeaders;

export const meta = documentMetaFor(
  "Invoice",
  `Your invoice from ${business.name}: the work, what is paid and what is owed.`,
  (page: InvoicePageView) => `Invoice ${page.number}`,
);

const TONE = { confirming: "info", pending: "info", paid: "ok", failed: "warn" } as const;

function Figures({ page }: { page: InvoicePageView }) {
  const row = "flex justify-between gap-4 py-1";
  return (
    <dl className="mt-4 border-t-2 border-soot-950 pt-2 text-lg">
      <div className={row}>
        <dt>Total</dt>
        <dd className="font-semibold tabular-nums">{page.total}</dd>
      </div>
      <div className={row}>
        <dt>Paid so far</dt>
        <dd className="tabular-nums">{page.paid}</dd>
      </div>
      {page.pending && (
        <div className={row}>
          <dt>Bank payment pending</dt>
          <dd className="tabular-nums">{page.pending}</dd>
        </div>
      )}
      <div className={`${row} text-2xl font-bold`}>
        <dt>Owed</dt>
        <dd className="tabular-nums">{page.owed}</dd>
      </div>
    </dl>
  );
}

export default function Invoice({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData ?? loaderData;
  if (result.kind === "missing") return <Missing what="invoice" />;
  if (result.kind === "limited") return <Limited />;
  const { page, token, error } = result;
  return (
    <DocumentPage business={page.business} title={`Invoice ${page.number}`} customer={page.customer}>
      <p className="mt-1 text-sm text-stone-600">
        Sent {page.sentDay} · for quote {page.quoteReference} · <strong>{page.stateLabel}</strong>
      </p>
      {page.pay.message && page.pay.state && <Banner tone={TONE[page.pay.state]}>{page.pay.message}</Banner>}
      {error && <Banner tone="warn">{error}</Banner>}
      {page.payable && (
        <form method="post" className="mt-4 print:hidden">
          <button
            name="intent"
            value="pay"
            className="min-h-14 w-full rounded-lg bg-ember-500 px-6 text-xl font-bold text-soot-950"
          >
            Pay {page.payable}
          </button>
          <p className="mt-2 text-sm text-stone-600">
            By card or from your bank account, on Stripe&rsquo;s secure page. A bank payment takes a few business days
            to clear.
          </p>
        </form>
      )}
      <h2 className="mt-8 text-2xl font-bold">The work</h2>
      <ul className="mt-2 divide-y divide-mortar-200">
        {page.lines.map((l, i) => (
          <li key={i} className="flex justify-between gap-4 py-2">
            <span>
              {l.description}
              {l.quantity !== "1" && (
                <span className="block text-sm text-stone-600">
                  {l.quantity} × {l.unitPrice}
                </span>
              )}
            </span>
            <span className="font-semibold tabular-nums">{l.amount}</span>
          </li>
        ))}
      </ul>
      <Figures page={page} />
      {page.payments.length > 0 && (
        <>
          <h2 className="mt-8 text-2xl font-bold">Payments</h2>
          <ul className="mt-2 space-y-1">
            {page.payments.map((p, i) => (
              <li key={i}>
                {p.day}: {p.amount} by {p.method}, {p.state}
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="mt-8 print:hidden">
        <a className="font-semibold underline" href={`/invoice/${token}/pdf`}>
          The invoice as a PDF
        </a>
      </p>
      <p className="mt-4">
        Questions? Call us at{" "}
        <a className="font-semibold underline" href={telHref(page.business.phone)}>
          {page.business.phone}
        </a>{" "}
        or reply to the invoice&rsquo;s e-mail. Checks go to {page.business.name}, {page.business.address}.
      </p>
    </DocumentPage>
  );
}
