// One signed Stripe event, recorded in one transaction: its id noted as seen (a repeat delivery does nothing more),
// the payment made or moved forward, the homeowner's and the owner's mail queued and the owner's push noted. Events
// come at least once and in any order; the payment's moves (store/payments.ts) only go forward, so a late
// "completed, unpaid" after "succeeded" leaves it paid, and "failed" after "pending" makes it failed. The amount is
// the event's amount_total, checked against what the session asked; money is never recorded from the browser.
// A session for an invoice (purpose 'invoice', decision 0042) makes a payment on that invoice: once it is owed no more,
// its reminders are withdrawn and the owner hears it is paid in full.
import type Stripe from "stripe";
import { storeMail } from "../requests/stored-mail.ts";
import { formatCents } from "../quotes/money.ts";
import type { OnlinePaymentRow, OnlinePaymentState } from "../store/payments.ts";
import { acceptedQuote, type AcceptedQuote, type PaymentsContext } from "./payments-context.ts";
import { ownerPaymentMail, type OwnerNotice, type PaidFor } from "./payment-mail.ts";
import { invoiceFigures } from "../invoices/invoice-figures.ts";
import { invoiceLabel } from "../invoices/invoice-document.ts";
import { stopReminders } from "../invoices/invoice-reminders.ts";

const EVENT_KIND: Record<OnlinePaymentState, string> = {
  pending: "pending",
  paid: "paid",
  failed: "failed",
  refunded: "refunded",
};

/** What a payment paid for, and where the owner's console shows it. */
function paidFor(ctx: PaymentsContext, invoiceId: number | null): { what: PaidFor; path: string } | null {
  if (invoiceId === null) return { what: { kind: "deposit" }, path: "" };
  const invoice = ctx.store.invoices.get(invoiceId);
  if (!invoice || invoice.number === null) return null;
  return { what: { kind: "invoice", label: invoiceLabel(invoice.number) }, path: `/owner/invoices/${invoiceId}` };
}

/** The quote's event (pushed to the owner) and the owner's e-mail, queued in the caller's transaction. */
function tellOwner(
  ctx: PaymentsContext,
  accepted: AcceptedQuote,
  kind: string,
  notice: OwnerNotice | null,
  cents: number,
  key: string,
  invoiceId: number | null = null,
) {
  const { quote, version } = accepted;
  const target = paidFor(ctx, invoiceId);
  if (!target) return;
  const owner = ctx.ownerAddress();
  if (notice && ctx.mail && owner && quote.estimate_id !== null) {
    const where = `${ctx.origin}${target.path || `/owner/quotes/${quote.id}`}`;
    const mail = ownerPaymentMail(version, notice, cents, where, target.what);
    ctx.store.enqueue(quote.estimate_id, "quote-owner", owner, { key, message: storeMail(mail) });
  }
  const detail = target.what.kind === "deposit" ? formatCents(cents) : `${target.what.label}, ${formatCents(cents)}`;
  ctx.store.quotes.addEvent(quote.id, version.version, `${target.what.kind} ${kind}`, detail, true);
}

/** An invoice that is owed no more: its reminders withdrawn, noted once for the owner. */
function paidInFull(ctx: PaymentsContext, accepted: AcceptedQuote, invoiceId: number | null) {
  const invoice = invoiceId === null ? undefined : ctx.store.invoices.get(invoiceId);
  if (!invoice) return;
  const figures = invoiceFigures(ctx.store, invoice, accepted.version.timeZone);
  if (figures.money.owed > 0) return;
  stopReminders(ctx.store, accepted.quote.estimate_id, invoice.id);
}

function tellHomeowner(ctx: PaymentsContext, accepted: AcceptedQuote, key: string) {
  const { quote, version } = accepted;
  if (!ctx.mail || quote.estimate_id === null || !version.customer.email) return;
  ctx.store.enqueue(quote.estimate_id, "payment-homeowner", version.customer.email, { key });
}

function paymentIntentId(value: string | { id: string } | null): string | null {
  return typeof value === "string" ? value : (value?.id ?? null);
}

/** A session's event: the payment it made, moved to `to`. Sessions this site did not make are left alone. */
function sessionEvent(ctx: PaymentsContext, session: Stripe.Checkout.Session, to: OnlinePaymentState, card: boolean) {
  const { payments } = ctx.store;
  const ours = payments.sessionByProvider(session.id);
  const accepted = ours && acceptedQuote(ctx, ours.quote_id);
  if (!ours || !accepted) return;
  payments.closeSession(ours.id, "complete");
  if (session.amount_total !== ours.cents || session.currency !== "usd") {
    tellOwner(
      ctx,
      accepted,
      "amount wrong",
      "amount",
      session.amount_total ?? 0,
      `payment-amount:${session.id}`,
      ours.invoice_id,
    );
    return;
  }
  const { payment, created } = payments.paymentFor({
    quoteId: ours.quote_id,
    sessionId: ours.id,
    providerPaymentId: paymentIntentId(session.payment_intent) ?? session.id,
    cents: ours.cents,
    method: card ? "card" : "bank",
    state: to,
    invoiceId: ours.invoice_id,
  });
  if (!created && !payments.move(payment.id, to)) return;
  moved(ctx, accepted, payment, to);
}

function moved(ctx: PaymentsContext, accepted: AcceptedQuote, payment: OnlinePaymentRow, to: OnlinePaymentState) {
  if (to === "paid") tellHomeowner(ctx, accepted, `payment-receipt:${payment.id}`);
  if (to === "failed") tellHomeowner(ctx, accepted, `payment-failed:${payment.id}`);
  const notice: OwnerNotice | null = to === "paid" ? "paid" : to === "failed" ? "failed" : null;
  const { invoice_id: invoiceId } = payment;
  tellOwner(ctx, accepted, EVENT_KIND[to], notice, payment.cents, `payment-owner:${payment.id}:${to}`, invoiceId);
  if (to === "paid") paidInFull(ctx, accepted, invoiceId);
}

/** A charge's refund or dispute, made in Stripe's dashboard: the owner's books and his phone hear of it. */
function chargeEvent(ctx: PaymentsContext, charge: Stripe.Charge) {
  const { payments } = ctx.store;
  const id = paymentIntentId(charge.payment_intent);
  const payment = id ? payments.paymentByProvider(id) : undefined;
  const accepted = payment && acceptedQuote(ctx, payment.quote_id);
  if (!payment || !accepted || !payments.refunded(payment.id, charge.amount_refunded)) return;
  tellOwner(
    ctx,
    accepted,
    EVENT_KIND.refunded,
    "refunded",
    charge.amount_refunded,
    `payment-owner:${payment.id}:refund:${charge.amount_refunded}`,
    payment.invoice_id,
  );
}

/**
 * A dispute by the homeowner's bank (charge.dispute.*): a state of the payment (migration 18). Opened by "created",
 * closed by "closed" as won (the payment is paid again; an inquiry closed without a chargeback too) or lost (the money
 * went back). The moves only go forward, so a repeat, or a "created" after its "closed", changes nothing and tells
 * no one twice.
 */
function disputeEvent(ctx: PaymentsContext, dispute: Stripe.Dispute, closed: boolean) {
  const { payments } = ctx.store;
  const id = paymentIntentId(dispute.payment_intent);
  const payment = id ? payments.paymentByProvider(id) : undefined;
  const accepted = payment && acceptedQuote(ctx, payment.quote_id);
  if (!payment || !accepted) return;
  const outcome = !closed ? null : dispute.status === "lost" ? "lost" : "won";
  if (outcome === null ? !payments.disputeOpened(payment.id) : !payments.disputeClosed(payment.id, outcome)) return;
  const kind = outcome === null ? "disputed" : (`dispute ${outcome}` as const);
  const key = `payment-owner:${payment.id}:${outcome === null ? "dispute" : `dispute-${outcome}`}`;
  tellOwner(ctx, accepted, kind, kind, dispute.amount, key, payment.invoice_id);
  if (outcome === "won") paidInFull(ctx, accepted, payment.invoice_id);
}

/** The event's writes: its id first, so a repeat does nothing more. Runs inside `recordEvent`'s transaction. */
function recordInTransaction(ctx: PaymentsContext, event: Stripe.Event): "recorded" | "repeat" {
  if (!ctx.store.payments.firstSight(event.id, event.type)) return "repeat";
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      if (session.payment_status === "no_payment_required") break;
      const paid = session.payment_status === "paid";
      sessionEvent(ctx, session, paid ? "paid" : "pending", paid);
      break;
    }
    case "checkout.session.async_payment_succeeded":
      sessionEvent(ctx, event.data.object, "paid", false);
      break;
    case "checkout.session.async_payment_failed":
      sessionEvent(ctx, event.data.object, "failed", false);
      break;
    case "checkout.session.expired": {
      const ours = ctx.store.payments.sessionByProvider(event.data.object.id);
      if (ours) ctx.store.payments.closeSession(ours.id, "expired");
      break;
    }
    case "charge.refunded":
      chargeEvent(ctx, event.data.object);
      break;
    case "charge.dispute.created":
      disputeEvent(ctx, event.data.object, false);
      break;
    case "charge.dispute.closed":
      disputeEvent(ctx, event.data.object, true);
      break;
    default:
      break;
  }
  return "recorded";
}

type Db = PaymentsContext["store"]["db"];
const transactionOver = (db: Db) => db.transaction(recordInTransaction);
/** One transaction function per database, made once: making it for each event cost the event loop 25 µs. */
const transactions = new WeakMap<Db, ReturnType<typeof transactionOver>>();

/**
 * Records a verified event; "repeat" when its id was seen before (nothing else is done then). Resolves once the record
 * is on disk (the fsync off the event loop, server/db/durable-commit.ts): answer Stripe only then.
 */
export async function recordEvent(ctx: PaymentsContext, event: Stripe.Event): Promise<"recorded" | "repeat"> {
  const { db } = ctx.store;
  let record = transactions.get(db);
  if (!record) transactions.set(db, (record = transactionOver(db)));
  const inTransaction = record;
  const outcome = await ctx.store.durable.commit(() => inTransaction.immediate(ctx, event));
  if (outcome === "recorded") ctx.quotes.flushPushes();
  return outcome;
}
