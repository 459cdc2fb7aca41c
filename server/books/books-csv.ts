// The accountant's files (decision 0043): payments, one row each, and invoices, one row each, for a range of
// business days. Amounts as 1234.56 (no sign, no thousands), days as YYYY-MM-DD; the CSV itself (BOM, CRLF, every
// cell quoted, formula cells neutralised) is server/requests/csv.ts's, as every other download's.
import type { Day } from "../../app/lib/business-day.ts";
import { dollarsInput } from "../quotes/money.ts";
import { toCsv } from "../requests/csv.ts";
import type { BookInvoice } from "../store/invoice-books.ts";
import { netCents, type BookEntry, type Books } from "./books.ts";

export const PAYMENT_COLUMNS = [
  "Date",
  "Type",
  "Document",
  "Customer",
  "Method",
  "Amount",
  "Refunded",
  "Net",
  "State",
] as const;

export const INVOICE_COLUMNS = [
  "Date",
  "Invoice",
  "Quote",
  "Customer",
  "Total",
  "Paid",
  "Pending",
  "Owed",
  "State",
  "Paid on",
] as const;

const METHODS: Record<string, string> = { zelle: "Zelle", bank: "bank (ACH)" };
/** How a method is written for people: "Zelle", "bank (ACH)", else as stored ("check", "cash", "card"). */
export function methodLabel(method: string): string {
  return METHODS[method] ?? method;
}

const within = (day: Day, from: Day, to: Day) => day >= from && day <= to;

/**
 * A payment's State as the accountant reads it: paid, pending, failed, refunded, or, in a dispute by the homeowner's
 * bank, "disputed" (held: Net 0.00 until the bank decides) and "dispute lost" (the money went back: Net 0.00). A
 * dispute won is "paid" again, its Net whole.
 */
const CSV_STATE: Record<BookEntry["state"], string> = {
  paid: "paid",
  pending: "pending",
  failed: "failed",
  refunded: "refunded",
  disputed: "disputed",
  lost: "dispute lost",
};

export function paymentsCsv(books: Books, from: Day, to: Day): string {
  const rows = books.payments
    .filter((p) => within(p.day, from, to))
    .map((p) => ({
      Date: p.day,
      Type: p.kind === "deposit" ? "Deposit" : "Invoice",
      Document: p.document,
      Customer: p.customerName,
      Method: methodLabel(p.method),
      Amount: dollarsInput(p.cents),
      Refunded: dollarsInput(p.refundedCents),
      Net: dollarsInput(netCents(p)),
      State: CSV_STATE[p.state],
    }));
  return toCsv(PAYMENT_COLUMNS, rows);
}

/** Invoices sent in the range; `quotes` names each one's quote by its reference. */
export function invoicesCsv(
  invoices: readonly BookInvoice[],
  quotes: ReadonlyMap<number, string>,
  from: Day,
  to: Day,
): string {
  const rows = invoices
    .filter((i) => within(i.sentDay, from, to))
    .sort((a, b) => (a.sentDay < b.sentDay ? -1 : a.sentDay > b.sentDay ? 1 : 0))
    .map((i) => ({
      Date: i.sentDay,
      Invoice: i.number,
      Quote: quotes.get(i.quoteId) ?? "",
      Customer: i.customerName,
      Total: dollarsInput(i.totalCents),
      Paid: dollarsInput(i.paidCents),
      Pending: dollarsInput(i.pendingCents),
      Owed: dollarsInput(i.owedCents),
      State: i.state.replace("_", " "),
      "Paid on": i.paidDay ?? "",
    }));
  return toCsv(INVOICE_COLUMNS, rows);
}
