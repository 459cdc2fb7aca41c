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
import { cn } from "~/lib/cn";
import type { RouteHandle } from "~/root";
import type { QuotePage } from "../../server/quotes/page-view.ts";
import { postedFromOtherSite } from "../../server/documents/scanner-safe.ts";
import { CROSS_SITE_ERROR } from "../../server/http/security.ts";
import { optionalOwner } from "./owner/guard.server";
import { overLimit, TEXT_LIMITS, typedText } from "~/lib/text-limits";
import quoteStylesheet from "~/styles/quote.css?url";
import { documentForm, documentHeaders, documentMetaFor } from "~/lib/document-form";

export const handle: RouteHandle = { standalone: true };

// Production pages inline the CSS they use; the dev server links the sheet.
export const links = () => (import.meta.env.DEV ? [{ rel: "stylesheet", href: quoteStylesheet }] : []);

const MAX_BODY = 32 * 1024;

type Selection = { optionKey: string; addonKeys: string[] };
type Values = { name: string; consent: boolean; pamphlet: boolean; changes: string; reason: string };
const NO_VALUES: Values = { name: "", consent: false, pamphlet: false, changes: "", reason: "" };
/** What a POST that changed nothing sends back: the error and its field, and what was typed, to show again. */
type FormState = { error: string | null; field: string | null; values: Values; checked: boolean };

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
const box = "rounded-card border border-mortar-200 bg-white p-4 shadow-card";

/** The CSS that shows, without a script, the total of whatever is ticked: one rule per choice the server priced. */
function totalsCss(page: QuotePage): string {
  const addons = page.addons.map((a) => a.key);
  const rules = page.totals.map((t, i) => {
    const has = [`#o-${t.option}`, ...addons.map((k) => (t.addons.includes(k) ? `#c-${k}` : null))]
      .map((id) => (id ? `:has(${id}:checked)` : ""))
      .join("");
    const not = addons
      .filter((k) => !t.addons.includes(k))
      .map((k) => `:not(:has(#c-${k}:checked))`)
      .join("");
    return `#q${has}${not} #t${i}{display:block}`;
  });
  return `.qt:not(.now){display:none}@supports selector(:has(a)){#q .qt.now{display:none}${rules.join("")}}`;
}

function Line({ line }: { line: QuotePage["addons"][number] }) {
  return (
    <li className="py-3">
      <div className="flex items-baseline justify-between gap-3">
        <span className="font-semibold">{line.name}</span>
        <span className="font-semibold whitespace-nowrap tabular-nums">{line.amount}</span>
      </div>
      {line.description && <p className="mt-0.5">{line.description}</p>}
      <p className="mt-0.5 text-sm text-stone-600 tabular-nums">
        {line.quantity} × {line.unitPrice}
        {line.taxable ? " · taxed" : ""}
      </p>
      {line.materials.length > 0 && (
        <p className="mt-0.5 text-sm text-stone-600">Materials: {line.materials.join("; ")}</p>
      )}
    </li>
  );
}

export default function Quote({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData ?? loaderData;
  if (result.kind === "missing") return <Missing what="quote" />;
  if (result.kind === "limited") return <Limited />;
  const { page, token, inHome } = result;
  const form = result.form;
  const values = form?.values ?? NO_VALUES;
  const open = page.state === "open" || page.state === "changes_requested";
  const selected = page.acceptance?.view ?? page.chosen.view;
  const many = page.options.length > 1;
  const error = (field: string) =>
    form?.error && form.field === field ? (
      <p className="mt-1 font-semibold text-brick-800" id={`${field}-error`}>
        {form.error}
      </p>
    ) : null;
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
        <fieldset className="mt-6">
          <legend className="font-serif text-2xl font-bold">{many ? "Choose an option" : "The work"}</legend>
          {many && <p className="mt-1">Each option is a complete job; choose one.</p>}
          {error("option")}
          <div className="mt-3 space-y-4">
            {page.options.map((o) => (
              <div
                key={o.key}
                className={`${box} has-checked:border-ember-500 has-checked:ring-2 has-checked:ring-ember-500`}
              >
                <label className="flex items-center gap-3 text-xl font-bold">
                  <input
                    type="radio"
                    name="option"
                    value={o.key}
                    id={`o-${o.key}`}
                    defaultChecked={o.key === selected.optionKey}
                    disabled={!open}
                    className="size-6 shrink-0 accent-brick-700"
                  />
                  <span className="flex-1 font-serif">{o.name}</span>
                  <span className="tabular-nums">{o.total}</span>
                </label>
                <ul className="mt-1 divide-y divide-mortar-200">
                  {o.lines.map((l) => (
                    <Line key={l.key} line={l} />
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </fieldset>
        {page.addons.length > 0 && (
          <fieldset className="mt-8">
            <legend className="font-serif text-2xl font-bold">Add-ons</legend>
            <p className="mt-1">Tick any you want with your option.</p>
            <div className="mt-3 space-y-3">
              {page.addons.map((a) => (
                <div
                  key={a.key}
                  className={`${box} has-checked:border-ember-500 has-checked:ring-2 has-checked:ring-ember-500`}
                >
                  <label className="flex items-center gap-3 text-lg font-bold">
                    <input
                      type="checkbox"
                      name="addon"
                      value={a.key}
                      id={`c-${a.key}`}
                      defaultChecked={selected.addonKeys.includes(a.key)}
                      disabled={!open}
                      className="size-6 shrink-0 accent-brick-700"
                    />
                    <span className="flex-1">{a.name}</span>
                    <span className="tabular-nums">+{a.amount}</span>
                  </label>
                  <ul>
                    <Line line={{ ...a, name: "", amount: "" }} />
                  </ul>
                </div>
              ))}
            </div>
          </fieldset>
        )}

        <style>{totalsCss(page)}</style>
        <section
          aria-label="Your total"
          className="mt-8 rounded-card bg-soot-950 p-5 text-mortar-50 print:border-2 print:border-soot-950 print:bg-white print:text-soot-950"
        >
          {page.totals.map((t, i) => (
            <div
              key={t.key}
              id={`t${i}`}
              className={cn("qt", t.key === [selected.optionKey, ...selected.addonKeys].join("+") && "now")}
            >
              <p className="text-mortar-200 print:text-soot-800">
                {many ? t.view.optionName : "Total"}
                {t.view.addonNames.length ? ` + ${t.view.addonNames.join(" + ")}` : ""}
              </p>
              <p className="text-4xl font-bold tabular-nums">{t.view.total}</p>
              {t.view.tax && (
                <p className="text-sm text-mortar-200">
                  {t.view.subtotal} + sales tax {t.view.tax}
                </p>
              )}
              {t.view.deposit && (
                <p className="mt-1">
                  Deposit once you accept: <strong className="tabular-nums">{t.view.deposit}</strong>
                </p>
              )}
            </div>
          ))}
          {form?.checked && (
            <p className="mt-2 text-sm text-mortar-200" role="status">
              Checked by our server: {selected.optionName}
              {selected.addonNames.length ? ` + ${selected.addonNames.join(" + ")}` : ""}, {selected.total}.
            </p>
          )}
          {open && (
            <button
              name="intent"
              value="total"
              formNoValidate
              className="mt-3 min-h-11 rounded-lg border-2 border-mortar-200 px-4 font-semibold print:hidden"
            >
              Check my total
            </button>
          )}
        </section>
        <p className="mt-3 text-stone-600">{page.taxStatement}</p>
        {page.deposit && (
          <>
            <h2 className={h2}>Deposit</h2>
            <p className="mt-2">
              {page.deposit.rule}, due once you accept. {page.deposit.howToPay}
            </p>
          </>
        )}

        {page.photos.length > 0 && (
          <>
            <h2 className={h2}>Photos</h2>
            <ul className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3">
              {page.photos.map((p, i) => (
                <li key={p.sha256}>
                  <a href={`/quote/${token}/photos/${p.sha256}`} className="block overflow-hidden rounded-lg">
                    <img
                      src={`/quote/${token}/photos/${p.sha256}-small`}
                      width={p.width >= p.height ? 640 : Math.round((640 * p.width) / p.height)}
                      height={p.height >= p.width ? 640 : Math.round((640 * p.height) / p.width)}
                      alt={`Photo ${i + 1} of the job`}
                      loading="lazy"
                      className="aspect-square h-auto w-full bg-mortar-200 object-cover"
                    />
                  </a>
                </li>
              ))}
            </ul>
          </>
        )}

        <h2 className={h2}>Terms</h2>
        {page.terms.map((p) => (
          <p key={p} className="mt-3">
            {p}
          </p>
        ))}

        {open && (
          <section id="accept" className="mt-10 rounded-card border-2 border-soot-950 bg-white p-4 print:hidden">
            <h2 className="text-2xl font-bold">Accept this quote</h2>
            {inHome && (
              <div className="mt-3 rounded-lg bg-ember-300 p-3">
                <p className="font-bold">You are accepting at your home, on our device: you may cancel.</p>
                {page.cancellation.map((p) => (
                  <p key={p} className="mt-1">
                    {p}
                  </p>
                ))}
              </div>
            )}
            <h3 className="mt-4 text-lg font-bold">Consent to electronic records</h3>
            {page.consent.text.map((p) => (
              <p key={p} className="mt-2 text-sm">
                {p}
              </p>
            ))}
            <label className="mt-3 flex items-start gap-3 font-semibold">
              <input
                type="checkbox"
                name="consent"
                value="yes"
                required
                defaultChecked={values.consent}
                className="mt-0.5 size-6 shrink-0 accent-brick-700"
              />
              I agree to receive this quote and its records electronically.
            </label>
            {error("consent")}
            <details className="mt-5 rounded-lg border border-mortar-300 p-3">
              <summary className="cursor-pointer font-semibold">Read the pamphlet “{page.pamphlet.title}”</summary>
              {page.pamphlet.text.map((p) => (
                <p key={p} className="mt-2">
                  {p}
                </p>
              ))}
            </details>
            {page.pamphlet.required && (
              <>
                <label className="mt-3 flex items-start gap-3 font-semibold">
                  <input
                    type="checkbox"
                    name="pamphlet"
                    value="yes"
                    defaultChecked={values.pamphlet}
                    className="mt-0.5 size-6 shrink-0 accent-brick-700"
                  />
                  {page.pamphlet.acknowledgment}
                </label>
                <p className="mt-1 text-sm text-stone-600">Needed when the total is over {page.pamphlet.threshold}.</p>
                {error("pamphlet")}
              </>
            )}
            <label htmlFor="name" className="mt-5 block text-lg font-bold">
              Your full name
            </label>
            <input
              id="name"
              name="name"
              autoComplete="name"
              required
              maxLength={TEXT_LIMITS.quotePage.name.max}
              defaultValue={values.name}
              aria-invalid={form?.field === "name" || undefined}
              className="mt-1 block min-h-12 w-full rounded-lg border-2 border-soot-800 bg-white px-3 text-lg"
            />
            {error("name")}
            <p className="mt-3 text-sm">
              Typing your name and tapping “I accept” signs this quote for the option and add-ons ticked above, at the
              total shown.
            </p>
            <button
              name="intent"
              value="accept"
              className="mt-3 min-h-14 w-full rounded-lg bg-ember-500 px-6 text-xl font-bold text-soot-950"
            >
              I accept
            </button>
          </section>
        )}
      </form>

      {open && (
        // Open again when its own form came back with a problem, so the homeowner sees it.
        <details
          className="mt-8 print:hidden"
          open={form?.field === "changes" || form?.field === "reason" || undefined}
        >
          <summary className="cursor-pointer text-lg font-semibold underline">
            Not ready? Ask for changes or decline
          </summary>
          <form method="post" className="mt-3">
            <input type="hidden" name="version" value={page.version} />
            <label htmlFor="changes" className="font-semibold">
              What should we change?
            </label>
            <textarea
              id="changes"
              name="changes"
              rows={3}
              maxLength={TEXT_LIMITS.quotePage.changes.max}
              defaultValue={values.changes}
              className="mt-1 block w-full rounded-lg border-2 border-mortar-300 bg-white p-2"
            />
            {error("changes")}
            <button
              name="intent"
              value="changes"
              className="mt-2 min-h-11 rounded-lg bg-soot-950 px-4 font-semibold text-mortar-50"
            >
              Ask for changes
            </button>
          </form>
          <form method="post" className="mt-6">
            <label htmlFor="reason" className="font-semibold">
              Why not? (optional)
            </label>
            <textarea
              id="reason"
              name="reason"
              rows={2}
              maxLength={TEXT_LIMITS.quotePage.reason.max}
              defaultValue={values.reason}
              className="mt-1 block w-full rounded-lg border-2 border-mortar-300 bg-white p-2"
            />
            {error("reason")}
            <button
              name="intent"
              value="decline"
              className="mt-2 min-h-11 rounded-lg border-2 border-brick-700 px-4 font-semibold text-brick-800"
            >
              Decline the quote
            </button>
          </form>
        </details>
      )}

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
