// The homeowner's invoice page as strings (app/routes/invoice.tsx renders it; the PDF prints the same): the number,
// the lines, the figures from invoiceMoney, every payment, and what paying online says now. Read only.
import { formatCents, formatQuantity } from "../quotes/money.ts";
import { documentBusiness, dayText } from "../quotes/quote-view.ts";
import type { PaymentsContext } from "../payments/payments-context.ts";
import type { InvoiceRow } from "../store/invoices.ts";
import {
  invoiceFigures,
  METHOD_LABEL,
  STATE_LABEL,
  type InvoiceFigures,
  type InvoiceState,
} from "./invoice-figures.ts";
import { payableCents } from "./invoice-checkout.ts";
import type { InvoicePaymentState } from "./invoice-money.ts";

export type InvoiceLineView = { description: string; quantity: string; unitPrice: string; amount: string };

export type InvoicePaymentView = { day: string; method: string; amount: string; state: string };

export type PayState = "confirming" | "pending" | "paid" | "failed" | null;

export type InvoicePageView = {
  number: string;
  state: InvoiceState;
  stateLabel: string;
  sentDay: string;
  quoteReference: string;
  business: { name: string; address: string; phone: string; email: string };
  customer: { name: string; town: string | null };
  lines: InvoiceLineView[];
  total: string;
  paid: string;
  pending: string | null;
  owed: string;
  owedCents: number;
  payments: InvoicePaymentView[];
  /** The Pay button's amount, when it can be paid here now. */
  payable: string | null;
  pay: { state: PayState; message: string | null };
};

const PAYMENT_STATE: Record<InvoicePaymentState, string> = {
  pending: "pending",
  paid: "received",
  failed: "did not go through",
  refunded: "refunded",
  disputed: "disputed by your bank",
  lost: "taken back by your bank",
};

export function linesView(figures: Pick<InvoiceFigures, "lines" | "money">): InvoiceLineView[] {
  return figures.lines.map((l, i) => ({
    description: l.description,
    quantity: formatQuantity(l.quantity),
    unitPrice: formatCents(l.unitPrice),
    amount: formatCents(figures.money.lines[i] ?? 0),
  }));
}

export function paymentsView(figures: Pick<InvoiceFigures, "payments">): InvoicePaymentView[] {
  return figures.payments.map((p) => ({
    day: dayText(p.day),
    method: METHOD_LABEL[p.method],
    amount: formatCents(p.cents),
    state:
      p.refundedCents > 0 && p.state === "paid" ? `${formatCents(p.refundedCents)} refunded` : PAYMENT_STATE[p.state],
  }));
}

function payState(ctx: PaymentsContext, figures: InvoiceFigures, returned: boolean): InvoicePageView["pay"] {
  const online = ctx.store.payments.forInvoice(figures.invoice.id);
  const last = online.at(-1);
  if (figures.state === "paid") return { state: "paid", message: "Paid in full. Thank you." };
  if (last?.state === "pending" || figures.money.pending > 0) {
    return {
      state: "pending",
      message: `Your bank payment of ${formatCents(figures.money.pending)} is pending. Banks take a few business days; we will e-mail you when it clears.`,
    };
  }
  const open = ctx.store.payments.openSession(
    figures.invoice.quote_id,
    payableCents(figures),
    ctx.now(),
    figures.invoice.id,
  );
  if (returned && (open || (last && last.state !== "failed"))) {
    return { state: "confirming", message: "Payment received, confirming…" };
  }
  if (last?.state === "failed") {
    return {
      state: "failed",
      message: `Your bank payment of ${formatCents(last.cents)} did not go through, so ${formatCents(figures.money.owed)} is still owed. You can pay again below, by card or bank.`,
    };
  }
  return { state: null, message: null };
}

/** `returned`: the browser came back from the checkout (?paid=1), which proves nothing until Stripe's event. */
export function invoicePage(ctx: PaymentsContext, invoice: InvoiceRow, returned: boolean): InvoicePageView | null {
  const figures = invoiceFigures(ctx.store, invoice, ctx.business().timeZone);
  const v = figures.version;
  if (!v) return null;
  const pay = payState(ctx, figures, returned);
  const cents = payableCents(figures);
  return {
    number: v.number,
    state: figures.state,
    stateLabel: STATE_LABEL[figures.state],
    sentDay: dayText(v.sentDay),
    quoteReference: v.quoteReference,
    business: documentBusiness(v),
    customer: { name: v.customer.name, town: v.customer.town },
    lines: linesView(figures),
    total: formatCents(figures.money.total),
    paid: formatCents(figures.money.paid),
    pending: figures.money.pending > 0 ? formatCents(figures.money.pending) : null,
    owed: formatCents(Math.max(0, figures.money.owed)),
    owedCents: figures.money.owed,
    payments: paymentsView(figures),
    payable: ctx.client && cents > 0 && pay.state !== "confirming" ? formatCents(cents) : null,
    pay,
  };
}
