// Which arrival windows a homeowner may book: a pure function of the owner's settings, days off, closed days
// (holidays he has not opened), the visits already booked, the owner's busy times and the time now. Days come from
// the business's calendar (wall-time.ts), so a window starts at its wall-clock time on the days daylight saving time
// changes too. Full days are left out.
import { instantAt, addDays, dayAt, daysBetween, weekdayName, type Day, type WallTime } from "../time/wall-time.ts";
import type { ArrivalWindow, BookingSettings } from "./availability.ts";

export type DayOff = { first: Day; last: Day };

/** A visit that holds its window: its day and wall-clock window (and which of the window's places, when stored). */
export type TakenWindow = { day: Day; starts: WallTime; ends: WallTime; slot?: number };

/** A time the owner is busy (his own calendar, issue 47), as instants. */
export type Busy = { start: Date; end: Date };

export type OpenWindow = ArrivalWindow & { day: Day; startsAt: Date; endsAt: Date };
export type OpenDay = { day: Day; windows: OpenWindow[] };

export type WindowInputs = {
  settings: BookingSettings;
  daysOff: readonly DayOff[];
  taken: readonly TakenWindow[];
  busy?: readonly Busy[];
  /** Closed days (holidays) the owner has not opened: no window on them. */
  closed?: (day: Day) => boolean;
  now: Date;
  timeZone: string;
  /** The owner books for a caller: from today, past the homeowner's cut-off. */
  owner?: boolean;
  /**
   * The days offered instead of the next `horizonDays`: a visit booked ahead (decision 0055), months away, is booked
   * and moved among the days around it. Today's rules still hold (never the past, the cut-off the day before).
   */
  span?: { first: Day; last: Day };
};

export function isDayOff(day: Day, daysOff: readonly DayOff[]): boolean {
  return daysOff.some((off) => off.first <= day && day <= off.last);
}

const overlaps = (a: { starts: WallTime; ends: WallTime }, b: { starts: WallTime; ends: WallTime }) =>
  a.starts < b.ends && b.starts < a.ends;

/**
 * Whether a busy time overlaps [start, end) (epoch ms). The owner's calendars hand over their busy times sorted and
 * merged (server/calendars/): thousands of them are searched by halves; any other list is scanned.
 */
export function busyCheck(busy: readonly Busy[]): (start: number, end: number) => boolean {
  let ordered = true;
  for (let i = 1; i < busy.length && ordered; i++) {
    ordered = (busy[i - 1] as Busy).end.getTime() <= (busy[i] as Busy).start.getTime();
  }
  if (!ordered) return (start, end) => busy.some((b) => b.start.getTime() < end && start < b.end.getTime());
  return (start, end) => {
    // The first busy time that ends after `start`: it overlaps when it starts before `end`.
    let low = 0;
    let high = busy.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((busy[mid] as Busy).end.getTime() <= start) low = mid + 1;
      else high = mid;
    }
    return low < busy.length && (busy[low] as Busy).start.getTime() < end;
  };
}

/**
 * The day a reminder for `day` goes: the day before, or the last day before it that is not closed (a holiday).
 * Earlier, not later: the next open day after a holiday can be the visit's own day. Visits and work days share it.
 */
export function reminderDayFor(day: Day, closed: (day: Day) => boolean): Day {
  let before = addDays(day, -1);
  for (let i = 0; i < 7 && closed(before); i++) before = addDays(before, -1);
  return before;
}

/** Bookings for `day` close at the cut-off the day before. */
export function bookingCloses(day: Day, settings: BookingSettings, timeZone: string): Date {
  return instantAt(addDays(day, -1), settings.cutoff, timeZone);
}

/**
 * Why one window cannot be booked now, or null when it can: the check the booking transaction makes again, so the
 * page and the write can never disagree.
 */
export function windowRefusal(
  window: TakenWindow,
  { settings, daysOff, taken, busy = [], closed = () => false, now, timeZone, owner = false, span }: WindowInputs,
): "closed" | "day-off" | "not-offered" | "full" | "day-full" | "busy" | null {
  const today = dayAt(now, timeZone);
  if (window.day < today || (!owner && window.day === today)) return "closed";
  // Beyond the horizon (or the span) a window was never offered (a made-up date), rather than gone.
  if (span ? window.day < span.first || window.day > span.last : window.day > addDays(today, settings.horizonDays)) {
    return "not-offered";
  }
  if (!owner && now.getTime() >= bookingCloses(window.day, settings, timeZone).getTime()) return "closed";
  if (isDayOff(window.day, daysOff) || closed(window.day)) return "day-off";
  const offered = settings.windows[weekdayName(window.day)] ?? [];
  if (!offered.some((w) => w.starts === window.starts && w.ends === window.ends)) return "not-offered";
  const sameDay = taken.filter((t) => t.day === window.day);
  if (sameDay.length >= settings.dailyCap) return "day-full";
  if (sameDay.filter((t) => overlaps(t, window)).length >= settings.perWindow) return "full";
  const startsAt = instantAt(window.day, window.starts, timeZone).getTime();
  const endsAt = instantAt(window.day, window.ends, timeZone).getTime();
  if (busyCheck(busy)(startsAt, endsAt)) return "busy";
  return null;
}

/** Every window that can be booked now, by day, soonest first; days with none are left out. */
export function openWindows(inputs: WindowInputs): OpenDay[] {
  const { settings, daysOff, taken, busy = [], closed = () => false, now, timeZone, owner = false, span } = inputs;
  if (!settings.enabled && !owner) return [];
  const today = dayAt(now, timeZone);
  const firstN = owner ? 0 : 1;
  const [from, to] = span
    ? [Math.max(firstN, daysBetween(today, span.first)), daysBetween(today, span.last)]
    : [firstN, settings.horizonDays];
  const isBusy = busyCheck(busy);
  const byDay = new Map<Day, TakenWindow[]>();
  for (const t of taken) byDay.set(t.day, [...(byDay.get(t.day) ?? []), t]);
  const days: OpenDay[] = [];
  for (let n = from; n <= to; n++) {
    const day = addDays(today, n);
    const offered = settings.windows[weekdayName(day)] ?? [];
    if (offered.length === 0 || isDayOff(day, daysOff) || closed(day)) continue;
    if (!owner && now.getTime() >= bookingCloses(day, settings, timeZone).getTime()) continue;
    const sameDay = byDay.get(day) ?? [];
    if (sameDay.length >= settings.dailyCap) continue;
    const windows: OpenWindow[] = [];
    for (const w of offered) {
      if (sameDay.filter((t) => overlaps(t, w)).length >= settings.perWindow) continue;
      const startsAt = instantAt(day, w.starts, timeZone);
      const endsAt = instantAt(day, w.ends, timeZone);
      // The owner may book today's windows that have not ended.
      if (endsAt <= now) continue;
      if (isBusy(startsAt.getTime(), endsAt.getTime())) continue;
      windows.push({ ...w, day, startsAt, endsAt });
    }
    if (windows.length > 0) days.push({ day, windows });
  }
  return days;
}

/**
 * The places a span of days offers (the reports' capacity, decision 0055): each open day's windows times the places a
 * window takes, up to the daily cap; days off, closed days and days without windows offer none. Taken places count:
 * this is what the days hold, not what is left.
 */
export function capacityBetween(
  { settings, daysOff, closed = () => false }: Pick<WindowInputs, "settings" | "daysOff" | "closed">,
  first: Day,
  last: Day,
): number {
  let places = 0;
  for (let day = first; day <= last; day = addDays(day, 1)) {
    const offered = settings.windows[weekdayName(day)] ?? [];
    if (offered.length === 0 || isDayOff(day, daysOff) || closed(day)) continue;
    places += Math.min(settings.dailyCap, offered.length * settings.perWindow);
  }
  return places;
}
