// "Job done": one immediate transaction marks the job done (a conditional UPDATE), cancels the work days after today
// that the owner was shown and agreed to cancel (each with its CANCEL invite to the homeowner's calendar: the day's
// UID, SEQUENCE raised; its reminder withdrawn), makes the invoice's draft (one per quote: the payments service's
// `invoices.make`) and asks for the review once when a review link is set. With days after today and no answer for
// exactly those days, nothing changes and the days are handed back to ask about. A second tap answers the same
// invoice. Everything Job done sets off lives here.
import type { JobDayRow } from "../store/jobs.ts";
import { accepted, change, jobOf, tell, today, type JobContext } from "./job-context.ts";

export type DoneResult = {
  invoiceId: number;
  /** Whether this tap marked it done (false: it was already). */
  marked: boolean;
  review: "queued" | "already" | "no-link" | "not-won" | "no-request";
  /** The later work days this tap cancelled. */
  cancelled: JobDayRow[];
};

/** Not done: these days are after today, and the owner has not said to cancel them (or not these ones). */
export type DoneQuestion = { ask: JobDayRow[] };

export type DoneOptions = {
  reviewUrl: string | null;
  /** The ids of the later days the owner was shown and agreed to cancel. */
  cancelLater?: readonly number[];
};

/** The job's scheduled days after today: what "Job done" asks about. */
export function laterDays(ctx: JobContext, jobId: number): JobDayRow[] {
  const from = today(ctx);
  return ctx.jobs.days(jobId).filter((d) => d.day > from);
}

/** The answer covers exactly the days there are now: one added or moved since the question asks again. */
function answered(later: readonly JobDayRow[], cancelLater: readonly number[] | undefined): boolean {
  if (!cancelLater) return false;
  const agreed = new Set(cancelLater);
  return agreed.size === later.length && later.every((d) => agreed.has(d.id));
}

export function done(
  ctx: JobContext,
  jobId: number,
  { reviewUrl, cancelLater }: DoneOptions,
): DoneResult | DoneQuestion {
  return change(ctx, (): DoneResult | DoneQuestion => {
    const job = jobOf(ctx, jobId);
    const a = accepted(ctx, job);
    const later = job.status === "open" ? laterDays(ctx, job.id) : [];
    if (later.length > 0 && !answered(later, cancelLater)) return { ask: later };
    const cancelled = later.map((before) => {
      const removed = ctx.jobs.cancelDay(before.id) as JobDayRow;
      tell(ctx, removed, "done", before);
      return removed;
    });
    const marked = ctx.jobs.markDone(job.id);
    const invoice = ctx.makeInvoice(job.quote_id);
    const estimateId = a.quote.estimate_id;
    let review: DoneResult["review"] = "no-request";
    if (estimateId !== null) review = reviewUrl ? ctx.store.requestReview(estimateId) : "no-link";
    return { invoiceId: invoice.id, marked, review, cancelled };
  });
}
