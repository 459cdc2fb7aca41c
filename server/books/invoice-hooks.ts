// STUB, wired at merge to the invoices' own code: the owner's books record a check, cash or Zelle against an invoice
// through this one function. Until then it refuses, and the Money page says so in plain words.
import type { Db } from "../db/database.ts";

export type InvoicePaymentInput = { invoiceId: number; cents: number; method: "check" | "cash" | "zelle"; day: string };

export class InvoicesNotReady extends Error {}

export function recordInvoicePayment(db: Db, input: InvoicePaymentInput): void {
  void db;
  void input;
  throw new InvoicesNotReady("Payments against invoices cannot be recorded here yet.");
}
