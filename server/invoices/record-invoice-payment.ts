// The owner's record of a check, cash or Zelle received on an invoice: from the invoice's page, and from the Money
// view (app/routes/owner/money*). A row that never changes; when it pays the invoice in full, the reminders waiting
// are withdrawn in the same transaction.
import type { EstimateStore } from "../requests/estimate-store.ts";
import { OWNER_METHODS, type InvoicePaymentRow } from "../store/invoices.ts";
import { MAX_CENTS } from "../quotes/money.ts";
import { invoiceFigures } from "./invoice-figures.ts";
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
      store.invoices.addPayment({ invoiceId, note: "", ...payment });
      const quote = store.quotes.get(invoice.quote_id);
      const figures = invoiceFigures(store, invoice, "UTC");
      store.quotes.addEvent(invoice.quote_id, null, "invoice payment recorded", figures.label ?? "");
      if (figures.money.owed <= 0) stopReminders(store, quote?.estimate_id ?? null, invoiceId);
    })
    .immediate();
}
