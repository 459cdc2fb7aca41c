// The owner's record of a check, cash or Zelle received on an invoice: from the invoice's page, and from the Money
// view (app/routes/owner/money*). A row that never changes; when it pays the invoice in full, the reminders waiting
// are withdrawn in the same transaction. The check that it is no more than can be paid now (owed, less what is
// clearing or disputed: payableCents, as the homeowner's Pay) is made in the same IMMEDIATE transaction as the
// write, so no other record and no payment Stripe's event records can pass between them.
import type { EstimateStore } from "../requests/estimate-store.ts";
import { OWNER_METHODS, type InvoicePaymentRow } from "../store/invoices.ts";
import { formatCents, MAX_CENTS } from "../quotes/money.ts";
import { invoiceFigures, type InvoiceFigures } from "./invoice-figures.ts";
import { payableCents } from "./invoice-checkout.ts";
import { InvoiceRefusal } from "./invoice-refusal.ts";
import { stopReminders } from "./invoice-reminders.ts";

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

export type OwnerPayment = {
  cents: number;
  method: InvoicePaymentRow["method"];
  /** The business day it was received (YYYY-MM-DD). */
  receivedOn: string;
  note?: string;
};

/** Records a payment the owner received on a sent invoice. Throws an InvoiceRefusal in the owner's words. */
export function recordInvoicePayment(store: EstimateStore, invoiceId: number, payment: OwnerPayment): void {
  if (!Number.isSafeInteger(payment.cents) || payment.cents <= 0 || payment.cents > MAX_CENTS) {
    throw new InvoiceRefusal(400, "Type the amount received, e.g. 550.");
  }
  if (!OWNER_METHODS.includes(payment.method)) throw new InvoiceRefusal(400, "Choose check, cash or Zelle.");
  if (!DAY.test(payment.receivedOn)) throw new InvoiceRefusal(400, "Give the day it was received.");
  store.db
    .transaction(() => {
      const invoice = store.invoices.get(invoiceId);
      if (!invoice) throw new InvoiceRefusal(404, "There is no such invoice.");
      if (invoice.number === null) throw new InvoiceRefusal(409, "Send the invoice before recording a payment on it.");
      if (store.payments.openSessions(invoice.quote_id, invoiceId).length > 0)
        throw new InvoiceRefusal(
          409,
          "The homeowner is paying this invoice on the site right now. Look again in a few minutes.",
        );
      refuseOverPayable(invoiceFigures(store, invoice, "UTC"), payment.cents);
      store.invoices.addPayment({ invoiceId, note: "", ...payment });
      const quote = store.quotes.get(invoice.quote_id);
      const figures = invoiceFigures(store, invoice, "UTC");
      store.quotes.addEvent(invoice.quote_id, null, "invoice payment recorded", figures.label ?? "");
      if (figures.money.owed <= 0) stopReminders(store, quote?.estimate_id ?? null, invoiceId);
    })
    .immediate();
}

/** Refuses, in the owner's words, a payment the invoice cannot take now. */
function refuseOverPayable(figures: InvoiceFigures, cents: number) {
  const payable = payableCents(figures);
  const { money, label } = figures;
  if (payable <= 0) throw new InvoiceRefusal(409, invoiceSettledWords(figures));
  if (cents > payable)
    throw new InvoiceRefusal(
      409,
      `${formatCents(cents)} is more than the ${formatCents(payable)} still owed on ${label ?? "the invoice"}${money.pending + money.disputed > 0 ? ", less what is clearing or disputed" : ""}.`,
    );
}

/** Why nothing can be recorded on a sent invoice now: paid, clearing or disputed. */
export function invoiceSettledWords({ money, label }: Pick<InvoiceFigures, "money" | "label">): string {
  const name = label ?? "the invoice";
  if (money.owed <= 0) return `${name} is paid in full.`;
  if (money.pending > 0)
    return `Nothing more is owed on ${name} now: a bank payment of ${formatCents(money.pending)} is clearing.`;
  return `Nothing more is owed on ${name} now: a payment of ${formatCents(money.disputed)} is disputed, and the bank decides.`;
}
