// A job's work days: the days the owner is offered, and adding, moving, removing a day and moving it for rain. Each
// change is one immediate transaction with the homeowner's invite (the day's own UID, SEQUENCE raised, CANCEL for a
// removed day) and its reminder re-armed.
import { randomUUID } from "node:crypto";
import type { DayPlace, JobDayRow } from "../store/jobs.ts";
import { instantAt, isDay, isWallTime, minutesOf } from "../time/wall-time.ts";
import {
  accepted,
  calendar,
  change,
  dayOf,
  jobOf,
  OFFER_DAYS,
  refuseIfDone,
  tell,
  today,
  zone,
  type JobContext,
} from "./job-context.ts";
import { JobRefusal } from "./job-refusal.ts";
import { hasStarted, holdsWindow, isOpenDay, nextOpenDay, offeredDays, type OfferedDay } from "./work-days.ts";

export type WindowChoice = { day: string; starts: string; ends: string };

/** The days the owner may put work on, from today, busy ones marked; the job's own days left out. */
export function offered(ctx: JobContext, jobId: number): OfferedDay[] {
  const taken = new Set(ctx.jobs.days(jobId).map((d) => d.day));
  return offeredDays(today(ctx), OFFER_DAYS, calendar(ctx), taken, ctx.now());
}

/** A chosen day and window, checked, with the instants they stand for; a refusal in words otherwise. */
export function checkChoice(ctx: JobContext, choice: WindowChoice): DayPlace {
  if (!isDay(choice.day)) throw new JobRefusal(400, "Choose a day from the list.");
  if (!isWallTime(choice.starts) || !isWallTime(choice.ends) || minutesOf(choice.ends) <= minutesOf(choice.starts)) {
    throw new JobRefusal(400, "Choose an arrival window: it ends after it starts.");
  }
  if (choice.day < today(ctx)) throw new JobRefusal(400, "That day has passed. Choose today or a later day.");
  const c = calendar(ctx);
  if (!isOpenDay(choice.day, c)) {
    throw new JobRefusal(409, "You are closed that day (your hours, a holiday or a day off). Choose another day.");
  }
  if (!holdsWindow(choice.day, choice, c.hours)) {
    throw new JobRefusal(409, "That window is outside your opening hours that day. Choose another.");
  }
  // The picker offers none of today's windows that have started; a form left open since is refused the same.
  if (hasStarted(choice.day, choice.starts, ctx.now(), zone())) {
    throw new JobRefusal(409, "That window has started. Choose a later one.");
  }
  return {
    day: choice.day,
    starts: choice.starts,
    ends: choice.ends,
    starts_at: instantAt(choice.day, choice.starts, zone()).toISOString(),
    ends_at: instantAt(choice.day, choice.ends, zone()).toISOString(),
  };
}

export function addDay(ctx: JobContext, jobId: number, choice: WindowChoice): JobDayRow {
  return change(ctx, () => {
    const job = jobOf(ctx, jobId);
    refuseIfDone(job);
    accepted(ctx, job);
    const place = checkChoice(ctx, choice);
    const uid = `job-${randomUUID()}@${new URL(ctx.origin).hostname || "localhost"}`;
    const day = ctx.jobs.addDay(job.id, uid, place);
    tell(ctx, day, "scheduled");
    return day;
  });
}

export function moveDay(ctx: JobContext, jobId: number, dayId: number, choice: WindowChoice): JobDayRow {
  return change(ctx, () => {
    refuseIfDone(jobOf(ctx, jobId));
    const before = dayOf(ctx, jobId, dayId);
    const place = checkChoice(ctx, choice);
    if (place.day === before.day && place.starts === before.starts && place.ends === before.ends) return before;
    const moved = ctx.jobs.moveDay(dayId, place, false) as JobDayRow;
    tell(ctx, moved, "moved", before);
    return moved;
  });
}

export function removeDay(ctx: JobContext, jobId: number, dayId: number): JobDayRow {
  return change(ctx, () => {
    refuseIfDone(jobOf(ctx, jobId));
    const before = dayOf(ctx, jobId, dayId);
    const removed = ctx.jobs.cancelDay(dayId) as JobDayRow;
    tell(ctx, removed, "cancelled", before);
    return removed;
  });
}

/**
 * "Rain day": the day moves to the next open day whose hours hold its whole window (Friday 1-3 pm skips Saturday,
 * which closes at 2), same window, not a day this job has; the homeowner is told.
 */
export function rainDay(ctx: JobContext, jobId: number, dayId: number): JobDayRow {
  return change(ctx, () => {
    refuseIfDone(jobOf(ctx, jobId));
    const before = dayOf(ctx, jobId, dayId);
    if (before.day < today(ctx)) throw new JobRefusal(409, "That day has passed.");
    const taken = new Set(ctx.jobs.days(jobId).map((d) => d.day));
    const next = nextOpenDay(before.day, today(ctx), calendar(ctx), taken, before);
    if (!next) throw new JobRefusal(409, "No open day in the next three months. Move the day by hand.");
    const moved = ctx.jobs.moveDay(
      dayId,
      {
        day: next,
        starts: before.starts,
        ends: before.ends,
        starts_at: instantAt(next, before.starts, zone()).toISOString(),
        ends_at: instantAt(next, before.ends, zone()).toISOString(),
      },
      true,
    ) as JobDayRow;
    tell(ctx, moved, "rain", before);
    return moved;
  });
}
