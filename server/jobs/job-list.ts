// The owner's list of jobs (issue 64): every job in one of three groups, so none is lost for having no day this week.
// First the jobs in progress (a day has come) and scheduled (days ahead), soonest next day first, an in-progress job
// with no day ahead at the very top (it waits for "Job done" or another day); then the jobs with no day yet, the
// longest waiting first; then the done ones, the latest first. Who and what each is comes from its accepted quote.
import { dayAt } from "../../app/lib/business-day.ts";
import type { JobRow, JobSummaryRow } from "../store/jobs.ts";
import type { Day } from "../time/wall-time.ts";
import { today, zone, type JobContext } from "./job-context.ts";
import { quoteOf } from "./job-link.ts";
import { JobRefusal } from "./job-refusal.ts";

export type JobStage = "in-progress" | "scheduled" | "not-scheduled" | "done";

export type JobListEntry = {
  id: number;
  quoteId: number;
  stage: JobStage;
  name: string;
  town: string;
  reference: string;
  /** The accepted option and add-ons, as the quote names them. */
  work: string;
  /** The next work day from today on, with its arrival window. */
  next: { day: Day; starts: string; ends: string } | null;
  /** Scheduled days in all. */
  days: number;
  /** The business day it was marked done. */
  doneDay: Day | null;
  createdAt: string;
};

export type JobList = { active: JobListEntry[]; unscheduled: JobListEntry[]; done: JobListEntry[] };

/** Where a job stands today. */
export function stageOf(row: Pick<JobSummaryRow, "status" | "days" | "past" | "next_day">, on: Day): JobStage {
  if (row.status === "done") return "done";
  if (row.days === 0) return "not-scheduled";
  return row.past > 0 || row.next_day === on ? "in-progress" : "scheduled";
}

const byNext = (a: JobListEntry, b: JobListEntry) => {
  // No day ahead first: that job waits for the owner.
  if (!a.next || !b.next) return a.next ? 1 : b.next ? -1 : a.id - b.id;
  const ak = `${a.next.day} ${a.next.starts}`;
  const bk = `${b.next.day} ${b.next.starts}`;
  return ak < bk ? -1 : ak > bk ? 1 : a.id - b.id;
};

/** The entries in their three groups, each in its order. Pure. */
export function groupJobs(entries: readonly JobListEntry[]): JobList {
  return {
    active: entries.filter((e) => e.stage === "in-progress" || e.stage === "scheduled").sort(byNext),
    unscheduled: entries
      .filter((e) => e.stage === "not-scheduled")
      .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id - b.id)),
    done: entries
      .filter((e) => e.stage === "done")
      .sort((a, b) =>
        (a.doneDay ?? "") < (b.doneDay ?? "") ? 1 : (a.doneDay ?? "") > (b.doneDay ?? "") ? -1 : b.id - a.id,
      ),
  };
}

/** The job's accepted quote; null (the job left out, never the page broken) if it is somehow not accepted. */
function acceptedOf(ctx: JobContext, job: JobRow) {
  try {
    return quoteOf(ctx, job);
  } catch (error) {
    if (error instanceof JobRefusal) return null;
    throw error;
  }
}

/** Every job, read now, in its group. */
export function jobList(ctx: JobContext): JobList {
  const on = today(ctx);
  const entries = ctx.jobs.summaries(on).flatMap((row): JobListEntry[] => {
    const job = ctx.jobs.get(row.id);
    const quote = job && acceptedOf(ctx, job);
    if (!quote) return [];
    const { accepted, choice } = quote;
    const { customer, reference } = accepted.version;
    return [
      {
        id: row.id,
        quoteId: row.quote_id,
        stage: stageOf(row, on),
        name: customer.name,
        town: customer.town ?? "",
        reference,
        work: choice ? [choice.optionName, ...choice.addonNames].filter(Boolean).join(" + ") : "",
        next:
          row.next_day && row.next_starts && row.next_ends
            ? { day: row.next_day, starts: row.next_starts, ends: row.next_ends }
            : null,
        days: row.days,
        doneDay: row.done_at ? dayAt(row.done_at, zone()) : null,
        createdAt: row.created_at,
      },
    ];
  });
  return groupJobs(entries);
}
