// Wall-clock arithmetic in the business's zone (America/Chicago), through Temporal (temporal-polyfill), never the
// server's own zone: a day is "YYYY-MM-DD" and a time "HH:MM" as the business's clock shows them; instants are Dates
// (UTC). A time that does not exist (02:30 on the spring change) moves later, and one that exists twice (01:30 on
// the fall change) is the first: Temporal's "compatible" disambiguation, as calendars do.
import { Temporal } from "temporal-polyfill";
import { addDays, dayAt, weekdayOf, type Day } from "../../app/lib/business-day.ts";

// A day from an instant has one home, shared with the app (decision 0035); here for the server's wall-clock callers.
export { addDays, dayAt, weekdayOf, type Day };
export type WallTime = string;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function isDay(value: string): value is Day {
  const m = DAY.exec(value);
  if (!m) return false;
  try {
    Temporal.PlainDate.from(value, { overflow: "reject" });
    return true;
  } catch {
    return false;
  }
}

export function isWallTime(value: string): value is WallTime {
  return TIME.test(value);
}

/** Minutes since midnight of "HH:MM". */
export function minutesOf(time: WallTime): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

export function wallTimeOf(minutes: number): WallTime {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

// Instants are facts: a day and a time in a zone always give the same one. Remembered, because Temporal's polyfill
// takes tens of microseconds a conversion and the booking page converts a hundred windows per view.
const instants = new Map<string, number>();

/** The instant the zone's clock shows `time` on `day`. */
export function instantAt(day: Day, time: WallTime, timeZone: string): Date {
  const key = `${timeZone} ${day} ${time}`;
  let ms = instants.get(key);
  if (ms === undefined) {
    ms = Temporal.PlainDateTime.from(`${day}T${time}`).toZonedDateTime(timeZone, {
      disambiguation: "compatible",
    }).epochMilliseconds;
    if (instants.size > 20_000) instants.clear();
    instants.set(key, ms);
  }
  return new Date(ms);
}

function zoned(instant: Date, timeZone: string) {
  return Temporal.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(timeZone);
}

/**
 * The zone's day and time at an instant, read together from one conversion (the booking page reads a hundred): its
 * day is dayAt's, as business-day.test.ts checks over two years of hours.
 */
export function wallAt(instant: Date, timeZone: string): { day: Day; time: WallTime; weekday: number } {
  const z = zoned(instant, timeZone);
  return { day: z.toPlainDate().toString(), time: wallTimeOf(z.hour * 60 + z.minute), weekday: z.dayOfWeek };
}

// Calendar days alone: Date.UTC, as in app/lib/business-day.ts.
const utcDay = (day: Day) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));

export const WEEKDAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
export type WeekdayName = (typeof WEEKDAY_NAMES)[number];

export function weekdayName(day: Day): WeekdayName {
  return WEEKDAY_NAMES[weekdayOf(day) - 1] as WeekdayName;
}

/** Whole days from `a` to `b` (negative when b is earlier). */
export function daysBetween(a: Day, b: Day): number {
  return Math.round((utcDay(b) - utcDay(a)) / 86_400_000);
}

/** The instant a day ends in the zone: the first instant of the next day (a quote valid until a day, say). */
export function endOfDay(day: Day, timeZone: string): Date {
  return new Date(Temporal.PlainDate.from(day).add({ days: 1 }).toZonedDateTime(timeZone).epochMilliseconds);
}

const instantFormats = new Map<string, Intl.DateTimeFormat>();
/** "Mon, Nov 23, 2026, 3:04 PM CST": an instant on the given zone's clock, not the server's. */
export function instantText(iso: string, timeZone: string): string {
  let format = instantFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      weekday: "short",
      month: "short",
      day: "numeric",
      year: "numeric",
      hour: "numeric",
      minute: "2-digit",
      timeZoneName: "short",
    });
    instantFormats.set(timeZone, format);
  }
  return format.format(new Date(iso)).replace(/\u202F/g, " ");
}
