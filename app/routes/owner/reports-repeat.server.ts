// The reports' returning customers (decision 0055): read where they live, each on its customer's merge root, for
// the pure report (app/lib/repeat-report.ts). Money is the books' own (netCents over buildBooks' payments), so this
// page, Money and the CSVs say the same cents.
import type { AppLoadContext } from "react-router";
import { business } from "~/content/business";
import { dayAt } from "~/lib/business-day";
import { buildRepeatReport, busySeason, type RepeatReport } from "~/lib/repeat-report";
import { netCents, type Books } from "../../../server/books/books.ts";
import type { DepositContractRow } from "../../../server/store/deposit-books.ts";

type Row = { customer_id: number; at: string };

export function repeatReport(
  context: AppLoadContext,
  books: Books,
  contracts: readonly DepositContractRow[],
): RepeatReport {
  const { db, customers } = context.estimates;
  const now = context.now();
  const roots = new Map<number, number>();
  const root = (id: number) => {
    let r = roots.get(id);
    if (r === undefined) {
      r = customers.root(id);
      roots.set(id, r);
    }
    return r;
  };
  const jobs = db
    .prepare<[], Row>(
      `SELECT e.customer_id, j.done_at AS at FROM jobs j JOIN quotes q ON q.id = j.quote_id
       JOIN estimates e ON e.id = q.estimate_id WHERE j.status = 'done' AND j.done_at IS NOT NULL
       AND e.customer_id IS NOT NULL`,
    )
    .all();
  const visits = db
    .prepare<[string], Row>(
      `SELECT e.customer_id, v.starts_at AS at FROM visits v JOIN estimates e ON e.id = v.estimate_id
       WHERE v.status = 'booked' AND v.ends_at <= ? AND e.customer_id IS NOT NULL`,
    )
    .all(now.toISOString());
  // A request "Book next year" made is the owner's, not the homeowner coming back.
  const requests = db
    .prepare<[], Row>(
      `SELECT customer_id, received_at AS at FROM estimates WHERE spam = 0 AND customer_id IS NOT NULL
       AND id NOT IN (SELECT estimate_id FROM visits WHERE ahead_from IS NOT NULL)`,
    )
    .all();
  const ahead = db
    .prepare<[], Row & { day: string; status: string }>(
      `SELECT e.customer_id, v.booked_at AS at, v.day, v.status FROM visits v JOIN estimates e ON e.id = v.estimate_id
       WHERE v.ahead_from IS NOT NULL AND e.customer_id IS NOT NULL`,
    )
    .all();
  const customerOf = new Map(
    db
      .prepare<[], { id: number; customer_id: number }>(
        "SELECT id, customer_id FROM estimates WHERE customer_id IS NOT NULL",
      )
      .all()
      .map((r) => [r.id, r.customer_id]),
  );
  const byQuote = new Map(contracts.map((c) => [c.quote_id, c.estimate_id]));
  const season = busySeason(dayAt(now, business.timeZone));
  return buildRepeatReport({
    now,
    timeZone: business.timeZone,
    work: [...jobs, ...visits].map((r) => ({ customer: root(r.customer_id), at: r.at })),
    requests: requests.map((r) => ({ customer: root(r.customer_id), receivedAt: r.at })),
    ahead: ahead.map((a) => ({
      customer: root(a.customer_id),
      bookedAt: a.at,
      day: a.day,
      standing: a.status === "booked",
    })),
    settled: books.payments.map((p) => {
      const estimate = p.quoteId === null ? null : (byQuote.get(p.quoteId) ?? null);
      const customer = estimate === null ? undefined : customerOf.get(estimate);
      return { customer: customer === undefined ? null : root(customer), day: p.day, cents: netCents(p) };
    }),
    capacity: context.booking.capacity(season.first, season.last),
  });
}
