// The homeowner's invoice e-mails, composed when due from the sent version (a new link each, stored as its hash):
// the invoice, its reminders (only while something is owed and nothing is clearing, on an open day), and the receipt
// or failure of a card or bank payment on it (keyed by the payment, so each goes once).
import type { Mail } from "../requests/lead-mail.ts";
import type { OutboxItem } from "../requests/estimate-store.ts";
import { formatCents } from "../quotes/money.ts";
import { homeownerMail, METHOD } from "../payments/homeowner-mail.ts";
import type { PaymentsContext } from "../payments/payments-context.ts";
import type { OnlinePaymentRow } from "../store/payments.ts";
import { invoiceFigures, type InvoiceFigures } from "./invoice-figures.ts";
import { invoiceLink } from "./invoice-link.ts";
import { reminderMayGo } from "./invoice-reminders.ts";

function sentFigures(ctx: PaymentsContext, invoiceId: number): InvoiceFigures | null {
  const invoice = ctx.store.invoices.get(invoiceId);
  const figures = invoice ? invoiceFigures(ctx.store, invoice, ctx.business().timeZone) : null;
  return figures?.version ? figures : null;
}

function figuresLines(f: InvoiceFigures): string[] {
  const m = f.money;
  return [
    `Total: ${formatCents(m.total)}`,
    ...(m.paid > 0 ? [`Paid so far: ${formatCents(m.paid)}`] : []),
    `Owed: ${formatCents(Math.max(0, m.owed))}`,
  ];
}

export function invoiceSentMail(f: InvoiceFigures, link: string): Mail | null {
  const v = f.version;
  if (!v) return null;
  return homeownerMail(
    v,
    `Invoice ${v.number} from ${v.business.name}`,
    [
      `Here is invoice ${v.number} for the work on quote ${v.quoteReference}.`,
      ...figuresLines(f),
      "The invoice, its PDF and how to pay are on its page. Questions? Reply to this e-mail or call us.",
    ],
    ["See and pay the invoice", link],
  );
}

export function invoiceReminderMail(f: InvoiceFigures, link: string): Mail | null {
  const v = f.version;
  if (!v) return null;
  return homeownerMail(
    v,
    `Reminder: invoice ${v.number}, ${formatCents(f.money.owed)} owed`,
    [
      `A reminder that ${formatCents(f.money.owed)} is still owed on invoice ${v.number}.`,
      ...figuresLines(f),
      "If you have paid it in the last few days, thank you, and please ignore this reminder.",
    ],
    ["See and pay the invoice", link],
  );
}

/** The receipt (or word that a bank payment failed) for a card or bank payment on an invoice. */
export function invoicePaymentMail(ctx: PaymentsContext, payment: OnlinePaymentRow, receipt: boolean): Mail | null {
  const f = payment.invoice_id === null ? null : sentFigures(ctx, payment.invoice_id);
  const v = f?.version;
  if (!f || !v) return null;
  const amount = formatCents(payment.cents);
  if (receipt) {
    return homeownerMail(v, `Receipt: ${amount} for invoice ${v.number}`, [
      `We received your payment of ${amount} for invoice ${v.number}, by ${METHOD[payment.method]}.`,
      ...figuresLines(f),
      `Payment reference: ${payment.provider_payment_id}`,
      "Keep this e-mail as your receipt.",
    ]);
  }
  return homeownerMail(
    v,
    `Your bank payment of ${amount} did not go through`,
    [
      `Your bank payment of ${amount} for invoice ${v.number} did not go through: your bank returned it.`,
      `${formatCents(f.money.owed)} is still owed. You can pay again by card or bank on the invoice's page, or call us.`,
    ],
    ["Pay the invoice", invoiceLink(ctx, f.invoice.id)],
  );
}

function invoiceIdOf(item: OutboxItem): number | null {
  const id = Number(item.dedupe.split(":")[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export function invoiceComposers(ctx: PaymentsContext) {
  return {
    "invoice-sent": (item: OutboxItem): Mail | null => {
      const id = invoiceIdOf(item);
      const f = id === null ? null : sentFigures(ctx, id);
      return f ? invoiceSentMail(f, invoiceLink(ctx, f.invoice.id)) : null;
    },
    /** A reminder goes only while something is owed, nothing is clearing, fewer than 3 went, and the business is open. */
    "invoice-reminder": (item: OutboxItem): Mail | "withdrawn" | null => {
      const id = invoiceIdOf(item);
      const f = id === null ? null : sentFigures(ctx, id);
      if (!f) return null;
      if (f.money.owed <= 0 || f.money.pending > 0 || f.invoice.reminders_paused) return "withdrawn";
      if (!reminderMayGo(ctx.store, ctx.business(), item.estimate_id, f.invoice.id, ctx.now())) return "withdrawn";
      return invoiceReminderMail(f, invoiceLink(ctx, f.invoice.id));
    },
  };
}
