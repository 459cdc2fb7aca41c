// The reports' returning customers (decision 0055), pure: who came back, how many done jobs and visits left with next
// year's visit booked, the busy season's visits booked ahead against its places, and the money returning customers
// paid. Instants become the business's days and years with `dayAt` (America/Chicago), never cut from the ISO text;
// money arrives as the books' own net cents and is only added up here.
import { addDays, dayAt, type Day } from "./business-day";

/** A done job (its done instant) or a completed estimate visit (its start), on a customer (the merge group's root). */
export type WorkDone = { customer: number; at: string };
/** A request on a customer, not one "Book next year" made. */
export type RequestIn = { customer: number; receivedAt: string };
/** A visit booked ahead: when it was booked, its day, whether it still stands. */
export type AheadVisit = { customer: number; bookedAt: string; day: Day; standing: boolean };
/** Money settled, net of refunds, as the books count it (netCents), on a customer when its request has one. */
export type Settled = { customer: number | null; day: Day; cents: number };

/** The busy season (research §1.2: October to January): the one under way, else the next. */
export function busySeason(today: Day): { first: Day; last: Day } {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  // January belongs to the season that began the October before.
  const start = month === 1 ? year - 1 : year;
  return { first: `${start}-10-01`, last: `${start + 1}-01-31` };
}

export type RepeatReport = {
  /** The first day of the twelve months counted (rebook rate and money). */
  since: Day;
  today: Day;
  customersWithWork: number;
  returning: number;
  done: number;
  rebooked: number;
  /** Whole per cent, or null with nothing done. */
  rebookRate: number | null;
  busy: { first: Day; last: Day; bookedAhead: number; capacity: number };
  revenue: { totalCents: number; returningCents: number };
};

export function buildRepeatReport({
  now,
  timeZone,
  work,
  requests,
  ahead,
  settled,
  capacity,
}: {
  now: Date;
  timeZone: string;
  work: readonly WorkDone[];
  requests: readonly RequestIn[];
  ahead: readonly AheadVisit[];
  settled: readonly Settled[];
  /** The places of the busy season returned by `busySeason(today)`, from the booking availability. */
  capacity: number;
}): RepeatReport {
  const today = dayAt(now, timeZone);
  // Twelve months back to the same day, on the calendar alone (29 February counts from 1 March).
  const since = addDays(`${Number(today.slice(0, 4)) - 1}${today.slice(4, 7)}-01`, Number(today.slice(8, 10)) - 1);
  const years = new Map<number, Set<string>>();
  const firstWork = new Map<number, number>();
  for (const w of work) {
    const at = new Date(w.at).getTime();
    const set = years.get(w.customer) ?? new Set<string>();
    set.add(dayAt(w.at, timeZone).slice(0, 4));
    years.set(w.customer, set);
    if (at < (firstWork.get(w.customer) ?? Infinity)) firstWork.set(w.customer, at);
  }
  const returningSet = new Set<number>();
  for (const [customer, set] of years) if (set.size > 1) returningSet.add(customer);
  for (const r of requests) {
    const first = firstWork.get(r.customer);
    if (first !== undefined && new Date(r.receivedAt).getTime() > first) returningSet.add(r.customer);
  }
  const aheadBy = new Map<number, number[]>();
  for (const a of ahead) {
    if (!a.standing) continue;
    aheadBy.set(a.customer, [...(aheadBy.get(a.customer) ?? []), new Date(a.bookedAt).getTime()]);
  }
  let done = 0;
  let rebooked = 0;
  for (const w of work) {
    if (dayAt(w.at, timeZone) < since) continue;
    done += 1;
    const at = new Date(w.at).getTime();
    if ((aheadBy.get(w.customer) ?? []).some((booked) => booked >= at)) rebooked += 1;
  }
  const busy = busySeason(today);
  const bookedAhead = ahead.filter((a) => a.standing && a.day >= busy.first && a.day <= busy.last).length;
  let totalCents = 0;
  let returningCents = 0;
  for (const s of settled) {
    if (s.day < since || s.day > today) continue;
    totalCents += s.cents;
    if (s.customer !== null && returningSet.has(s.customer)) returningCents += s.cents;
  }
  return {
    since,
    today,
    customersWithWork: years.size,
    returning: returningSet.size,
    done,
    rebooked,
    rebookRate: done === 0 ? null : Math.round((100 * rebooked) / done),
    busy: { ...busy, bookedAhead, capacity },
    revenue: { totalCents, returningCents },
  };
}
