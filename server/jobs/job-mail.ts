// The homeowner's e-mails about a job: a work day scheduled, moved, moved for rain or cancelled (removed, or left
// after the job was done; each with its
// invite: the day's own UID for life, SEQUENCE raised on every change, METHOD:CANCEL for a removed day), the reminder
// the day before, and "on my way". Pure. The job page's link is a secret, so a kept message holds MANAGE_LINK and the
// outbox puts a fresh link in as it sends (as for visits: server/booking/visit-mail.ts).
import { business } from "../../app/content/business.ts";
import { telHref, smsHref } from "../../app/lib/links.ts";
import { visitLabel, windowLabel, zoneLabel } from "../../app/lib/visit-labels.ts";
import { buildInvite } from "../booking/invite.ts";
import { MANAGE_LINK, withManageLink } from "../booking/visit-mail.ts";
import { escapeHtml, withSubject, type Mail } from "../requests/lead-mail.ts";
import type { JobDayRow } from "../store/jobs.ts";

/** What happened to a work day; "done": cancelled because the job was marked done before it. */
export type DayChange = "scheduled" | "moved" | "rain" | "cancelled" | "done";

/** Who the job is for, and where: from the accepted quote (and the visit's address when there was one). */
export type JobFor = { name: string; email: string; reference: string; place: string };

const mailAddress = (email: string) => email.replace(/[\s"<>;:,\\]/g, "");

export const dayWhen = (day: Pick<JobDayRow, "day" | "starts" | "ends">, thisYear?: number) =>
  visitLabel(day, business.timeZone, thisYear === undefined ? {} : { thisYear });

function page(lines: readonly string[], html: string, subject: string, calendar?: Mail["calendar"]): Mail {
  const text = ["Hello,", "", ...lines, "", `Questions? Call or text ${business.phone}.`, "", business.name, ""].join(
    "\n",
  );
  const body =
    `<p>Hello,</p>${html}` +
    `<p style="font-size:18px"><a href="${MANAGE_LINK}">Your job page</a></p>` +
    `<p>Questions? <a href="${escapeHtml(telHref(business.phone))}">Call</a> or ` +
    `<a href="${escapeHtml(smsHref(business.phone))}">text</a> ${escapeHtml(business.phone)}.</p>` +
    `<p>${escapeHtml(business.name)}</p>`;
  return withSubject(subject, { replyTo: business.email, text, html: body, ...(calendar ? { calendar } : {}) });
}

/** A work day's invite: REQUEST while it stands, CANCEL once removed; times in UTC from the day's own instants. */
export function workDayInvite(day: JobDayRow, job: JobFor, stamp: Date): string {
  const cancelled = day.status === "cancelled";
  return buildInvite({
    product: { company: business.name, name: "Work days" },
    method: cancelled ? "CANCEL" : "REQUEST",
    uid: day.uid,
    sequence: day.sequence,
    stamp,
    start: new Date(day.starts_at),
    end: new Date(day.ends_at),
    summary: `Work day: ${business.name}`,
    description: [
      `We arrive between ${windowLabel(day)} ${zoneLabel(business.timeZone)}.`,
      `Quote ${job.reference}.`,
      `Questions? Call or text ${business.phone}.`,
    ].join("\n"),
    location: job.place,
    organizer: { name: business.name, email: mailAddress(business.email) },
    attendee: { name: job.name, email: mailAddress(job.email) },
  });
}

/** The e-mail for a change to a work day, with its invite. `previous` is the day before a move. */
export function workDayMail(
  day: JobDayRow,
  job: JobFor,
  change: DayChange,
  { now, previous }: { now: Date; previous?: Pick<JobDayRow, "day" | "starts" | "ends"> },
): Mail {
  const when = dayWhen(day);
  const was = previous ? dayWhen(previous) : "";
  const subject = {
    scheduled: `Work day booked: ${when}`,
    moved: `Work day moved: now ${when}`,
    rain: `Rain day: your work day moves to ${when}`,
    cancelled: `Work day cancelled: ${when}`,
    done: `Work day cancelled, the work is done: ${when}`,
  }[change];
  const opening = {
    scheduled: `We have booked a work day for your job (quote ${job.reference}): ${when}. We arrive in that window.`,
    moved: `Your work day${was ? ` on ${was}` : ""} has moved to ${when}. We arrive in that window.`,
    rain: `Rain is forecast, so the work${was ? ` on ${was}` : ""} moves to the next open day: ${when}, same arrival window.`,
    cancelled: `Your work day on ${when} is cancelled. Your other work days stay as they are.`,
    done: `The work on your job (quote ${job.reference}) is done, so we will not come on ${when}: that day is cancelled.`,
  }[change];
  const cancel = day.status === "cancelled";
  const lines = [
    opening,
    cancel
      ? "The attached update takes the day off your calendar."
      : "The day is in the attached invite: open it to update your calendar.",
    `Your job page: ${MANAGE_LINK}`,
  ];
  return page(lines, `<p><strong>${escapeHtml(opening)}</strong></p>`, subject, {
    method: cancel ? "CANCEL" : "REQUEST",
    ics: workDayInvite(day, job, now),
  });
}

/** The reminder the day before a work day (composed when it goes, with a fresh link). */
export function workDayReminderMail(day: JobDayRow, link: string): Mail {
  const when = dayWhen(day);
  const line = `A reminder: we come to work on your job ${when}. We arrive in that window.`;
  return withManageLink(
    page([line, `Your job page: ${MANAGE_LINK}`], `<p>${escapeHtml(line)}</p>`, `Reminder: work day ${when}`),
    link,
  );
}

/** "On my way": the arrival window and the owner's number. */
export function onMyWayMail(day: JobDayRow): Mail {
  const window = `${windowLabel(day)} ${zoneLabel(business.timeZone)}`;
  const line = `${business.name} is on the way to you, arriving ${window}.`;
  const call = `To reach us on the way, call or text ${business.phone}.`;
  return page(
    [line, call, `Your job page: ${MANAGE_LINK}`],
    `<p><strong>${escapeHtml(line)}</strong></p><p>${escapeHtml(call)}</p>`,
    `On my way: arriving ${window}`,
  );
}
