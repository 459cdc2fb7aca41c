// "Job done": one immediate transaction marks the job done (a conditional UPDATE), makes the invoice's draft (one per
// quote: the payments service's `invoices.make`) and asks for the review once when a review link is set. A second tap
// answers the same invoice. Everything Job done sets off lives here.
import { accepted, change, jobOf, type JobContext } from "./job-context.ts";

export type DoneResult = {
  invoiceId: number;
  /** Whether this tap marked it done (false: it was already). */
  marked: boolean;
  review: "queued" | "already" | "no-link" | "not-won" | "no-request";
};

export function done(ctx: JobContext, jobId: number, { reviewUrl }: { reviewUrl: string | null }): DoneResult {
  return change(ctx, () => {
    const job = jobOf(ctx, jobId);
    const a = accepted(ctx, job);
    const marked = ctx.jobs.markDone(job.id);
    const invoice = ctx.makeInvoice(job.quote_id);
    const estimateId = a.quote.estimate_id;
    let review: DoneResult["review"] = "no-request";
    if (estimateId !== null) review = reviewUrl ? ctx.store.requestReview(estimateId) : "no-link";
    return { invoiceId: invoice.id, marked, review };
  });
}
