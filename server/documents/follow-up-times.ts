// When a document's follow-up e-mails go (decision 0032; a quote's, and an invoice's reminders): at most three, on set
// days after sending and a few days before the valid-until date, an hour after opening on a day the business is open,
// never after it expires. A closed day (a holiday in the business facts) is a day the business is not open: a follow-up
// due on Thanksgiving goes the next open day, an hour after opening. Wall-clock days and times in the business's zone
// through Temporal (server/time/wall-time.ts), so a follow-up goes at 9:00 in Bloomington across a daylight-saving
// change too. Pure: the outbox sends them, and their composer checks again when one is due (server/quotes/quote-composers.ts), so a decision made meanwhile stops it.
import type { OpeningHours } from "../../app/lib/business-hours.ts";
import { closedDayName, type ClosedDay } from "../../app/content/closed-days.ts";
import { addDays, dayAt, instantAt, minutesOf, wallAt, wallTimeOf, weekdayName, type Day } from "../time/wall-time.ts";

export const MAX_FOLLOW_UPS = 3;

export type FollowUpPlan = {
  /** Days after the day it was sent: [2, 6]. */
  days: readonly number[];
  /** Days before the valid-until day; 0 for none. */
  daysBeforeExpiry: number;
};

/** The day's opening and closing minutes, or null when closed (by its weekday, or as a closed day). */
function openingOn(day: Day, hours: OpeningHours, closedDays: readonly ClosedDay[]): [number, number] | null {
  if (closedDayName(day, closedDays) !== null) return null;
  const name = weekdayName(day);
  const entry = hours.find((h) => h.dayCodes.includes(name) && h.opens && h.closes);
  return entry?.opens && entry.closes ? [minutesOf(entry.opens), minutesOf(entry.closes)] : null;
}

/** An hour after opening (or halfway through a short day). */
function sendingTime(window: [number, number]): string {
  const [opens, closes] = window;
  return wallTimeOf(Math.min(opens + 60, Math.floor((opens + closes) / 2)));
}

/** The first open day at or after `day` (forward), or at or before it (backward), within a week; null if none. */
function openDay(day: Day, hours: OpeningHours, closedDays: readonly ClosedDay[], step: 1 | -1): Day | null {
  for (let i = 0; i < 7; i++) {
    const candidate = addDays(day, i * step);
    if (openingOn(candidate, hours, closedDays)) return candidate;
  }
  return null;
}

/**
 * The instants of a quote's follow-ups, earliest first, at most `MAX_FOLLOW_UPS - alreadySent`: each on an open day,
 * an hour after opening, later than a day after sending and before the quote expires, never two on one day.
 */
export function followUpTimes({
  sentAt,
  validUntil,
  expiresAt,
  plan,
  hours,
  closedDays = [],
  timeZone,
  alreadySent = 0,
}: {
  sentAt: Date;
  validUntil: Day;
  expiresAt: Date;
  plan: FollowUpPlan;
  hours: OpeningHours;
  closedDays?: readonly ClosedDay[];
  timeZone: string;
  alreadySent?: number;
}): Date[] {
  const sentDay = dayAt(sentAt, timeZone);
  const wanted: Day[] = [];
  for (const d of [...plan.days].sort((a, b) => a - b)) {
    const day = openDay(addDays(sentDay, d), hours, closedDays, 1);
    if (day) wanted.push(day);
  }
  if (plan.daysBeforeExpiry > 0) {
    const day = openDay(addDays(validUntil, -plan.daysBeforeExpiry), hours, closedDays, -1);
    if (day) wanted.push(day);
  }
  const earliest = sentAt.getTime() + 24 * 3_600_000;
  const seen = new Set<Day>();
  const times: Date[] = [];
  for (const day of wanted.sort()) {
    if (seen.has(day)) continue;
    const window = openingOn(day, hours, closedDays);
    if (!window) continue;
    const at = instantAt(day, sendingTime(window), timeZone);
    if (at.getTime() < earliest || at.getTime() >= expiresAt.getTime()) continue;
    seen.add(day);
    times.push(at);
  }
  return times.slice(0, Math.max(0, MAX_FOLLOW_UPS - alreadySent));
}

/** Whether the business is open at `now` (a follow-up found due outside them, after an outage, is not sent). */
export function isOpenAt(
  now: Date,
  hours: OpeningHours,
  timeZone: string,
  closedDays: readonly ClosedDay[] = [],
): boolean {
  const { day, time } = wallAt(now, timeZone);
  const window = openingOn(day, hours, closedDays);
  const minute = minutesOf(time);
  return window !== null && minute >= window[0] && minute < window[1];
}
