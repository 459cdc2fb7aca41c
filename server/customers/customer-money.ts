// What one customer owes (decision 0051): the owner's books (server/books/books.ts) built from this customer's
// contracts, deposits, invoices and payments alone, so every figure is the one the Money page and the invoice show
// (invoiceMoney, decision 0042), never recomputed here.
import type { Db } from "../db/database.ts";
import { buildBooks, openItems, type BookItem } from "../books/books.ts";
import { depositContracts, onlineDeposits, ownerDeposits } from "../store/deposit-books.ts";
import { invoicePaymentsForBooks, invoicesForBooks } from "../store/invoice-books.ts";

export type CustomerOwes = {
  owedCents: number;
  pendingCents: number;
  /** Deposits and invoices still owed or clearing, oldest first. */
  open: BookItem[];
};

export function customerOwes(db: Db, quoteIds: readonly number[], timeZone: string): CustomerOwes {
  const mine = new Set(quoteIds);
  if (mine.size === 0) return { owedCents: 0, pendingCents: 0, open: [] };
  const books = buildBooks({
    contracts: depositContracts(db).filter((c) => mine.has(c.quote_id)),
    ownerDeposits: ownerDeposits(db).filter((p) => mine.has(p.quote_id)),
    onlineDeposits: onlineDeposits(db).filter((p) => mine.has(p.quote_id)),
    invoices: invoicesForBooks(db, mine),
    invoicePayments: invoicePaymentsForBooks(db, mine),
    timeZone,
  });
  return {
    owedCents: books.items.reduce((n, i) => n + i.owedCents, 0),
    pendingCents: books.items.reduce((n, i) => n + i.pendingCents, 0),
    open: openItems(books),
  };
}
