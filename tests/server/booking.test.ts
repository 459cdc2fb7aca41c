// Booking the estimate visit on the running server: never twice (50 at once, 5 times the same form), a flood from
// one address, a mail scanner's GETs, the invites as received (MIME and iCalendar parsed), the reminder sent once
// across a restart, and the page's headers on every spelling of its path; "Book next year" from a done job.
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import ICAL from "ical.js";
import { simpleParser, type ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openEstimateStore, type EstimateStore } from "../../server/requests/estimate-store.ts";
import { newLead } from "../../server/store/stored-lead.fixture.ts";
import { instantAt } from "../../server/time/wall-time.ts";
import { startServer, stopServer, type RunningServer } from "./harness";
import { rawRequest } from "./raw-http";
import { startSmtp, waitFor } from "./smtp";
import { ownerFormPost, withStoreAt } from "../support/server-db.ts";
import { seedJob } from "../support/seed-job.ts";
import { createOwnerConsole } from "../../server/owner/owner-console.ts";

const OWNER = "owner@example.com";
const TZ = "America/Chicago";
// Monday 30 November 2026, 10:00 in Chicago: the server's clock for this file (TEST_CLOCK_FILE).
const MONDAY = instantAt("2026-11-30", "10:00", TZ);
const clockFile = path.join(tmpdir(), `booking-clock-${process.pid}`);
const setClock = (at: Date) => writeFileSync(clockFile, at.toISOString());

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let server: RunningServer;

function withStore<T>(read: (store: EstimateStore) => T): T {
  return withStoreAt(server.dataDir, read);
}

/** A request with its link and its address, as if the homeowner had sent the form and step one. */
function request(n: number, overrides: Parameters<typeof newLead>[0] = {}) {
  return withStore((store) => {
    const { id } = store.save(
      newLead({
        idempotencyKey: null,
        email: `home${n}@example.com`,
        phone: `(309) 555-${String(n).padStart(4, "0")}`,
        ...overrides,
      }),
    );
    // The booking link as the server mints it: a secret, kept as a hash.
    const token = store.visits.newLink(id);
    store.visits.putPlace({ estimateId: id, town: "Normal", served: true, street: `${n} Elm St`, notes: "" });
    return { id, token };
  });
}

function post(token: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${server.url}/visit/${token}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields),
  });
}

const book = (token: string, window: string, key: string, headers: Record<string, string> = {}) =>
  post(token, { intent: "book", window, key }, headers);

beforeAll(async () => {
  setClock(MONDAY);
  smtp = await startSmtp();
  server = await startServer({
    SMTP_URL: smtp.url,
    NOTIFY_EMAIL: OWNER,
    CONFIRMATION_EMAIL: "off",
    RATE_LIMIT_PER_MINUTE: "100000",
    TEST_CLOCK_FILE: clockFile,
  });
}, 90_000);
afterAll(async () => {
  await stopServer(server);
  await smtp.close();
});

describe("never twice", () => {
  it("50 homeowners book the same window at the same instant: exactly one wins; the others see 'just taken', the next times, and their address", async () => {
    const people = Array.from({ length: 50 }, (_, i) => request(100 + i));
    const answers = await Promise.all(people.map((p) => book(p.token, "2026-12-02 08:00", `race-${p.id}`)));
    const locations = answers.map((a) => a.headers.get("location") ?? "");
    expect(answers.every((a) => a.status === 303)).toBe(true);
    const won = locations.filter((l) => !l.includes("notice="));
    const taken = locations.filter((l) => l.endsWith("?notice=taken"));
    expect(won).toHaveLength(1);
    expect(taken).toHaveLength(49);
    const booked = withStore((s) =>
      s.db
        .prepare("SELECT estimate_id FROM visits WHERE day = '2026-12-02' AND starts = '08:00' AND status = 'booked'")
        .all(),
    );
    expect(booked).toHaveLength(1);
    // A loser's page: the words, the next open times without that window, and the address they gave kept.
    const loser = people.find((p) => `/visit/${p.token}` !== won[0]) ?? people[0];
    const page = await (await fetch(`${server.url}/visit/${loser?.token}?notice=taken`)).text();
    expect(page).toContain("That time was just taken by someone else. Here are the next open times:");
    expect(page).not.toContain('value="2026-12-02 08:00"');
    expect(page).toContain('value="2026-12-02 10:00"');
    expect(page).toMatch(/At \d+ Elm St, Normal/);
  });

  it("the same form posted 5 times makes one visit", async () => {
    const p = request(200);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => book(p.token, "2026-12-03 10:00", "same-form-key-200")),
    );
    expect(answers.map((a) => a.headers.get("location"))).toEqual(Array(5).fill(`/visit/${p.token}`));
    const visits = withStore((s) => s.visits.allForLead(p.id));
    expect(visits).toHaveLength(1);
    // One invite to the homeowner and one to the owner, not five.
    expect(withStore((s) => s.deliveries(p.id).filter((d) => d.kind !== "visit-reminder"))).toHaveLength(2);
  });
});

describe("a mail scanner", () => {
  it("opens every link 100 times and nothing changes", async () => {
    const p = request(300);
    await book(p.token, "2026-12-03 13:00", "scanner-300");
    // This link's own rows: other leads' mail (the race above seeded 50) may still be queued meanwhile.
    const mine = () =>
      withStore((s) => ({
        visits: s.visits.allForLead(p.id),
        outbox: (s.db.prepare("SELECT count(*) AS n FROM outbox WHERE estimate_id = ?").get(p.id) as { n: number }).n,
        places: (s.db.prepare("SELECT count(*) AS n FROM booking_places").get() as { n: number }).n,
      }));
    const before = mine();
    expect(before.visits).toHaveLength(1);
    for (let i = 0; i < 100; i++) {
      const query = ["", "?move=1", "?change=place", "?notice=taken"][i % 4];
      const response = await fetch(`${server.url}/visit/${p.token}${query}`);
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
    expect(mine()).toEqual(before);
  });
});

describe("abuse", () => {
  it("a flood of 100 bookings in a minute from one address gets at most 5 through", async () => {
    const flood = await startServer({ RATE_LIMIT_PER_MINUTE: "5", TEST_CLOCK_FILE: clockFile });
    try {
      const people = Array.from({ length: 100 }, (_, i) => {
        const store = openEstimateStore({ dataDir: flood.dataDir });
        try {
          const { id } = store.save(
            newLead({
              idempotencyKey: null,
              email: `f${i}@example.com`,
              phone: `(217) 555-${String(i).padStart(4, "0")}`,
            }),
          );
          const token = store.visits.newLink(id);
          store.visits.putPlace({ estimateId: id, town: "Normal", served: true, street: `${i} Oak St`, notes: "" });
          return token;
        } finally {
          store.close();
        }
      });
      const windows = [
        "2026-12-01 08:00",
        "2026-12-01 10:00",
        "2026-12-02 08:00",
        "2026-12-02 10:00",
        "2026-12-03 08:00",
      ];
      const statuses: number[] = [];
      for (const [i, token] of people.entries()) {
        const response = await fetch(`${flood.url}/visit/${token}`, {
          method: "POST",
          redirect: "manual",
          headers: { Origin: flood.url, "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ intent: "book", window: windows[i % windows.length] ?? "", key: `flood-${i}` }),
        });
        statuses.push(response.status);
      }
      const store = openEstimateStore({ dataDir: flood.dataDir });
      const booked = (store.db.prepare("SELECT count(*) AS n FROM visits").get() as { n: number }).n;
      store.close();
      expect(booked).toBeLessThanOrEqual(5);
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(95);
    } finally {
      await stopServer(flood);
    }
  });

  it("refuses a post from another site, a form of the wrong type or size, and links that do not exist", async () => {
    const p = request(400);
    // React Router refuses a foreign Origin itself (400) before the page's own guard would (403).
    expect([400, 403]).toContain(
      (await book(p.token, "2026-12-04 08:00", "x1", { Origin: "https://evil.example" })).status,
    );
    const json = await fetch(`${server.url}/visit/${p.token}`, {
      method: "POST",
      headers: { Origin: server.url, "Content-Type": "application/json" },
      body: JSON.stringify({ intent: "book" }),
    });
    expect(json.status).toBe(400);
    const huge = await post(p.token, { intent: "place", street: "x".repeat(20_000) });
    expect(huge.status).toBe(400);
    expect(withStore((s) => s.visits.forLead(p.id))).toBeUndefined();
    const unknown = await fetch(`${server.url}/visit/${"A".repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("Page Not Found");
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => fetch(`${server.url}/visit/${"B".repeat(42)}${i % 10}`)),
    );
    expect(answers.some((a) => a.status === 429)).toBe(true);
  });

  it("answers a window we never offered in its own words (422), with the real times; one gone is 'no longer open'", async () => {
    const p = request(410);
    for (const window of [
      "2026-12-04 8:00",
      "2026-12-04T08:00",
      "'; DROP TABLE visits; --",
      "2026-02-30 08:00",
      "9999-99-99 08:00",
      "2026-12-02 09:00", // Wednesday's windows start at 8, 10, 1 and 3
      "2026-12-06 08:00", // a Sunday
      "2027-06-01 08:00", // past the days booking opens
      "",
      "2026-12-02 08:00\u0000",
    ]) {
      const answer = await book(p.token, window, `never-${window.length}`);
      expect(answer.status, window).toBe(422);
      const page = await answer.text();
      expect(page).toContain("We do not offer that time. Pick one of the times below.");
      expect(page).not.toContain("That time is no longer open");
      expect(page).toMatch(/name="window" value="2026-12-\d\d \d\d:00"/);
    }
    const noWindow = await post(p.token, { intent: "book", key: "never-none" });
    expect(noWindow.status).toBe(422);
    expect(withStore((s) => s.visits.forLead(p.id))).toBeUndefined();
    // A time that was offered and has passed its cut-off (today's) is still "no longer open".
    const gone = await book(p.token, "2026-11-30 13:00", "gone");
    expect(gone.status).toBe(303);
    expect(gone.headers.get("location")).toBe(`/visit/${p.token}?notice=closed`);
    // Moving to a made-up time: the same words, on the move page.
    const real = /name="window" value="([^"]+)"/.exec(await (await fetch(`${server.url}/visit/${p.token}`)).text());
    expect((await book(p.token, real?.[1] ?? "", "real")).headers.get("location")).toBe(`/visit/${p.token}`);
    const move = await fetch(`${server.url}/visit/${p.token}?move=1`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "move", window: "2026-12-03 09:30" }),
    });
    expect(move.status).toBe(422);
    const movePage = await move.text();
    expect(movePage).toContain("We do not offer that time. Pick one of the times below.");
    expect(movePage).toContain("Move your visit");
  });

  it("sends no-store, a same-origin referrer policy and noindex on every spelling of the page, and never caches it", async () => {
    const p = request(500);
    for (const spelling of [
      `/visit/${p.token}`,
      `/VISIT/${p.token}`,
      `/%76isit/${p.token}`,
      `/./visit/${p.token}`,
      `/x/../visit/${p.token}`,
      `/visit/${p.token}.data`,
    ]) {
      const response = await rawRequest(
        server.port,
        `GET ${spelling} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
      );
      if (response.status >= 300 && response.status < 400) continue;
      expect(response.headers["cache-control"], spelling).toContain("no-store");
      expect(response.headers["referrer-policy"], spelling).toBe("same-origin");
      expect(response.headers["x-robots-tag"], spelling).toMatch(/noindex/);
      expect(response.body, spelling).not.toMatch(/at .+\.(ts|js):\d+/);
    }
  });
});

/** The messages to an address, parsed as a mail program would. */
async function mailTo(address: string, count: number): Promise<ParsedMail[]> {
  const raws = await waitFor(() => {
    const found = smtp.received.filter((m) => m.to.includes(address));
    return found.length >= count ? found : undefined;
  }, 30_000);
  return Promise.all(raws.map((m) => simpleParser(m.raw)));
}

function calendarOf(mail: ParsedMail) {
  // The same file as the text/calendar part, attached as invite.ics.
  const attachment = mail.attachments.find((a) => a.filename === "invite.ics");
  const ics = attachment?.content.toString("utf8") ?? "";
  const vevent = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent("vevent");
  const event = vevent ? new ICAL.Event(vevent) : null;
  return {
    ics,
    method: new ICAL.Component(ICAL.parse(ics)).getFirstPropertyValue("method"),
    uid: event?.uid,
    sequence: event?.sequence,
    start: event?.startDate.toJSDate().toISOString(),
    status: vevent?.getFirstPropertyValue("status"),
  };
}

describe("the invites, as received", () => {
  it("books, moves and cancels: REQUEST with one UID, SEQUENCE 0 then 1, then CANCEL; the homeowner's link works", async () => {
    const address = "invitee@example.com";
    const p = request(600, { email: address, name: "Ina Vitee" });
    expect((await book(p.token, "2026-12-04 10:00", "invite-600")).status).toBe(303);
    const [booked] = await mailTo(address, 1);
    if (!booked) throw new Error("no invite");
    expect(booked.subject).toBe("Booked: your free estimate visit, Fri, Dec 4, 10 am–12 pm, Central Time");
    const raw = smtp.received.find((m) => m.to.includes(address))?.raw ?? "";
    // The calendar part says method=REQUEST, as METHOD does, and the same file is attached as invite.ics.
    expect(raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i);
    expect(raw).toMatch(/Content-Type: application\/ics; name=invite\.ics/i);
    const first = calendarOf(booked);
    expect(first).toMatchObject({
      method: "REQUEST",
      sequence: 0,
      start: "2026-12-04T16:00:00.000Z",
      status: "CONFIRMED",
    });
    expect(first.ics).toMatch(/^DTSTART:20261204T160000Z\r$/m);
    // Its link to move or cancel works, and no secret was kept in the outbox to make it.
    const link = /\/visit\/[A-Za-z0-9_-]{43}/.exec(booked.text ?? "")?.[0];
    expect(link).toBeDefined();
    expect(await (await fetch(`${server.url}${link}`)).text()).toContain("Booked");
    expect(withStore((s) => s.deliveries(p.id).some((d) => /\/visit\/[A-Za-z0-9_-]{43}/.test(d.message ?? "")))).toBe(
      false,
    );
    // The owner's copy: the same event in his calendar.
    const ownerCopies = (await mailTo(OWNER, 1)).filter((m) => m.subject?.includes("Ina Vitee"));
    expect(ownerCopies.map((m) => calendarOf(m).uid)).toEqual([first.uid]);

    // The homeowner moves it from the e-mail's link.
    const moved = await post(link?.split("/")[2] ?? "", { intent: "move", window: "2026-12-07 13:00" });
    expect(moved.headers.get("location")).toMatch(/\?notice=moved$/);
    const [, second] = await mailTo(address, 2);
    if (!second) throw new Error("no second invite");
    expect(calendarOf(second)).toMatchObject({
      method: "REQUEST",
      uid: first.uid,
      sequence: 1,
      start: "2026-12-07T19:00:00.000Z",
    });
    expect(second.subject).toBe("Moved: your free estimate visit is now Mon, Dec 7, 1–3 pm, Central Time");

    // Then cancels it.
    expect((await post(p.token, { intent: "cancel", reason: "Sold the house" })).status).toBe(303);
    const [, , third] = await mailTo(address, 3);
    if (!third) throw new Error("no cancel");
    expect(calendarOf(third)).toMatchObject({ method: "CANCEL", uid: first.uid, sequence: 2, status: "CANCELLED" });
    expect(smtp.received.find((m) => m.to.includes(address) && m.raw.includes("method=CANCEL"))?.raw).toMatch(
      /Content-Type: text\/calendar; charset=utf-8; method=CANCEL/i,
    );
    // The cancelled visit's reminders are all withdrawn.
    const reminders = withStore((s) => s.deliveries(p.id).filter((d) => d.kind === "visit-reminder"));
    expect(reminders.every((r) => r.cancelled_at !== null && r.sent_at === null)).toBe(true);
  });
});

describe("Book next year (decision 0055)", () => {
  it("books the done job's homeowner next spring once, 50 taps at once, with the usual invite and link, and stops their chimney's reminders", async () => {
    const job = seedJob(server.dataDir, { visitTown: "Normal" });
    const session = withStore((s) => {
      const made = createOwnerConsole({ db: s.db }).sessions.create({
        ip: "127.0.0.1",
        userAgent: "t",
        passkeyId: null,
      });
      return { token: made.token, csrf: made.session.csrf };
    });
    const owner = (pathname: string, fields: Record<string, string>) =>
      ownerFormPost(server.url, session, pathname, fields);
    const ownerGet = async (pathname: string) =>
      fetch(`${server.url}${pathname}`, { redirect: "manual", headers: { Cookie: `owner=${session.token}` } });
    const page = `/owner/next-year/job/${job.jobId}`;
    // Before Job done there is nothing to book from.
    expect((await (await ownerGet(page)).text()).replace(/<!-- -->/g, "")).toContain("mark the job done first");
    const later = withStore((s) => s.jobs.days(job.jobId).map((d) => String(d.id)));
    const done = await fetch(`${server.url}/owner/jobs/${job.jobId}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        Cookie: `owner=${session.token}`,
        Origin: server.url,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams([["csrf", session.csrf], ["intent", "done"], ...later.map((id) => ["cancel", id])]),
    });
    expect(done.status).toBe(303);
    const jobScreen = (await (await ownerGet(done.headers.get("location") ?? "")).text()).replace(/<!-- -->/g, "");
    expect(jobScreen).toContain(`href="${page}"`);
    expect(jobScreen).toContain("Book next year");
    const customerId = withStore(
      (s) =>
        s.db.prepare<[number], { c: number }>("SELECT customer_id AS c FROM estimates WHERE id = ?").get(job.estimateId)
          ?.c,
    );
    const settings = { cadences: { defaultMonths: 12, services: [] }, presetNames: new Map(), timeZone: TZ };
    const dueFor = () =>
      withStore((s) => s.flueDues.dueBetween("2027-01-01", "2028-12-31", settings, { limit: 100_000 }).rows)
        .filter((r) => r.customerId === customerId)
        .map((r) => r.due.day);
    // Done Monday 30 November 2026: due a year on, so a reminder would go next fall.
    expect(dueFor()).toEqual(["2027-11-30"]);

    // Week 49's Monday is not in spring: the season's matching week (12 weeks past its first), Monday 24 May 2027.
    const proposal = (await (await ownerGet(page)).text()).replace(/<!-- -->/g, "");
    expect(proposal).toContain("Monday, May 24, 2027");
    expect(proposal).toContain("the same week next year, in your slow season (March 1 to May 31)");
    expect(proposal).toContain('name="window" checked value="2027-05-24 08:00"');
    expect(proposal).toContain('value="12 Oak St"');
    // Another day by a GET: Memorial Day is closed, so it has no window.
    const closed = (await (await ownerGet(`${page}?day=2027-05-31`)).text()).replace(/<!-- -->/g, "");
    expect(closed).toContain("No open window near the season");
    expect((await ownerGet(`/owner/next-year/job/999999`)).status).toBe(404);
    expect((await ownerGet(`/owner/next-year/quote/${job.jobId}`)).status).toBe(404);
    expect((await owner(page, { intent: "frobnicate", window: "2027-05-24 08:00" })).status).toBe(400);
    expect((await owner(page, { intent: "book", window: "2027-05-24 08:00", street: "", town: "Normal" })).status).toBe(
      409,
    );

    const fields = { intent: "book", window: "2027-05-24 08:00", street: "12 Oak St", town: "Normal" };
    const taps = await Promise.all(Array.from({ length: 50 }, () => owner(page, fields)));
    expect(new Set(taps.map((t) => t.status))).toEqual(new Set([303]));
    expect(new Set(taps.map((t) => t.headers.get("location")))).toEqual(new Set([`${page}?done=booked`]));
    const ahead = withStore((s) =>
      s.db
        .prepare<
          [],
          { estimate_id: number; day: string; starts: string; status: string; customer_id: number; property_id: number }
        >(
          `SELECT v.estimate_id, v.day, v.starts, v.status, e.customer_id, e.property_id FROM visits v
           JOIN estimates e ON e.id = v.estimate_id WHERE v.ahead_from IS NOT NULL`,
        )
        .all(),
    );
    expect(ahead).toHaveLength(1);
    const original = withStore((s) =>
      s.db
        .prepare<[number], { customer_id: number; property_id: number }>(
          "SELECT customer_id, property_id FROM estimates WHERE id = ?",
        )
        .get(job.estimateId),
    );
    // On the same customer and property: the intake's customer for the new request is gone.
    expect(ahead[0]).toMatchObject({ day: "2027-05-24", starts: "08:00", status: "booked", ...original });
    expect(
      withStore((s) =>
        s.db.prepare("SELECT count(*) AS n FROM customers WHERE source_id = ?").get(String(ahead[0]?.estimate_id)),
      ),
    ).toEqual({ n: 0 });
    expect((await (await ownerGet(page)).text()).replace(/<!-- -->/g, "")).toContain("Next year’s visit is booked");

    // The usual invite, once, with the homeowner's link to keep, move or cancel it.
    const isInvite = (raw: string) => raw.includes("yearly chimney visit") && raw.includes("method=REQUEST");
    const invite = await simpleParser(
      (await waitFor(() => smtp.received.find((m) => m.to.includes(job.email) && isInvite(m.raw)), 30_000)).raw,
    );
    expect(invite.subject).toBe("Booked: your yearly chimney visit, Mon, May 24, 2027, 8–10 am, Central Time");
    expect(calendarOf(invite)).toMatchObject({ method: "REQUEST", sequence: 0, start: "2027-05-24T13:00:00.000Z" });
    const link = /\/visit\/[A-Za-z0-9_-]{43}/.exec(invite.text ?? "")?.[0] ?? "";
    const visitPage = (await (await fetch(`${server.url}${link}`)).text()).replace(/<!-- -->/g, "");
    expect(visitPage).not.toMatch(/<script[^>]*\ssrc=/i);
    expect(visitPage).toContain("Monday, May 24, 2027");
    expect(visitPage).toContain("Keeping it? There is nothing to do");
    expect(visitPage).toContain("Move the visit");
    expect(visitPage).toContain("Cancel the visit");
    // Moving it offers the weeks round it, not the next four weeks of this winter.
    const moving = await (await fetch(`${server.url}${link}?move=1`)).text();
    expect(moving).toContain('value="2027-05-25 08:00"');
    expect(moving).not.toContain('value="2026-12-02 08:00"');
    await new Promise((r) => setTimeout(r, 1500));
    expect(smtp.received.filter((m) => m.to.includes(job.email) && isInvite(m.raw))).toHaveLength(1);

    // The reminders' query leaves the place out while the visit is booked.
    expect(dueFor()).toEqual([]);
    // Reports: the one done job was rebooked; next year's visit is in spring, not the busy season.
    const reports = (await (await ownerGet("/owner/reports")).text()).replace(/<!-- -->/g, "");
    const figures = reports.slice(reports.indexOf('data-testid="returning-figures"'));
    expect(figures).toMatch(/Rebook rate<\/dt><dd[^>]*>100%</);
    expect(figures).toMatch(/Busy season booked ahead<\/dt><dd[^>]*>0 <span[^>]*>of \d+ places/);
    const csv = await (await ownerGet("/owner/reports.csv?chart=returning")).text();
    expect(csv).toContain(`"rebooked ahead","1","2025-11-30","2026-11-30"`);
  }, 90_000);
});

describe("the reminder", () => {
  it("goes once at 9:00 the day before, even across a restart, and never for a moved visit's old time", async () => {
    const address = "remind@example.com";
    const p = request(700, { email: address });
    await book(p.token, "2026-12-08 08:00", "remind-700");
    await post(p.token, { intent: "move", window: "2026-12-09 08:00" });
    await mailTo(address, 2);
    // The day before, at 9:00 in Chicago: the reminder for the 9th, not the 8th.
    setClock(instantAt("2026-12-08", "09:00", TZ));
    const isReminder = (raw: string) => raw.includes("A reminder: we come");
    const reminder = await waitFor(
      () => smtp.received.find((m) => m.to.includes(address) && isReminder(m.raw)),
      20_000,
    ).catch((error: unknown) => {
      console.log(
        withStore((s) => s.deliveries(p.id)),
        server.output().slice(-2000),
      );
      throw error;
    });
    expect((await simpleParser(reminder.raw)).subject).toBe(
      "Reminder: your free estimate visit Wed, Dec 9, 8–10 am, Central Time",
    );
    await stopServer(server);
    server = await startServer(
      {
        SMTP_URL: smtp.url,
        NOTIFY_EMAIL: OWNER,
        CONFIRMATION_EMAIL: "off",
        RATE_LIMIT_PER_MINUTE: "100000",
        TEST_CLOCK_FILE: clockFile,
      },
      server.dataDir,
    );
    // The outbox runs at start: a second reminder would go within its first round.
    await new Promise((r) => setTimeout(r, 3000));
    expect(smtp.received.filter((m) => m.to.includes(address) && isReminder(m.raw))).toHaveLength(1);
    const rows = withStore((s) => s.deliveries(p.id).filter((d) => d.kind === "visit-reminder"));
    expect(rows.map((r) => [r.next_attempt_at, r.sent_at !== null, r.cancelled_at !== null])).toEqual([
      [instantAt("2026-12-07", "09:00", TZ).toISOString(), false, true],
      [instantAt("2026-12-08", "09:00", TZ).toISOString(), true, false],
    ]);
    setClock(MONDAY);
  }, 90_000);
});
