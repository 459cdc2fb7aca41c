// /owner/quotes/<id>: one quote on one screen, made for a phone. A draft (or a revision of a sent quote) is edited in
// one form: a tap on a line preset adds it with its price and materials, and every button keeps what was typed.
// Below: where the quote stands (sent, opened, follow-ups, the homeowner's answer), and what the owner can do in that
// state: show it on this phone for an acceptance at the homeowner's home, record one given in person or on paper,
// pause the follow-ups, withdraw. An accepted quote shows its acceptance record and takes only deposits received;
// every other action is refused here and by the database (decision 0032).
import { data, redirect } from "react-router";
import type { Route } from "./+types/quote";
import { boxText, field, idParam, notFound, requireOwner, unknownIntent } from "./guard.server";
import { applyIntent, draftFromForm, type FieldErrors, type RawFields } from "./quote-form.server";
import { lineField, lineInputs } from "./quote-fields";
import { QuoteStatusBadge } from "./quote-status";
import { Button, Card, consoleButton, CsrfField, Notice, PageTitle } from "./ui";
import { business } from "~/content/business";
import { dayAt } from "~/lib/business-day";
import { cn } from "~/lib/cn";
import { overLimit, TEXT_LIMITS } from "~/lib/text-limits";
import { localTime } from "../../../server/requests/lead-mail.ts";
import { dollarsInput, formatCents, formatPercent, parseDollars } from "../../../server/quotes/money.ts";
import { pricedDraft, type Draft } from "../../../server/quotes/document.ts";
import { quoteTotals } from "../../../server/quotes/totals.ts";
import { choiceOf, choiceView, dayText, optionsView, addonsView } from "../../../server/quotes/quote-view.ts";
import { taxRatePpm } from "../../../server/quotes/quote-words.ts";
import { STATE_LABEL } from "../../../server/invoices/invoice-figures.ts";

const PAPER_PHOTO_MAX_BYTES = 12 * 1024 * 1024;

const DONE = {
  saved: "Saved.",
  sent: "Sent. The homeowner's e-mail goes out now, with the link and the PDF.",
  "sent-no-mail": "Sent: the version is frozen. E-mail is not set up on this server, so nothing was e-mailed.",
  withdrawn: "Withdrawn: its links now lead nowhere, and no follow-up goes.",
  paused: "Follow-ups paused: none goes until you resume them.",
  resumed: "Follow-ups resumed.",
  recorded: "Acceptance recorded. The request is marked won.",
  deposit: "Deposit recorded.",
} as const;

function loadQuote(args: Route.LoaderArgs | Route.ActionArgs) {
  const id = idParam(args.params.id);
  if (id === null) notFound();
  try {
    return args.context.quotes.details(id);
  } catch (error) {
    if (error instanceof args.context.quotes.QuoteRefusal) notFound();
    throw error;
  }
}

/** The editor's figures: each line's amount and each option's total, from the same function the homeowner's page uses. */
function draftFigures(draft: Draft, rate: number) {
  const priced = pricedDraft(draft, rate);
  return {
    options: draft.options.map((o, i) => {
      const t = quoteTotals(priced, { option: i, addons: [] });
      return { id: o.id, total: formatCents(t.total), lines: t.lines.map(formatCents) };
    }),
    addons: quoteTotals(priced, { option: 0, addons: [] }).addonAmounts.map(formatCents),
  };
}

export async function loader(args: Route.LoaderArgs) {
  const owner = await requireOwner(args);
  const q = loadQuote(args);
  const { quotes } = args.context;
  const words = quotes.words();
  const rate = taxRatePpm(words.terms);
  const done = new URL(args.request.url).searchParams.get("done");
  const current = q.current;
  const version = current?.version ?? null;
  const acceptance = q.acceptance;
  const accepted =
    acceptance && version
      ? choiceOf(version, acceptance.option_key, JSON.parse(acceptance.addon_keys) as string[])
      : null;
  const opened = q.events.find((e) => e.kind === "opened");
  const nextFollowUp = q.followUps.find((f) => !f.sent_at && !f.cancelled_at && !f.failed_at);
  return {
    csrf: owner.csrf,
    done: done !== null && Object.hasOwn(DONE, done) ? (done as keyof typeof DONE) : null,
    quote: {
      id: q.quote.id,
      reference: q.quote.reference,
      status: q.status,
      estimateId: q.quote.estimate_id,
      paused: q.quote.followups_paused === 1,
      decisionNote: q.quote.decision_note,
      decidedAt: q.quote.decided_at ? localTime(q.quote.decided_at) : null,
    },
    actions: q.actions,
    lead: q.lead ? { name: q.lead.name, email: q.lead.email, city: q.lead.city } : null,
    draft: q.draft,
    figures: draftFigures(q.draft, rate),
    presets: words.presets.map((p) => ({ key: p.key, name: p.name })),
    requestPhotos: [...quotes.requestPhotoHashes(q.quote.id)].map(([position, sha256]) => ({
      position,
      href: `/owner/requests/${q.quote.estimate_id}/photos/${position}-small`,
      attached: q.draft.photos.includes(sha256),
    })),
    sent: version
      ? {
          version: version.version,
          sha256: current?.row.sha256 ?? "",
          sentAt: localTime(version.sentAt),
          validUntil: dayText(version.validUntil),
          options: optionsView(version).map((o) => ({ key: o.key, name: o.name, total: o.total })),
          addons: addonsView(version).map((a) => ({ key: a.key, name: a.name, amount: a.amount })),
          opened: openedText(opened?.at ?? null, acceptance ?? null, q.quote),
        }
      : null,
    followUps: {
      sent: q.followUps.filter((f) => f.sent_at).length,
      next: nextFollowUp ? localTime(nextFollowUp.next_attempt_at) : null,
    },
    acceptance:
      acceptance && accepted && version
        ? {
            name: acceptance.name,
            at: localTime(acceptance.at),
            method: acceptance.method,
            choice: choiceView(version, accepted),
            versionSha256: acceptance.version_sha256,
            recordSha256: acceptance.record_sha256,
            ip: acceptance.ip,
            userAgent: acceptance.user_agent,
            consent: acceptance.consent_version,
            pamphlet: acceptance.pamphlet_acknowledged === 1,
            paperPhoto: acceptance.paper_photo,
          }
        : null,
    payments: q.payments.map((p) => ({ ...p, amount: formatCents(p.cents), recorded: localTime(p.recorded_at) })),
    // Card and bank payments made on the site (server/payments/), with their state as Stripe last told it.
    onlinePayments: q.onlinePayments.map((p) => ({
      id: p.id,
      amount: formatCents(p.cents),
      method: p.method === "card" ? "card" : "bank (ACH)",
      state: ONLINE_STATE[p.state],
      refunded: p.refunded_cents > 0 && p.state !== "refunded" ? formatCents(p.refunded_cents) : null,
      disputed: p.disputed_at !== null,
      reference: p.provider_payment_id,
      at: localTime(p.updated_at),
    })),
    events: q.events.map((e) => ({ at: localTime(e.at), text: e.detail ? `${e.kind}: ${e.detail}` : e.kind })),
    versions: q.versions.map((v) => ({ version: v.version, sha256: v.sha256, sent: localTime(v.sent_at) })),
    depositDefault: words.terms.deposit.percent,
    invoice: invoiceSummary(args.context, q.quote.id),
    jobId: args.context.jobs.forQuote(q.quote.id)?.id ?? null,
  };
}

/** The accepted quote's invoice, if it has one: its number (or Draft) and state, for the link to its page. */
function invoiceSummary(context: Route.LoaderArgs["context"], quoteId: number) {
  const invoice = context.payments.invoices.forQuote(quoteId);
  if (!invoice) return null;
  const f = context.payments.invoices.figures(invoice);
  return { id: invoice.id, label: f.label ?? "Draft", state: STATE_LABEL[f.state] };
}

const ONLINE_STATE = {
  pending: "pending (bank payments take a few business days)",
  paid: "paid",
  failed: "failed: the deposit is owed again",
  refunded: "refunded",
} as const;

/**
 * When the homeowner opened the quote. A view counts only when the browser says a person opened it (not a mail
 * scanner), so an answer may come with none recorded: an answer through a link was opened by then. A yes the owner
 * recorded (no link) says nothing about the link.
 */
function openedText(
  viewedAt: string | null,
  acceptance: { at: string; link_hash: string | null } | null,
  quote: { status: string; decided_at: string | null },
): string | null {
  if (viewedAt) return localTime(viewedAt);
  if (acceptance && acceptance.link_hash === null) return "Not online: accepted in person or on paper";
  if (acceptance) return `${localTime(acceptance.at)}, when they accepted`;
  if ((quote.status === "declined" || quote.status === "changes_requested") && quote.decided_at)
    return `${localTime(quote.decided_at)}, when they answered`;
  return null;
}

type ActionResult = { error: string; fields?: FieldErrors; raw?: RawFields };

export async function action(args: Route.ActionArgs) {
  const owner = await requireOwner(args, { maxBytes: PAPER_PHOTO_MAX_BYTES + 64 * 1024 });
  const q = loadQuote(args);
  const { quotes, clientIp } = args.context;
  const form = owner.form ?? new FormData();
  const intent = field(form, "intent", 80);
  const who = { ip: clientIp, userAgent: args.request.headers.get("user-agent") };
  const back = (done: keyof typeof DONE, hash = "") =>
    redirect(`/owner/quotes/${q.quote.id}?done=${done}${hash}`, { headers: { "Cache-Control": "no-store" } });
  const refused = (error: unknown, status = 409) => {
    if (error instanceof quotes.QuoteRefusal)
      return data<ActionResult>({ error: error.message }, { status: error.status });
    return data<ActionResult>({ error: String(error instanceof Error ? error.message : error) }, { status });
  };
  try {
    if (intent === "pause" || intent === "resume") {
      quotes.pause(q.quote.id, intent === "pause");
      return back(intent === "pause" ? "paused" : "resumed");
    }
    if (intent === "withdraw") {
      quotes.withdraw(q.quote.id, who);
      return back("withdrawn");
    }
    if (intent === "show") {
      // The homeowner's page on this phone, for an acceptance at their home: the page sees the console's session
      // and gives the 3-day cancellation notice with it.
      return redirect(new URL(quotes.deviceLink(q.quote.id)).pathname, { headers: { "Cache-Control": "no-store" } });
    }
    if (intent === "job") {
      // "Make the job": the one it has, else a new one (the UNIQUE on its quote makes it once).
      const { job } = args.context.jobs.make(q.quote.id);
      return redirect(`/owner/jobs/${job.id}`, { status: 303, headers: { "Cache-Control": "no-store" } });
    }
    if (intent === "invoice") {
      // "Make the invoice": the one it has, else a draft from the accepted version, less the deposit paid.
      const invoice = args.context.payments.invoices.make(q.quote.id);
      return redirect(`/owner/invoices/${invoice.id}`, { headers: { "Cache-Control": "no-store" } });
    }
    if (intent === "deposit") {
      const typed = field(form, "amount", 1000);
      const over = overLimit(typed, TEXT_LIMITS.quote.amountReceived);
      if (over) return data<ActionResult>({ error: over, raw: { amount: typed } }, { status: 400 });
      const cents = parseDollars(typed);
      if (cents === null || cents <= 0)
        return data<ActionResult>({ error: "Type the amount received, e.g. 550." }, { status: 400 });
      const receivedOn = field(form, "receivedOn", 10);
      quotes.recordPayment(q.quote.id, {
        cents,
        method: field(form, "method", 40) || "check",
        receivedOn: /^\d{4}-\d{2}-\d{2}$/.test(receivedOn) ? receivedOn : dayAt(args.context.now(), business.timeZone),
        note: field(form, "note", 200),
      });
      return back("deposit");
    }
    if (intent === "record") {
      // Checked before the photo is kept: a refused name records nothing.
      const name = boxText(form, "name");
      const over = overLimit(name, TEXT_LIMITS.quote.signedName);
      if (over) return data<ActionResult>({ error: over, raw: { name } }, { status: 400 });
      const photo = form.get("paper");
      let paperPhoto: string | null = null;
      if (photo instanceof File && photo.size > 0) {
        paperPhoto = await quotes.addPaperPhoto(q.quote.id, new Uint8Array(await photo.arrayBuffer()));
      }
      quotes.recordAcceptance(
        q.quote.id,
        {
          optionKey: field(form, "option", 8),
          addonKeys: form.getAll("addon").flatMap((v) => (typeof v === "string" ? [v] : [])),
          name,
          atHome: form.get("atHome") === "on",
          pamphlet: form.get("pamphlet") === "on",
          paperPhoto,
        },
        who,
      );
      return back("recorded");
    }
    // Everything else edits the draft: the whole form is saved first, then the button's own action. A post with no
    // intent, or one the editor does not know, is not a save: nothing is written.
    if (intent !== "save" && intent !== "preview" && !applyIntent(q.draft, intent, quotes.words().presets))
      unknownIntent();
    if (!q.actions.edit) return refused(new quotes.QuoteRefusal(409, "This quote can no longer change."));
    const positions = (args.context.estimates.photos(q.quote.estimate_id ?? 0) ?? []).map((p) => p.position);
    const wanted = form
      .getAll("photo")
      .flatMap((p) => (typeof p === "string" && positions.includes(Number(p)) ? [Number(p)] : []));
    if (form.get("photos-shown") !== null) quotes.attachRequestPhotos(q.quote.id, wanted);
    const { draft, errors, raw } = draftFromForm(form, q.draft, quotes.requestPhotoHashes(q.quote.id));
    if (Object.keys(errors).length > 0) {
      return data<ActionResult>(
        { error: "Some values did not read; they are marked below. Nothing was saved.", fields: errors, raw },
        { status: 400 },
      );
    }
    let next = draft;
    let error: string | undefined;
    if (intent !== "save" && intent !== "preview") {
      const applied = applyIntent(draft, intent, quotes.words().presets) ?? unknownIntent();
      next = applied.draft;
      error = applied.error;
    }
    quotes.saveDraft(q.quote.id, next);
    if (error) return data<ActionResult>({ error }, { status: 400 });
    if (intent === "preview")
      return redirect(`/owner/quotes/${q.quote.id}/send`, { headers: { "Cache-Control": "no-store" } });
    return back(
      "saved",
      intent.startsWith("add") || intent.startsWith("blank") || intent.startsWith("discount") ? "#lines" : "",
    );
  } catch (error) {
    if (error instanceof quotes.QuoteRefusal) return refused(error);
    if (error instanceof args.context.payments.invoices.InvoiceRefusal || error instanceof args.context.jobs.JobRefusal)
      return data<ActionResult>({ error: error.message }, { status: error.status });
    throw error;
  }
}

export const meta = () => [{ title: "Quote | Owner console" }, { name: "robots", content: "noindex, nofollow" }];

const input = "mt-1 block min-h-11 w-full rounded-lg border-2 border-mortar-300 bg-white px-3";
const LIMIT = TEXT_LIMITS.quote;

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="font-semibold">{label}</dt>
      <dd className="break-words">{children}</dd>
    </>
  );
}

type LoaderData = Route.ComponentProps["loaderData"];

function LineEditor({
  line,
  amount,
  errors,
  raw,
}: {
  line: LoaderData["draft"]["addons"][number];
  amount: string;
  errors: FieldErrors;
  raw: RawFields;
}) {
  const v = lineInputs(line);
  const name = (f: Parameters<typeof lineField>[1]) => lineField(line.id, f);
  const err = (f: Parameters<typeof lineField>[1]) =>
    errors[name(f)] ? <p className="text-sm font-semibold text-brick-800">{errors[name(f)]}</p> : null;
  // What the owner typed comes back after a refusal; the folded boxes open when one of them is refused.
  const typed = (f: Parameters<typeof lineField>[1], shown: string) => raw[name(f)] ?? shown;
  const folded = (["unit", "desc", "materials"] as const).some((f) => errors[name(f)]);
  return (
    <li className="rounded-lg border border-mortar-300 bg-mortar-50 p-3">
      <label className="block">
        <span className="sr-only">Line name</span>
        <input
          name={name("name")}
          maxLength={LIMIT.lineName.max}
          defaultValue={typed("name", v.name)}
          className={cn(input, "font-semibold")}
        />
      </label>
      {err("name")}
      <div className="mt-2 grid grid-cols-[1fr_1fr_auto] items-end gap-2">
        <label className="block text-sm">
          Quantity
          <input
            name={name("qty")}
            inputMode="decimal"
            maxLength={LIMIT.quantity.max}
            defaultValue={typed("qty", v.qty)}
            className={input}
          />
        </label>
        <label className="block text-sm">
          $ per {v.unit || "unit"}
          <input
            name={name("price")}
            inputMode="decimal"
            maxLength={LIMIT.price.max}
            defaultValue={typed("price", v.price)}
            className={input}
          />
        </label>
        <p className="pb-2 text-right font-bold tabular-nums" aria-label="Line amount">
          {amount}
        </p>
      </div>
      {err("qty")}
      {err("price")}
      <details className="mt-2" open={folded || undefined}>
        <summary className="min-h-11 cursor-pointer py-2 text-sm font-semibold">Unit, description, materials</summary>
        <label className="block text-sm">
          Unit
          <input
            name={name("unit")}
            maxLength={LIMIT.unit.max}
            defaultValue={typed("unit", v.unit)}
            className={input}
          />
        </label>
        {err("unit")}
        <label className="mt-2 block text-sm">
          What the work is
          <textarea
            name={name("desc")}
            maxLength={LIMIT.description.max}
            defaultValue={typed("desc", v.desc)}
            rows={2}
            className={cn(input, "py-2")}
          />
        </label>
        {err("desc")}
        <label className="mt-2 block text-sm">
          Materials, one per line
          <textarea
            name={name("materials")}
            maxLength={LIMIT.materials.max}
            defaultValue={typed("materials", v.materials)}
            rows={3}
            className={cn(input, "py-2")}
          />
        </label>
        {err("materials")}
        <label className="mt-2 flex min-h-11 items-center gap-2 text-sm">
          <input
            type="checkbox"
            name={name("taxable")}
            defaultChecked={name("taxable") in raw ? raw[name("taxable")] === "on" : v.taxable}
            className="size-5"
          />
          Sold without installation (taxed)
        </label>
      </details>
      <button
        name="intent"
        value={`remove:${line.id}`}
        className="mt-1 min-h-11 text-sm font-semibold text-brick-800 underline"
      >
        Remove this line
      </button>
    </li>
  );
}

function Editor({ d, errors, raw }: { d: LoaderData; errors: FieldErrors; raw: RawFields }) {
  const { draft, figures, presets } = d;
  const many = draft.options.length > 1;
  const deposit = draft.deposit;
  return (
    <form method="post" encType="multipart/form-data" id="lines">
      <CsrfField token={d.csrf} />
      {/* Enter (a phone's "Go") in a box presses the form's first button, which would be "Remove this line": this
          one saves. Drawn (sr-only), not `hidden`: Safari passes over a button it does not draw. */}
      <button name="intent" value="save" tabIndex={-1} aria-hidden="true" className="sr-only">
        Save
      </button>
      {draft.options.map((o, i) => (
        <Card key={o.id} className="mb-4">
          {many ? (
            <div className="flex items-end gap-2">
              <label className="block flex-1">
                <span className="font-semibold">Option {i + 1}</span>
                <input
                  name={`option.${o.id}.name`}
                  maxLength={LIMIT.optionName.max}
                  defaultValue={raw[`option.${o.id}.name`] ?? o.name}
                  className={input}
                />
                {errors[`option.${o.id}.name`] && (
                  <span className="block text-sm font-semibold text-brick-800">{errors[`option.${o.id}.name`]}</span>
                )}
              </label>
              <button name="intent" value={`remove-option:${o.id}`} className={consoleButton("quiet")}>
                Remove
              </button>
            </div>
          ) : (
            <h2 className="font-serif text-xl font-bold">The work</h2>
          )}
          {o.lines.length === 0 && <p className="mt-2">Tap a line below to add it.</p>}
          <ul className="mt-3 space-y-3">
            {o.lines.map((l, j) => (
              <LineEditor key={l.id} line={l} amount={figures.options[i]?.lines[j] ?? ""} errors={errors} raw={raw} />
            ))}
          </ul>
          <p className="mt-3 text-right text-lg font-bold">
            {many ? `${o.name || `Option ${i + 1}`}: ` : "Total: "}
            <span className="tabular-nums">{figures.options[i]?.total}</span>
          </p>
          <h3 className="mt-3 font-semibold">Add a line{many ? ` to ${o.name || `option ${i + 1}`}` : ""}</h3>
          <div className="mt-2 grid grid-cols-2 gap-2">
            {presets.map((p) => (
              <button
                key={p.key}
                name="intent"
                value={`add:${o.id}:${p.key}`}
                className={cn(consoleButton("quiet"), "px-2 text-sm leading-tight")}
              >
                {p.name}
              </button>
            ))}
            <button name="intent" value={`blank:${o.id}`} className={cn(consoleButton("quiet"), "px-2 text-sm")}>
              Blank line
            </button>
            <button name="intent" value={`discount:${o.id}`} className={cn(consoleButton("quiet"), "px-2 text-sm")}>
              Discount
            </button>
          </div>
        </Card>
      ))}
      {draft.options.length < 3 && (
        <p className="mb-4">
          <Button name="intent" value="add-option" variant="quiet" className="w-full">
            {many ? "Add another option" : "Offer options (good / better / best)"}
          </Button>
        </p>
      )}
      <Card className="mb-4">
        <h2 className="font-serif text-xl font-bold">Add-ons</h2>
        <p className="text-sm text-soot-800">Extras the homeowner may tick, with any option.</p>
        <ul className="mt-3 space-y-3">
          {draft.addons.map((l, j) => (
            <LineEditor key={l.id} line={l} amount={figures.addons[j] ?? ""} errors={errors} raw={raw} />
          ))}
        </ul>
        {draft.addons.length < 4 && (
          <details className="mt-2">
            <summary className="min-h-11 cursor-pointer py-2 font-semibold">Add an add-on</summary>
            <div className="mt-2 grid grid-cols-2 gap-2">
              {presets.map((p) => (
                <button
                  key={p.key}
                  name="intent"
                  value={`addon:${p.key}`}
                  className={cn(consoleButton("quiet"), "px-2 text-sm leading-tight")}
                >
                  {p.name}
                </button>
              ))}
              <button name="intent" value="addon:blank" className={cn(consoleButton("quiet"), "px-2 text-sm")}>
                Blank add-on
              </button>
            </div>
          </details>
        )}
      </Card>
      <Card className="mb-4">
        <h2 className="font-serif text-xl font-bold">Details</h2>
        {d.requestPhotos.length > 0 && (
          <fieldset className="mt-2">
            <legend className="font-semibold">Photos from the request</legend>
            <input type="hidden" name="photos-shown" value="1" />
            <ul className="mt-2 grid grid-cols-3 gap-2">
              {d.requestPhotos.map((p) => (
                <li key={p.position}>
                  <label className="block">
                    <img
                      src={p.href}
                      alt={`Request photo ${p.position}`}
                      className="aspect-square w-full rounded-lg object-cover"
                    />
                    <span className="flex min-h-11 items-center gap-2">
                      <input
                        type="checkbox"
                        name="photo"
                        value={p.position}
                        defaultChecked={p.attached}
                        className="size-5"
                      />
                      On the quote
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        )}
        <label className="mt-3 block">
          <span className="font-semibold">Valid until</span>
          <input type="date" name="validUntil" defaultValue={draft.validUntil} className={input} />
        </label>
        {errors.validUntil && <p className="text-sm font-semibold text-brick-800">{errors.validUntil}</p>}
        <fieldset className="mt-3">
          <legend className="font-semibold">Deposit</legend>
          <div className="mt-1 grid grid-cols-2 gap-2">
            <select name="depositKind" aria-label="Deposit kind" defaultValue={deposit.kind} className={input}>
              <option value="percent">Percent</option>
              <option value="amount">Dollars</option>
              <option value="none">None</option>
            </select>
            <input
              name="depositValue"
              inputMode="decimal"
              maxLength={LIMIT.depositValue.max}
              aria-label="Deposit amount"
              defaultValue={
                raw.depositValue ??
                (deposit.kind === "percent"
                  ? formatPercent(deposit.ratePpm).replace("%", "")
                  : deposit.kind === "amount"
                    ? dollarsInput(deposit.cents)
                    : "")
              }
              className={input}
            />
          </div>
          {errors.depositValue && <p className="text-sm font-semibold text-brick-800">{errors.depositValue}</p>}
        </fieldset>
        <label className="mt-3 block">
          <span className="font-semibold">Note to the homeowner</span>
          <textarea
            name="note"
            defaultValue={raw.note ?? draft.note}
            rows={3}
            maxLength={LIMIT.note.max}
            className={cn(input, "py-2")}
          />
        </label>
        {errors.note && <p className="text-sm font-semibold text-brick-800">{errors.note}</p>}
      </Card>
      <div className="sticky bottom-0 -mx-4 flex gap-2 border-t border-mortar-200 bg-white px-4 py-3">
        <Button name="intent" value="save" variant="quiet" className="flex-1">
          Save
        </Button>
        <Button name="intent" value="preview" className="flex-[2]">
          {d.sent ? `Review version ${d.sent.version + 1}` : "Review and send"}
        </Button>
      </div>
    </form>
  );
}

export default function QuoteScreen({ loaderData: d, actionData }: Route.ComponentProps) {
  const { quote, actions, sent, acceptance } = d;
  const errors = actionData?.fields ?? {};
  const raw = actionData?.raw ?? {};
  return (
    <>
      <p className="mb-3">
        {quote.estimateId !== null ? (
          <a
            href={`/owner/requests/${quote.estimateId}`}
            className="font-semibold text-brick-800 underline underline-offset-4"
          >
            ← {d.lead?.name ?? "The request"}
          </a>
        ) : (
          <a href="/owner/quotes" className="font-semibold text-brick-800 underline underline-offset-4">
            ← Quotes
          </a>
        )}
      </p>
      {/* A refused post goes to the address of the last answer (…?done=saved): that "Saved." is not this one's. */}
      {d.done && !actionData && <Notice>{DONE[d.done]}</Notice>}
      {/* A name refused in "Accepted in person or on paper" is said in that form, next to its box. */}
      {actionData?.error && raw.name === undefined && <Notice tone="warn">{actionData.error}</Notice>}
      <PageTitle
        sub={
          <>
            {d.lead ? `${d.lead.name}${d.lead.city ? `, ${d.lead.city}` : ""}` : "Request erased"} ·{" "}
            <QuoteStatusBadge status={quote.status} />
          </>
        }
      >
        Quote {quote.reference}
      </PageTitle>

      {quote.status === "changes_requested" && quote.decisionNote && (
        <Card className="mb-4 border-ember-500">
          <h2 className="font-serif text-xl font-bold">They asked for changes</h2>
          <p className="mt-1 text-sm text-soot-800">{quote.decidedAt}</p>
          <p className="mt-2 whitespace-pre-wrap">{quote.decisionNote}</p>
          <p className="mt-2">Change the quote below and send the new version; the link they have shows it.</p>
        </Card>
      )}
      {quote.status === "declined" && (
        <Card className="mb-4">
          <h2 className="font-serif text-xl font-bold">Declined</h2>
          <p className="mt-1 text-sm text-soot-800">{quote.decidedAt}</p>
          {quote.decisionNote && <p className="mt-2 whitespace-pre-wrap">{quote.decisionNote}</p>}
        </Card>
      )}

      {acceptance && (
        <Card className="mb-4 border-green-700">
          <h2 className="font-serif text-xl font-bold">Accepted</h2>
          <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[11rem_1fr]">
            <Fact label="By (typed name)">{acceptance.name}</Fact>
            <Fact label="At">{acceptance.at}</Fact>
            <Fact label="How">
              {acceptance.method === "online"
                ? "Online"
                : acceptance.method === "in-home"
                  ? "At their home, on your phone"
                  : "In person or on paper"}
            </Fact>
            <Fact label="Option">
              {acceptance.choice.optionName}
              {acceptance.choice.addonNames.length ? ` + ${acceptance.choice.addonNames.join(" + ")}` : ""}
            </Fact>
            <Fact label="Total">{acceptance.choice.total}</Fact>
            {acceptance.choice.deposit && <Fact label="Deposit due">{acceptance.choice.deposit}</Fact>}
            <Fact label="Version SHA-256">
              <code className="text-xs break-all">{acceptance.versionSha256}</code>
            </Fact>
            <Fact label="Record SHA-256">
              <code className="text-xs break-all">{acceptance.recordSha256}</code>
            </Fact>
            {acceptance.consent && <Fact label="E-records consent">version {acceptance.consent}</Fact>}
            <Fact label="Pamphlet">{acceptance.pamphlet ? "Acknowledged" : "Not needed (or not signed)"}</Fact>
            {acceptance.ip && <Fact label="Address">{acceptance.ip}</Fact>}
            {acceptance.userAgent && <Fact label="Browser">{acceptance.userAgent}</Fact>}
          </dl>
          {acceptance.paperPhoto && (
            <p className="mt-2">
              <a href={`/owner/quotes/${quote.id}/photos/${acceptance.paperPhoto}`} className="font-semibold underline">
                The photo of the paper
              </a>
            </p>
          )}
          <p className="mt-3 text-sm">
            An accepted quote is a contract: it cannot change. Make a new quote for more work.
          </p>
        </Card>
      )}

      {sent && (
        <Card className="mb-4">
          <h2 className="font-serif text-xl font-bold">Sent</h2>
          <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[11rem_1fr]">
            <Fact label="Version">
              {sent.version}, {sent.sentAt}
            </Fact>
            <Fact label="Valid until">the end of {sent.validUntil}</Fact>
            {sent.options.map((o) => (
              <Fact key={o.key} label={sent.options.length > 1 ? o.name : "Total"}>
                {o.total}
              </Fact>
            ))}
            {sent.addons.map((a) => (
              <Fact key={a.key} label={`Add-on: ${a.name}`}>
                +{a.amount}
              </Fact>
            ))}
            <Fact label="Opened">{sent.opened ?? "Not yet"}</Fact>
            {!acceptance && (
              <Fact label="Follow-ups">
                {quote.paused
                  ? "Paused"
                  : d.followUps.next
                    ? `${d.followUps.sent} sent; next ${d.followUps.next}`
                    : `${d.followUps.sent} sent; none waiting`}
              </Fact>
            )}
          </dl>
          <ul className="mt-3 flex flex-wrap gap-2">
            <li>
              <a href={`/owner/quotes/${quote.id}/pdf/${sent.version}`} className={consoleButton("quiet")}>
                PDF
              </a>
            </li>
            {actions.showOnDevice && (
              <li>
                <form method="post">
                  <CsrfField token={d.csrf} />
                  <Button name="intent" value="show" variant="dark">
                    Show it on this phone
                  </Button>
                </form>
              </li>
            )}
            {actions.pause && (
              <li>
                <form method="post">
                  <CsrfField token={d.csrf} />
                  <Button name="intent" value={quote.paused ? "resume" : "pause"} variant="quiet">
                    {quote.paused ? "Resume follow-ups" : "Pause follow-ups"}
                  </Button>
                </form>
              </li>
            )}
          </ul>
        </Card>
      )}

      {actions.recordAcceptance && sent && (
        <Card className="mb-4">
          <details open={raw.name !== undefined || undefined}>
            <summary className="min-h-11 cursor-pointer py-2 font-serif text-xl font-bold">
              Accepted in person or on paper
            </summary>
            <form method="post" encType="multipart/form-data" className="mt-2">
              <CsrfField token={d.csrf} />
              <input type="hidden" name="intent" value="record" />
              {raw.name !== undefined && actionData?.error && <Notice tone="warn">{actionData.error}</Notice>}
              <fieldset>
                <legend className="font-semibold">Option they accepted</legend>
                {sent.options.map((o, i) => (
                  <label key={o.key} className="flex min-h-11 items-center gap-2">
                    <input type="radio" name="option" value={o.key} defaultChecked={i === 0} className="size-5" />
                    {o.name}: {o.total}
                  </label>
                ))}
                {sent.addons.map((a) => (
                  <label key={a.key} className="flex min-h-11 items-center gap-2">
                    <input type="checkbox" name="addon" value={a.key} className="size-5" />
                    {a.name}: +{a.amount}
                  </label>
                ))}
              </fieldset>
              <label className="mt-2 block">
                <span className="font-semibold">Their full name, as signed</span>
                <input
                  name="name"
                  required
                  maxLength={LIMIT.signedName.max}
                  defaultValue={raw.name}
                  className={input}
                />
              </label>
              <label className="mt-2 flex min-h-11 items-center gap-2">
                <input type="checkbox" name="atHome" defaultChecked className="size-5" />
                Agreed at their home (their copy carries the 3-day cancellation notice)
              </label>
              <label className="flex min-h-11 items-center gap-2">
                <input type="checkbox" name="pamphlet" className="size-5" />
                They signed the pamphlet's acknowledgment (over $1,000)
              </label>
              <label className="mt-2 block">
                <span className="font-semibold">Photo of the signed paper</span>
                <input
                  type="file"
                  name="paper"
                  accept="image/jpeg,image/png,image/webp"
                  className="mt-1 block w-full"
                />
              </label>
              <Button className="mt-3 w-full">Record acceptance</Button>
            </form>
          </details>
        </Card>
      )}

      {actions.recordPayment && (
        <Card className="mb-4">
          <h2 className="font-serif text-xl font-bold">Job</h2>
          {d.jobId ? (
            <p className="mt-2">
              <a className={consoleButton("dark")} href={`/owner/jobs/${d.jobId}`}>
                Open the job
              </a>
            </p>
          ) : (
            <form method="post" className="mt-2">
              <CsrfField token={d.csrf} />
              <input type="hidden" name="intent" value="job" />
              <p className="mb-2">Then set the work days; the homeowner gets each one in their calendar.</p>
              <Button className="w-full">Make the job</Button>
            </form>
          )}
        </Card>
      )}

      {actions.recordPayment && (
        <Card className="mb-4">
          <h2 className="font-serif text-xl font-bold">Invoice</h2>
          {d.invoice ? (
            <p className="mt-2">
              <a className={consoleButton("dark")} href={`/owner/invoices/${d.invoice.id}`}>
                Open the invoice ({d.invoice.label}: {d.invoice.state})
              </a>
            </p>
          ) : (
            <form method="post" className="mt-2">
              <CsrfField token={d.csrf} />
              <input type="hidden" name="intent" value="invoice" />
              <p className="mb-2">The accepted lines, less the deposit paid; add change orders before you send it.</p>
              <Button className="w-full">Make the invoice</Button>
            </form>
          )}
        </Card>
      )}

      {actions.recordPayment && (
        <Card className="mb-4">
          <h2 className="font-serif text-xl font-bold">Deposits received</h2>
          {d.onlinePayments.length > 0 && (
            <ul className="mt-2 space-y-1" aria-label="Paid on the site">
              {d.onlinePayments.map((p) => (
                <li key={`online-${p.id}`}>
                  {p.amount} by {p.method} on the site: <strong>{p.state}</strong>
                  {p.refunded ? `, ${p.refunded} refunded` : ""}
                  {p.disputed ? ", disputed" : ""} ({p.at}; Stripe {p.reference})
                </li>
              ))}
            </ul>
          )}
          {d.payments.length > 0 && (
            <ul className="mt-2 space-y-1">
              {d.payments.map((p) => (
                <li key={p.id}>
                  {p.amount} by {p.method}, {dayText(p.received_on)}
                  {p.note ? ` (${p.note})` : ""}
                </li>
              ))}
            </ul>
          )}
          <form method="post" className="mt-3 grid grid-cols-2 gap-2">
            <CsrfField token={d.csrf} />
            <input type="hidden" name="intent" value="deposit" />
            <label className="block">
              <span className="text-sm font-semibold">Amount ($)</span>
              <input
                name="amount"
                inputMode="decimal"
                required
                maxLength={LIMIT.amountReceived.max}
                defaultValue={raw.amount}
                className={input}
              />
            </label>
            <label className="block">
              <span className="text-sm font-semibold">How</span>
              <select name="method" className={input}>
                <option>check</option>
                <option>card</option>
                <option>cash</option>
                <option>transfer</option>
              </select>
            </label>
            <label className="col-span-2 block">
              <span className="text-sm font-semibold">Received on</span>
              <input type="date" name="receivedOn" className={input} />
            </label>
            <Button className="col-span-2">Record a deposit received</Button>
          </form>
        </Card>
      )}

      {actions.edit && (
        <>
          <h2 className="mt-6 mb-3 font-serif text-2xl font-bold">{sent ? "Revise" : "Make the quote"}</h2>
          {sent && (
            <p className="mb-3">
              Changes here go out as a new version when you send it; the homeowner's link then shows it.
            </p>
          )}
          <Editor d={d} errors={errors} raw={raw} />
        </>
      )}

      {actions.withdraw && (
        <Card className="mt-6 mb-4">
          <form method="post">
            <CsrfField token={d.csrf} />
            <p className="mb-2">Withdraw it: its links lead nowhere afterwards and no follow-up goes.</p>
            <Button name="intent" value="withdraw" variant="danger">
              Withdraw this quote
            </Button>
          </form>
        </Card>
      )}

      {d.versions.length > 0 && (
        <Card className="mb-4">
          <h2 className="font-serif text-xl font-bold">Versions</h2>
          <ul className="mt-2 space-y-2">
            {d.versions.map((v) => (
              <li key={v.version}>
                <a href={`/owner/quotes/${quote.id}/pdf/${v.version}`} className="font-semibold underline">
                  Version {v.version}
                </a>
                , {v.sent}
                <br />
                <code className="text-xs break-all text-soot-800">SHA-256 {v.sha256}</code>
              </li>
            ))}
          </ul>
        </Card>
      )}
      <Card>
        <h2 className="font-serif text-xl font-bold">History</h2>
        <ol className="mt-2 space-y-1">
          {d.events.map((e, i) => (
            <li key={i}>
              <span className="text-sm text-soot-800">{e.at}</span> · {e.text}
            </li>
          ))}
        </ol>
      </Card>
    </>
  );
}
