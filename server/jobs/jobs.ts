// The job (decision 0045): an accepted quote becomes one job in one tap; the owner puts its work days on open days
// with an arrival window, moves them, removes them, moves one for rain, says "on my way" once a day and marks it done.
// Every change happens in one immediate transaction with the homeowner's e-mail it sets off (an invite with the day's
// own UID and a raised SEQUENCE, CANCEL for a removed day) and its reminder re-armed, so a mail is never lost nor sent
// for a change that did not happen. "Job done" makes the invoice's draft (server/invoices/) and asks for the review
// in the same transaction. The pages (app/routes/job.tsx, owner/job.tsx) call these and never write the tables.
import { randomUUID } from "node:crypto";
import { business } from "../../app/content/business.ts";
import { windowLabel } from "../../app/lib/visit-labels.ts";
import type { Busy } from "../booking/windows.ts";
import { reminderDayFor } from "../booking/windows.ts";
import type { Booking } from "../booking/booking.ts";
import { limitedLookups, linkTokenHash, newLinkToken } from "../documents/secret-links.ts";
import { acceptedQuote, type AcceptedQuote } from "../payments/payments-context.ts";
import { choiceOf, choiceView, type ChoiceView } from "../quotes/quote-view.ts";
import { LOOKUP_LIMIT } from "../quotes/quote-context.ts";
import type { EstimateStore, MailKind, OutboxItem } from "../requests/estimate-store.ts";
import type { Mail } from "../requests/lead-mail.ts";
import { storeMail } from "../requests/stored-mail.ts";
import { withManageLink } from "../booking/visit-mail.ts";
import type { InvoiceRow } from "../store/invoices.ts";
import type { DayPlace, JobDayRow, JobRow } from "../store/jobs.ts";
import { dayAt, instantAt, isDay, isWallTime, minutesOf, type Day } from "../time/wall-time.ts";
import { jobPageView, type JobPageView } from "./job-page.ts";
import { onMyWayMail, workDayMail, workDayReminderMail, type DayChange, type JobFor } from "./job-mail.ts";
import { nextOpenDay, offeredDays, isOpenDay, smsWithBody, type CalendarInputs, type OfferedDay } from "./work-days.ts";

/** How far ahead the owner is offered days. */
export const OFFER_DAYS = 42;

/** A refusal in the owner's words, with its HTTP status. */
export class JobRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

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

export type WindowChoice = { day: string; starts: string; ends: string };

export type DoneResult = {
  invoiceId: number;
  /** Whether this tap marked it done (false: it was already). */
  marked: boolean;
  review: "queued" | "already" | "no-link" | "not-won" | "no-request";
};

export function createJobs({
  store,
  now = () => new Date(),
  siteUrl,
  mail,
  booking,
  busy = () => [],
  makeInvoice,
}: JobsOptions) {
  const jobs = store.jobs;
  const db = jobs.db;
  const origin = siteUrl.replace(/\/+$/, "");
  const zone = () => business.timeZone;
  const today = () => dayAt(now(), zone());
  const lookups = limitedLookups(now, LOOKUP_LIMIT);

  function calendar(): CalendarInputs {
    return {
      hours: business.hours,
      settings: booking.settings(),
      daysOff: booking.daysOff().map((d) => ({ first: d.first_day, last: d.last_day })),
      closed: booking.closed(),
      busy: busy(),
      timeZone: zone(),
    };
  }

  function jobOf(jobId: number): JobRow {
    const job = jobs.get(jobId);
    if (!job) throw new JobRefusal(404, "There is no such job.");
    return job;
  }

  function accepted(job: JobRow): AcceptedQuote {
    const a = acceptedQuote({ store }, job.quote_id);
    if (!a) throw new JobRefusal(409, "This job's quote is no longer accepted.");
    return a;
  }

  /** Who the mails go to and where the work is: the accepted version's customer, the visit's street when known. */
  function jobFor(a: AcceptedQuote): JobFor & { estimateId: number | null } {
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
  function queue(who: ReturnType<typeof jobFor>, kind: MailKind, key: string, message?: Mail, at?: Date): boolean {
    if (!mail || who.estimateId === null || !who.email) return false;
    return store.enqueue(who.estimateId, kind, who.email, {
      key,
      ...(message ? { message: storeMail(message) } : {}),
      ...(at ? { at } : {}),
    });
  }

  const reminderKey = (day: Pick<JobDayRow, "id" | "job_id" | "day">) =>
    `job-reminder:${day.job_id}:${day.id}:${day.day}`;

  /** The invite's mail for a change, the old reminder withdrawn and the new one queued for the day before. */
  function tell(day: JobDayRow, change: DayChange, previous?: JobDayRow) {
    const a = accepted(jobOf(day.job_id));
    const who = jobFor(a);
    const at = now();
    queue(
      who,
      "job-day",
      `job-day:${day.job_id}:${day.id}:${day.sequence}`,
      workDayMail(day, who, change, { now: at, previous }),
    );
    if (previous && who.estimateId !== null) store.withdraw(who.estimateId, reminderKey(previous));
    if (change === "cancelled") return;
    const remindAt = instantAt(reminderDayFor(day.day, booking.closed()), booking.settings().reminderAt, zone());
    // A day booked after its reminder's time gets none: the homeowner has just been told.
    if (remindAt.getTime() > at.getTime()) queue(who, "job-reminder", reminderKey(day), undefined, remindAt);
  }

  function checkChoice(choice: WindowChoice): DayPlace {
    if (!isDay(choice.day)) throw new JobRefusal(400, "Choose a day from the list.");
    if (!isWallTime(choice.starts) || !isWallTime(choice.ends) || minutesOf(choice.ends) <= minutesOf(choice.starts)) {
      throw new JobRefusal(400, "Choose an arrival window: it ends after it starts.");
    }
    if (choice.day < today()) throw new JobRefusal(400, "That day has passed. Choose today or a later day.");
    if (!isOpenDay(choice.day, calendar())) {
      throw new JobRefusal(409, "You are closed that day (your hours, a holiday or a day off). Choose another day.");
    }
    return {
      day: choice.day,
      starts: choice.starts,
      ends: choice.ends,
      starts_at: instantAt(choice.day, choice.starts, zone()).toISOString(),
      ends_at: instantAt(choice.day, choice.ends, zone()).toISOString(),
    };
  }

  /** Runs a change in one immediate transaction; a second scheduled row on one day is refused in words. */
  function change<T>(run: () => T): T {
    try {
      return db.transaction(run).immediate();
    } catch (error) {
      if ((error as { code?: string }).code?.startsWith("SQLITE_CONSTRAINT")) {
        throw new JobRefusal(409, "This job already has a work day on that day.");
      }
      throw error;
    }
  }

  function dayOf(jobId: number, dayId: number): JobDayRow {
    const day = jobs.day(dayId);
    if (!day || day.job_id !== jobId || day.status !== "scheduled")
      throw new JobRefusal(404, "There is no such work day.");
    return day;
  }

  const open = (job: JobRow) => {
    if (job.status === "done") throw new JobRefusal(409, "This job is done: its days can no longer change.");
  };

  return {
    JobRefusal,
    /** "Make the job": only for an accepted quote; a second tap answers the same job. */
    make(quoteId: number): { job: JobRow; made: boolean } {
      return change(() => {
        const q = store.quotes.get(quoteId);
        if (!q) throw new JobRefusal(404, "There is no such quote.");
        if (q.status !== "accepted") throw new JobRefusal(409, "Only an accepted quote can become a job.");
        return jobs.make(quoteId);
      });
    },
    get: (jobId: number) => jobs.get(jobId),
    forQuote: (quoteId: number) => jobs.forQuote(quoteId),
    days: (jobId: number) => jobs.days(jobId),
    onMyWayDays: (jobId: number) => jobs.onMyWay(jobId),
    /** The accepted quote behind a job, its choice as the quote's own views print it. */
    quote(job: JobRow): { accepted: AcceptedQuote; choice: ChoiceView | null } {
      const a = accepted(job);
      const c = choiceOf(a.version, a.acceptance.option_key, JSON.parse(a.acceptance.addon_keys) as string[]);
      return { accepted: a, choice: c ? choiceView(a.version, c) : null };
    },
    /** The homeowner's page, as strings (the deposit and invoice are the payments service's). */
    page(job: JobRow): JobPageView {
      const a = accepted(job);
      const c = choiceOf(a.version, a.acceptance.option_key, JSON.parse(a.acceptance.addon_keys) as string[]);
      return jobPageView(job, a, c ? choiceView(a.version, c) : null, jobs.days(job.id), jobs.onMyWay(job.id), {
        today: today(),
        now: now(),
      });
    },
    /** The days the owner may put work on, from today, busy ones marked; the job's own days left out. */
    offered(jobId: number): OfferedDay[] {
      const taken = new Set(jobs.days(jobId).map((d) => d.day));
      return offeredDays(today(), OFFER_DAYS, calendar(), taken);
    },
    addDay(jobId: number, choice: WindowChoice): JobDayRow {
      return change(() => {
        const job = jobOf(jobId);
        open(job);
        accepted(job);
        const place = checkChoice(choice);
        const day = jobs.addDay(job.id, `job-${randomUUID()}@${new URL(origin).hostname || "localhost"}`, place);
        tell(day, "scheduled");
        return day;
      });
    },
    moveDay(jobId: number, dayId: number, choice: WindowChoice): JobDayRow {
      return change(() => {
        open(jobOf(jobId));
        const before = dayOf(jobId, dayId);
        const place = checkChoice(choice);
        if (place.day === before.day && place.starts === before.starts && place.ends === before.ends) return before;
        const moved = jobs.moveDay(dayId, place, false) as JobDayRow;
        tell(moved, "moved", before);
        return moved;
      });
    },
    removeDay(jobId: number, dayId: number): JobDayRow {
      return change(() => {
        open(jobOf(jobId));
        const before = dayOf(jobId, dayId);
        const removed = jobs.cancelDay(dayId) as JobDayRow;
        tell(removed, "cancelled", before);
        return removed;
      });
    },
    /** "Rain day": the day moves to the next open day, same window, not a day this job has; the homeowner is told. */
    rainDay(jobId: number, dayId: number): JobDayRow {
      return change(() => {
        open(jobOf(jobId));
        const before = dayOf(jobId, dayId);
        if (before.day < today()) throw new JobRefusal(409, "That day has passed.");
        const taken = new Set(jobs.days(jobId).map((d) => d.day));
        const next = nextOpenDay(before.day, today(), calendar(), taken);
        if (!next) throw new JobRefusal(409, "No open day in the next three months. Move the day by hand.");
        const moved = jobs.moveDay(
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
        tell(moved, "rain", before);
        return moved;
      });
    },
    /**
     * "On my way" on today's work day: at most once a day (the UNIQUE on job and day), its e-mail queued in the same
     * transaction. Answers when it was sent and the `sms:` link with the message written, however often it is tapped.
     */
    onMyWay(jobId: number): { sent: boolean; at: string; sms: string | null } {
      return change(() => {
        const job = jobOf(jobId);
        const day = today();
        const workDay = jobs.days(jobId).find((d) => d.day === day);
        if (!workDay) throw new JobRefusal(409, "There is no work day today for this job.");
        const who = jobFor(accepted(job));
        const sent = jobs.addOnMyWay(jobId, workDay.id, day);
        if (sent) queue(who, "job-on-my-way", `job-on-my-way:${jobId}:${day}`, onMyWayMail(workDay));
        const row = jobs.onMyWay(jobId).find((r) => r.day === day);
        return { sent, at: row?.at ?? now().toISOString(), sms: textLink(job, workDay) };
      });
    },
    textLink,
    /**
     * "Job done": marks it done, makes the invoice's draft (one per quote) and queues the review request (once, when a
     * review link is set), all in one transaction; a second tap answers the same invoice.
     */
    done(jobId: number, { reviewUrl }: { reviewUrl: string | null }): DoneResult {
      return change(() => {
        const job = jobOf(jobId);
        const a = accepted(job);
        const marked = jobs.markDone(job.id);
        const invoice = makeInvoice(job.quote_id);
        const estimateId = a.quote.estimate_id;
        let review: DoneResult["review"] = "no-request";
        if (estimateId !== null) review = reviewUrl ? store.requestReview(estimateId) : "no-link";
        return { invoiceId: invoice.id, marked, review };
      });
    },
    /** A new link to the homeowner's job page (only its hash is kept). */
    homeownerLink(jobId: number): string {
      const { token, hash } = newLinkToken();
      jobs.addLink(jobId, hash);
      return `${origin}/job/${token}`;
    },
    /** The job a link opens, null for an unknown one, "limited" when this address failed too often (as quotes). */
    lookup(token: string | undefined, ip: string | null): JobRow | null | "limited" {
      return lookups.lookup(ip, () => {
        const hash = linkTokenHash(token);
        const job = hash ? jobs.byLink(hash) : undefined;
        return job && acceptedQuote({ store }, job.quote_id) ? job : null;
      });
    },
    retryAfter: (ip: string | null) => lookups.retryAfter(ip),
    /** A fresh token for the job's sent invoice (its Pay and "See the invoice" go through a POST). */
    invoiceToken(invoice: InvoiceRow): string {
      const { token, hash } = newLinkToken();
      store.invoices.addLink(invoice.id, hash);
      return token;
    },
    today,
    /** The day a work day's reminder goes: the day before, or the last open day before it. */
    reminderDay: (day: Day) => reminderDayFor(day, booking.closed()),
    /** The outbox's composers: the job page's fresh link put in, and the reminder checked as it goes. */
    composers: {
      "job-day": withJobLink,
      "job-on-my-way": withJobLink,
      "job-reminder": (item: OutboxItem): Mail | "withdrawn" | null => {
        const [, , id, day] = item.dedupe.split(":");
        const row = jobs.day(Number(id));
        if (!row) return null;
        // Moved or removed since it was queued, or sent for this day already: once per day value.
        if (row.status !== "scheduled" || row.day !== day || !jobs.markReminded(row.id, row.day)) return "withdrawn";
        return workDayReminderMail(row, linkFor(row.job_id));
      },
    } satisfies Partial<Record<MailKind, (item: OutboxItem, stored: Mail | null) => Mail | "withdrawn" | null>>,
  };

  function linkFor(jobId: number): string {
    const { token, hash } = newLinkToken();
    jobs.addLink(jobId, hash);
    return `${origin}/job/${token}`;
  }

  /** The `sms:` link to the homeowner with the "on my way" words written; null without a phone number. */
  function textLink(job: JobRow, day: JobDayRow): string | null {
    const { customer } = accepted(job).version;
    if (!customer.phone.replace(/\D/g, "")) return null;
    const first = customer.name.trim().split(/\s+/)[0] ?? "";
    return smsWithBody(
      customer.phone,
      `Hi ${first}, this is ${business.name}: on my way, arriving ${windowLabel(day)}. ${business.phone}`,
    );
  }

  /** A kept job mail with a fresh job page link; its key names the job ("job-day:<job>:…"). */
  function withJobLink(item: OutboxItem, stored: Mail | null): Mail | null {
    const job = jobs.get(Number(item.dedupe.split(":")[1]));
    return stored && job ? withManageLink(stored, linkFor(job.id)) : null;
  }
}

export type Jobs = ReturnType<typeof createJobs>;
