// /job/<link>: the homeowner's job page (decision 0045). Server-rendered with no script and its CSS inline (the quote
// page's frame and stylesheet); it works without JavaScript at 375 px. The link is the key (only its SHA-256 is
// stored): an unknown link gets the one 404, failed lookups are limited per address as the quote's are, and a GET
// changes nothing. It shows the accepted quote, the work days with their windows ("On my way" when it went today),
// the deposit and the invoice with their Pay buttons, and a way to call or text. The Pay buttons and the links to the
// quote and invoice are POSTs that answer 303: each makes that document's own fresh link, never one kept here.
import { data, redirect } from "react-router";
import type { Route } from "./+types/job";
import { business } from "~/content/business";
import type { RouteHandle } from "~/root";
import { smsHref, telHref } from "~/lib/links";
import { Banner, DocumentPage, Limited, Missing } from "~/components/document-page";
import { postedFromOtherSite } from "../../server/documents/scanner-safe.ts";
import { CROSS_SITE_ERROR } from "../../server/http/security.ts";
import type { JobPageView } from "../../server/jobs/job-page.ts";
import { jobPhotosView } from "../../server/jobs/job-photos-view.ts";
import { JobPhotos } from "~/components/job-photos";
import quoteStylesheet from "~/styles/quote.css?url";
import { documentForm, documentHeaders, documentLimited, documentMetaFor, documentMissing } from "~/lib/document-form";

export const handle: RouteHandle = { standalone: true };

export const links = () => (import.meta.env.DEV ? [{ rel: "stylesheet", href: quoteStylesheet }] : []);

/** The page's forms carry one word; anything bigger is not ours. */
const MAX_BODY = 4 * 1024;

const missing = documentMissing;
const limited = documentLimited;

type Context = Route.LoaderArgs["context"];
type Job = NonNullable<Exclude<ReturnType<Context["jobs"]["lookup"]>, "limited">>;

/** The job's page with its deposit and its sent invoice (what is owed, and whether it can be paid here). */
function view(context: Context, job: Job, returned: boolean) {
  const { payments, jobs } = context;
  const invoice = payments.invoices.forQuote(job.quote_id);
  const invoicePage = invoice && invoice.number !== null ? payments.invoices.page(invoice, false) : null;
  return {
    page: jobs.page(job),
    deposit: payments.view(job.quote_id, returned),
    invoice: invoicePage
      ? {
          number: invoicePage.number,
          owed: invoicePage.owed,
          state: invoicePage.stateLabel,
          payable: invoicePage.payable,
        }
      : null,
    photos: jobPhotosView(context.estimates.jobPhotos, context.quotes.words().terms.photoConsent, job.id),
  };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const found = context.jobs.lookup(params.token, context.clientIp);
  if (found === "limited") return limited(context.jobs.retryAfter(context.clientIp));
  if (!found) return missing();
  const returned = new URL(request.url).searchParams.get("paid") === "1";
  return { kind: "job" as const, token: params.token, ...view(context, found, returned), error: null as string | null };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  // The server's one rule for every POST (decision 0038) refused another site's post before this runs; again here.
  if (postedFromOtherSite(request.headers, context.siteOrigin)) throw data(CROSS_SITE_ERROR, { status: 403 });
  const { jobs, payments, quotes } = context;
  const found = jobs.lookup(params.token, context.clientIp);
  if (found === "limited") return limited(jobs.retryAfter(context.clientIp));
  if (!found) return missing();
  const form = await documentForm(request, MAX_BODY);
  const again = (status: number, error: string) =>
    data({ kind: "job" as const, token: params.token, ...view(context, found, false), error }, { status });
  const go = (url: string) => redirect(url, { status: 303, headers: { "Cache-Control": "no-store" } });
  const intent = form.get("intent");
  const invoice = payments.invoices.forQuote(found.quote_id);
  const sent = invoice && invoice.number !== null ? invoice : null;
  try {
    if (intent === "quote") return go(new URL(quotes.homeownerLink(found.quote_id)).pathname);
    if (intent === "pay-deposit") {
      // The amount is the acceptance's; the checkout comes back to the quote's own page (a fresh link to it).
      const token = new URL(quotes.homeownerLink(found.quote_id)).pathname.split("/").pop() ?? "";
      return go(await payments.checkoutUrl(found.quote_id, token));
    }
    if ((intent === "invoice" || intent === "pay-invoice") && sent) {
      const token = jobs.invoiceToken(sent);
      return go(intent === "invoice" ? `/invoice/${token}` : await payments.invoices.checkoutUrl(sent, token));
    }
    return again(400, "That did not work. Reload the page and try again.");
  } catch (error) {
    if (error instanceof payments.PaymentRefusal) return again(error.status, error.message);
    throw error;
  }
}

export const headers = documentHeaders;

export const meta = documentMetaFor(
  "Your job",
  `Your job with ${business.name}: the work days, what is paid and what is owed.`,
  (page: JobPageView) => `Your job, quote ${page.reference}`,
);

const TONE = { confirming: "info", pending: "info", paid: "ok", failed: "warn", refunded: "info" } as const;
const payButton = "min-h-14 w-full rounded-lg bg-ember-500 px-6 text-xl font-bold text-soot-950";
const plainButton = "font-semibold underline";

export default function JobPage({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData ?? loaderData;
  if (result.kind === "missing") return <Missing what="job" />;
  if (result.kind === "limited") return <Limited />;
  const { page, deposit, invoice, error } = result;
  const onMyWay = page.days.find((d) => d.onMyWay)?.onMyWay;
  return (
    <DocumentPage business={page.business} title="Your job" customer={page.customer}>
      <p className="mt-1 text-sm text-stone-600">
        Quote {page.reference} · <strong>{page.done ? "Done" : "Booked"}</strong>
      </p>
      {/* Once the work is done, "on my way" is old news: the top line says it is done. */}
      {page.done ? (
        <Banner tone="ok">The work is done. Thank you.</Banner>
      ) : (
        onMyWay && <Banner tone="ok">{onMyWay}</Banner>
      )}
      {error && <Banner tone="warn">{error}</Banner>}

      <h2 className="mt-8 text-2xl font-bold">Work days</h2>
      {page.days.length === 0 ? (
        <p className="mt-2">We will e-mail you the days as soon as they are set.</p>
      ) : (
        <ul className="mt-2 divide-y divide-mortar-200" aria-label="Work days">
          {page.days.map((d, i) => (
            <li key={i} className={`py-2 ${d.past ? "text-stone-600" : ""}`}>
              <strong>{d.label}</strong>, we arrive <span className="whitespace-nowrap">{d.window}</span>
              {d.today && " (today)"}
            </li>
          ))}
        </ul>
      )}

      <h2 className="mt-8 text-2xl font-bold">The accepted quote</h2>
      <div className="mt-2 flex justify-between gap-4 text-lg">
        <span>{page.work}</span>
        {page.total && <span className="font-semibold tabular-nums">{page.total}</span>}
      </div>
      <form method="post" className="mt-2">
        <button name="intent" value="quote" className={plainButton}>
          See the accepted quote
        </button>
      </form>

      {deposit.message && <Banner tone={deposit.state ? TONE[deposit.state] : "info"}>{deposit.message}</Banner>}
      {deposit.payable && (
        <form method="post" className="mt-4 print:hidden">
          <button name="intent" value="pay-deposit" className={payButton}>
            Pay the {deposit.payable} deposit
          </button>
        </form>
      )}

      {invoice && (
        <>
          <h2 className="mt-8 text-2xl font-bold">Invoice {invoice.number}</h2>
          <p className="mt-2 text-lg">
            Owed: <strong className="tabular-nums">{invoice.owed}</strong> · {invoice.state}
          </p>
          {invoice.payable && (
            <form method="post" className="mt-4 print:hidden">
              <button name="intent" value="pay-invoice" className={payButton}>
                Pay {invoice.payable}
              </button>
            </form>
          )}
          <form method="post" className="mt-2">
            <button name="intent" value="invoice" className={plainButton}>
              See the invoice
            </button>
          </form>
        </>
      )}

      <JobPhotos token={result.token} photos={result.photos} />

      <h2 className="mt-8 text-2xl font-bold">Questions?</h2>
      <p className="mt-2 flex flex-wrap gap-3">
        <a className="rounded-lg border-2 border-soot-950 px-4 py-2 font-semibold" href={telHref(page.business.phone)}>
          Call {page.business.phone}
        </a>
        <a className="rounded-lg border-2 border-soot-950 px-4 py-2 font-semibold" href={smsHref(page.business.phone)}>
          Text us
        </a>
      </p>
    </DocumentPage>
  );
}
