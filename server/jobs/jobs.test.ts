// The job against a real SQLite file: made once from an accepted quote, its work days' invites read by a real
// iCalendar parser (UID stable per day, SEQUENCE raised, CANCEL for a removed day), a job across the November change
// with exact instants whatever the server's zone, rain days and reminders that skip closed days, and the races: fifty
// "Job done" taps make one invoice, five "On my way" taps one e-mail.
import { afterEach, describe, expect, it } from "vitest";
import { createBooking } from "../booking/booking.ts";
import { parseInvite } from "../booking/invite.fixture.ts";
import { createPayments } from "../payments/payments.ts";
import { quoteFixture, type Fixture } from "../quotes/quote.fixture.ts";
import { openEstimateStore } from "../requests/estimate-store.ts";
import { readStoredMail } from "../requests/stored-mail.ts";
import { createJobs, type Jobs } from "./jobs.ts";
import { nextOpenDay, offeredDays, smsWithBody, type CalendarInputs } from "./work-days.ts";
import { business } from "../../app/content/business.ts";
import { closedDayName } from "../../app/content/closed-days.ts";
import { defaultBookingSettings } from "../booking/availability.ts";

let f: Fixture;
afterEach(() => f?.close());

function jobsOver(fx: Fixture, store = fx.store): Jobs {
  const now = () => fx.clock.at;
  const payments = createPayments({
    store,
    quotes: fx.quotes,
    client: null,
    now,
    siteUrl: "https://chimney.example",
    ownerAddress: () => "owner@example.com",
    mail: true,
  });
  return createJobs({
    store,
    now,
    siteUrl: "https://chimney.example",
    mail: true,
    booking: createBooking({ store, now, siteUrl: "https://chimney.example" }),
    makeInvoice: (quoteId) => payments.invoices.make(quoteId),
  });
}

function setUp(start: string) {
  f = quoteFixture({ start: new Date(start) });
  const { estimateId, quoteId } = f.draft([["crown-rebuild"]]);
  f.quotes.send(quoteId, { ip: null, userAgent: null });
  f.quotes.accept(
    f.link(quoteId),
    { optionKey: "a", addonKeys: [], name: "Dana Whitfield", consent: true, pamphlet: true, version: 1 },
    { ip: null, userAgent: null, inHome: false },
  );
  const jobs = jobsOver(f);
  const { job } = jobs.make(quoteId);
  return { estimateId, quoteId, jobs, job };
}

type Row = {
  kind: string;
  dedupe: string;
  message: string | null;
  next_attempt_at: string;
  cancelled_at: string | null;
};
const outbox = (estimateId: number, kind: string) =>
  f.store.db
    .prepare<[number, string], Row>(
      "SELECT kind, dedupe, message, next_attempt_at, cancelled_at FROM outbox WHERE estimate_id = ? AND kind = ? ORDER BY id",
    )
    .all(estimateId, kind);

/** The invite as a calendar reads it, refusing anything ical.js cannot parse; and the file's own form. */
function invite(row: Row) {
  const ics = readStoredMail(row.message as string).calendar?.ics ?? "";
  expect(ics.endsWith("\r\n")).toBe(true);
  for (const line of ics.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  return parseInvite(ics);
}

describe("making the job", () => {
  it("only from an accepted quote, once however often it is tapped", () => {
    f = quoteFixture();
    const { quoteId } = f.draft();
    const jobs = jobsOver(f);
    expect(() => jobs.make(quoteId)).toThrow("Only an accepted quote can become a job.");
    expect(() => jobs.make(99_999)).toThrow("There is no such quote.");
    f.quotes.send(quoteId, { ip: null, userAgent: null });
    f.quotes.accept(
      f.link(quoteId),
      { optionKey: "a", addonKeys: [], name: "Dana Whitfield", consent: true, pamphlet: true, version: 1 },
      { ip: null, userAgent: null, inHome: false },
    );
    const first = jobs.make(quoteId);
    const second = jobs.make(quoteId);
    expect(first.made).toBe(true);
    expect(second.made).toBe(false);
    expect(second.job.id).toBe(first.job.id);
    const link = jobs.homeownerLink(first.job.id);
    expect(jobs.lookup(link.split("/").pop(), "1.2.3.4")).toMatchObject({ id: first.job.id });
    expect(jobs.lookup("x".repeat(43), "1.2.3.4")).toBeNull();
  });
});

describe("work days and their invites", () => {
  it("one UID per day for life, SEQUENCE raised on each change, CANCEL for a removed day", () => {
    const { estimateId, job, jobs } = setUp("2026-11-30T15:00:00Z");
    const a = jobs.addDay(job.id, { day: "2026-12-02", starts: "08:00", ends: "10:00" });
    const b = jobs.addDay(job.id, { day: "2026-12-03", starts: "10:00", ends: "12:00" });
    expect(() => jobs.addDay(job.id, { day: "2026-12-03", starts: "13:00", ends: "15:00" })).toThrow(
      "This job already has a work day on that day.",
    );
    expect(() => jobs.addDay(job.id, { day: "2026-12-06", starts: "08:00", ends: "10:00" })).toThrow(/closed that day/);
    jobs.moveDay(job.id, a.id, { day: "2026-12-04", starts: "13:00", ends: "15:00" });
    jobs.removeDay(job.id, b.id);
    const rows = outbox(estimateId, "job-day");
    // Made by the business's work days, not its estimate visits (issue 64).
    for (const row of rows) {
      const ics = readStoredMail(row.message as string).calendar?.ics ?? "";
      expect(ics).toContain(`\r\nPRODID:-//${business.name}//Work days//EN\r\n`);
      expect(ics).not.toContain("Estimate visits");
    }
    expect(business.name).toBe("Heartland Chimney & Masonry");
    const invites = rows.map(invite);
    expect(invites.map((i) => [i.method, i.sequence, i.status])).toEqual([
      ["REQUEST", 0, "CONFIRMED"],
      ["REQUEST", 0, "CONFIRMED"],
      ["REQUEST", 1, "CONFIRMED"],
      ["CANCEL", 1, "CANCELLED"],
    ]);
    expect(invites[2]?.uid).toBe(invites[0]?.uid);
    expect(invites[3]?.uid).toBe(invites[1]?.uid);
    expect(invites[0]?.uid).not.toBe(invites[1]?.uid);
    // Dec 4, 1–3 pm Central (CST, UTC−6).
    expect([invites[2]?.start, invites[2]?.end]).toEqual(["2026-12-04T19:00:00.000Z", "2026-12-04T21:00:00.000Z"]);
    // The moved day's reminder for Dec 2 was withdrawn, one for Dec 4 queued; the removed day's withdrawn.
    const reminders = outbox(estimateId, "job-reminder");
    expect(reminders.filter((r) => r.cancelled_at === null).map((r) => r.dedupe)).toEqual([
      `job-reminder:${job.id}:${a.id}:2026-12-04`,
    ]);
  });

  it("refuses a window of today that has started and one the day's hours do not hold; offers neither", () => {
    // Wednesday, December 2, 2026, 11:00 in Chicago.
    const { estimateId, job, jobs } = setUp("2026-12-02T17:00:00Z");
    const today = jobs.offered(job.id).find((d) => d.day === "2026-12-02");
    expect(today?.windows.map((w) => w.starts)).toEqual(["13:00", "15:00"]);
    expect(() => jobs.addDay(job.id, { day: "2026-12-02", starts: "08:00", ends: "10:00" })).toThrow(
      "That window has started. Choose a later one.",
    );
    expect(() => jobs.addDay(job.id, { day: "2026-12-02", starts: "10:00", ends: "12:00" })).toThrow(
      "That window has started. Choose a later one.",
    );
    // Saturday closes at 2 pm.
    expect(() => jobs.addDay(job.id, { day: "2026-12-05", starts: "13:00", ends: "15:00" })).toThrow(
      "That window is outside your opening hours that day. Choose another.",
    );
    expect(outbox(estimateId, "job-day")).toHaveLength(0);
    const later = jobs.addDay(job.id, { day: "2026-12-02", starts: "13:00", ends: "15:00" });
    expect(later.day).toBe("2026-12-02");
    // Moving a day to a started window is refused the same way.
    expect(() => jobs.moveDay(job.id, later.id, { day: "2026-12-02", starts: "10:00", ends: "12:00" })).toThrow(
      "That window has started. Choose a later one.",
    );
  });

  for (const tz of ["UTC", "Asia/Tokyo"]) {
    it(`a two-day job across the November change has exact instants (TZ=${tz})`, () => {
      const saved = process.env.TZ;
      process.env.TZ = tz;
      try {
        const { estimateId, job, jobs } = setUp("2026-10-26T15:00:00Z");
        // Friday Oct 30 is daylight time (UTC−5), Monday Nov 2 standard time (UTC−6): 8 am is 13:00Z, then 14:00Z.
        const before = jobs.addDay(job.id, { day: "2026-10-30", starts: "08:00", ends: "10:00" });
        const after = jobs.addDay(job.id, { day: "2026-11-02", starts: "08:00", ends: "10:00" });
        expect([before.starts_at, before.ends_at]).toEqual(["2026-10-30T13:00:00.000Z", "2026-10-30T15:00:00.000Z"]);
        expect([after.starts_at, after.ends_at]).toEqual(["2026-11-02T14:00:00.000Z", "2026-11-02T16:00:00.000Z"]);
        const invites = outbox(estimateId, "job-day").map(invite);
        expect(invites.map((i) => i.start)).toEqual(["2026-10-30T13:00:00.000Z", "2026-11-02T14:00:00.000Z"]);
        // The reminders go at 9 am the day before, each on its own side of the change.
        expect(outbox(estimateId, "job-reminder").map((r) => r.next_attempt_at)).toEqual([
          "2026-10-29T14:00:00.000Z",
          "2026-11-01T15:00:00.000Z",
        ]);
      } finally {
        process.env.TZ = saved;
      }
    });
  }
});

describe("rain days and reminders", () => {
  it("a rain day skips Thanksgiving, the job's own days and a Saturday that opens after the window starts", () => {
    const { estimateId, job, jobs } = setUp("2026-11-23T15:00:00Z");
    expect(closedDayName("2026-11-26", business.closedDays)).toBe("Thanksgiving");
    const wed = jobs.addDay(job.id, { day: "2026-11-25", starts: "08:00", ends: "10:00" });
    jobs.addDay(job.id, { day: "2026-11-27", starts: "08:00", ends: "10:00" });
    const moved = jobs.rainDay(job.id, wed.id);
    // Saturday opens at 9, so 8-10 am does not fit it; Sunday is shut.
    expect([moved.day, moved.starts, moved.ends, moved.rain_moves, moved.sequence]).toEqual([
      "2026-11-30",
      "08:00",
      "10:00",
      1,
      1,
    ]);
    const mails = outbox(estimateId, "job-day");
    expect(readStoredMail(mails.at(-1)?.message as string).subject).toBe(
      "Rain day: your work day moves to Mon, Nov 30, 8–10 am, Central Time",
    );
    expect(invite(mails.at(-1) as Row)).toMatchObject({ method: "REQUEST", sequence: 1, uid: wed.uid });
  });

  it("the reminder skips a closed day: the day before Friday after Thanksgiving is Wednesday", () => {
    const { estimateId, job, jobs } = setUp("2026-11-23T15:00:00Z");
    const fri = jobs.addDay(job.id, { day: "2026-11-27", starts: "08:00", ends: "10:00" });
    expect(jobs.reminderDay("2026-11-27")).toBe("2026-11-25");
    expect(jobs.reminderDay("2026-12-26")).toBe("2026-12-24");
    const [reminder] = outbox(estimateId, "job-reminder");
    expect(reminder?.next_attempt_at).toBe("2026-11-25T15:00:00.000Z");
    // Sent once for that day; moved, it is armed again.
    const item = {
      id: 1,
      estimate_id: estimateId,
      kind: "job-reminder" as const,
      dedupe: reminder?.dedupe ?? "",
      attempts: 0,
      recipient: "",
      message: null,
    };
    expect(jobs.composers["job-reminder"](item)).toMatchObject({
      subject: "Reminder: work day Fri, Nov 27, 8–10 am, Central Time",
    });
    expect(jobs.composers["job-reminder"](item)).toBe("withdrawn");
    const moved = jobs.moveDay(job.id, fri.id, { day: "2026-11-30", starts: "08:00", ends: "10:00" });
    expect(moved.reminded_for).toBeNull();
  });

  it("offers open days only, marking busy ones; the next open day skips holidays and days off", () => {
    const c: CalendarInputs = {
      hours: business.hours,
      settings: defaultBookingSettings(business.hours),
      daysOff: [{ first: "2026-12-01", last: "2026-12-01" }],
      closed: (day) => closedDayName(day, business.closedDays) !== null,
      busy: [{ start: new Date("2026-12-02T15:00:00Z"), end: new Date("2026-12-02T16:00:00Z") }],
      timeZone: business.timeZone,
    };
    const days = offeredDays("2026-11-24", 10, c, new Set(["2026-11-25"]), new Date("2026-11-24T12:00:00Z"));
    expect(days.map((d) => `${d.day}${d.busy ? " busy" : ""}`)).toEqual([
      "2026-11-24",
      "2026-11-27",
      "2026-11-28",
      "2026-11-30",
      "2026-12-02 busy",
      "2026-12-03",
    ]);
    expect(nextOpenDay("2026-11-30", "2026-11-23", c, new Set(), { starts: "08:00", ends: "10:00" })).toBe(
      "2026-12-02",
    );
  });
});

describe("Job done with work days after today", () => {
  it("asks about them and changes nothing; told to cancel them, cancels each with its CANCEL in the same step", () => {
    // Monday, November 2, 2026: days on Nov 4, 6 (Friday), 10 and 13; Job done is tapped on Friday the 6th.
    const { estimateId, job, jobs } = setUp("2026-11-02T15:00:00Z");
    const days = ["2026-11-04", "2026-11-06", "2026-11-10", "2026-11-13"].map((day) =>
      jobs.addDay(job.id, { day, starts: "10:00", ends: "12:00" }),
    );
    f.clock.at = new Date("2026-11-06T20:00:00Z");
    const before = outbox(estimateId, "job-day").length;
    const asked = jobs.done(job.id, { reviewUrl: null });
    expect("ask" in asked && asked.ask.map((d) => d.day)).toEqual(["2026-11-10", "2026-11-13"]);
    expect(jobs.get(job.id)?.status).toBe("open");
    expect(f.store.db.prepare("SELECT count(*) AS n FROM invoices").get()).toEqual({ n: 0 });
    expect(outbox(estimateId, "job-day")).toHaveLength(before);
    // An answer for other days than those there are now (one was added since the question) asks again.
    expect("ask" in jobs.done(job.id, { reviewUrl: null, cancelLater: [days[2]?.id ?? 0] })).toBe(true);
    expect(jobs.get(job.id)?.status).toBe("open");

    const later = [days[2]?.id ?? 0, days[3]?.id ?? 0];
    const result = jobs.done(job.id, { reviewUrl: null, cancelLater: later });
    if ("ask" in result) throw new Error("asked again");
    expect(result.marked).toBe(true);
    expect(result.cancelled.map((d) => [d.day, d.status, d.sequence])).toEqual([
      ["2026-11-10", "cancelled", 1],
      ["2026-11-13", "cancelled", 1],
    ]);
    expect(jobs.days(job.id).map((d) => d.day)).toEqual(["2026-11-04", "2026-11-06"]);
    // One CANCEL for each later day: its UID, SEQUENCE raised; the reminders withdrawn with them.
    const mails = outbox(estimateId, "job-day").slice(before);
    expect(mails.map((m) => readStoredMail(m.message as string).subject)).toEqual([
      "Work day cancelled, the work is done: Tue, Nov 10, 10 am–12 pm, Central Time",
      "Work day cancelled, the work is done: Fri, Nov 13, 10 am–12 pm, Central Time",
    ]);
    expect(mails.map((m) => invite(m)).map((i) => [i.method, i.uid, i.sequence, i.status])).toEqual([
      ["CANCEL", days[2]?.uid, 1, "CANCELLED"],
      ["CANCEL", days[3]?.uid, 1, "CANCELLED"],
    ]);
    const reminders = outbox(estimateId, "job-reminder").filter((r) => r.cancelled_at === null);
    expect(reminders.map((r) => r.dedupe.split(":").pop())).toEqual(["2026-11-04", "2026-11-06"]);
    // The homeowner's page ends on the day it was done.
    expect(jobs.page(jobs.get(job.id) as NonNullable<ReturnType<Jobs["get"]>>).days.map((d) => d.label)).toEqual([
      "Wednesday, November 4",
      "Friday, November 6",
    ]);
    // A second tap answers the same invoice and asks nothing.
    const again = jobs.done(job.id, { reviewUrl: null });
    expect("ask" in again ? null : [again.invoiceId, again.marked, again.cancelled]).toEqual([
      result.invoiceId,
      false,
      [],
    ]);
  });

  it("asks nothing when no day is after today: today's day stays", () => {
    const { job, jobs } = setUp("2026-12-02T13:00:00Z");
    jobs.addDay(job.id, { day: "2026-12-02", starts: "08:00", ends: "10:00" });
    const result = jobs.done(job.id, { reviewUrl: null });
    expect("ask" in result).toBe(false);
    expect(jobs.days(job.id).map((d) => d.day)).toEqual(["2026-12-02"]);
  });
});

describe("the Jobs list", () => {
  /** Another accepted quote in the same fixture, and its job. */
  function anotherJob(jobs: Jobs) {
    const { quoteId } = f.draft([["crown-rebuild"]]);
    f.quotes.send(quoteId, { ip: null, userAgent: null });
    f.quotes.accept(
      f.link(quoteId),
      { optionKey: "a", addonKeys: [], name: "Dana Whitfield", consent: true, pamphlet: true, version: 1 },
      { ip: null, userAgent: null, inHome: false },
    );
    return jobs.make(quoteId).job;
  }

  it("puts in progress and scheduled first by next day, then not scheduled oldest first, then done latest first", () => {
    // Days put on at 7 am on Wednesday, December 2, 2026; the list read on Thursday at 10.
    const { job: unscheduledOld, jobs } = setUp("2026-12-02T13:00:00Z");
    const later = anotherJob(jobs);
    jobs.addDay(later.id, { day: "2026-12-09", starts: "08:00", ends: "10:00" });
    const tomorrow = anotherJob(jobs);
    jobs.addDay(tomorrow.id, { day: "2026-12-04", starts: "13:00", ends: "15:00" });
    const today = anotherJob(jobs);
    jobs.addDay(today.id, { day: "2026-12-03", starts: "10:00", ends: "12:00" });
    jobs.addDay(today.id, { day: "2026-12-07", starts: "10:00", ends: "12:00" });
    const behind = anotherJob(jobs);
    jobs.addDay(behind.id, { day: "2026-12-02", starts: "13:00", ends: "15:00" });
    const doneFirst = anotherJob(jobs);
    jobs.done(doneFirst.id, { reviewUrl: null });
    const unscheduledNew = anotherJob(jobs);
    f.clock.at = new Date("2026-12-03T16:00:00Z");
    const doneLast = anotherJob(jobs);
    jobs.done(doneLast.id, { reviewUrl: null });

    const list = jobs.list();
    const show = (e: (typeof list.active)[number]) => [e.id, e.stage, e.next ? `${e.next.day} ${e.next.starts}` : null];
    expect(list.active.map(show)).toEqual([
      // Its only day was yesterday: it waits at the top for Job done or another day.
      [behind.id, "in-progress", null],
      [today.id, "in-progress", "2026-12-03 10:00"],
      [tomorrow.id, "scheduled", "2026-12-04 13:00"],
      [later.id, "scheduled", "2026-12-09 08:00"],
    ]);
    expect(list.unscheduled.map((e) => e.id)).toEqual([unscheduledOld.id, unscheduledNew.id]);
    expect(list.done.map((e) => [e.id, e.doneDay])).toEqual([
      [doneLast.id, "2026-12-03"],
      [doneFirst.id, "2026-12-02"],
    ]);
    expect(list.active[1]).toMatchObject({ name: "Dana Whitfield", town: "Normal", days: 2 });
    expect(list.active[1]?.work).not.toBe("");
  });
});

describe("races", () => {
  it("fifty taps of Job done, on two connections, make one invoice, one review request and one CANCEL a later day", async () => {
    const { estimateId, job, jobs, quoteId } = setUp("2026-11-30T15:00:00Z");
    const later = jobs.addDay(job.id, { day: "2026-12-04", starts: "08:00", ends: "10:00" });
    const other = openEstimateStore({ dataDir: f.store.file.replace(/\/[^/]+$/, ""), now: () => f.clock.at });
    try {
      const jobs2 = jobsOver(f, other);
      const taps = await Promise.all(
        Array.from({ length: 50 }, async (_, i) =>
          (i % 2 ? jobs2 : jobs).done(job.id, { reviewUrl: "https://g.page/r/review", cancelLater: [later.id] }),
        ),
      );
      const answers = taps.map((t) => {
        if ("ask" in t) throw new Error("asked");
        return t;
      });
      expect(new Set(answers.map((t) => t.invoiceId)).size).toBe(1);
      expect(answers.filter((t) => t.marked)).toHaveLength(1);
      expect(answers.filter((t) => t.review === "queued")).toHaveLength(1);
      expect(f.store.db.prepare("SELECT count(*) AS n FROM invoices WHERE quote_id = ?").get(quoteId)).toEqual({
        n: 1,
      });
      expect(outbox(estimateId, "review-request")).toHaveLength(1);
      expect(answers.flatMap((t) => t.cancelled.map((d) => d.id))).toEqual([later.id]);
      expect(outbox(estimateId, "job-day").map((r) => invite(r).method)).toEqual(["REQUEST", "CANCEL"]);
      expect(jobs.get(job.id)?.status).toBe("done");
      expect(() => jobs.addDay(job.id, { day: "2026-12-02", starts: "08:00", ends: "10:00" })).toThrow(/done/);
    } finally {
      other.close();
    }
  });

  it("no review link: done makes the invoice and asks nothing", () => {
    const { estimateId, job, jobs } = setUp("2026-11-30T15:00:00Z");
    expect(jobs.done(job.id, { reviewUrl: null })).toMatchObject({ review: "no-link" });
    expect(outbox(estimateId, "review-request")).toHaveLength(0);
  });

  it("On my way tapped five times on the day sends one e-mail, and the text link every time", () => {
    const { estimateId, job, jobs } = setUp("2026-12-02T13:30:00Z");
    expect(() => jobs.onMyWay(job.id)).toThrow("There is no work day today for this job.");
    jobs.addDay(job.id, { day: "2026-12-02", starts: "08:00", ends: "10:00" });
    const taps = Array.from({ length: 5 }, () => jobs.onMyWay(job.id));
    expect(taps.map((t) => t.sent)).toEqual([true, false, false, false, false]);
    expect(new Set(taps.map((t) => t.at)).size).toBe(1);
    const mails = outbox(estimateId, "job-on-my-way");
    expect(mails).toHaveLength(1);
    const mail = readStoredMail(mails[0]?.message as string);
    expect(mail.subject).toBe("On my way: arriving 8–10 am Central Time");
    expect(mail.text).toContain(business.phone);
    expect(taps[0]?.sms).toBe(
      smsWithBody(
        "(309) 555-0177",
        `Hi Dana, this is ${business.name}: on my way, arriving 8–10 am. ${business.phone}`,
      ),
    );
    expect(taps[0]?.sms?.startsWith("sms:+13095550177?&body=Hi%20Dana")).toBe(true);
  });
});
