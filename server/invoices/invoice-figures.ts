// An invoice as every surface reads it: its lines and frozen version, every payment (the owner's records and the card
// and bank payments) in one list, the figures from invoiceMoney and the state they give. The state is computed, never
// stored, so no job can leave it stale: Paid is owed reaching 0, however the money came. Read only.
import { dayAt } from "../../app/lib/business-day.ts";
import type { EstimateStore } from "../requests/estimate-store.ts";
import type { InvoiceRow } from "../store/invoices.ts";
import { moneyState } from "../store/payments.ts";
import { invoiceMoney, type InvoiceMoney, type InvoicePaymentState } from "./invoice-money.ts";
import {
  invoiceLabel,
  parseDraft,
  readInvoiceVersion,
  type InvoiceDraftLine,
  type InvoiceVersion,
} from "./invoice-document.ts";

export type InvoiceState = "draft" | "sent" | "partly_paid" | "pending" | "disputed" | "paid";

export const STATE_LABEL: Record<InvoiceState, string> = {
  draft: "Draft",
  sent: "Sent",
  partly_paid: "Partly paid",
  pending: "Pending bank payment",
  disputed: "Payment disputed",
  paid: "Paid",
};

export type PaymentMethod = "check" | "cash" | "zelle" | "card" | "bank";

export const METHOD_LABEL: Record<PaymentMethod, string> = {
  check: "check",
  cash: "cash",
  zelle: "Zelle",
  card: "card",
  bank: "bank (ACH)",
};

/** One payment on an invoice, whoever recorded it. */
export type InvoicePayment = {
  /** "owner-3" or "online-7": unique across both tables. */
  key: string;
  /** The business day received (the owner's), or the day it was paid (else started) online. */
  day: string;
  method: PaymentMethod;
  cents: number;
  refundedCents: number;
  state: InvoicePaymentState;
};

export type InvoiceFigures = {
  invoice: InvoiceRow;
  label: string | null;
  lines: readonly InvoiceDraftLine[];
  version: InvoiceVersion | null;
  payments: InvoicePayment[];
  money: InvoiceMoney;
  state: InvoiceState;
  /** The business day owed reached 0, when paid. */
  paidDay: string | null;
};

/** The tables an invoice's figures are read from (the books open them on their own). */
export type InvoiceReads = Pick<EstimateStore, "invoices" | "payments">;

export function invoicePayments(store: InvoiceReads, invoiceId: number, timeZone: string): InvoicePayment[] {
  const owner: InvoicePayment[] = store.invoices.payments(invoiceId).map((p) => ({
    key: `owner-${p.id}`,
    day: p.received_on,
    method: p.method,
    cents: p.cents,
    refundedCents: 0,
    state: "paid",
  }));
  const online: InvoicePayment[] = store.payments.forInvoice(invoiceId).map((p) => ({
    key: `online-${p.id}`,
    day: dayAt(new Date(p.paid_at ?? p.failed_at ?? p.created_at), timeZone),
    method: p.method,
    cents: p.cents,
    refundedCents: p.refunded_cents,
    state: moneyState(p),
  }));
  return [...owner, ...online].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
}

function stateOf(sent: boolean, money: InvoiceMoney): InvoiceState {
  if (!sent) return "draft";
  if (money.owed <= 0) return "paid";
  if (money.pending > 0) return "pending";
  if (money.disputed > 0) return "disputed";
  return money.paid > 0 ? "partly_paid" : "sent";
}

/** The day the settled payments first covered the total. */
function paidDayOf(payments: InvoicePayment[], total: number): string | null {
  let sum = 0;
  for (const p of payments) {
    if (p.state !== "paid" && p.state !== "refunded") continue;
    sum += p.cents - Math.min(p.refundedCents, p.cents);
    if (sum >= total) return p.day;
  }
  return null;
}

export function invoiceFigures(store: InvoiceReads, invoice: InvoiceRow, timeZone: string): InvoiceFigures {
  const row = invoice.number === null ? undefined : store.invoices.version(invoice.id);
  const version = row ? readInvoiceVersion(row.body, row.sha256) : null;
  const lines = version ? version.lines : parseDraft(invoice.draft).lines;
  const payments = invoicePayments(store, invoice.id, version?.timeZone ?? timeZone);
  const money = invoiceMoney(lines, payments);
  const state = stateOf(version !== null, money);
  return {
    invoice,
    label: invoice.number === null ? null : invoiceLabel(invoice.number),
    lines,
    version,
    payments,
    money,
    state,
    paidDay: state === "paid" ? paidDayOf(payments, money.total) : null,
  };
}
