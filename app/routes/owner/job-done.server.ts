// "Job done" on the owner's job screen (server/jobs/job-done.ts): the tap, and the answer to its question about the
// work days after today. Without an answer for exactly those days nothing changes and the screen asks (409); with
// it, the days are cancelled, the job marked done and the invoice's draft made in one step, and the screen says so.
import { data, redirect, type AppLoadContext } from "react-router";
import { idParam } from "./guard.server";
import { openSiteRepo, savedReviewUrl } from "./site-files.server";
import { business } from "~/content/business";
import { dayLabel, windowLabel, yearIn } from "~/lib/visit-labels";
import type { JobRow } from "../../../server/store/jobs.ts";
import type { LaterDay } from "./job-done";

/** More cancel fields than a job has days are not ours. */
const MAX_DAYS = 100;

/** The later days' labels: "Friday, November 13, 10 am–12 pm". */
export function laterDayLabels(
  days: readonly { id: number; day: string; starts: string; ends: string }[],
  now: Date,
): LaterDay[] {
  const thisYear = yearIn(now, business.timeZone);
  return days.map((d) => ({ id: d.id, label: `${dayLabel(d.day, { long: true, thisYear })}, ${windowLabel(d)}` }));
}

/** Runs Job done with what the form answered; the 303 on success, the question (409) when it must ask first. */
export function jobDone(context: AppLoadContext, job: JobRow, form: FormData | null, ip: string | null) {
  const { jobs, owner } = context;
  const cancelLater = (form?.getAll("cancel") ?? [])
    .slice(0, MAX_DAYS)
    .map((v) => idParam(typeof v === "string" ? v : undefined))
    .filter((id): id is number => id !== null);
  openSiteRepo(context);
  const result = jobs.done(job.id, {
    reviewUrl: savedReviewUrl(),
    ...(form?.has("cancel") ? { cancelLater } : {}),
  });
  if ("ask" in result) return data({ ask: laterDayLabels(result.ask, context.now()) }, { status: 409 });
  owner.audit.log("job done", {
    ip,
    detail: `job ${job.id}${result.cancelled.length ? `; later days cancelled: ${result.cancelled.map((d) => d.day).join(", ")}` : ""}`,
  });
  const cancelled = result.cancelled.length ? `&cancelled=${result.cancelled.length}` : "";
  return redirect(`/owner/jobs/${job.id}?done=done${cancelled}`, {
    status: 303,
    headers: { "Cache-Control": "no-store" },
  });
}
