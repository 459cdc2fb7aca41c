// The books' read model of invoices (the owner's Money view): one row per sent invoice and one per payment on one,
// the owner's records and the card and bank payments alike. Every figure is invoiceMoney's (server/invoices/), so the
// books agree with the invoice's page, its PDF and its e-mails to the cent. Read only.
import { business } from "../../app/content/business.ts";
import type { Db } from "../db/database.ts";
import {
  invoiceFigures,
  type InvoiceReads,
  type InvoicePayment,
  type InvoiceState,
  type PaymentMethod,
} from "../invoices/invoice-figures.ts";
import { createInvoiceStore } from "./invoices.ts";
import { createPaymentStore } from "./payments.ts";
import type { InvoicePaymentState } from "../invoices/invoice-money.ts";

export type InvoiceBookRow = {
  id: number;
  /** "INV-0001". */
  number: string;
  quoteId: number;
  customerName: string;
  state: Exclude<InvoiceState, "draft">;
  totalCents: number;
  paidCents: number;
  pendingCents: number;
  disputedCents: number;
  owedCents: number;
  /** The business day it was sent (YYYY-MM-DD). */
  sentDay: string;
  /** The business day it was paid in full, or null. */
  paidDay: string | null;
};

export type InvoicePaymentBookRow = {
  /** The business day received (the owner's) or paid (online; the day it started while pending or failed). */
  day: string;
  number: string;
  invoiceId: number;
  customerName: string;
  method: PaymentMethod;
  cents: number;
  refundedCents: number;
  state: InvoicePaymentState;
};

/** Only what invoiceFigures reads: the invoice and payment tables. */
function readers(db: Db): InvoiceReads {
  const now = () => new Date();
  return { invoices: createInvoiceStore(db, now), payments: createPaymentStore(db, now) };
}

/** `quoteIds`: only the invoices of these quotes (one customer's), else all. */
function sentFigures(db: Db, quoteIds?: ReadonlySet<number>) {
  const store = readers(db);
  const sent = store.invoices.sent().filter((invoice) => !quoteIds || quoteIds.has(invoice.quote_id));
  return sent.flatMap((invoice) => {
    const f = invoiceFigures(store, invoice, business.timeZone);
    return f.version && f.label && f.state !== "draft"
      ? [{ ...f, version: f.version, label: f.label, state: f.state }]
      : [];
  });
}

export function invoicesForBooks(db: Db, quoteIds?: ReadonlySet<number>): InvoiceBookRow[] {
  return sentFigures(db, quoteIds).map((f) => ({
    id: f.invoice.id,
    number: f.label,
    quoteId: f.invoice.quote_id,
    customerName: f.version.customer.name,
    state: f.state,
    totalCents: f.money.total,
    paidCents: f.money.paid,
    pendingCents: f.money.pending,
    disputedCents: f.money.disputed,
    owedCents: f.money.owed,
    sentDay: f.version.sentDay,
    paidDay: f.paidDay,
  }));
}

export function invoicePaymentsForBooks(db: Db, quoteIds?: ReadonlySet<number>): InvoicePaymentBookRow[] {
  return sentFigures(db, quoteIds)
    .flatMap((f) =>
      f.payments.map((p: InvoicePayment) => ({
        day: p.day,
        number: f.label,
        invoiceId: f.invoice.id,
        customerName: f.version.customer.name,
        method: p.method,
        cents: p.cents,
        refundedCents: p.refundedCents,
        state: p.state,
      })),
    )
    .sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : a.number < b.number ? -1 : 1));
}

/** The names the owner's books (server/books/) read these rows by. */
export type BookInvoice = InvoiceBookRow;
export type BookPayment = InvoicePaymentBookRow;
