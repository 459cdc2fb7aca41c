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
import { depositSummary, draftFigures, invoiceSummary, onlinePaymentView, openedText } from "./quote-view.server";
import { AcceptedCard, DecisionCards, HistoryCard, SentCard, VersionsCard } from "./quote-cards";
import { DepositsCard, InvoiceCard, JobCard } from "./quote-deposits";
import { Editor } from "./quote-editor";
import { RecordAcceptanceCard } from "./quote-record";
import { QuoteStatusBadge } from "./quote-status";
import { Button, Card, CsrfField, Notice, PageTitle } from "./ui";
import { business } from "~/content/business";
import { dayAt } from "~/lib/business-day";
import { overLimit, TEXT_LIMITS } from "~/lib/text-limits";
import { localTime } from "../../../server/requests/lead-mail.ts";
import { formatCents, parseDollars } from "../../../server/quotes/money.ts";
import { choiceOf, choiceView, dayText, optionsView, addonsView } from "../../../server/quotes/quote-view.ts";
import { taxRatePpm } from "../../../server/quotes/quote-words.ts";

const PAPER_PHOTO_MAX_BYTES = 12 * 1024 * 1024;

const DONE = {
  saved: "Saved.",
  findings:
    "Made from the report's findings: each line remembers the finding it fixes. Check quantities and prices, then send.",
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

export async function loader(args: Route.LoaderArgs) {
  const owner = await requireOwner(args);
  const q = loadQuote(args);
  const { quotes } = args.context;
  const words = quotes.words();
  const rate = taxRatePpm(words.terms);
  const search = new URL(args.request.url).searchParams;
  // "Deposit recorded." is said only for a record this quote has (the address names it): never when none was made.
  const done =
    search.get("done") === "deposit" && !q.payments.some((p) => String(p.id) === search.get("payment"))
      ? null
      : search.get("done");
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
    onlinePayments: q.onlinePayments.map(onlinePaymentView),
    deposit: depositSummary(args.context, q.quote.id),
    events: q.events.map((e) => ({ at: localTime(e.at), text: e.detail ? `${e.kind}: ${e.detail}` : e.kind })),
    versions: q.versions.map((v) => ({ version: v.version, sha256: v.sha256, sent: localTime(v.sent_at) })),
    depositDefault: words.terms.deposit.percent,
    invoice: invoiceSummary(args.context, q.quote.id),
    jobId: args.context.jobs.forQuote(q.quote.id)?.id ?? null,
  };
}

/** `at`: the form the refusal is said in, beside its field (the deposit's amount); else at the top. */
type ActionResult = { error: string; fields?: FieldErrors; raw?: RawFields; at?: "deposit" };

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
      const refuse = (error: string, status = 400) =>
        data<ActionResult>(
          { error: `${error} Nothing was recorded.`, raw: { amount: typed }, at: "deposit" },
          { status },
        );
      const over = overLimit(typed, TEXT_LIMITS.quote.amountReceived);
      if (over) return refuse(over);
      const cents = parseDollars(typed);
      if (cents === null || cents <= 0) return refuse("Type the amount received, e.g. 550.");
      const receivedOn = field(form, "receivedOn", 10);
      try {
        // A checkout page the homeowner opened is closed at Stripe first; the record checks what is owed and writes
        // in one transaction (server/quotes/quote-sending.ts).
        await args.context.payments.closeDepositCheckouts(q.quote.id);
        const id = quotes.recordPayment(q.quote.id, {
          cents,
          method: field(form, "method", 40) || "check",
          receivedOn: /^\d{4}-\d{2}-\d{2}$/.test(receivedOn)
            ? receivedOn
            : dayAt(args.context.now(), business.timeZone),
          note: field(form, "note", 200),
        });
        return back("deposit", `&payment=${id}`);
      } catch (error) {
        if (error instanceof quotes.QuoteRefusal || error instanceof args.context.payments.PaymentRefusal)
          return refuse(error.message, error.status);
        throw error;
      }
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

export default function QuoteScreen({ loaderData: d, actionData }: Route.ComponentProps) {
  const { quote, actions, sent } = d;
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
      {/* A deposit refused is said beside its amount; when no form is offered any more (paid meanwhile), here. */}
      {actionData?.error && raw.name === undefined && (actionData.at === undefined || d.deposit.owedInput === null) && (
        <Notice tone="warn">{actionData.error}</Notice>
      )}
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

      <DecisionCards d={d} />
      <AcceptedCard d={d} />
      <SentCard d={d} />
      {actions.recordAcceptance && <RecordAcceptanceCard d={d} raw={raw} error={actionData?.error} />}
      {actions.recordPayment && (
        <>
          <JobCard d={d} />
          <InvoiceCard d={d} />
          <DepositsCard d={d} raw={raw} error={actionData?.at === "deposit" ? actionData.error : undefined} />
        </>
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

      {d.versions.length > 0 && <VersionsCard d={d} />}
      <HistoryCard d={d} />
    </>
  );
}
