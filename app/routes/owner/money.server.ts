// The owner's books from the database (server/books/): shared by the Money page, its CSV and the reports.
import type { AppLoadContext } from "react-router";
import { business } from "~/content/business";
import { buildBooks, type Books } from "../../../server/books/books.ts";
import { depositContracts, onlineDeposits, ownerDeposits } from "../../../server/store/deposit-books.ts";
import type { DepositContractRow } from "../../../server/store/deposit-books.ts";
import { invoicePaymentsForBooks, invoicesForBooks, type BookInvoice } from "../../../server/store/invoice-books.ts";

export type LoadedBooks = { books: Books; contracts: DepositContractRow[]; invoices: BookInvoice[] };

export function loadBooks(context: AppLoadContext): LoadedBooks {
  const { db } = context.estimates;
  const contracts = depositContracts(db);
  const invoices = invoicesForBooks(db);
  const books = buildBooks({
    contracts,
    ownerDeposits: ownerDeposits(db),
    onlineDeposits: onlineDeposits(db),
    invoices,
    invoicePayments: invoicePaymentsForBooks(db),
    timeZone: business.timeZone,
  });
  return { books, contracts, invoices };
}
