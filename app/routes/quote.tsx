// /quote/<link>: the homeowner's quote (decision 0032). Server-rendered with no script at all and its CSS inline; it
// works without JavaScript at 375 px. The link is the key (its token's SHA-256 is all that is stored): an unknown,
// withdrawn or old link gets one and the same 404, and failed lookups are limited per address. A GET changes nothing a
// mail scanner could trip; choosing, accepting, declining and asking for changes are POSTs. Every amount comes from the
// server (server/quotes/page-view.ts): the page shows, without a script, the total of whatever is ticked, from a list
// of every choice's total the server computed; the acceptance is computed again from the frozen version.
import { data, redirect } from "react-router";
import type { Route } from "./+types/quote";
import { business } from "~/content/business";
import { Banner, DocumentPage, Limited, Missing } from "~/components/document-page";
import type { RouteHandle } from "~/root";
import type { QuotePage } from "../../server/quotes/page-view.ts";
import { postedFromOtherSite } from "../../server/documents/scanner-safe.ts";
import { CROSS_SITE_ERROR } from "../../server/http/security.ts";
import { optionalOwner } from "./owner/guard.server";
import { overLimit, TEXT_LIMITS, typedText } from "~/lib/text-limits";
import { AcceptSection, AnswerForms, NO_VALUES, type FormState, type Values } from "./quote-answers";
import { QuoteChoices, QuotePhotos } from "./quote-choices";
import quoteStylesheet from "~/styles/quote.css?url";
import { documentForm, documentHeaders, documentMetaFor } from "~/lib/document-form";

export const handle: RouteHandle = { standalone: true };

// Production pages inline the CSS they use; the dev server links the sheet.
export const links = () => (import.meta.env.DEV ? [{ rel: "stylesheet", href: quoteStylesheet }] : []);

const MAX_BODY = 32 * 1024;

type Selection = { optionKey: string; addonKeys: string[] };

const DONE = {
  accepted: "Thank you: your acceptance is recorded. Your copy is on its way to your e-mail.",
  declined: "Thank you for letting us know. We will not send reminders about this quote.",
  changes: "Thank you: we have your request and will send you an updated quote.",
} as const;

function missing() {
  return data({ kind: "missing" as const }, { status: 404 });
}

function limited(seconds: number) {
  return data({ kind: "limited" as const }, { status: 429, headers: { "Retry-After": String(seconds) } });
}

/** Whether the owner's phone, signed in to the console, shows the page: an acceptance at the homeowner's home. */
function onOwnersDevice(args: Route.LoaderArgs | Route.ActionArgs): boolean {
  return optionalOwner(args) !== null;
}

export async function loader(args: Route.LoaderArgs) {
  const { request, params, context } = args;
  const found = context.quotes.lookup(params.token, context.clientIp);
  if (found === "limited") return limited(context.quotes.retryAfter(context.clientIp));
  if (!found) return missing();
  if (request.method === "GET") {
    context.quotes.noteOpened(found, {
      secFetchUser: request.headers.get("sec-fetch-user"),
      userAgent: request.headers.get("user-agent"),
    });
  }
  const search = new URL(request.url).searchParams;
  const done = search.get("done");
  return {
    kind: "quote" as const,
    token: params.token,
    page: context.quotes.page(found),
    // The return from the checkout (?paid=1) proves nothing: the page says "confirming" until Stripe's event.
    deposit: context.payments.view(found.quote.id, search.get("paid") === "1"),
    inHome: onOwnersDevice(args),
    done: done !== null && Object.hasOwn(DONE, done) ? (done as keyof typeof DONE) : null,
    form: null as FormState | null,
  };
}

/** The box each answer carries, refused in words over its limit. */
const BOX_OF: Partial<Record<string, "name" | "changes" | "reason">> = {
  accept: "name",
  changes: "changes",
  decline: "reason",
};

/** A hidden or chosen value: at most `max` characters, or "" (which no check takes). */
function text(form: FormData, name: string, max: number): string {
  const value = form.get(name);
  return typeof value === "string" && value.length <= max ? value : "";
}

export async function action(args: Route.ActionArgs) {
  const { request, params, context } = args;
  // The link is the key; another site's page may not post to it: the server's one rule for every POST (decision 0038), which
  // has refused it before this runs, checked again here (server/documents/scanner-safe.ts).
  if (postedFromOtherSite(request.headers, context.siteOrigin)) {
    throw data(CROSS_SITE_ERROR, { status: 403 });
  }
  const found = context.quotes.lookup(params.token, context.clientIp);
  if (found === "limited") return limited(context.quotes.retryAfter(context.clientIp));
  if (!found) return missing();
  const form = await documentForm(request, MAX_BODY);
  const selection: Selection = {
    optionKey: text(form, "option", 8),
    addonKeys: form
      .getAll("addon")
      .flatMap((v) => (typeof v === "string" && v.length <= 8 ? [v] : []))
      .slice(0, 8),
  };
  // The boxes as typed, whole: one over its limit is refused below, and put back.
  const values: Values = {
    name: typedText(form.get("name")),
    consent: form.get("consent") === "yes",
    pamphlet: form.get("pamphlet") === "yes",
    changes: typedText(form.get("changes")),
    reason: typedText(form.get("reason")),
  };
  const intent = text(form, "intent", 20);
  const inHome = onOwnersDevice(args);
  const again = (status: number, error: string | null, field: string | null = null) =>
    data(
      {
        kind: "quote" as const,
        token: params.token,
        page: context.quotes.page(found, selection),
        deposit: context.payments.view(found.quote.id, false),
        inHome,
        done: null,
        form: { error, field, values, checked: intent === "total" } satisfies FormState as FormState | null,
      },
      { status },
    );
  const back = (done: keyof typeof DONE) =>
    redirect(`/quote/${params.token}?done=${done}`, { status: 303, headers: { "Cache-Control": "no-store" } });
  const { QuoteRefusal } = context.quotes;
  const { PaymentRefusal } = context.payments;
  try {
    if (intent === "total") return again(200, null);
    if (intent === "pay") {
      // The amount is the acceptance's; any amount the form carries is never read.
      const url = await context.payments.checkoutUrl(found.quote.id, params.token);
      return redirect(url, { status: 303, headers: { "Cache-Control": "no-store" } });
    }
    const box = BOX_OF[intent];
    const over = box ? overLimit(values[box], TEXT_LIMITS.quotePage[box]) : null;
    if (box && over) return again(400, over, box);
    if (intent === "accept") {
      await context.quotes.acceptSoon(
        params.token,
        {
          ...selection,
          name: values.name,
          consent: values.consent,
          pamphlet: values.pamphlet,
          version: Number(text(form, "version", 6)),
        },
        { ip: context.clientIp, userAgent: request.headers.get("user-agent"), inHome },
      );
      return back("accepted");
    }
    if (intent === "decline" || intent === "changes") {
      context.quotes.answer(
        params.token,
        intent === "decline" ? "declined" : "changes",
        intent === "decline" ? values.reason : values.changes,
      );
      return back(intent === "decline" ? "declined" : "changes");
    }
    return again(400, "That did not work. Reload the page and try again.");
  } catch (error) {
    if (error instanceof QuoteRefusal) {
      if (error.status === 404) return missing();
      return again(error.status, error.message, error.field ?? null);
    }
    if (error instanceof PaymentRefusal) return again(error.status, error.message);
    throw error;
  }
}

export const headers = documentHeaders;

export const meta = documentMetaFor(
  "Quote",
  `Your quote from ${business.name}: the work, the price, and accepting it online.`,
  (page: QuotePage) => `Quote ${page.reference}`,
);

const h2 = "mt-10 text-2xl font-bold";

export default function Quote({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData ?? loaderData;
  if (result.kind === "missing") return <Missing what="quote" />;
  if (result.kind === "limited") return <Limited />;
  const { page, token, inHome } = result;
  const form = result.form;
  const values = form?.values ?? NO_VALUES;
  const open = page.state === "open" || page.state === "changes_requested";
  const selected = page.acceptance?.view ?? page.chosen.view;
  return (
    <DocumentPage business={page.business} title="Your quote" customer={page.customer}>
      <p className="mt-1 text-sm text-stone-600">
        Quote {page.reference} · version {page.version} · sent {page.sent}
      </p>
      <p className="mt-2">
        Valid until the end of <strong>{page.validUntil}</strong> (Central Time).
      </p>
      {result.done && <Banner tone="ok">{DONE[result.done]}</Banner>}
      {page.state === "accepted" && page.acceptance && (
        <Banner tone="ok">
          Accepted by <strong>{page.acceptance.name}</strong> on {page.acceptance.at}: {page.acceptance.view.optionName}
          {page.acceptance.view.addonNames.length ? ` with ${page.acceptance.view.addonNames.join(", ")}` : ""},{" "}
          <strong>{page.acceptance.view.total}</strong>.
        </Banner>
      )}
      {result.deposit.message && (
        <Banner tone={result.deposit.state === "failed" ? "warn" : result.deposit.state === "paid" ? "ok" : "info"}>
          {result.deposit.message}
        </Banner>
      )}
      {result.deposit.payable && (
        <form method="post" className="mt-4 print:hidden">
          <button
            name="intent"
            value="pay"
            className="min-h-14 w-full rounded-lg bg-ember-500 px-6 text-xl font-bold text-soot-950"
          >
            Pay the {result.deposit.payable} deposit
          </button>
          <p className="mt-2 text-sm text-stone-600">
            By card or from your bank account, on Stripe&rsquo;s secure page. A bank payment takes a few business days
            to clear.
          </p>
        </form>
      )}
      {page.state === "declined" && (
        <Banner>You declined this quote on {page.decided}. Changed your mind? Call us.</Banner>
      )}
      {page.state === "changes_requested" && (
        <Banner>
          You asked for changes on {page.decided}. We will send an updated quote; you can still accept this one.
        </Banner>
      )}
      {page.state === "expired" && (
        <Banner tone="warn">This quote expired at the end of {page.validUntil}. Call us for a new one.</Banner>
      )}
      {form?.error && !form.field && <Banner tone="warn">{form.error}</Banner>}
      {page.note.map((p) => (
        <p key={p} className="mt-4 text-lg">
          {p}
        </p>
      ))}

      <form method="post" id="q" className="mt-2" aria-describedby={form?.field ? `${form.field}-error` : undefined}>
        <input type="hidden" name="version" value={page.version} />
        <QuoteChoices page={page} token={token} selected={selected} open={open} form={form} />
        <p className="mt-3 text-stone-600">{page.taxStatement}</p>
        {page.deposit && (
          <>
            <h2 className={h2}>Deposit</h2>
            <p className="mt-2">
              {page.deposit.rule}, due once you accept. {page.deposit.howToPay}
            </p>
          </>
        )}

        {page.photos.length > 0 && <QuotePhotos page={page} token={token} heading={h2} />}

        <h2 className={h2}>Terms</h2>
        {page.terms.map((p) => (
          <p key={p} className="mt-3">
            {p}
          </p>
        ))}

        {open && <AcceptSection page={page} values={values} form={form} inHome={inHome} />}
      </form>

      {open && <AnswerForms page={page} values={values} form={form} />}

      {page.acceptance?.inPerson && (
        <section className="mt-8 rounded-lg border-2 border-soot-950 p-4">
          <h2 className="text-xl font-bold">Your right to cancel</h2>
          {page.cancellation.map((p) => (
            <p key={p} className="mt-2">
              {p}
            </p>
          ))}
        </section>
      )}
      <p className="mt-10 print:hidden">
        <a href={`/quote/${token}/pdf`} className="text-lg font-semibold text-brick-800 underline">
          Download this quote as a PDF
        </a>
      </p>
      <p className="mt-4 text-xs break-all text-stone-600">
        Quote {page.reference}, version {page.version}. SHA-256 of this version: {page.sha256}
      </p>
    </DocumentPage>
  );
}
