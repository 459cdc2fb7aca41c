// Whether an accepted quote's deposit is owed, and what the homeowner's page says about paying it. The amount is the
// acceptance's, frozen with it; the browser sends none. Read only: a GET changes nothing.
import { formatCents } from "../quotes/money.ts";
import { dayText } from "../quotes/quote-view.ts";
import { dayAt } from "../time/wall-time.ts";
import { moneyState, type OnlinePaymentRow } from "../store/payments.ts";
import { invoiceSent } from "../store/invoices.ts";
import { acceptedQuote, type AcceptedQuote, type PaymentsContext } from "./payments-context.ts";

/**
 * The deposit still owed online: the acceptance asked for one, the owner recorded no payment by hand, no card or
 * bank payment is under way, made or disputed (a failed one, or one its bank took back in a dispute, leaves it owed
 * again), and no invoice was sent: a sent invoice asks for the whole balance, the unpaid deposit with it, so paying
 * the deposit too would pay it twice.
 */
export function depositOwed(ctx: PaymentsContext, quoteId: number): (AcceptedQuote & { cents: number }) | null {
  const accepted = acceptedQuote(ctx, quoteId);
  if (!accepted || accepted.acceptance.deposit_cents <= 0) return null;
  if (invoiceSent(ctx.store, quoteId)) return null;
  if (ctx.store.quotes.payments(quoteId).length > 0) return null;
  const online = ctx.store.payments.forQuote(quoteId);
  if (online.some((p) => moneyState(p) !== "failed" && moneyState(p) !== "lost")) return null;
  return { ...accepted, cents: accepted.acceptance.deposit_cents };
}

/** What the homeowner's page shows about the deposit, as strings. */
export type DepositView = {
  /** The Pay button's amount ("$1,234.00"), when it can be paid here now. */
  payable: string | null;
  state: "confirming" | "pending" | "paid" | "failed" | "refunded" | null;
  message: string | null;
};

function latest(payments: OnlinePaymentRow[]): OnlinePaymentRow | undefined {
  return payments.at(-1);
}

/** `returned`: the browser came back from the checkout (?paid=1), which proves nothing until the event arrives. */
export function depositView(ctx: PaymentsContext, quoteId: number, returned: boolean): DepositView {
  const accepted = acceptedQuote(ctx, quoteId);
  if (!accepted) return { payable: null, state: null, message: null };
  const owed = ctx.client ? depositOwed(ctx, quoteId) : null;
  const payable = owed ? formatCents(owed.cents) : null;
  const payment = latest(ctx.store.payments.forQuote(quoteId));
  const zone = accepted.version.timeZone;
  if (payment) {
    const amount = formatCents(payment.cents);
    const money = moneyState(payment);
    // No state of its own: the pages show the words in their plain (info) banner.
    if (money === "disputed")
      return {
        payable: null,
        state: null,
        message: `Your bank is looking into your payment of ${amount}. We will hear its decision from our card processor.`,
      };
    if (money === "lost")
      return {
        payable,
        state: "failed",
        message: `Your bank took back your payment of ${amount}, so the deposit is still due. You can pay it below, or call us.`,
      };
    if (payment.state === "paid" || payment.state === "refunded") {
      const day = dayText(dayAt(new Date(payment.paid_at ?? payment.updated_at), zone));
      return payment.state === "paid"
        ? { payable: null, state: "paid", message: `Deposit of ${amount} paid on ${day}. Thank you.` }
        : { payable: null, state: "refunded", message: `Your deposit of ${amount} was refunded.` };
    }
    if (payment.state === "pending") {
      return {
        payable: null,
        state: "pending",
        message: `Your bank payment of ${amount} is pending. Banks take a few business days; we will e-mail you when it clears.`,
      };
    }
    if (
      !returned ||
      ctx.store.payments.openSession(quoteId, accepted.acceptance.deposit_cents, ctx.now()) === undefined
    ) {
      return {
        payable,
        state: "failed",
        message: `Your bank payment of ${amount} did not go through, so the deposit is still due. You can pay again below, by card or bank.`,
      };
    }
  }
  if (returned && ctx.store.payments.sessionCount(quoteId) > 0 && payable) {
    return { payable: null, state: "confirming", message: "Payment received, confirming…" };
  }
  return { payable, state: null, message: null };
}
