// The owner's books (decision 0043), pure: from the deposits the acceptances froze, the payments recorded by the
// owner and made on the site, and the invoices with theirs, what is owed now, what is pending now, and what was paid
// in a month of the business's calendar. Days are business days (app/lib/business-day.ts); money is whole cents.
import { addMonths, dayAt, monthDays, monthOf, type Day, type Month } from "../../app/lib/business-day.ts";
import type { DepositContractRow, OnlineDepositRow, OwnerDepositRow } from "../store/deposit-books.ts";
import type { BookInvoice, BookPayment } from "../store/invoice-books.ts";
import { moneyState } from "../store/payments.ts";
import { depositMoney } from "../payments/deposit-money.ts";

export type BooksInput = {
  contracts: readonly DepositContractRow[];
  ownerDeposits: readonly OwnerDepositRow[];
  onlineDeposits: readonly OnlineDepositRow[];
  invoices: readonly BookInvoice[];
  invoicePayments: readonly BookPayment[];
  timeZone: string;
};

export type ItemState = "owed" | "sent" | "partly paid" | "pending" | "disputed" | "paid";

/** A deposit or an invoice: what it asks, what came in, what is still owed. */
export type BookItem = {
  /** What a form names it by: "deposit-12" (the quote's id) or "invoice-4". */
  key: string;
  kind: "deposit" | "invoice";
  id: number;
  quoteId: number;
  /** The quote's reference for a deposit, the invoice's number for an invoice. */
  document: string;
  customerName: string;
  state: ItemState;
  totalCents: number;
  paidCents: number;
  pendingCents: number;
  /** Held by the homeowner's bank while it decides a dispute. */
  disputedCents: number;
  owedCents: number;
  /**
   * The most the owner may record by hand now: owed, less what is clearing or disputed (a deposit's owed already
   * leaves them out; an invoice's counts them owed until they settle). Refused above it, in the same transaction.
   */
  recordableCents: number;
  /** The day it became owed: the acceptance's, or the invoice's sending. */
  since: Day;
};

export type PaymentState = BookPayment["state"];

/** One payment, however it came: recorded by the owner, or by card or bank on the site. */
export type BookEntry = {
  day: Day;
  kind: "deposit" | "invoice";
  document: string;
  quoteId: number | null;
  customerName: string;
  method: string;
  cents: number;
  refundedCents: number;
  state: PaymentState;
};

export type Books = { items: BookItem[]; payments: BookEntry[] };

/**
 * Money kept: a settled payment less what was refunded of it; nothing for one pending or failed, nothing while its
 * bank holds it in a dispute, and nothing once the dispute is lost (the money went back). A dispute won is paid again.
 */
export function netCents(entry: Pick<BookEntry, "cents" | "refundedCents" | "state">): number {
  return entry.state === "paid" || entry.state === "refunded" ? Math.max(0, entry.cents - entry.refundedCents) : 0;
}

/** Held in a dispute: the payment less what was refunded of it before. */
export function disputedCents(entry: Pick<BookEntry, "cents" | "refundedCents" | "state">): number {
  return entry.state === "disputed" ? Math.max(0, entry.cents - entry.refundedCents) : 0;
}

function depositState(owed: number, paid: number, pending: number, disputed: number): ItemState {
  if (owed === 0) return disputed > 0 ? "disputed" : pending > 0 ? "pending" : "paid";
  return paid + pending + disputed > 0 ? "partly paid" : "owed";
}

/** Every deposit and invoice, and every payment, read together. */
export function buildBooks(input: BooksInput): Books {
  const { timeZone } = input;
  const contracts = new Map(input.contracts.map((c) => [c.quote_id, c]));
  const payments: BookEntry[] = [];
  const deposit = (
    quoteId: number,
    p: Pick<BookEntry, "day" | "method" | "cents" | "refundedCents" | "state">,
  ): BookEntry[] => {
    const c = contracts.get(quoteId);
    return c ? [{ ...p, kind: "deposit", document: c.reference, quoteId, customerName: c.name }] : [];
  };
  for (const p of input.ownerDeposits) {
    payments.push(
      ...deposit(p.quote_id, { day: p.received_on, method: p.method, cents: p.cents, refundedCents: 0, state: "paid" }),
    );
  }
  for (const p of input.onlineDeposits) {
    // A bank payment counts on the day it settled; one still pending or failed on the day it was made.
    const day = dayAt(p.paid_at ?? p.created_at, timeZone);
    payments.push(
      ...deposit(p.quote_id, {
        day,
        method: p.method,
        cents: p.cents,
        refundedCents: p.refunded_cents,
        state: moneyState(p),
      }),
    );
  }
  const invoiceQuote = new Map(input.invoices.map((i) => [i.number, i.quoteId]));
  for (const p of input.invoicePayments) {
    payments.push({ ...p, kind: "invoice", document: p.number, quoteId: invoiceQuote.get(p.number) ?? null });
  }
  payments.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));

  const items: BookItem[] = [];
  // A sent invoice asks for the whole balance, an unpaid deposit with it: the deposit is no longer owed on its own.
  const invoiced = new Set(input.invoices.map((i) => i.quoteId));
  for (const c of input.contracts) {
    if (c.deposit_cents <= 0 || invoiced.has(c.quote_id)) continue;
    // The deposit's one function (server/payments/deposit-money.ts): a refund does not make it owed again, a dispute
    // lost does.
    const money = depositMoney(
      c.deposit_cents,
      payments.filter((p) => p.kind === "deposit" && p.quoteId === c.quote_id),
    );
    const { paid, pending, disputed, owed } = money;
    items.push({
      key: `deposit-${c.quote_id}`,
      kind: "deposit",
      id: c.quote_id,
      quoteId: c.quote_id,
      document: c.reference,
      customerName: c.name,
      state: depositState(owed, paid, pending, disputed),
      totalCents: c.deposit_cents,
      paidCents: paid,
      pendingCents: pending,
      disputedCents: disputed,
      owedCents: owed,
      recordableCents: owed,
      since: dayAt(c.accepted_at, timeZone),
    });
  }
  for (const i of input.invoices) {
    items.push({
      key: `invoice-${i.id}`,
      kind: "invoice",
      id: i.id,
      quoteId: i.quoteId,
      document: i.number,
      customerName: i.customerName,
      state: i.state === "partly_paid" ? "partly paid" : i.state,
      totalCents: i.totalCents,
      paidCents: i.paidCents,
      pendingCents: i.pendingCents,
      disputedCents: i.disputedCents,
      owedCents: i.owedCents,
      recordableCents: Math.max(0, i.owedCents - i.pendingCents - i.disputedCents),
      since: i.sentDay,
    });
  }
  return { items, payments };
}

/** What is still open: owed, paid by a bank payment that has not settled, or disputed. Oldest first. */
export function openItems(books: Books): BookItem[] {
  return books.items
    .filter((i) => i.owedCents > 0 || i.pendingCents > 0 || i.disputedCents > 0)
    .sort((a, b) => (a.since < b.since ? -1 : a.since > b.since ? 1 : a.key < b.key ? -1 : 1));
}

export type MonthFigures = {
  month: Month;
  /** Owed now: deposits accepted and unpaid, invoices unpaid (not a month's figure: what is owed is owed today). */
  owedCents: number;
  /** Bank payments made and not yet settled, now. */
  pendingCents: number;
  /** Payments the homeowners' banks hold in a dispute, now. */
  disputedCents: number;
  /** Settled in the month, less what was refunded of it. */
  paidCents: number;
  /** The month's payments, newest first, every state. */
  payments: BookEntry[];
};

export function monthFigures(books: Books, month: Month): MonthFigures {
  const payments = books.payments.filter((p) => monthOf(p.day) === month).reverse();
  return {
    month,
    owedCents: books.items.reduce((n, i) => n + i.owedCents, 0),
    pendingCents: books.payments.filter((p) => p.state === "pending").reduce((n, p) => n + p.cents, 0),
    disputedCents: books.payments.reduce((n, p) => n + disputedCents(p), 0),
    paidCents: payments.reduce((n, p) => n + netCents(p), 0),
    payments,
  };
}

/** The earliest month the books page goes back to. */
export const FIRST_MONTH = "2000-01";

/**
 * The month a query asks for: "YYYY-MM" from FIRST_MONTH up to the business's current month, else null (refused).
 * No month asked is the current one.
 */
export function askedMonth(asked: string | null, today: Day): Month | null {
  const current = monthOf(today);
  if (asked === null) return current;
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(asked)) return null;
  return asked >= FIRST_MONTH && asked <= current ? asked : null;
}

/** The months either side, where the page may go: no earlier than FIRST_MONTH, no later than this month. */
export function monthNeighbours(month: Month, today: Day): { previous: Month | null; next: Month | null } {
  const previous = addMonths(month, -1);
  const next = addMonths(month, 1);
  return { previous: previous >= FIRST_MONTH ? previous : null, next: next <= monthOf(today) ? next : null };
}

const monthName = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

/** "November 2026": a calendar month's name (read at noon UTC of its first day, a day the calendar alone fixes). */
export function monthLabel(month: Month): string {
  const { first } = monthDays(month);
  return monthName.format(new Date(`${first}T12:00:00Z`));
}
