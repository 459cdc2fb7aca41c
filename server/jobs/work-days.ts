// A job's work days, the pure part: which days the owner is offered (the business open by its hours, not a closed
// day he has not opened, not a day off; a day his own calendars show busy is offered but marked), with the windows its
// opening hours hold and, today, only those not started; the next open day for a rain day, whose hours hold the whole
// window; and the `sms:` link "On my way" opens. Days and windows are the business's wall clock (wall-time.ts).
import type { OpeningHours } from "../../app/lib/business-hours.ts";
import type { ArrivalWindow, BookingSettings } from "../booking/availability.ts";
import { busyCheck, isDayOff, type Busy, type DayOff } from "../booking/windows.ts";
import { addDays, instantAt, minutesOf, weekdayName, type Day, type WallTime } from "../time/wall-time.ts";

export type OfferedDay = { day: Day; busy: boolean; windows: ArrivalWindow[] };

export type CalendarInputs = {
  hours: OpeningHours;
  settings: Pick<BookingSettings, "windows">;
  daysOff: readonly DayOff[];
  closed: (day: Day) => boolean;
  busy: readonly Busy[];
  timeZone: string;
};

/** The business's hours on a day, or null when it is not open that weekday. */
function hoursOn(day: Day, hours: OpeningHours): { opens: string; closes: string } | null {
  const open = hours.find((h) => h.dayCodes.includes(weekdayName(day)));
  return open?.opens && open.closes ? { opens: open.opens, closes: open.closes } : null;
}

/** Whether the business's hours on a day hold the whole arrival window (Saturday closes at 2: 1-3 pm does not fit). */
export function holdsWindow(day: Day, window: { starts: WallTime; ends: WallTime }, hours: OpeningHours): boolean {
  const open = hoursOn(day, hours);
  return (
    open !== null &&
    minutesOf(open.opens) <= minutesOf(window.starts) &&
    minutesOf(window.ends) <= minutesOf(open.closes)
  );
}

/** Whether a window on a day has started by `now` (only today's can have: a later day's starts later). */
export function hasStarted(day: Day, starts: WallTime, now: Date, timeZone: string): boolean {
  return instantAt(day, starts, timeZone).getTime() <= now.getTime();
}

/** Whether work may be put on a day: open by the hours, not a closed day (unless opened), not a day off. */
export function isOpenDay(day: Day, c: Pick<CalendarInputs, "hours" | "daysOff" | "closed">): boolean {
  return hoursOn(day, c.hours) !== null && !c.closed(day) && !isDayOff(day, c.daysOff);
}

/** Whether the owner's calendars show him busy during the day's business hours. */
export function isBusyDay(day: Day, c: CalendarInputs, check = busyCheck(c.busy)): boolean {
  const open = hoursOn(day, c.hours);
  if (!open) return false;
  return check(instantAt(day, open.opens, c.timeZone).getTime(), instantAt(day, open.closes, c.timeZone).getTime());
}

/**
 * The days from `first` on, `count` calendar days, that work may go on, with the weekday's arrival windows that its
 * opening hours hold; of today's, only those that have not started by `now`.
 */
export function offeredDays(
  first: Day,
  count: number,
  c: CalendarInputs,
  taken: ReadonlySet<Day>,
  now: Date,
): OfferedDay[] {
  const check = busyCheck(c.busy);
  const days: OfferedDay[] = [];
  for (let n = 0; n < count; n++) {
    const day = addDays(first, n);
    if (taken.has(day) || !isOpenDay(day, c)) continue;
    const windows = (c.settings.windows[weekdayName(day)] ?? []).filter(
      (w) => holdsWindow(day, w, c.hours) && !hasStarted(day, w.starts, now, c.timeZone),
    );
    days.push({ day, busy: isBusyDay(day, c, check), windows });
  }
  return days;
}

/**
 * A rain day's new date: the first open day after `from` (and after today) whose opening hours hold the whole
 * window, not already a day of this job.
 */
export function nextOpenDay(
  from: Day,
  today: Day,
  c: Pick<CalendarInputs, "hours" | "daysOff" | "closed">,
  taken: ReadonlySet<Day>,
  window: { starts: WallTime; ends: WallTime },
): Day | null {
  let day = from > today ? from : today;
  for (let i = 0; i < 90; i++) {
    day = addDays(day, 1);
    if (!taken.has(day) && isOpenDay(day, c) && holdsWindow(day, window, c.hours)) return day;
  }
  return null;
}

/**
 * The `sms:` link with its message written. `sms:+13095550134?&body=…` is the one form both phones read: iOS takes
 * the body after `&`, Android after `?`, and each ignores the other's empty part. The body is percent-encoded whole.
 */
export function smsWithBody(phone: string, body: string): string {
  const digits = phone.replace(/\D/g, "");
  const e164 =
    digits.length === 10 ? `+1${digits}` : digits.length === 11 && digits.startsWith("1") ? `+${digits}` : digits;
  return `sms:${e164}?&body=${encodeURIComponent(body)}`;
}
