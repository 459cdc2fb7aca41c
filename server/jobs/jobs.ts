// The job (decision 0045): an accepted quote becomes one job in one tap; the owner puts its work days on open days
// with an arrival window, moves them, removes them, moves one for rain, says "on my way" once a day and marks it done.
// Every change happens in one immediate transaction with the homeowner's e-mail it sets off (an invite with the day's
// own UID and a raised SEQUENCE, CANCEL for a removed day) and its reminder re-armed, so a mail is never lost nor sent
// for a change that did not happen. "Job done" makes the invoice's draft (server/invoices/) and asks for the review
// in the same transaction. The pages (app/routes/job.tsx, owner/job.tsx) call these and never write the tables.
// This file puts the service together; each step is a module of its own: job-days.ts, job-on-my-way.ts,
// job-done.ts, job-link.ts (the homeowner's side and the composers), over job-context.ts.
import { reminderDayFor } from "../booking/windows.ts";
import type { JobRow } from "../store/jobs.ts";
import type { Day } from "../time/wall-time.ts";
import { change, jobContext, linkFor, today, type JobContext, type JobsOptions } from "./job-context.ts";
import { addDay, moveDay, offered, rainDay, removeDay } from "./job-days.ts";
import { done, laterDays } from "./job-done.ts";
import { invoiceToken, jobComposers, lookup, page, quoteOf } from "./job-link.ts";
import { jobList } from "./job-list.ts";
import { onMyWay, textLink } from "./job-on-my-way.ts";
import { JobRefusal } from "./job-refusal.ts";

export { OFFER_DAYS, type JobsOptions } from "./job-context.ts";
export { type WindowChoice } from "./job-days.ts";
export { type DoneOptions, type DoneQuestion, type DoneResult } from "./job-done.ts";
export { type JobList, type JobListEntry, type JobStage } from "./job-list.ts";
export { JobRefusal };

/** A step's function with the service's context already given. */
function withContext<A extends unknown[], R>(ctx: JobContext, step: (ctx: JobContext, ...args: A) => R) {
  return (...args: A): R => step(ctx, ...args);
}

/** "Make the job": only for an accepted quote; a second tap answers the same job. */
function make(ctx: JobContext, quoteId: number): { job: JobRow; made: boolean } {
  return change(ctx, () => {
    const q = ctx.store.quotes.get(quoteId);
    if (!q) throw new JobRefusal(404, "There is no such quote.");
    if (q.status !== "accepted") throw new JobRefusal(409, "Only an accepted quote can become a job.");
    return ctx.jobs.make(quoteId);
  });
}

export function createJobs(options: JobsOptions) {
  const ctx = jobContext(options);
  const { jobs, booking } = ctx;
  return {
    /** The refusal class, for `instanceof` in the routes (the app's bundle has its own copy of this module). */
    JobRefusal,
    make: withContext(ctx, make),
    get: (jobId: number) => jobs.get(jobId),
    /** Every job in its group: in progress and scheduled, not scheduled, done (the console's Jobs). */
    list: withContext(ctx, jobList),
    forQuote: (quoteId: number) => jobs.forQuote(quoteId),
    days: (jobId: number) => jobs.days(jobId),
    onMyWayDays: (jobId: number) => jobs.onMyWay(jobId),
    quote: withContext(ctx, quoteOf),
    page: withContext(ctx, page),
    offered: withContext(ctx, offered),
    addDay: withContext(ctx, addDay),
    moveDay: withContext(ctx, moveDay),
    removeDay: withContext(ctx, removeDay),
    rainDay: withContext(ctx, rainDay),
    onMyWay: withContext(ctx, onMyWay),
    textLink: withContext(ctx, textLink),
    done: withContext(ctx, done),
    /** The days after today that "Job done" asks about. */
    laterDays: withContext(ctx, laterDays),
    /** A new link to the homeowner's job page (only its hash is kept). */
    homeownerLink: withContext(ctx, linkFor),
    lookup: withContext(ctx, lookup),
    retryAfter: (ip: string | null) => ctx.lookups.retryAfter(ip),
    invoiceToken: withContext(ctx, invoiceToken),
    today: () => today(ctx),
    /** The day a work day's reminder goes: the day before, or the last open day before it. */
    reminderDay: (day: Day) => reminderDayFor(day, booking.closed()),
    composers: jobComposers(ctx),
  };
}

export type Jobs = ReturnType<typeof createJobs>;
