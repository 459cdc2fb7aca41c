// What a work day means outside its job (decision 0047): on the Visits view and in the owner's feed it is marked as
// work, "day 1 of 2", from its arrival window to the end of the working day; for estimate booking it is busy for that
// same stretch (a one-person business on a roof all day cannot come to an estimate at 10 am). Days of a job marked
// done after them are no longer work. Reads the rows through server/store/work-days.ts; writes nothing.
import type { OpeningHours } from "../../app/lib/business-hours.ts";
import { dayAt } from "../../app/lib/business-day.ts";
import type { WorkDayRow } from "../store/work-days.ts";
import { endOfDay, instantAt, weekdayName } from "../time/wall-time.ts";
import type { Busy } from "../booking/windows.ts";

/** A work day with the stretch it takes: from its arrival window's start to the end of the working day. */
export type WorkDay = WorkDayRow & { start: Date; end: Date };

/**
 * When the working day ends: the day's closing time in the business hours, or the arrival window's end when that is
 * later; a day the business is shut (he works a Sunday) runs to midnight.
 */
export function workingDayEnd(row: Pick<WorkDayRow, "day" | "ends_at">, hours: OpeningHours, timeZone: string): Date {
  const open = hours.find((h) => h.dayCodes.includes(weekdayName(row.day)));
  const close = open?.closes ? instantAt(row.day, open.closes, timeZone) : endOfDay(row.day, timeZone);
  const windowEnd = new Date(row.ends_at);
  return close.getTime() > windowEnd.getTime() ? close : windowEnd;
}

/** The rows that are still work: every scheduled day of an open job; of a done job, those up to the day it was done. */
export function workDays(rows: readonly WorkDayRow[], hours: OpeningHours, timeZone: string): WorkDay[] {
  return rows
    .filter((r) => r.job_status === "open" || (r.done_at !== null && r.day <= dayAt(r.done_at, timeZone)))
    .map((r) => ({ ...r, start: new Date(r.starts_at), end: workingDayEnd(r, hours, timeZone) }));
}

/** "Day 1 of 2", or "" for a one-day job. */
export function dayOfJob({ nth, of }: Pick<WorkDayRow, "nth" | "of">): string {
  return of > 1 ? `Day ${nth} of ${of}` : "";
}

/** "Work: Dana Whitfield, Normal — day 1 of 2": what the owner's calendar shows. */
export function workDaySummary(w: Pick<WorkDayRow, "name" | "town" | "nth" | "of">): string {
  const who = [w.name || "Customer", w.town].filter(Boolean).join(", ");
  const which = dayOfJob(w);
  return `Work: ${who}${which ? ` — ${which.toLowerCase()}` : ""}`;
}

/**
 * The owner's busy times with his work days added, sorted and merged as windows.ts searches them by halves. The
 * calendars' list comes sorted and merged; with no work days it is handed on as it is.
 */
export function withWorkDays(busy: readonly Busy[], work: readonly Pick<WorkDay, "start" | "end">[]): readonly Busy[] {
  if (work.length === 0) return busy;
  const extra = work.map((w) => ({ start: w.start, end: w.end })).sort((a, b) => a.start.getTime() - b.start.getTime());
  // One pass over both sorted lists, taking the earlier start each time and joining what overlaps or touches.
  const merged: Busy[] = [];
  let i = 0;
  let j = 0;
  while (i < busy.length || j < extra.length) {
    const a = busy[i];
    const b = extra[j];
    const next = (b === undefined || (a !== undefined && a.start.getTime() <= b.start.getTime()) ? a : b) as Busy;
    if (next === a) i++;
    else j++;
    const last = merged.at(-1);
    if (last && next.start.getTime() <= last.end.getTime()) {
      if (next.end.getTime() > last.end.getTime()) merged[merged.length - 1] = { start: last.start, end: next.end };
    } else merged.push(next);
  }
  return merged;
}
