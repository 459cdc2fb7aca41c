// The one function every invoice figure comes from (decision 0042): the owner's page, the homeowner's page, the PDF,
// the e-mails and the books all call invoiceMoney and print its integers with formatCents. Pure, integer cents.
//
// total: the lines as printed (each rounded once by lineAmount), "Less deposit paid" among them as a negative line.
// paid: money settled (the owner's checks, cash and Zelle; card and bank payments once paid), less refunds.
// pending: bank payments still clearing; shown, but still owed until they settle.
// disputed: card payments the homeowner's bank disputes, less any part refunded before: held by the bank until it
//   decides, so still owed, but not asked for again (a dispute won makes them paid; a dispute lost, owed for good).
// owed: total − paid. Never below zero is not enforced: an overpayment shows as a negative owed, for the owner to see.
import { lineAmount } from "../quotes/money.ts";

export type InvoiceLine = {
  /** Thousandths of a unit. */
  readonly quantity: number;
  /** Cents; negative for a credit such as the deposit. */
  readonly unitPrice: number;
};

/** A payment's state as money: its stored state, or "disputed" / "lost" while or after its bank disputes it. */
export type InvoicePaymentState = "pending" | "paid" | "failed" | "refunded" | "disputed" | "lost";

export type InvoicePaymentFigures = {
  readonly cents: number;
  readonly refundedCents: number;
  readonly state: InvoicePaymentState;
};

export type InvoiceMoney = {
  readonly lines: readonly number[];
  readonly total: number;
  readonly paid: number;
  readonly pending: number;
  readonly disputed: number;
  readonly owed: number;
};

export function invoiceMoney(lines: readonly InvoiceLine[], payments: readonly InvoicePaymentFigures[]): InvoiceMoney {
  const amounts = lines.map((l) => lineAmount(l.quantity, l.unitPrice));
  const total = amounts.reduce((sum, a) => sum + a, 0);
  let paid = 0;
  let pending = 0;
  let disputed = 0;
  for (const p of payments) {
    if (p.state === "pending") pending += p.cents;
    // A refunded payment was settled first; what was not given back still counts.
    if (p.state === "paid" || p.state === "refunded") paid += p.cents - Math.min(p.refundedCents, p.cents);
    if (p.state === "disputed") disputed += p.cents - Math.min(p.refundedCents, p.cents);
  }
  return { lines: amounts, total, paid, pending, disputed, owed: total - paid };
}
