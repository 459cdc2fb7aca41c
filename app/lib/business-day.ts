// The one way to get a day from an instant (decision 0035): the calendar day the business's clock shows, in its own
// zone (America/Chicago), never the UTC day an ISO string starts with, nor the server's. At 7:30 pm Central on a
// Tuesday it is already Wednesday in UTC. ESLint refuses the other spellings (tools/eslint-rules/).

/** A calendar day, "YYYY-MM-DD", as the business's clock shows it. */
export type Day = string;

const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormats.set(timeZone, format);
  }
  return format;
}

/** The zone's calendar day at an instant (a Date or an ISO string). */
export function dayAt(instant: Date | string, timeZone: string): Day {
  const at = typeof instant === "string" ? new Date(instant) : instant;
  let year = "";
  let month = "";
  let day = "";
  for (const part of dayFormat(timeZone).formatToParts(at)) {
    if (part.type === "year") year = part.value;
    else if (part.type === "month") month = part.value;
    else if (part.type === "day") day = part.value;
  }
  return `${year.padStart(4, "0")}-${month}-${day}`;
}

/** The zone's year at an instant (a date shows its year only when it is not this one). */
export function yearAt(instant: Date | string, timeZone: string): number {
  return Number(dayAt(instant, timeZone).slice(0, 4));
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

// Calendar days alone (no clock, no zone) are plain proleptic Gregorian arithmetic, which Date.UTC does exactly and
// some thirty times faster than Temporal's polyfill: the booking page steps through 28 days on every view.
const utcDate = (day: Day, plus = 0) =>
  new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)) + plus));

/** Days added to a day, on the calendar alone. */
export function addDays(day: Day, days: number): Day {
  const at = utcDate(day, days);
  return `${pad(at.getUTCFullYear(), 4)}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`;
}

/** 1 for Monday … 7 for Sunday (ISO), as Temporal counts. */
export function weekdayOf(day: Day): number {
  return ((utcDate(day).getUTCDay() + 6) % 7) + 1;
}

/** A calendar month, "YYYY-MM": the business's month when it comes from one of its days. */
export type Month = string;

/** The month a day is in. */
export function monthOf(day: Day): Month {
  return day.slice(0, 7);
}

/** Months added to a month, on the calendar alone ("2026-12" + 1 is "2027-01"). */
export function addMonths(month: Month, months: number): Month {
  const at = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1 + months, 1));
  return `${pad(at.getUTCFullYear(), 4)}-${pad(at.getUTCMonth() + 1)}`;
}

/** The first and the last day of a month. */
export function monthDays(month: Month): { first: Day; last: Day } {
  return { first: `${month}-01`, last: addDays(`${addMonths(month, 1)}-01`, -1) };
}

/** Whole calendar days from one day to another (negative when `to` is earlier). */
export function daysBetween(from: Day, to: Day): number {
  return Math.round((utcDate(to).getTime() - utcDate(from).getTime()) / 86_400_000);
}
