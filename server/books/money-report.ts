// The reports' money (decision 0043), pure: settled money by where its request came from, and the days from a
// quote's first sending to the day the job's money was paid in full, over the reports' window.
import { daysBetween, dayAt, type Day } from "../../app/lib/business-day.ts";
import { median, SOURCES, sourceOf } from "../../app/lib/reports.ts";
import type { DepositContractRow } from "../store/deposit-books.ts";
import type { BookInvoice } from "../store/invoice-books.ts";
import { netCents, type Books } from "./books.ts";

export type SourceMoney = { label: (typeof SOURCES)[number]; cents: number; payments: number };

/** A contract's source; a detached one (its request erased) counts under "Direct" (decision 0033). */
function sourceOfContract(c: DepositContractRow, siteHost: string): (typeof SOURCES)[number] {
  if (c.estimate_id === null || c.received_at === null) return "Direct";
  return sourceOf(
    { ...c, id: c.estimate_id, status: "", service: "", city: null, received_at: c.received_at },
    siteHost,
  );
}

/** Money settled (less refunds) on or after `since`, by the source of the request its quote answered. */
export function collectedBySource(
  books: Books,
  contracts: readonly DepositContractRow[],
  since: Day,
  siteHost = "",
): SourceMoney[] {
  const byQuote = new Map(contracts.map((c) => [c.quote_id, c]));
  const rows = new Map(SOURCES.map((label) => [label, { label, cents: 0, payments: 0 } as SourceMoney]));
  for (const p of books.payments) {
    const net = netCents(p);
    if (p.day < since || net === 0) continue;
    const c = p.quoteId === null ? undefined : byQuote.get(p.quoteId);
    const row = rows.get(c ? sourceOfContract(c, siteHost) : "Direct");
    if (!row) continue;
    row.cents += net;
    row.payments += 1;
  }
  return [...rows.values()];
}

/**
 * The day a job's money was paid in full: with invoices, the day the last of them was paid (none while one is
 * open); without, the day the settled deposit reached what the acceptance asked. Null while unpaid.
 */
export function paidInFullDay(
  contract: DepositContractRow,
  invoices: readonly BookInvoice[],
  books: Books,
): Day | null {
  if (invoices.length > 0) {
    if (invoices.some((i) => i.state !== "paid" || i.paidDay === null)) return null;
    return invoices.reduce<Day>((last, i) => ((i.paidDay ?? "") > last ? (i.paidDay ?? last) : last), "");
  }
  if (contract.deposit_cents <= 0) return null;
  let paid = 0;
  for (const p of books.payments) {
    if (p.kind !== "deposit" || p.quoteId !== contract.quote_id) continue;
    // As the books' deposit rows count it: money refunded later does not make the deposit unpaid.
    if (p.state === "paid" || p.state === "refunded") paid += p.cents;
    if (paid >= contract.deposit_cents) return p.day;
  }
  return null;
}

export type DaysToPaid = { count: number; medianDays: number | null };

/** Whole days from the quote's first sending (its business day) to paid in full, for jobs paid on or after `since`. */
export function daysToPaid(
  books: Books,
  contracts: readonly DepositContractRow[],
  invoices: readonly BookInvoice[],
  since: Day,
  timeZone: string,
): DaysToPaid {
  const days: number[] = [];
  for (const c of contracts) {
    if (!c.first_sent_at) continue;
    const paid = paidInFullDay(
      c,
      invoices.filter((i) => i.quoteId === c.quote_id),
      books,
    );
    if (paid === null || paid < since) continue;
    days.push(Math.max(0, daysBetween(dayAt(c.first_sent_at, timeZone), paid)));
  }
  const mid = median(days);
  return { count: days.length, medianDays: mid === null ? null : Math.round(mid * 10) / 10 };
}
