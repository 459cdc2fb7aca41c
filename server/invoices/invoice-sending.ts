// "Send the invoice": in one IMMEDIATE transaction the counter's next number, the version frozen with it (canonical
// JSON and its SHA-256, refused any change by migration 13's trigger), the homeowner's e-mail and its reminders
// queued in the outbox (the link is made when the mail is composed: only its hash is stored), and the quote's event.
import { dayAt } from "../../app/lib/business-day.ts";
import { lineAmount } from "../quotes/money.ts";
import { acceptedQuote, type PaymentsContext } from "../payments/payments-context.ts";
import { freezeInvoice, invoiceLabel, parseDraft } from "./invoice-document.ts";
import { invoiceMoney } from "./invoice-money.ts";
import { InvoiceRefusal } from "./invoice-refusal.ts";
import { queueReminders } from "./invoice-reminders.ts";
import { depositPaidCents, withDepositPaid } from "./invoice-drafts.ts";

export function sendInvoice(ctx: PaymentsContext, invoiceId: number): { label: string; mailed: boolean } {
  const { store, now } = ctx;
  return store.db
    .transaction(() => {
      const invoice = store.invoices.get(invoiceId);
      if (!invoice) throw new InvoiceRefusal(404, "There is no such invoice.");
      if (invoice.number !== null) throw new InvoiceRefusal(409, "This invoice was sent already.");
      const accepted = acceptedQuote(ctx, invoice.quote_id);
      if (!accepted) throw new InvoiceRefusal(409, "Only an accepted quote can be invoiced.");
      // A deposit still clearing could settle after the invoice took only what was paid: the deposit twice.
      if (store.payments.forQuote(invoice.quote_id).some((p) => p.state === "pending")) {
        throw new InvoiceRefusal(
          409,
          "The deposit's bank payment is still clearing. Send the invoice once it has (a few business days), so the invoice takes it off.",
        );
      }
      // A deposit checkout page still open could take the deposit after the invoice asked for it (the route closes
      // them at Stripe first; one Stripe could not close was just paid, and its event is on its way).
      if (store.payments.openSessions(invoice.quote_id, null).length > 0) {
        throw new InvoiceRefusal(
          409,
          "The homeowner is paying the deposit on the site right now. Send the invoice in a few minutes, once it is recorded.",
        );
      }
      // The same for a deposit its bank disputes: won, it is paid; lost, it is owed. The invoice must know which.
      if (store.payments.forQuote(invoice.quote_id).some((p) => p.dispute_state === "open")) {
        throw new InvoiceRefusal(
          409,
          "The homeowner's bank disputes the deposit's card payment. Send the invoice once the bank decides, so the invoice takes off only what was paid.",
        );
      }
      const lines = withDepositPaid(parseDraft(invoice.draft).lines, depositPaidCents(ctx, invoice.quote_id));
      const money = invoiceMoney(lines, []);
      if (lines.length === 0 || money.total <= 0) {
        throw new InvoiceRefusal(400, "There is nothing to invoice: the total is $0.00 or less.");
      }
      const { version } = accepted;
      const sentAt = now();
      const number = store.invoices.send(invoiceId, (_row, n) =>
        freezeInvoice({
          format: 1,
          number: invoiceLabel(n),
          quoteReference: version.reference,
          sentAt: sentAt.toISOString(),
          sentDay: dayAt(sentAt, version.timeZone),
          timeZone: version.timeZone,
          business: version.business,
          customer: version.customer,
          lines: lines.map((l) => ({ ...l, amount: lineAmount(l.quantity, l.unitPrice) })),
          total: money.total,
        }),
      );
      if (number === null) throw new InvoiceRefusal(409, "This invoice was sent already.");
      const label = invoiceLabel(number);
      const estimateId = accepted.quote.estimate_id;
      const to = version.customer.email;
      const mailed = ctx.mail && estimateId !== null && to !== "";
      if (mailed) {
        store.enqueue(estimateId, "invoice-sent", to, { key: `invoice-sent:${invoiceId}` });
        queueReminders(store, ctx.business(), { invoiceId, estimateId, to, sentAt });
      }
      store.quotes.addEvent(invoice.quote_id, null, "invoice sent", label);
      return { label, mailed };
    })
    .immediate();
}
