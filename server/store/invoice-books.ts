// STUB, replaced at merge by the invoices' own module (the invoice helper's server/store/invoice-books.ts): the
// owner's books (server/books/) read invoices and their payments through these two functions and these types only.
// Until invoices exist there are none, so both return nothing; everything that reads them already shows rows.
import type { Db } from "../db/database.ts";

export type BookInvoice = {
  id: number;
  number: string;
  quoteId: number;
  customerName: string;
  state: "sent" | "partly paid" | "paid" | "pending";
  totalCents: number;
  paidCents: number;
  pendingCents: number;
  owedCents: number;
  /** Business days, "YYYY-MM-DD" in the business's zone. */
  sentDay: string;
  paidDay: string | null;
};

export type BookPayment = {
  day: string;
  /** The invoice's number. */
  document: string;
  customerName: string;
  method: "check" | "cash" | "zelle" | "card" | "bank";
  cents: number;
  refundedCents: number;
  state: "paid" | "pending" | "failed" | "refunded";
};

export function invoicesForBooks(db: Db): BookInvoice[] {
  void db;
  return [];
}

export function invoicePaymentsForBooks(db: Db): BookPayment[] {
  void db;
  return [];
}
