// When marketing mail may go (decision 0052): on business days (Monday to Friday, not a closed day of the business
// facts), between 9:00 and 17:00 on the business's clock (America/Chicago), whatever the server's zone. A moment
// outside is moved to the next opening, once: a day and a time in the zone give one instant (server/time/wall-time.ts),
// so the spring change (2:00 → 3:00) and the fall one (1:00 twice) move nothing twice. And when a chimney's reminders
// are due: one `reminderWeeks` before the due day, and a second, last one on the due day itself.
import { addDays, daysBetween, instantAt, wallAt, weekdayOf, type Day, type WallTime } from "../time/wall-time.ts";

export const SEND_FROM: WallTime = "09:00";
export const SEND_UNTIL: WallTime = "17:00";
/** ISO weekdays: Monday (1) to Friday (5). */
export const BUSINESS_WEEKDAYS: readonly number[] = [1, 2, 3, 4, 5];
/** A reminder whose day passed while nothing could send (the server was off) still goes within this many days. */
export const LATE_REMINDER_DAYS = 30;

export type SendRules = {
  timeZone: string;
  /** Whether the business is closed all day (a holiday of the business facts). */
  closed: (day: Day) => boolean;
  weekdays?: readonly number[];
  from?: WallTime;
  until?: WallTime;
};

function window(day: Day, rules: SendRules): [Date, Date] | null {
  if (!(rules.weekdays ?? BUSINESS_WEEKDAYS).includes(weekdayOf(day)) || rules.closed(day)) return null;
  return [
    instantAt(day, rules.from ?? SEND_FROM, rules.timeZone),
    instantAt(day, rules.until ?? SEND_UNTIL, rules.timeZone),
  ];
}

/** Whether marketing mail may go at this instant. */
export function maySendAt(at: Date, rules: SendRules): boolean {
  const open = window(wallAt(at, rules.timeZone).day, rules);
  return open !== null && at >= open[0] && at < open[1];
}

/** `at` itself when mail may go then, else the next opening; null when none in the next 31 days. */
export function sendSlot(at: Date, rules: SendRules): Date | null {
  const today = wallAt(at, rules.timeZone).day;
  for (let i = 0; i <= 31; i++) {
    const open = window(addDays(today, i), rules);
    if (!open) continue;
    if (at < open[0]) return open[0];
    if (at < open[1]) return at;
  }
  return null;
}

/** The days a due day's reminders are for: the first `weeks` ahead, the second (if wanted) on the day itself. */
export function reminderDays(due: Day, weeks: number, second: boolean): { 1: Day; 2: Day | null } {
  return { 1: addDays(due, -7 * weeks), 2: second ? due : null };
}

/**
 * Which of a due day's reminders may be queued on `today`: the first from its day until LATE_REMINDER_DAYS after the
 * due day; the second from the due day, only once the first went at least a week before (`firstSentOn`), so nobody
 * gets both in one week. The ledger's unique key makes either one at most once.
 */
export function remindersToQueue(
  today: Day,
  due: Day,
  { weeks, second, firstSentOn }: { weeks: number; second: boolean; firstSentOn: Day | null },
): (1 | 2)[] {
  const days = reminderDays(due, weeks, second);
  if (daysBetween(due, today) > LATE_REMINDER_DAYS) return [];
  const wanted: (1 | 2)[] = [];
  if (today >= days[1]) wanted.push(1);
  if (days[2] !== null && today >= days[2] && firstSentOn !== null && daysBetween(firstSentOn, today) >= 7) {
    wanted.push(2);
  }
  return wanted;
}
