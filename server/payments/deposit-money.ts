// The one function every deposit figure comes from (decisions 0040 and 0043): the owner's quote page, the Money
// page and its CSV, and the check that refuses a record of more than is owed all call depositMoney. Pure, integer
// cents, as invoiceMoney is for invoices (server/invoices/invoice-money.ts).
//
// paid: money settled (the owner's records; card and bank payments once paid). A refund does not make the deposit
//   owed again (the owner gave the money back on purpose), so a refunded payment still counts whole here.
// pending: bank payments still clearing: on their way, so not owed, not yet paid.
// disputed: payments the homeowner's bank disputes: held until the bank decides, so not owed, not paid.
// A dispute lost is money that went back: owed again, less any part refunded before it.
// owed: what is left to ask, never below zero; the most the owner may record by hand.
import type { EstimateStore } from "../requests/estimate-store.ts";
import { formatCents } from "../quotes/money.ts";
import { moneyState, type MoneyState } from "../store/payments.ts";

export type DepositPaymentFigures = {
  readonly cents: number;
  readonly refundedCents: number;
  readonly state: MoneyState;
};

export type DepositMoney = {
  readonly asked: number;
  readonly paid: number;
  readonly pending: number;
  readonly disputed: number;
  readonly owed: number;
};

export function depositMoney(askedCents: number, payments: readonly DepositPaymentFigures[]): DepositMoney {
  let paid = 0;
  let pending = 0;
  let disputed = 0;
  for (const p of payments) {
    const refunded = Math.min(p.refundedCents, p.cents);
    if (p.state === "paid" || p.state === "refunded") paid += p.cents;
    if (p.state === "pending") pending += p.cents;
    if (p.state === "disputed") {
      paid += refunded;
      disputed += p.cents - refunded;
    }
    if (p.state === "lost") paid += refunded;
  }
  return { asked: askedCents, paid, pending, disputed, owed: Math.max(0, askedCents - paid - pending - disputed) };
}

/** The tables a deposit's figures are read from. */
export type DepositReads = Pick<EstimateStore, "quotes" | "payments">;

/** A quote's deposit as it stands: what its acceptance asked (0 when none), and every payment on it. */
export function depositFigures(store: DepositReads, quoteId: number): DepositMoney {
  const asked = store.quotes.acceptance(quoteId)?.deposit_cents ?? 0;
  const byOwner = store.quotes
    .payments(quoteId)
    .map((p) => ({ cents: p.cents, refundedCents: 0, state: "paid" as const }));
  const online = store.payments
    .forQuote(quoteId)
    .map((p) => ({ cents: p.cents, refundedCents: p.refunded_cents, state: moneyState(p) }));
  return depositMoney(asked, [...byOwner, ...online]);
}

/** Why nothing can be recorded on a deposit asked for: paid, clearing or disputed. */
export function depositSettledWords(deposit: DepositMoney): string {
  if (deposit.pending > 0)
    return `Nothing is owed on the deposit: a bank payment of ${formatCents(deposit.pending)} is clearing.`;
  if (deposit.disputed > 0)
    return `Nothing is owed on the deposit: its payment of ${formatCents(deposit.disputed)} is disputed, and the bank decides.`;
  return `The deposit of ${formatCents(deposit.asked)} is paid.`;
}
