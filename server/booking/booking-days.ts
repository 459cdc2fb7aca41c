// The owner's calendar for estimate visits: days off ("Block a day"), the closed days (holidays) and which he opened
// for visits. Work days follow the same calendar (server/jobs/).
import { business } from "../../app/content/business.ts";
import { closedDayName, closedDaysBetween } from "../../app/content/closed-days.ts";
import type { VisitRow } from "../store/visits.ts";
import { addDays, isDay, type Day } from "../time/wall-time.ts";
import { closedFrom, today, type BookingContext } from "./booking-context.ts";

/** Whether a day is closed (a holiday) and not opened, as read now: work days follow the same calendar. */
export function closedNow(ctx: BookingContext): (day: Day) => boolean {
  return closedFrom(ctx, today(ctx));
}

/** Days off from today on. */
export function daysOff(ctx: BookingContext) {
  return ctx.visits.daysOff(today(ctx));
}

/** Blocks a day or a range; returns the booked visits on them, for the owner to move or keep. */
export function blockDays(ctx: BookingContext, first: Day, last: Day, note: string): VisitRow[] {
  ctx.visits.addDayOff(first, last, note);
  return ctx.visits.bookedBetween(first, last);
}

/** The closed days (holidays) of the next year, each with whether the owner has opened it for visits. */
export function closedDaysAhead(ctx: BookingContext): { day: Day; name: string; opened: boolean }[] {
  const from = today(ctx);
  const opened = new Set(ctx.visits.openDays(from));
  return closedDaysBetween(from, addDays(from, 365), business.closedDays).map((c) => ({
    ...c,
    opened: opened.has(c.day),
  }));
}

/** Opens a closed day for visits ("Open this day anyway"), or closes it again; false for a day not closed. */
export function openClosedDay(ctx: BookingContext, day: Day, open: boolean): boolean {
  if (!isDay(day) || closedDayName(day, business.closedDays) === null) return false;
  if (open) ctx.visits.addOpenDay(day);
  else ctx.visits.removeOpenDay(day);
  return true;
}
