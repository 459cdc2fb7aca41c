// Work days on the running server (issue 53, decision 0047), with its clock at Monday 30 November 2026, 10:00 in
// Chicago: the owner's Visits page shows them among the visits, marked in words with the customer, the town, "Day 1
// of 2", the arrival window and the job's link; "Block a day" on one leaves it scheduled and names it with its job's
// link; the homeowner's booking page offers no window it takes; the owner's feed (/calendar/<secret>.ics) carries each
// with its UID and SEQUENCE, strictly parsed. The job service writes the rows; here they are seeded in plain SQL.
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOwnerConsole } from "../../server/owner/owner-console.ts";
import { newLead } from "../../server/store/stored-lead.fixture.ts";
import { instantAt } from "../../server/time/wall-time.ts";
import { acceptedQuote, addJob, moveWorkDay } from "../support/seed-work-days.ts";
import { ownerFormPost, withStoreAt } from "../support/server-db.ts";
import { strictEvents } from "../support/strict-ics.ts";
import { mailInbox } from "../support/mail-inbox.ts";
import { startServer, stopServer, type RunningServer } from "./harness";
import { startSmtp } from "./smtp";

const clockFile = path.join(tmpdir(), `work-days-clock-${process.pid}`);
let server: RunningServer;
let session = { token: "", csrf: "" };
let job: ReturnType<typeof addJob>;
let homeownerToken = "";
let feedToken = "";
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const inbox = mailInbox(() => smtp);

beforeAll(async () => {
  writeFileSync(clockFile, instantAt("2026-11-30", "10:00", "America/Chicago").toISOString());
  smtp = await startSmtp();
  server = await startServer({
    TEST_CLOCK_FILE: clockFile,
    RATE_LIMIT_PER_MINUTE: "100000",
    SMTP_URL: smtp.url,
    NOTIFY_EMAIL: "owner@example.com",
    CONFIRMATION_EMAIL: "off",
  });
  const quoteId = acceptedQuote(server.dataDir);
  withStoreAt(server.dataDir, (store) => {
    const made = createOwnerConsole({ db: store.db }).sessions.create({
      ip: "127.0.0.1",
      userAgent: "test",
      passkeyId: null,
    });
    session = { token: made.token, csrf: made.session.csrf };
    job = addJob(store.db, quoteId, [
      { day: "2026-12-03", starts: "08:00", ends: "10:00" },
      { day: "2026-12-04", starts: "13:00", ends: "15:00" },
    ]);
    const { id } = store.save(newLead({ idempotencyKey: null, email: "ann@example.com" }));
    homeownerToken = store.visits.newLink(id);
    store.visits.putPlace({ estimateId: id, town: "Normal", served: true, street: "7 Vine St", notes: "" });
    feedToken = store.calendars.newFeedToken();
  });
}, 90_000);

afterAll(async () => {
  await stopServer(server);
  await smtp.close();
});

const ownerPage = async (pathname: string) => {
  const answer = await fetch(`${server.url}${pathname}`, { headers: { Cookie: `owner=${session.token}` } });
  expect(answer.status).toBe(200);
  return answer.text();
};

/** The text of the page with tags taken out and spaces joined, as a reader hears it. */
const words = (html: string) =>
  html
    .replace(/<!--.*?-->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");

describe("work days on the owner's Visits page", () => {
  it("are shown among the visits, each marked as work, with the customer, town, day of the job and arrival", async () => {
    const html = await ownerPage("/owner/visits");
    const text = words(html);
    expect(text).toContain("0 visits and 2 work days in the next 8 days");
    expect(text).toMatch(/Work day Day 1 of 2 Arrive 8–10 am · Dana Whitfield Normal Open the job/);
    expect(text).toMatch(/Work day Day 2 of 2 Arrive 1–3 pm · Dana Whitfield Normal Open the job/);
    expect(html).toContain(`href="/owner/jobs/${job.jobId}"`);
    // Thursday's heading comes before its work day.
    expect(text.indexOf("Thursday, December 3")).toBeLessThan(text.indexOf("Day 1 of 2"));
  });

  it("blocking a day with a work day leaves it scheduled and names it, with a link to move it from the job", async () => {
    const blocked = await ownerFormPost(server.url, session, "/owner/visits", {
      intent: "block",
      first: "2026-12-03",
      last: "2026-12-03",
      note: "Snow",
    });
    expect(blocked.status).toBe(302);
    const location = blocked.headers.get("location") ?? "";
    expect(location).toBe("/owner/visits?blocked=2026-12-03&to=2026-12-03");
    const html = await ownerPage(location);
    expect(words(html)).toMatch(
      /You have work for Dana Whitfield in Normal on Thursday, December 3: move it from the job/,
    );
    expect(html).toMatch(new RegExp(`<a href="/owner/jobs/${job.jobId}"[^>]*>move it from the job</a>`));
    const still = withStoreAt(server.dataDir, (store) =>
      store.db.prepare("SELECT day, status, sequence FROM job_days WHERE job_id = ? ORDER BY day").all(job.jobId),
    );
    expect(still).toEqual([
      { day: "2026-12-03", status: "scheduled", sequence: 0 },
      { day: "2026-12-04", status: "scheduled", sequence: 0 },
    ]);
  });
});

describe("the homeowner's booking page", () => {
  it("offers no estimate window from a work day's arrival to the end of the working day", async () => {
    const page = await (await fetch(`${server.url}/visit/${homeownerToken}`)).text();
    const offered = [...page.matchAll(/value="(\d{4}-\d{2}-\d{2} \d{2}:\d{2})"/g)].map((m) => m[1] as string);
    expect(offered.filter((w) => w.startsWith("2026-12-03") || w.startsWith("2026-12-04"))).toEqual([
      // Thursday is blocked and work from 8; Friday's work arrives at 1 pm.
      "2026-12-04 08:00",
      "2026-12-04 10:00",
    ]);
    expect(offered).toContain("2026-12-07 08:00");
  });
});

describe("the owner's feed", () => {
  it("carries each work day with its UID, and a moved day keeps it with SEQUENCE raised", async () => {
    const feed = async () => {
      const answer = await fetch(`${server.url}/calendar/${feedToken}.ics`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
      return strictEvents(await answer.text()).events;
    };
    const before = await feed();
    expect(before.map((e) => [e.uid, e.sequence, e.summary, e.start, e.url])).toEqual([
      [
        job.days[0]?.uid,
        0,
        "Work: Dana Whitfield, Normal — day 1 of 2",
        "2026-12-03T14:00:00.000Z",
        `${server.url}/owner/jobs/${job.jobId}`,
      ],
      [
        job.days[1]?.uid,
        0,
        "Work: Dana Whitfield, Normal — day 2 of 2",
        "2026-12-04T19:00:00.000Z",
        `${server.url}/owner/jobs/${job.jobId}`,
      ],
    ]);
    withStoreAt(server.dataDir, (store) =>
      moveWorkDay(store.db, job.days[1]?.id ?? 0, { day: "2026-12-07", starts: "08:00", ends: "10:00" }),
    );
    const after = await feed();
    expect(after.map((e) => [e.uid, e.sequence, e.start])).toEqual([
      [job.days[0]?.uid, 0, "2026-12-03T14:00:00.000Z"],
      [job.days[1]?.uid, 1, "2026-12-07T14:00:00.000Z"],
    ]);
  });
});

describe("a visit booked before a work day was set on it", () => {
  it("stays booked and is marked as clashing with the work day", async () => {
    const token = withStoreAt(server.dataDir, (store) => {
      const { id } = store.save(newLead({ idempotencyKey: null, name: "Cy Clash", email: "cy@example.com" }));
      store.visits.putPlace({ estimateId: id, town: "Normal", served: true, street: "9 Oak St", notes: "" });
      return store.visits.newLink(id);
    });
    const booked = await fetch(`${server.url}/visit/${token}`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "book", window: "2026-12-02 10:00", key: "cy-book" }),
    });
    expect(booked.status).toBe(303);
    const quoteId = acceptedQuote(server.dataDir);
    withStoreAt(server.dataDir, (store) =>
      addJob(store.db, quoteId, [{ day: "2026-12-02", starts: "08:00", ends: "10:00" }]),
    );
    const text = words(await ownerPage("/owner/visits"));
    expect(text).toMatch(
      /Estimate visit 10 am–12 pm · Cy Clash Clashes with your work day: Dana Whitfield, Normal: arrive 8–10 am The visit stays booked\./,
    );
  });
});

/** The page's text with its tags taken out and nothing put in their place. */
const plain = (html: string) => html.replace(/<!--.*?-->/g, "").replace(/<[^>]+>/g, "");

/** The invite a mail carries (the same file as its text/calendar part), read strictly. */
function inviteOf(mail: { attachments: { filename?: string; content: Buffer }[] }) {
  const ics = mail.attachments.find((a) => a.filename === "invite.ics")?.content.toString("utf8") ?? "";
  const { method, events } = strictEvents(ics);
  return { ics, method, event: events[0] };
}

/** The mails whose subject matches, once the outbox has sent them. */
async function mailsLike(subject: RegExp, count: number) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const found = (await inbox.all()).filter((m) => subject.test(m.subject ?? ""));
    if (found.length >= count || Date.now() > deadline) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A job made on the console from a fresh accepted quote; its id and the homeowner's page. */
async function consoleJob() {
  const quoteId = acceptedQuote(server.dataDir);
  const made = await ownerFormPost(server.url, session, `/owner/quotes/${quoteId}`, { intent: "job" });
  expect(made.status).toBe(303);
  const jobId = Number((made.headers.get("location") ?? "").split("/").pop());
  const link = await (await ownerFormPost(server.url, session, `/owner/jobs/${jobId}`, { intent: "link" })).text();
  const homeowner = /\/job\/[A-Za-z0-9_-]{43}/.exec(link)?.[0] ?? "";
  return { jobId, homeowner };
}

const dayIds = (jobId: number) =>
  withStoreAt(server.dataDir, (store) => store.jobs.days(jobId).map((d) => ({ id: d.id, uid: d.uid, day: d.day })));

describe("a job's work days on the console (issue 64)", () => {
  it("the picker offers none of today's windows that have started, and the form cannot add one", async () => {
    // Monday, November 30, 10:00 in Chicago: 8-10 and 10-12 have started; 1-3 and 3-5 have not.
    const { jobId } = await consoleJob();
    const page = await ownerPage(`/owner/jobs/${jobId}`);
    const today = [...page.matchAll(/<option value="2026-11-30 ([\d:-]+)"/g)].map((m) => m[1]);
    expect(today).toEqual(["13:00-15:00", "15:00-17:00"]);
    expect(page).toContain('<option value="2026-12-01 08:00-10:00"');
    for (const window of ["2026-11-30 08:00-10:00", "2026-11-30 10:00-12:00"]) {
      const refused = await ownerFormPost(server.url, session, `/owner/jobs/${jobId}`, { intent: "add", window });
      expect(refused.status, window).toBe(409);
      expect(await refused.text()).toContain("That window has started. Choose a later one.");
    }
    expect(dayIds(jobId)).toEqual([]);
    const added = await ownerFormPost(server.url, session, `/owner/jobs/${jobId}`, {
      intent: "add",
      window: "2026-11-30 13:00-15:00",
    });
    expect(added.status).toBe(303);
    expect(dayIds(jobId).map((d) => d.day)).toEqual(["2026-11-30"]);
  });

  it("Rain day moves Friday 1-3 pm past Saturday (closes at 2) to Monday: the pages, the invite and the feed agree", async () => {
    const { jobId, homeowner } = await consoleJob();
    const add = await ownerFormPost(server.url, session, `/owner/jobs/${jobId}`, {
      intent: "add",
      window: "2026-12-04 13:00-15:00",
    });
    expect(add.status).toBe(303);
    const [friday] = dayIds(jobId);
    const rain = await ownerFormPost(server.url, session, `/owner/jobs/${jobId}`, {
      intent: "rain",
      day: String(friday?.id),
    });
    expect(rain.status).toBe(303);
    expect(words(await ownerPage(`/owner/jobs/${jobId}`))).toContain("Monday, December 7, 1–3 pm");
    expect(plain(await (await fetch(`${server.url}${homeowner}`)).text())).toContain(
      "Monday, December 7, we arrive 1–3 pm",
    );
    const [mail] = await mailsLike(/^Rain day: your work day moves to Mon, Dec 7, 1–3 pm, Central Time$/, 1);
    expect(mail, "the rain day's e-mail").toBeDefined();
    const invite = inviteOf(mail as NonNullable<typeof mail>);
    expect(invite.method).toBe("REQUEST");
    expect(invite.event).toMatchObject({ uid: friday?.uid, sequence: 1, start: "2026-12-07T19:00:00.000Z" });
    expect(invite.ics).toContain("\r\nPRODID:-//Heartland Chimney & Masonry//Work days//EN\r\n");
    const feed = await (await fetch(`${server.url}/calendar/${feedToken}.ics`)).text();
    expect(feed).toContain("\r\nX-WR-CALNAME:Visits and work days\r\n");
    const inFeed = strictEvents(feed).events.find((e) => e.uid === friday?.uid);
    expect(inFeed?.start).toBe("2026-12-07T19:00:00.000Z");
  });
  it("Job done with days after today asks first; answered, it cancels them everywhere in one step, 50 taps at once", async () => {
    const { jobId, homeowner } = await consoleJob();
    for (const window of ["2026-11-30 15:00-17:00", "2026-12-02 10:00-12:00", "2026-12-08 13:00-15:00"]) {
      const added = await ownerFormPost(server.url, session, `/owner/jobs/${jobId}`, { intent: "add", window });
      expect(added.status, window).toBe(303);
    }
    const [today, ...later] = dayIds(jobId);
    const visitsLinks = async () => (await ownerPage("/owner/visits")).split(`href="/owner/jobs/${jobId}"`).length - 1;
    expect(await visitsLinks()).toBe(2);
    const outboxRows = () =>
      withStoreAt(server.dataDir, (store) => store.db.prepare("SELECT count(*) AS n FROM outbox").get());
    const before = outboxRows();

    const asked = await ownerFormPost(server.url, session, `/owner/jobs/${jobId}`, { intent: "done" });
    expect(asked.status).toBe(409);
    const question = words(await asked.text());
    expect(question).toContain("Job done: what about the later work days?");
    expect(question).toContain(
      "These work days are after today: Wednesday, December 2, 10 am–12 pm Tuesday, December 8, 1–3 pm",
    );
    expect(question).toContain("Cancel them and mark the job done");
    expect(question).toContain("Keep the job open");
    expect(withStoreAt(server.dataDir, (store) => store.jobs.get(jobId)?.status)).toBe("open");
    expect(outboxRows()).toEqual(before);

    const taps = await Promise.all(
      Array.from({ length: 50 }, () => {
        const body = new URLSearchParams({ csrf: session.csrf, intent: "done" });
        for (const d of later) body.append("cancel", String(d.id));
        return fetch(`${server.url}/owner/jobs/${jobId}`, {
          method: "POST",
          redirect: "manual",
          headers: {
            Cookie: `owner=${session.token}`,
            Origin: server.url,
            "Content-Type": "application/x-www-form-urlencoded",
          },
          body,
        });
      }),
    );
    expect(new Set(taps.map((t) => t.status))).toEqual(new Set([303]));
    expect(taps.map((t) => t.headers.get("location"))).toContain(`/owner/jobs/${jobId}?done=done&cancelled=2`);
    const screen = words(await ownerPage(`/owner/jobs/${jobId}?done=done&cancelled=2`));
    expect(screen).toContain(
      "Job done. The invoice's draft is ready: check it and send it. 2 later work days cancelled. The homeowner gets an e-mail for each, taking it off their calendar.",
    );

    // The homeowner's calendar: one CANCEL for each later day, its UID and SEQUENCE raised.
    const cancels = await mailsLike(/^Work day cancelled, the work is done: /, 2);
    expect(cancels.map((m) => m.subject).sort()).toEqual([
      "Work day cancelled, the work is done: Tue, Dec 8, 1–3 pm, Central Time",
      "Work day cancelled, the work is done: Wed, Dec 2, 10 am–12 pm, Central Time",
    ]);
    const invites = cancels.map(inviteOf);
    expect(invites.map((i) => i.method)).toEqual(["CANCEL", "CANCEL"]);
    expect(invites.map((i) => [i.event?.uid, i.event?.sequence]).sort()).toEqual(later.map((d) => [d.uid, 1]).sort());
    // Their page, the owner's feed and Visits: only today's day is left.
    const page = plain(await (await fetch(`${server.url}${homeowner}`)).text());
    expect(page).toContain("Monday, November 30, we arrive 3–5 pm");
    expect(page).not.toContain("December 2, we arrive");
    expect(page).not.toContain("December 8, we arrive");
    const feed = strictEvents(await (await fetch(`${server.url}/calendar/${feedToken}.ics`)).text()).events;
    expect(feed.map((e) => e.uid)).toContain(today?.uid);
    for (const d of later) expect(feed.map((e) => e.uid)).not.toContain(d.uid);
    expect(await visitsLinks()).toBe(1);
    expect(
      withStoreAt(server.dataDir, (store) =>
        store.db
          .prepare("SELECT count(*) AS n FROM invoices i JOIN jobs j ON j.quote_id = i.quote_id WHERE j.id = ?")
          .get(jobId),
      ),
    ).toEqual({ n: 1 });
  });
});
