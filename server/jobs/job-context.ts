// What every step of a job's life works with (jobs.ts hands it to each): the stores, the clock, the origin, the
// estimate visits' calendar, and the few helpers all steps use (the job or a refusal, its accepted quote, who the
// mails go to, queueing a work day's invite with its reminder, one immediate transaction per change).
import { business } from "../../app/content/business.ts";
import type { Booking } from "../booking/booking.ts";
import type { Busy } from "../booking/windows.ts";
import { reminderDayFor } from "../booking/windows.ts";
import { limitedLookups, newLinkToken, type LinkLookups } from "../documents/secret-links.ts";
import { acceptedQuote, type AcceptedQuote } from "../payments/payments-context.ts";
import { LOOKUP_LIMIT } from "../quotes/quote-context.ts";
import type { EstimateStore, MailKind } from "../requests/estimate-store.ts";
import type { Mail } from "../requests/lead-mail.ts";
import { storeMail } from "../requests/stored-mail.ts";
import type { InvoiceRow } from "../store/invoices.ts";
import type { JobDayRow, JobRow } from "../store/jobs.ts";
import { dayAt, instantAt, type Day } from "../time/wall-time.ts";
import { workDayMail, type DayChange, type JobFor } from "./job-mail.ts";
import { JobRefusal } from "./job-refusal.ts";
import type { CalendarInputs } from "./work-days.ts";

/** How far ahead the owner is offered days. */
export const OFFER_DAYS = 42;

export type JobsOptions = {
  store: EstimateStore;
  now?: () => Date;
  siteUrl: string;
  /** Whether e-mail goes out at all (SMTP_URL): without it nothing is queued. */
  mail: boolean;
  /** The estimate visits' settings (arrival windows, reminder hour), days off and opened closed days. */
  booking: Pick<Booking, "settings" | "daysOff" | "closed">;
  /** The owner's busy times (his own calendars). */
  busy?: () => readonly Busy[];
  /** "Job done" makes the invoice's draft: server/invoices' makeInvoice (the payments service's `invoices.make`). */
  makeInvoice: (quoteId: number) => InvoiceRow;
};

export type JobContext = Required<Omit<JobsOptions, "siteUrl">> & {
  jobs: EstimateStore["jobs"];
  db: EstimateStore["db"];
  /** The public origin, without a trailing slash. */
  origin: string;
  lookups: LinkLookups;
};

export function jobContext({
  store,
  now = () => new Date(),
  siteUrl,
  mail,
  booking,
  busy = () => [],
  makeInvoice,
}: JobsOptions): JobContext {
  return {
    store,
    now,
    mail,
    booking,
    busy,
    makeInvoice,
    jobs: store.jobs,
    db: store.jobs.db,
    origin: siteUrl.replace(/\/+$/, ""),
    lookups: limitedLookups(now, LOOKUP_LIMIT),
  };
}

export const zone = () => business.timeZone;

export const today = ({ now }: JobContext): Day => dayAt(now(), zone());

/** The calendar work days are put on: the business hours, the visits' windows, days off, closed days, busy times. */
export function calendar({ booking, busy }: JobContext): CalendarInputs {
  return {
    hours: business.hours,
    settings: booking.settings(),
    daysOff: booking.daysOff().map((d) => ({ first: d.first_day, last: d.last_day })),
    closed: booking.closed(),
    busy: busy(),
    timeZone: zone(),
  };
}

export function jobOf({ jobs }: JobContext, jobId: number): JobRow {
  const job = jobs.get(jobId);
  if (!job) throw new JobRefusal(404, "There is no such job.");
  return job;
}

export function accepted({ store }: JobContext, job: JobRow): AcceptedQuote {
  const a = acceptedQuote({ store }, job.quote_id);
  if (!a) throw new JobRefusal(409, "This job's quote is no longer accepted.");
  return a;
}

export type Who = JobFor & { estimateId: number | null };

/** Who the mails go to and where the work is: the accepted version's customer, the visit's street when known. */
export function jobFor({ store }: JobContext, a: AcceptedQuote): Who {
  const estimateId = a.quote.estimate_id;
  const place = estimateId === null ? undefined : store.visits.place(estimateId);
  const town = place?.town || a.version.customer.town || "";
  return {
    estimateId,
    name: a.version.customer.name,
    email: a.version.customer.email,
    reference: a.version.reference,
    place: [place?.street, town, business.address.region].filter(Boolean).join(", "),
  };
}

/** Queues a mail when e-mail is on and the job has a request and an address to send to. */
export function queue(
  { mail, store }: JobContext,
  who: Who,
  kind: MailKind,
  key: string,
  message?: Mail,
  at?: Date,
): boolean {
  if (!mail || who.estimateId === null || !who.email) return false;
  return store.enqueue(who.estimateId, kind, who.email, {
    key,
    ...(message ? { message: storeMail(message) } : {}),
    ...(at ? { at } : {}),
  });
}

export const reminderKey = (day: Pick<JobDayRow, "id" | "job_id" | "day">) =>
  `job-reminder:${day.job_id}:${day.id}:${day.day}`;

/** The invite's mail for a change, the old reminder withdrawn and the new one queued for the day before. */
export function tell(ctx: JobContext, day: JobDayRow, change: DayChange, previous?: JobDayRow) {
  const a = accepted(ctx, jobOf(ctx, day.job_id));
  const who = jobFor(ctx, a);
  const at = ctx.now();
  queue(
    ctx,
    who,
    "job-day",
    `job-day:${day.job_id}:${day.id}:${day.sequence}`,
    workDayMail(day, who, change, { now: at, previous }),
  );
  if (previous && who.estimateId !== null) ctx.store.withdraw(who.estimateId, reminderKey(previous));
  // A cancelled day (removed, or after the job was done) gets no reminder.
  if (day.status === "cancelled") return;
  const remindAt = instantAt(reminderDayFor(day.day, ctx.booking.closed()), ctx.booking.settings().reminderAt, zone());
  // A day booked after its reminder's time gets none: the homeowner has just been told.
  if (remindAt.getTime() > at.getTime()) queue(ctx, who, "job-reminder", reminderKey(day), undefined, remindAt);
}

/** Runs a change in one immediate transaction; a second scheduled row on one day is refused in words. */
export function change<T>({ db }: JobContext, run: () => T): T {
  try {
    return db.transaction(run).immediate();
  } catch (error) {
    if ((error as { code?: string }).code?.startsWith("SQLITE_CONSTRAINT")) {
      throw new JobRefusal(409, "This job already has a work day on that day.");
    }
    throw error;
  }
}

/** A scheduled day of this job, or a refusal. */
export function dayOf({ jobs }: JobContext, jobId: number, dayId: number): JobDayRow {
  const day = jobs.day(dayId);
  if (!day || day.job_id !== jobId || day.status !== "scheduled")
    throw new JobRefusal(404, "There is no such work day.");
  return day;
}

/** A done job's days no longer change. */
export function refuseIfDone(job: JobRow) {
  if (job.status === "done") throw new JobRefusal(409, "This job is done: its days can no longer change.");
}

/** A new link to the homeowner's job page (only its hash is kept). */
export function linkFor({ jobs, origin }: JobContext, jobId: number): string {
  const { token, hash } = newLinkToken();
  jobs.addLink(jobId, hash);
  return `${origin}/job/${token}`;
}
