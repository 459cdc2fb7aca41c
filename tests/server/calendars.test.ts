// The owner's calendars on the running server (issue 47): he adds his calendar in the console and it is read at once;
// its busy times close the windows they overlap and no others; a busy time added later closes its window within a
// read cycle; a visit booked before it stays booked and shows the clash. Every hostile or broken calendar (50 MB, one
// byte a second, redirects to internal addresses, a web page, a bad line, a rule every minute for ever, an untrusted
// certificate, a 500) keeps the last good busy times, keeps `/` and booking answering, and is named in the console.
// An address that can never be read (internal, or a certificate that fails) is refused at Add and not kept.
// The visits' feed: made with post/redirect/get and shown once, made again only when confirmed; parsed by ical.js,
// ETag and 304, a new address makes the old one a 404 at once.
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOwnerConsole } from "../../server/owner/owner-console.ts";
import type { EstimateStore } from "../../server/requests/estimate-store.ts";
import { newLead } from "../../server/store/stored-lead.fixture.ts";
import { instantAt } from "../../server/time/wall-time.ts";
import {
  calendarAnswer,
  huge,
  makeTls,
  redirectTo,
  startCalendarHost,
  status,
  trickle,
  type CalendarHost,
  type Handler,
} from "../support/calendar-host.ts";
import { calendar, chicagoEvent, type IcsEvent } from "../support/ics-fixtures.ts";
import { startServer, stopServer, type RunningServer } from "./harness";
import { rawRequest } from "./raw-http";
import { withStoreAt } from "../support/server-db.ts";

const TZ = "America/Chicago";
// Monday 30 November 2026, 10:00 in Chicago: the server's clock for this file (TEST_CLOCK_FILE).
const MONDAY = instantAt("2026-11-30", "10:00", TZ);
const clockFile = path.join(tmpdir(), `calendars-clock-${process.pid}`);
const setClock = (at: Date) => writeFileSync(clockFile, at.toISOString());
const SECRET_TITLE = "Dentist for Quentin Zebulon";

let host: CalendarHost;
let server: RunningServer;
let cookie = "";
let csrf = "";
/** What the "Work" calendar holds now; the host serves it with an ETag. */
let work: IcsEvent[] = [];

function withStore<T>(work_: (store: EstimateStore) => T): T {
  return withStoreAt(server.dataDir, work_);
}

/** A request with its booking link and address, as if the homeowner had sent the form and step one. */
function request(n: number) {
  return withStore((store) => {
    const { id } = store.save(
      newLead({
        name: `Homeowner ${n}`,
        email: `cal${n}@example.com`,
        phone: `(309) 555-${String(n).padStart(4, "0")}`,
      }),
    );
    const token = store.visits.newLink(id);
    store.visits.putPlace({ estimateId: id, town: "Normal", served: true, street: `${n} Oak St`, notes: "" });
    return { id, token };
  });
}

const get = (pathname: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${pathname}`, { redirect: "manual", headers: { Cookie: cookie, ...headers } });

function consolePost(fields: Record<string, string>, pathname = "/owner/visits/calendars") {
  return fetch(`${server.url}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.url, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrf, ...fields }),
  });
}

const consolePage = async () => (await get("/owner/visits/calendars")).text();

/** The windows a homeowner is offered now, as the visit page's radio values ("2026-12-02 08:00"). */
async function offered(token: string): Promise<string[]> {
  const page = await (await fetch(`${server.url}/visit/${token}`)).text();
  return [...page.matchAll(/value="(\d{4}-\d{2}-\d{2} \d{2}:\d{2})"/g)].map((m) => m[1] as string);
}

function book(token: string, window: string) {
  return fetch(`${server.url}/visit/${token}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "book", window, key: `k-${token.slice(0, 12)}-${window}` }),
  });
}

/** The calendar's id by its label, from the database. */
const calendarId = (label: string) => withStore((s) => s.calendars.list().find((c) => c.label === label)?.id ?? 0);

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Asks for `/` and a booking page every 50 ms while `run` runs: every answer, and the slowest. */
async function whileAnswering<T>(token: string, run: () => Promise<T>) {
  const statuses: number[] = [];
  let slowest = 0;
  let on = true;
  const loop = (async () => {
    while (on) {
      for (const pathname of ["/", `/visit/${token}`]) {
        const started = performance.now();
        const answer = await fetch(`${server.url}${pathname}`).catch(() => null);
        await answer?.arrayBuffer();
        slowest = Math.max(slowest, performance.now() - started);
        statuses.push(answer?.status ?? 0);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  try {
    return { result: await run(), statuses, slowest: () => slowest };
  } finally {
    on = false;
    await loop;
  }
}

let homeowner: { id: number; token: string };

beforeAll(async () => {
  setClock(MONDAY);
  const tls = makeTls();
  host = await startCalendarHost(tls);
  host.on(
    "/work.ics",
    calendarAnswer(() => calendar(work)),
  );
  server = await startServer({
    CALENDAR_TEST_HOSTS: `calendar.test=127.0.0.1:${host.port}`,
    CALENDAR_TEST_CA: tls.certFile,
    CALENDAR_READ_SECONDS: "5",
    TEST_CLOCK_FILE: clockFile,
    RATE_LIMIT_PER_MINUTE: "100000",
  });
  const session = withStore((store) =>
    createOwnerConsole({ db: store.db }).sessions.create({ ip: "127.0.0.1", userAgent: "test", passkeyId: null }),
  );
  cookie = `owner=${session.token}`;
  csrf = session.session.csrf;
  homeowner = request(1);
}, 90_000);

afterAll(async () => {
  await stopServer(server);
  await host.close();
});

describe("busy times in", () => {
  it("the owner adds his calendar, it is read at once, and its busy times close the windows they overlap, no others", async () => {
    // Wednesday Dec 2, 09:00-10:30 busy: the 8-10 and 10-12 windows close; 1-3 and 3-5 stay. A free event and a
    // cancelled one close nothing.
    work = [
      chicagoEvent("busy@work", "2026-12-02", "09:00", "10:30", [`SUMMARY:${SECRET_TITLE}`]),
      chicagoEvent("free@work", "2026-12-03", "08:00", "17:00", ["TRANSP:TRANSPARENT"]),
      chicagoEvent("off@work", "2026-12-04", "08:00", "17:00", ["STATUS:CANCELLED"]),
    ];
    const before = await offered(homeowner.token);
    expect(before).toEqual(expect.arrayContaining(["2026-12-02 08:00", "2026-12-02 10:00", "2026-12-02 13:00"]));

    const added = await consolePost({ intent: "add", address: `  ${host.url("/work.ics")} `, label: "Work" });
    expect(added.status).toBe(302);
    expect(added.headers.get("location")).toBe("/owner/visits/calendars?done=added");
    const page = await consolePage();
    expect(page).toContain("Work");
    expect(page).toMatch(/Read 10(:\d\d)? am today: 1 busy time ahead\./);
    expect(page).not.toContain(SECRET_TITLE);
    // The address itself is not shown back, only its host and end.
    expect(page).not.toContain(host.url("/work.ics"));

    const after = await offered(homeowner.token);
    expect(after).not.toContain("2026-12-02 08:00");
    expect(after).not.toContain("2026-12-02 10:00");
    expect(after).toEqual(
      expect.arrayContaining(["2026-12-02 13:00", "2026-12-02 15:00", "2026-12-03 08:00", "2026-12-04 08:00"]),
    );
    // A booking for the closed window is refused as taken, whatever the page showed.
    const refused = await book(homeowner.token, "2026-12-02 08:00");
    expect(refused.headers.get("location")).toBe(`/visit/${homeowner.token}?notice=taken`);
  });

  it("refuses an http, internal or repeated address in the owner's words, and changes nothing", async () => {
    for (const [address, words] of [
      ["http://calendar.test/work.ics", "Only secure addresses"],
      ["ftp://example.com/x", "not a calendar&#x27;s web address"],
      [host.url("/work.ics"), "on the list already"],
      // Addresses the server may never read: refused at Add, in the words a failed read uses, and not kept.
      [
        "https://10.20.30.40/calendar.ics",
        "The address leads to a private network address (10.20.30.40). The site reads calendars from the internet only.",
      ],
      [`https://127.0.0.1:${host.port}/work.ics`, "The address leads to a loopback network address (127.0.0.1)."],
      [`webcal://[::1]:${host.port}/work.ics`, "The address leads to a loopback network address (::1)."],
      ["https://169.254.169.254/latest/meta-data/", "a link-local network address (169.254.169.254)"],
    ] as const) {
      // prettier-ignore
      const answer = await consolePost({ intent: "add", address, label: "Again" });
      expect(answer.status, address).toBe(400);
      const page = await answer.text();
      expect(page, address).toContain(words);
      // What was typed is kept, to correct.
      expect(page, address).toContain('value="Again"');
    }
    expect(withStore((s) => s.calendars.list()).length).toBe(1);
    expect(await consolePage()).not.toContain("Again");
  });

  it("refuses at Add a calendar whose certificate nobody trusts, in the words a failed read uses, and keeps none of it", async () => {
    const stranger = await startCalendarHost(makeTls(["calendar.test"]));
    try {
      const other = await consolePost({
        intent: "add",
        address: `https://calendar.test:${stranger.port}/x.ics`,
        label: "Stranger",
      });
      expect(other.status).toBe(400);
      expect(await other.text()).toContain(
        "calendar.test did not prove who it is (its security certificate is not valid), so the calendar was not read.",
      );
      expect(calendarId("Stranger")).toBe(0);
    } finally {
      await stranger.close();
    }
  });

  it("keeps an address that failed for a passing reason (its server had a problem), and says so", async () => {
    host.on("/down.ics", status(503));
    const answer = await consolePost({ intent: "add", address: host.url("/down.ics"), label: "Down today" });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/owner/visits/calendars?done=added");
    expect(await consolePage()).toContain("calendar.test had a problem of its own (503); the site tries again later.");
    expect((await consolePost({ intent: "remove", id: String(calendarId("Down today")) })).status).toBe(302);
  });

  it("a busy time added later closes its window within one read cycle (5 s here)", async () => {
    expect(await offered(homeowner.token)).toContain("2026-12-03 13:00");
    work = [...work, chicagoEvent("later@work", "2026-12-03", "13:30", "14:00")];
    const started = Date.now();
    await until("the window closed", async () => !(await offered(homeowner.token)).includes("2026-12-03 13:00"));
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(await offered(homeowner.token)).toContain("2026-12-03 15:00");
  });

  it("a visit booked before its busy time appeared stays booked, and the Visits view shows the clash (time, not title)", async () => {
    const booked = request(2);
    const answer = await book(booked.token, "2026-12-01 13:00");
    expect(answer.headers.get("location")).toBe(`/visit/${booked.token}`);
    work = [...work, chicagoEvent("clash@work", "2026-12-01", "13:30", "14:15", [`SUMMARY:${SECRET_TITLE}`])];
    expect((await consolePost({ intent: "read", id: String(calendarId("Work")) })).status).toBe(302);
    const visits = await (await get("/owner/visits")).text();
    expect(visits).toContain("Clashes with your calendar:");
    expect(visits).toContain("Work: busy Tue, Dec 1, 1:30–2:15 pm");
    expect(visits).not.toContain(SECRET_TITLE);
    expect(withStore((s) => s.visits.forLead(booked.id)?.status)).toBe("booked");
  });
});

describe("a hostile or broken calendar", () => {
  /** Each case: what the host answers, and the words the console must show. */
  const CASES: [string, () => Handler, RegExp][] = [
    ["50 MB", () => huge(50), /larger than 10 MB/],
    ["a redirect to 127.0.0.1", () => redirectTo(`https://127.0.0.1:${host.port}/work.ics`), /loopback network address \(127\.0\.0\.1\)/],
    ["a redirect to 10.x", () => redirectTo("https://10.20.30.40/calendar.ics"), /private network address \(10\.20\.30\.40\)/],
    ["a redirect to [::1]", () => redirectTo(`https://[::1]:${host.port}/work.ics`), /loopback network address \(::1\)/],
    ["a redirect to 169.254.169.254", () => redirectTo("https://169.254.169.254/latest/meta-data/"), /link-local network address/],
    ["a web page", () => (_req, res) => void res.writeHead(200, { "Content-Type": "text/html" }).end("<!doctype html><p>Sign in"), /sends a web page, not a calendar/],
    ["a malformed line", () => calendarAnswer(() => calendar(work).replace("SUMMARY:", "BROKEN LINE WITHOUT COLON\r\nSUMMARY:")), /a line that is not valid iCalendar \(.BROKEN LINE WITHOUT COLON.\)/],
    ["a 500", () => status(500), /had a problem of its own \(500\)/],
  ]; // prettier-ignore

  it("keeps the last good busy times, keeps `/` and booking answering, and names each problem in the console", async () => {
    const id = String(calendarId("Work"));
    for (const [label, handler, words] of CASES) {
      host.on("/work.ics", handler());
      const { statuses } = await whileAnswering(homeowner.token, async () => {
        const answer = await consolePost({ intent: "read", id });
        expect(answer.status, label).toBe(302);
      });
      expect(statuses.length, label).toBeGreaterThan(0);
      expect(
        statuses.every((s) => s === 200),
        `${label}: ${statuses.join(",")}`,
      ).toBe(true);
      const page = await consolePage();
      expect(page, label).toMatch(words);
      expect(page, label).toContain("The busy times read before still count.");
      // The last good read still closes its windows; the others stay open.
      const open = await offered(homeowner.token);
      expect(open, label).not.toContain("2026-12-02 08:00");
      expect(open, label).toContain("2026-12-02 13:00");
    }
    host.on(
      "/work.ics",
      calendarAnswer(() => calendar(work)),
    );
  }, 120_000);

  it("a rule every minute for ever is read, capped, and said", async () => {
    const id = String(calendarId("Work"));
    host.on(
      "/work.ics",
      calendarAnswer(() =>
        calendar([...work, chicagoEvent("minutes@work", "2027-01-10", "00:00", "00:01", ["RRULE:FREQ=MINUTELY"])]),
      ),
    );
    const { statuses } = await whileAnswering(homeowner.token, () => consolePost({ intent: "read", id }));
    expect(statuses.every((s) => s === 200)).toBe(true);
    const page = await consolePage();
    expect(page).toContain("repeats too often to read in full");
    expect(page).not.toContain("The busy times read before still count.");
    host.on(
      "/work.ics",
      calendarAnswer(() => calendar(work)),
    );
  }, 60_000);

  it("a calendar that sends one byte a second is given up after 30 s; meanwhile the site answers in time", async () => {
    host.on("/slow.ics", trickle());
    const { statuses, slowest } = await whileAnswering(homeowner.token, async () => {
      expect((await consolePost({ intent: "add", address: host.url("/slow.ics"), label: "Slow" })).status).toBe(302);
      // The page says it is being read, and looks again by itself.
      const reading = await consolePage();
      expect(reading).toContain("Being read now…");
      expect(reading).toMatch(/http-equiv="refresh"/);
      await until(
        "the slow calendar given up",
        async () => (await consolePage()).includes("took longer than 30 s"),
        45_000,
      );
    });
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(slowest()).toBeLessThan(1_000);
    expect((await consolePost({ intent: "remove", id: String(calendarId("Slow")) })).status).toBe(302);
    expect(host.hits("/slow.ics")).toBeGreaterThanOrEqual(1);
  }, 90_000);
});

describe("the visits' feed", () => {
  let feedUrl = "";

  /** A new address when there is one: asked, confirmed, then shown once on the page the 303 leads to. */
  async function newFeed(): Promise<string> {
    const made = await consolePost({ intent: "feed", confirm: "yes" });
    expect(made.status).toBe(303);
    const page = await consolePage();
    return new URL(/value="(http:[^"]+\.ics)"/.exec(page)?.[1] ?? "http://x/").pathname;
  }

  it("is made in the console, shown once with a webcal: link, and parsed by ical.js with the invites' UIDs", async () => {
    const made = await consolePost({ intent: "feed" });
    // Post/redirect/get: the answer to the POST is a 303, and the page it leads to shows the address.
    expect(made.status).toBe(303);
    expect(made.headers.get("location")).toBe("/owner/visits/calendars?done=feed");
    const page = await consolePage();
    const https = /value="(http:\/\/127\.0\.0\.1:\d+\/calendar\/[A-Za-z0-9_-]{43}\.ics)"/.exec(page)?.[1] ?? "";
    expect(https).not.toBe("");
    expect(page).toContain(`href="${https.replace(/^http:\/\//, "webcal://")}"`);
    expect(page).toContain("Add to my phone&#x27;s calendar");
    feedUrl = new URL(https).pathname;
    const madeAt = withStore((s) => s.calendars.feedMadeAt());
    // Shown once: a reload shows when it was made, not the address, and makes no other.
    const reload = await consolePage();
    expect(reload).not.toContain(feedUrl);
    expect(reload).not.toMatch(/\/calendar\/[A-Za-z0-9_-]{43}\.ics/);
    expect(reload).toMatch(/Address made 10(:\d\d)? am today\./);
    expect(withStore((s) => s.calendars.feedMadeAt())).toBe(madeAt);

    const answer = await fetch(`${server.url}${feedUrl}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(answer.headers.get("x-robots-tag")).toMatch(/noindex/);
    expect(answer.headers.get("referrer-policy")).toBe("same-origin");
    const text = await answer.text();
    const root = new ICAL.Component(ICAL.parse(text) as never);
    expect(root.getFirstPropertyValue("refresh-interval")?.toString()).toBe("PT1H");
    expect(root.getFirstPropertyValue("x-published-ttl")).toBe("PT1H");
    const events = root.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
    const visits = withStore((s) => s.visits.bookedBetween("2026-11-30", "2027-12-31"));
    expect(visits.length).toBeGreaterThan(0);
    expect(events.map((e) => e.uid).sort()).toEqual(visits.map((v) => v.uid).sort());
    const first = events.find((e) => e.uid === visits[0]?.uid);
    expect(first?.startDate.toJSDate().toISOString()).toBe(visits[0]?.starts_at);
    expect(first?.summary).toBe("Estimate: Homeowner 2");
    expect(first?.location).toBe("2 Oak St, Normal");
    expect(first?.description).toContain("(309) 555-0002");
    expect(first?.description).toMatch(/\/owner\/requests\/\d+$/);
    // Nothing more than he needs to drive there: no e-mail address, no message.
    expect(text).not.toContain("cal2@example.com");
    expect(text).not.toContain("Crack in the crown");
  });

  it("answers 304 to its ETag, and a new ETag when a visit changes", async () => {
    const first = await fetch(`${server.url}${feedUrl}`);
    const etag = first.headers.get("etag") ?? "";
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    const again = await fetch(`${server.url}${feedUrl}`, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("cache-control")).toBe("no-store");
    const another = request(3);
    expect((await book(another.token, "2026-12-07 15:00")).status).toBe(303);
    const changed = await fetch(`${server.url}${feedUrl}`, { headers: { "If-None-Match": etag } });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toContain("Estimate: Homeowner 3");
  });

  it("a new address is made only once asked again: the old one stops, as the page says", async () => {
    const asked = await consolePost({ intent: "feed" });
    expect(asked.status).toBe(200);
    const page = await asked.text();
    expect(page).toContain("Your calendar app will stop updating from the old address. Make a new one?");
    expect(page).toContain('name="confirm" value="yes"');
    expect(page).toContain("Keep the old address");
    // Nothing changed yet: the old address still answers.
    expect((await fetch(`${server.url}${feedUrl}`)).status).toBe(200);
  });

  it("a new address makes the old one a 404 at once, the same 404 as any unknown address, never a cached copy", async () => {
    const old = feedUrl;
    const fresh = await newFeed();
    expect(fresh).not.toBe(old);
    expect((await fetch(`${server.url}${fresh}`)).status).toBe(200);
    const bodies = new Set<string>();
    for (const pathname of [
      old,
      old.toUpperCase().replace("/CALENDAR/", "/calendar/"),
      `/calendar/${"A".repeat(43)}.ics`,
      "/calendar/nope.ics",
      "/calendar/..%2F..%2Fowner",
    ]) {
      const answer = await fetch(`${server.url}${pathname}`);
      expect(answer.status, pathname).toBe(404);
      expect(answer.headers.get("cache-control"), pathname).toBe("no-store");
      bodies.add(await answer.text());
    }
    expect(bodies.size).toBe(1);
    // Other spellings of the old address do not reach an old copy either.
    for (const pathname of [old.replace("/calendar/", "/CALENDAR/"), old.replace("/calendar/", "/./calendar/")]) {
      expect((await fetch(`${server.url}${pathname}`)).status, pathname).not.toBe(200);
    }
    feedUrl = fresh;
  });

  it("sends no-store, a same-origin referrer policy and noindex on every spelling of its path, and is never kept in the page cache", async () => {
    const token = feedUrl.slice("/calendar/".length);
    const spellings = [
      `/calendar/${token}`,
      `/CALENDAR/${token}`,
      `/%63alendar/${token}`,
      `/./calendar/${token}`,
      `/x/../calendar/${token}`,
      `/calendar/${token}.data`,
    ];
    for (const spelling of spellings) {
      const response = await rawRequest(
        server.port,
        `GET ${spelling} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
      );
      if (response.status >= 300 && response.status < 400) continue;
      expect(response.headers["cache-control"], spelling).toBe("no-store");
      expect(response.headers["referrer-policy"], spelling).toBe("same-origin");
      expect(response.headers["x-robots-tag"], spelling).toMatch(/noindex/);
      expect(response.body, spelling).not.toMatch(/at .+\.(ts|js):\d+/);
    }
    // Read through every spelling, then made anew: no spelling answers with the old feed.
    await newFeed();
    for (const spelling of spellings) {
      const response = await rawRequest(
        server.port,
        `GET ${spelling} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
      );
      expect(response.body, spelling).not.toContain("BEGIN:VCALENDAR");
    }
    feedUrl = await newFeed();
  });

  it("rate-limits unknown addresses per client", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++)
      statuses.push((await fetch(`${server.url}/calendar/${"B".repeat(42)}${i % 10}.ics`)).status);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((s) => s === 404).length).toBeLessThanOrEqual(20);
    // The owner's own address still answers.
    expect((await fetch(`${server.url}${feedUrl}`)).status).toBe(200);
  });
});

describe("a calendar not read for two hours", () => {
  it("is named on the Visits view", async () => {
    host.on("/work.ics", status(503));
    await until("the 503 is named", async () => (await consolePage()).includes("had a problem of its own (503)"));
    expect(await (await get("/owner/visits")).text()).not.toContain("Not read for over 2 hours");
    // Two hours later by the server's clock, the calendar still failing.
    setClock(new Date(MONDAY.getTime() + 2 * 3_600_000 + 60_000));
    await until("the Visits view names the calendar", async () =>
      (await (await get("/owner/visits")).text()).includes("Not read for over 2 hours: Work."),
    );
    const page = await consolePage();
    expect(page).toMatch(/Not read since 10(:\d\d)? am today: calendar\.test had a problem of its own \(503\)/);
  }, 30_000);
});

describe("the console page's guard", () => {
  it("refuses without a session, and cross-site", async () => {
    const anonymous = await fetch(`${server.url}/owner/visits/calendars`, { redirect: "manual" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/owner\/sign-in/);
    const post = await fetch(`${server.url}/owner/visits/calendars`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "feed" }),
    });
    expect(post.status).toBe(401);
    const cross = await fetch(`${server.url}/owner/visits/calendars`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: "https://evil.example", Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrf, intent: "feed" }),
    });
    expect([400, 403]).toContain(cross.status);
    expect(withStore((s) => s.calendars.feedMadeAt())).not.toBeNull();
  });
});
