// Business-hours arithmetic in the business's own time zone (America/Chicago), whatever the server's zone:
// when to promise a call back, and when a lead has waited too long. A closed day (a holiday,
// app/content/closed-days.ts) has no opening hours: the caller says which days are closed.

export type OpeningHours = readonly {
  readonly dayCodes: readonly string[];
  readonly opens: string | null;
  readonly closes: string | null;
}[];

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

type Wall = { year: number; month: number; day: number; weekday: number; minutes: number };

const partsFormat = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string) {
  let format = partsFormat.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      weekday: "long",
      hour: "numeric",
      minute: "numeric",
    });
    partsFormat.set(timeZone, format);
  }
  return format;
}

/** The wall-clock date and time of an instant in a time zone. */
export function wallClock(instant: Date, timeZone: string): Wall {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    weekday: WEEKDAYS.indexOf((parts.weekday ?? "Sunday") as (typeof WEEKDAYS)[number]),
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** The instant at which the zone's clock shows the given date and minute of the day. */
export function zonedInstant(year: number, month: number, day: number, minutes: number, timeZone: string): Date {
  const guess = Date.UTC(year, month - 1, day, 0, minutes);
  // Two corrections settle the zone's offset, across a daylight-saving change too.
  let instant = guess;
  for (let i = 0; i < 2; i++) {
    const wall = wallClock(new Date(instant), timeZone);
    const shown = Date.UTC(wall.year, wall.month - 1, wall.day, 0, wall.minutes);
    instant += guess - shown;
  }
  return new Date(instant);
}

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

function openWindow(hours: OpeningHours, weekday: number): [number, number] | null {
  const day = hours.find((h) => h.dayCodes.includes(WEEKDAYS[weekday] ?? ""));
  if (!day?.opens || !day.closes) return null;
  return [toMinutes(day.opens), toMinutes(day.closes)];
}

/** "YYYY-MM-DD" of a wall-clock date. */
const dayOf = (w: Wall) => `${w.year}-${String(w.month).padStart(2, "0")}-${String(w.day).padStart(2, "0")}`;

/**
 * The instant `businessHours` of opening time after `start` (at the next opening when `businessHours` is 0), skipping
 * the days `closed` names ("YYYY-MM-DD", the business's day).
 */
export function addBusinessHours(
  start: Date,
  businessHours: number,
  hours: OpeningHours,
  timeZone: string,
  closed: (day: string) => boolean = () => false,
): Date {
  let remaining = Math.round(businessHours * 60);
  let wall = wallClock(start, timeZone);
  let fromMinute = wall.minutes;
  for (let day = 0; day < 15; day++) {
    const window = closed(dayOf(wall)) ? null : openWindow(hours, wall.weekday);
    if (window) {
      const begin = Math.max(fromMinute, window[0]);
      const available = window[1] - begin;
      if (available > 0 && (remaining < available || (remaining === available && remaining > 0))) {
        return zonedInstant(wall.year, wall.month, wall.day, begin + remaining, timeZone);
      }
      if (available > 0) remaining -= available;
    }
    // On to the start of the next calendar day in the zone (noon avoids daylight-saving edges).
    const nextNoon = zonedInstant(wall.year, wall.month, wall.day, 12 * 60, timeZone).getTime() + 24 * 3_600_000;
    wall = wallClock(new Date(nextNoon), timeZone);
    fromMinute = 0;
  }
  throw new Error("No opening hours in the next two weeks");
}

const timeFormat = new Map<string, Intl.DateTimeFormat>();

/** "10:00 AM" in the zone. */
export function clockText(instant: Date, timeZone: string): string {
  let format = timeFormat.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit" });
    timeFormat.set(timeZone, format);
  }
  return format.format(instant).replace(/\u202F/g, " ");
}

/** "by 10:00 AM Monday", "by 1:30 PM today", "by 9:00 AM tomorrow", as seen from `now` in the zone. */
export function byText(deadline: Date, now: Date, timeZone: string): string {
  const a = wallClock(now, timeZone);
  const b = wallClock(deadline, timeZone);
  const dayNumber = (w: Wall) => Date.UTC(w.year, w.month - 1, w.day) / 86_400_000;
  const days = dayNumber(b) - dayNumber(a);
  const when = days === 0 ? "today" : days === 1 ? "tomorrow" : WEEKDAYS[b.weekday];
  return `by ${clockText(deadline, timeZone)} ${when}`;
}

/**
 * Opening-hours time between two instants, in hours: how long a lead waited as the business counts it. A day `closed`
 * names (a holiday) counts nothing, as addBusinessHours skips it.
 */
export function businessHoursBetween(
  start: Date,
  end: Date,
  hours: OpeningHours,
  timeZone: string,
  closed: (day: string) => boolean = () => false,
): number {
  const [from, to] = [start.getTime(), end.getTime()];
  if (to <= from) return 0;
  let total = 0;
  let wall = wallClock(start, timeZone);
  while (zonedInstant(wall.year, wall.month, wall.day, 0, timeZone).getTime() < to) {
    const window = closed(dayOf(wall)) ? null : openWindow(hours, wall.weekday);
    if (window) {
      const open = zonedInstant(wall.year, wall.month, wall.day, window[0], timeZone).getTime();
      const close = zonedInstant(wall.year, wall.month, wall.day, window[1], timeZone).getTime();
      total += Math.max(0, Math.min(close, to) - Math.max(open, from));
    }
    const nextNoon = zonedInstant(wall.year, wall.month, wall.day, 12 * 60, timeZone).getTime() + 24 * 3_600_000;
    wall = wallClock(new Date(nextNoon), timeZone);
  }
  return total / 3_600_000;
}
