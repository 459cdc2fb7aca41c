// When a flue is next due (decision 0051): 12 months (the owner's default, content/business.yaml) after the last
// completed estimate visit or job at its property, or after the service day the owner wrote on the flue; a service
// with its own cadence (a water repellent every 36 months) is due that long after the last job that did it; the
// earliest of these is the flue's day, unless the owner set the day himself. Days are the business's calendar days
// (YYYY-MM-DD in America/Chicago), counted on the calendar alone: no clock, no time zone, no daylight saving.
import type { Day } from "../../app/lib/business-day.ts";

export type Cadences = {
  /** Every flue, after its last completed visit or job. */
  readonly defaultMonths: number;
  /** A service's own cadence, by its quote preset's key (content/quote-presets.yaml). */
  readonly services: readonly { readonly preset: string; readonly months: number }[];
};

export type FlueForDue = {
  readonly lastServiceDay: Day | null;
  readonly dueOverride: Day | null;
  /** The owner's cadence for this flue (a daily wood burner), instead of the default. */
  readonly cadenceMonths: number | null;
};

/** A completed estimate visit or job at the flue's property, on its business day. */
export type ServiceEvent = {
  readonly day: Day;
  readonly kind: "visit" | "job";
  /** The quote presets of the job's accepted quote (its option and add-ons); none for a visit. */
  readonly presets: readonly string[];
};

export type NextDue = {
  readonly day: Day;
  /** "override": the owner's day; "history": counted from the last service. */
  readonly basis: "override" | "history";
  /** The last service it counts from (null for an override with no history). */
  readonly from: Day | null;
  /** Each cadence's own day, earliest first: the default (preset null) and every service done here before. */
  readonly services: readonly { readonly preset: string | null; readonly day: Day }[];
};

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function daysIn(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * The same day of the month `months` later; a day the later month lacks becomes its last day (29 February + 12
 * months = 28 February; 31 January + 1 month = 28 or 29 February). The defined rule, never the next month's 1st.
 */
export function addMonthsToDay(day: Day, months: number): Day {
  const m = DAY.exec(day);
  if (!m || !Number.isInteger(months)) throw new Error(`not a day: ${day}`);
  const index = Number(m[1]) * 12 + (Number(m[2]) - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const date = Math.min(Number(m[3]), daysIn(year, month));
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(date).padStart(2, "0")}`;
}

const latest = (days: readonly (Day | null)[]): Day | null =>
  days.reduce<Day | null>((a, b) => (b !== null && (a === null || b > a) ? b : a), null);

/** The flue's next due day, or null when nothing is known yet (no service, no override). */
export function nextDue(flue: FlueForDue, history: readonly ServiceEvent[], cadences: Cadences): NextDue | null {
  const from = latest([flue.lastServiceDay, ...history.map((e) => e.day)]);
  const services: { preset: string | null; day: Day }[] = [];
  if (from !== null)
    services.push({ preset: null, day: addMonthsToDay(from, flue.cadenceMonths ?? cadences.defaultMonths) });
  for (const { preset, months } of cadences.services) {
    const last = latest(history.filter((e) => e.kind === "job" && e.presets.includes(preset)).map((e) => e.day));
    if (last !== null) services.push({ preset, day: addMonthsToDay(last, months) });
  }
  services.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  if (flue.dueOverride !== null) return { day: flue.dueOverride, basis: "override", from, services };
  const first = services[0];
  return first ? { day: first.day, basis: "history", from, services } : null;
}
