// "On my way" on today's work day: at most once a day (the UNIQUE on job and day), its e-mail queued in the same
// transaction; every tap answers when it went and the `sms:` link with the words written for the owner's own phone.
import { business } from "../../app/content/business.ts";
import { windowLabel } from "../../app/lib/visit-labels.ts";
import type { JobDayRow, JobRow } from "../store/jobs.ts";
import { accepted, change, jobFor, jobOf, queue, today, type JobContext } from "./job-context.ts";
import { onMyWayMail } from "./job-mail.ts";
import { JobRefusal } from "./job-refusal.ts";
import { smsWithBody } from "./work-days.ts";

/** The `sms:` link to the homeowner with the "on my way" words written; null without a phone number. */
export function textLink(ctx: JobContext, job: JobRow, day: JobDayRow): string | null {
  const { customer } = accepted(ctx, job).version;
  if (!customer.phone.replace(/\D/g, "")) return null;
  const first = customer.name.trim().split(/\s+/)[0] ?? "";
  return smsWithBody(
    customer.phone,
    `Hi ${first}, this is ${business.name}: on my way, arriving ${windowLabel(day)}. ${business.phone}`,
  );
}

export function onMyWay(ctx: JobContext, jobId: number): { sent: boolean; at: string; sms: string | null } {
  return change(ctx, () => {
    const job = jobOf(ctx, jobId);
    const day = today(ctx);
    const workDay = ctx.jobs.days(jobId).find((d) => d.day === day);
    if (!workDay) throw new JobRefusal(409, "There is no work day today for this job.");
    const who = jobFor(ctx, accepted(ctx, job));
    const sent = ctx.jobs.addOnMyWay(jobId, workDay.id, day);
    if (sent) queue(ctx, who, "job-on-my-way", `job-on-my-way:${jobId}:${day}`, onMyWayMail(workDay));
    const row = ctx.jobs.onMyWay(jobId).find((r) => r.day === day);
    return { sent, at: row?.at ?? ctx.now().toISOString(), sms: textLink(ctx, job, workDay) };
  });
}
