// The owner's steps on a quote once drafted: send (freeze a version, queue its e-mail and follow-ups), withdraw,
// pause the follow-ups, open it on his phone for the homeowner, record a deposit.
import { queueFollowUps } from "../documents/follow-up-queue.ts";
import { followUpTimes } from "../documents/follow-up-times.ts";
import { draftProblems, versionBytes } from "./document.ts";
import { formatCents } from "./money.ts";
import { invoiceSent } from "../store/invoices.ts";
import { depositFigures, depositSettledWords } from "../payments/deposit-money.ts";
import { taxRatePpm } from "./quote-words.ts";
import {
  draftOf,
  followUpPrefix,
  linkFor,
  moveRequest,
  refuseUnless,
  row,
  stopFollowUps,
  today,
  type QuoteContext,
  type Who,
} from "./quote-context.ts";
import { freeze } from "./quote-drafts.ts";
import { keepPdfLater } from "./quote-pdfs.ts";
import { ACCEPTED_REFUSAL, QuoteRefusal } from "./quote-refusal.ts";

/**
 * Freezes the draft as the next version (canonical JSON and its SHA-256), makes it the one every link shows,
 * queues its e-mail and follow-ups, and moves the request to "quoted". One transaction.
 */
export function send(
  ctx: QuoteContext,
  quoteId: number,
  who: Who,
): { version: number; sha256: string; emailed: boolean } {
  const { words, db, store, now, quotes, mail, business } = ctx;
  const w = words();
  const result = db
    .transaction(() => {
      const q = row(ctx, quoteId);
      refuseUnless(ctx, q, "send");
      const draft = draftOf(q);
      const problems = draftProblems(draft, taxRatePpm(w.terms), today(ctx));
      const lead = q.estimate_id === null ? undefined : store.get(q.estimate_id);
      if (!lead) problems.push("Its request was erased; make a new quote from a request.");
      if (problems.length) throw new QuoteRefusal(400, problems.join(" "));
      const at = now();
      const version = freeze(ctx, q, draft, lead, w, at);
      const { body, sha256 } = versionBytes(version);
      quotes.insertVersion({
        quote_id: q.id,
        version: version.version,
        body,
        sha256,
        sent_at: version.sentAt,
        expires_at: version.expiresAt,
      });
      if (!quotes.markSent(q.id, version.version, version.expiresAt)) throw new QuoteRefusal(409, ACCEPTED_REFUSAL);
      stopFollowUps(ctx, q);
      const estimateId = q.estimate_id as number;
      let emailed = false;
      if (mail && lead) {
        emailed = store.enqueue(estimateId, "quote-sent", lead.email, {
          key: `quote-sent:${q.id}:${version.version}`,
        });
        const b = business();
        queueFollowUps(
          store,
          (id, prefix) => quotes.followUps(id, prefix),
          {
            estimateId,
            kind: "quote-followup",
            to: lead.email,
            prefix: followUpPrefix(q.id),
            version: version.version,
          },
          (alreadySent) =>
            followUpTimes({
              sentAt: at,
              validUntil: version.validUntil,
              expiresAt: new Date(version.expiresAt),
              plan: w.terms.followUps,
              hours: b.hours,
              closedDays: b.closedDays ?? [],
              timeZone: b.timeZone,
              alreadySent,
            }),
        );
      }
      quotes.addEvent(q.id, version.version, "sent", emailed ? `to ${lead?.email}` : "not e-mailed (no mail set up)");
      moveRequest(ctx, q, "quoted", who.ip, `quote ${q.reference} sent`);
      return { version: version.version, sha256, emailed };
    })
    .immediate();
  // The PDF as sent is made once: by the e-mail's composer, or here when no e-mail goes.
  if (!result.emailed) keepPdfLater(ctx, quoteId, result.version, "sent");
  return result;
}

export function withdraw(ctx: QuoteContext, quoteId: number, who: Who) {
  const { db, quotes, store, audit } = ctx;
  db.transaction(() => {
    const q = row(ctx, quoteId);
    refuseUnless(ctx, q, "withdraw");
    if (!quotes.withdraw(q.id)) throw new QuoteRefusal(409, ACCEPTED_REFUSAL);
    stopFollowUps(ctx, q);
    if (q.estimate_id !== null && q.current_version !== null) {
      store.withdraw(q.estimate_id, `quote-sent:${q.id}:${q.current_version}`);
    }
    quotes.addEvent(q.id, q.current_version, "withdrawn");
    if (q.estimate_id !== null)
      audit.log("quote withdrawn", { ip: who.ip, estimateId: q.estimate_id, detail: q.reference });
  }).immediate();
}

export function pause(ctx: QuoteContext, quoteId: number, paused: boolean) {
  const q = row(ctx, quoteId);
  refuseUnless(ctx, q, "pause");
  if (!ctx.quotes.pause(q.id, paused)) throw new QuoteRefusal(409, ACCEPTED_REFUSAL);
  ctx.quotes.addEvent(q.id, q.current_version, paused ? "follow-ups paused" : "follow-ups resumed");
}

/** A link that opens the homeowner's page on the owner's phone, for an acceptance at the homeowner's home. */
export function deviceLink(ctx: QuoteContext, quoteId: number): string {
  const q = row(ctx, quoteId);
  refuseUnless(ctx, q, "showOnDevice");
  return linkFor(ctx, q.id, "device");
}

/**
 * The owner's record of a deposit received (check, cash, Zelle, a transfer). Checked and written in one IMMEDIATE
 * transaction, so that no other record, and no payment Stripe's event records, can pass between the check and the
 * write: more than the deposit still owed (less what is clearing or disputed) is refused, and so is a record while
 * the homeowner has the deposit's payment page open on the site (the route closes it at Stripe first). Returns the
 * record's id.
 */
export function recordPayment(
  ctx: QuoteContext,
  quoteId: number,
  payment: { cents: number; method: string; receivedOn: string; note: string },
): number {
  if (!Number.isSafeInteger(payment.cents) || payment.cents <= 0)
    throw new QuoteRefusal(400, "Type the amount received, e.g. 550.");
  return ctx.db
    .transaction(() => {
      const q = row(ctx, quoteId);
      refuseUnless(ctx, q, "recordPayment");
      // The sent invoice asks for the whole balance, the deposit with it: a payment now belongs on the invoice.
      if (invoiceSent(ctx.store, q.id))
        throw new QuoteRefusal(409, "This job's invoice was sent: record the payment on the invoice, where it counts.");
      refuseOverDeposit(ctx, q.id, payment.cents);
      const id = ctx.quotes.addPayment(q.id, payment);
      ctx.quotes.addEvent(
        q.id,
        q.current_version,
        "deposit received",
        `${formatCents(payment.cents)} by ${payment.method}`,
      );
      return id;
    })
    .immediate();
}

/** Refuses, in the owner's words, a deposit record the deposit cannot take now. */
function refuseOverDeposit(ctx: QuoteContext, quoteId: number, cents: number) {
  if (ctx.store.payments.openSessions(quoteId, null).length > 0)
    throw new QuoteRefusal(
      409,
      "The homeowner is paying the deposit on the site right now. Look again in a few minutes.",
    );
  const deposit = depositFigures(ctx.store, quoteId);
  if (deposit.asked <= 0)
    throw new QuoteRefusal(409, "No deposit was asked on this quote: record what the homeowner pays on the invoice.");
  if (deposit.owed <= 0) throw new QuoteRefusal(409, depositSettledWords(deposit));
  if (cents > deposit.owed)
    throw new QuoteRefusal(
      409,
      `${formatCents(cents)} is more than the ${formatCents(deposit.owed)} still owed on the deposit.`,
    );
}
