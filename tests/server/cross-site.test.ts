// Where a POST may come from (decision 0038), on the running server: every form a person posts here, sent the way
// another site's page would send it (or claiming our Origin while the browser says cross-site or same-site), is
// refused with the site's own 403 page, and nothing is stored and no mail is queued. And every 429 says, in
// Retry-After, how many seconds to wait.
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { business } from "../../app/content/business.ts";
import { createOwnerConsole } from "../../server/owner/owner-console.ts";
import type { EstimateStore } from "../../server/requests/estimate-store.ts";
import { newLead } from "../../server/store/stored-lead.fixture.ts";
import { instantAt } from "../../server/time/wall-time.ts";
import { seedQuote } from "../support/seed-quote.ts";
import { startServer, stopServer, type RunningServer } from "./harness";
import { startSmtp } from "./smtp";
import { withStoreAt } from "../support/server-db.ts";

// Monday 30 November 2026, 10:00 in Chicago: the server's clock for this file (TEST_CLOCK_FILE).
const clockFile = path.join(tmpdir(), `cross-site-clock-${process.pid}`);
const REFUSED = "Requests from other sites are not accepted.";

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let server: RunningServer;
let cookie = "";
let csrf = "";

function withStore<T>(work: (store: EstimateStore) => T): T {
  return withStoreAt(server.dataDir, work);
}

/** Each post comes from an address of its own (TRUST_PROXY), so no allowance runs out but the one a test spends. */
let addresses = 0;
const nextAddress = () => `198.51.100.${++addresses}`;

/** A request with its booking link and address, as if the homeowner had sent the form and step one. */
function visitLink(n: number): string {
  return withStore((store) => {
    const { id } = store.save(
      newLead({
        idempotencyKey: null,
        email: `cross${n}@example.com`,
        phone: `(309) 555-${String(n).padStart(4, "0")}`,
      }),
    );
    const token = store.visits.newLink(id);
    store.visits.putPlace({ estimateId: id, town: "Normal", served: true, street: `${n} Elm St`, notes: "" });
    return token;
  });
}

/** Everything a form could have stored or queued. */
const stored = () =>
  withStore((s) => {
    const count = (table: string) => (s.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    return {
      estimates: count("estimates"),
      visits: count("visits"),
      places: count("booking_places"),
      acceptances: count("quote_acceptances"),
      quotes: s.db.prepare("SELECT id, status FROM quotes ORDER BY id").all(),
      outbox: count("outbox"),
      feed: s.calendars.feedMadeAt(),
    };
  });

function post(pathname: string, body: URLSearchParams, headers: Record<string, string>) {
  return fetch(`${server.url}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": nextAddress(), ...headers },
    body,
  });
}

/** The ways another site's page posts here, or a forged post claims to be ours. */
function variants(): [string, Record<string, string>][] {
  const ours = server.url;
  return [
    ["our Origin, but Sec-Fetch-Site: cross-site", { Origin: ours, "Sec-Fetch-Site": "cross-site" }],
    ["our Origin, but Sec-Fetch-Site: CROSS-SITE", { Origin: ours, "Sec-Fetch-Site": "CROSS-SITE" }],
    ["our Origin, but Sec-Fetch-Site: same-site (a subdomain is not ours)", { Origin: ours, "Sec-Fetch-Site": "same-site" }],
    ["our Origin, but Sec-Fetch-Site:  Same-Site ", { Origin: ours, "Sec-Fetch-Site": " Same-Site " }],
    ["a foreign Origin", { Origin: "https://evil.example" }],
    ["a foreign Origin in capitals", { Origin: "HTTPS://EVIL.EXAMPLE" }],
    ["a foreign Origin, cross-site", { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" }],
    ["another port of this host", { Origin: "http://127.0.0.1:1" }],
    ["our Origin as a prefix", { Origin: `${ours}.evil.example` }],
    ["Origin null, cross-site", { Origin: "null", "Sec-Fetch-Site": "cross-site" }],
    ["no Origin, a foreign Referer", { Referer: "https://evil.example/form.html" }],
    ["no Origin, cross-site", { "Sec-Fetch-Site": "cross-site" }],
    ["no Origin, same-site, our Referer", { "Sec-Fetch-Site": "same-site", Referer: `${ours}/contact` }],
  ]; // prettier-ignore
}

/** "Origin: null" alone is how the quote page's own forms post (it is sent with no-referrer); everywhere else no. */
const nullOrigin: [string, Record<string, string>] = ["Origin null", { Origin: "null" }];

async function expectRefusedPage(response: Response, what: string) {
  expect(response.status, what).toBe(403);
  expect(response.headers.get("content-type"), what).toMatch(/^text\/html/);
  expect(response.headers.get("cache-control"), what).toBe("no-store");
  const page = await response.text();
  // The site's own page: its words, its header and footer, like the 404 page; never a bare "Bad Request".
  expect(page, what).toContain(REFUSED);
  expect(page, what).toContain("<h1");
  expect(page, what).toContain(business.phone);
  expect(page, what).toMatch(/<title>[^<]*Not Accepted/);
  expect(page, what).not.toContain("Bad Request");
  expect(page, what).not.toContain("Page Not Found");
}

beforeAll(async () => {
  writeFileSync(clockFile, instantAt("2026-11-30", "10:00", "America/Chicago").toISOString());
  smtp = await startSmtp();
  server = await startServer({
    SMTP_URL: smtp.url,
    NOTIFY_EMAIL: "owner@example.com",
    TEST_CLOCK_FILE: clockFile,
    RATE_LIMIT_PER_MINUTE: "3",
    TRUST_PROXY: "1",
  });
  const session = withStore((store) =>
    createOwnerConsole({ db: store.db }).sessions.create({ ip: "127.0.0.1", userAgent: "test", passkeyId: null }),
  );
  cookie = `owner=${session.token}`;
  csrf = session.session.csrf;
}, 90_000);

afterAll(async () => {
  await stopServer(server);
  await smtp.close();
});

describe("a POST from another site", () => {
  const estimate = () =>
    new URLSearchParams({ name: "Ann", email: "ann@example.com", phone: "309-555-0100", message: "Hello" });

  it("to the estimate form: the 403 page (JSON when asked), nothing stored, no mail queued", async () => {
    const before = stored();
    for (const [what, headers] of [...variants(), nullOrigin]) {
      await expectRefusedPage(await post("/api/estimate", estimate(), headers), what);
      const json = await post("/api/estimate", estimate(), { ...headers, Accept: "application/json" });
      expect(json.status, what).toBe(403);
      expect(await json.json(), what).toEqual({ error: REFUSED, errors: [] });
    }
    expect(stored()).toEqual(before);
    // The same form from our own page is taken.
    const own = await post("/api/estimate", estimate(), { Origin: server.url, "Sec-Fetch-Site": "same-origin" });
    expect(own.status).toBe(303);
    expect(stored().estimates).toBe(before.estimates + 1);
  });

  it("to a visit link (book, give the address): the 403 page, no visit, no address, no mail", async () => {
    const token = visitLink(1);
    const before = stored();
    const book = () => new URLSearchParams({ intent: "book", window: "2026-12-02 08:00", key: "cross-site-key-1" });
    const place = () => new URLSearchParams({ intent: "place", town: "Normal", street: "9 Oak St" });
    for (const [what, headers] of [...variants(), nullOrigin]) {
      await expectRefusedPage(await post(`/visit/${token}`, book(), headers), `book: ${what}`);
      await expectRefusedPage(await post(`/visit/${token}`, place(), headers), `place: ${what}`);
    }
    expect(stored()).toEqual(before);
    const own = await post(`/visit/${token}`, book(), { Origin: server.url, "Sec-Fetch-Site": "same-origin" });
    expect(own.status).toBe(303);
    expect(own.headers.get("location")).toBe(`/visit/${token}`);
    expect(stored().visits).toBe(before.visits + 1);
  });

  it("to a quote (accept): the 403 page, the quote still open, no acceptance, no mail", async () => {
    const { token, quoteId } = seedQuote(server.dataDir);
    const before = stored();
    const accept = () =>
      new URLSearchParams({
        intent: "accept",
        version: "1",
        option: "a",
        name: "Dana Whitfield",
        consent: "yes",
        pamphlet: "yes",
      });
    for (const [what, headers] of variants()) {
      await expectRefusedPage(await post(`/quote/${token}`, accept(), headers), what);
    }
    expect(stored()).toEqual(before);
    // The page's own post: no-referrer makes the browser send "Origin: null" with Sec-Fetch-Site: same-origin.
    const own = await post(`/quote/${token}`, accept(), { Origin: "null", "Sec-Fetch-Site": "same-origin" });
    expect(own.status).toBe(303);
    expect(withStore((s) => s.quotes.get(quoteId)?.status)).toBe("accepted");
  });

  it("to a page with no form: the same 403 page", async () => {
    for (const [what, headers] of variants()) {
      await expectRefusedPage(await post("/contact", new URLSearchParams({ a: "b" }), headers), what);
    }
  });

  it("never reaches the 403 page's own path by a GET: /__refused, however spelled, is the ordinary 404 page", async () => {
    for (const spelling of ["/__refused", "/__REFUSED", "/__refused/", "/%5F%5Frefused", "/x/../__refused"]) {
      const res = await fetch(`${server.url}${spelling}`);
      const body = await res.text();
      expect(res.status, spelling).toBe(404);
      expect(body, spelling).toContain("Page Not Found");
      expect(body, spelling).not.toContain(REFUSED);
    }
  });

  it("to the owner console: refused in its words, the session's token notwithstanding, and nothing made", async () => {
    expect(stored().feed).toBeNull();
    for (const [what, headers] of [...variants(), nullOrigin]) {
      const response = await post("/owner/visits/calendars", new URLSearchParams({ csrf, intent: "feed" }), {
        ...headers,
        Cookie: cookie,
      });
      expect(response.status, what).toBe(403);
      expect(await response.text(), what).toContain(REFUSED);
    }
    expect(stored().feed).toBeNull();
  });
});

describe("every 429", () => {
  /** Sends `send` until it answers 429 (at most `tries` times); that answer. */
  async function until429(send: () => Promise<Response>, tries = 40): Promise<Response> {
    for (let i = 0; i < tries; i++) {
      const response = await send();
      if (response.status === 429) return response;
      await response.arrayBuffer();
    }
    throw new Error(`no 429 in ${tries} tries`);
  }

  function expectRetryAfter(response: Response, what: string) {
    expect(response.status, what).toBe(429);
    const header = response.headers.get("retry-after") ?? "";
    expect(header, what).toMatch(/^[1-9]\d*$/);
    expect(Number(header), what).toBeLessThanOrEqual(15 * 60);
  }

  const from = (address: string, headers: Record<string, string> = {}) => ({
    Origin: server.url,
    "X-Forwarded-For": address,
    ...headers,
  });

  it("carries Retry-After: the estimate form, the booking flood, a visit's other changes", async () => {
    const estimate = new URLSearchParams({ name: "Bo", email: "bo@example.com", phone: "309-555-0101", message: "Hi" });
    expectRetryAfter(await until429(() => post("/api/estimate", estimate, from("203.0.113.1"))), "estimate form");
    let n = 10;
    expectRetryAfter(
      await until429(() =>
        post(`/visit/${visitLink(++n)}`, new URLSearchParams({ intent: "book", window: "2026-12-03 08:00", key: `flood-${n}` }), from("203.0.113.2")),
      ),
      "booking flood",
    ); // prettier-ignore
    const token = visitLink(99);
    expectRetryAfter(
      await until429(() =>
        post(`/visit/${token}`, new URLSearchParams({ intent: "place", town: "Normal", street: "1 Elm St" }), from("203.0.113.3")),
      ),
      "a visit's changes",
    ); // prettier-ignore
  });

  it("carries Retry-After: links that do not exist (visit, quote, its PDF, the calendar feed)", async () => {
    const get = (pathname: string, address: string) =>
      fetch(`${server.url}${pathname}`, { redirect: "manual", headers: { "X-Forwarded-For": address } });
    let i = 0;
    const unknown = () => `${"C".repeat(40)}${String(++i).padStart(3, "0")}`;
    expectRetryAfter(await until429(() => get(`/visit/${unknown()}`, "203.0.113.4")), "GET an unknown visit link");
    expectRetryAfter(
      await until429(() => post(`/visit/${unknown()}`, new URLSearchParams({ intent: "cancel" }), from("203.0.113.5"))),
      "POST to an unknown visit link",
    );
    expectRetryAfter(await until429(() => get(`/quote/${unknown()}`, "203.0.113.6")), "an unknown quote link");
    expectRetryAfter(await until429(() => get(`/quote/${unknown()}/pdf`, "203.0.113.7")), "an unknown quote's PDF");
    expectRetryAfter(await until429(() => get(`/calendar/${unknown()}abc.ics`, "203.0.113.8")), "an unknown feed");
  });
});
