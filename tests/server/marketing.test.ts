// Marketing mail (decision 0052) against the built server, its clock set by a file and a local mail server: a
// reminder as it arrives (RFC 8058's headers on one line, the postal address), the one-click unsubscribe (a POST with
// no cookies and no Origin, from anywhere, on every spelling of its path and no other route; a GET and a scanner that
// change nothing; forged tokens the 404 page), a homeowner who wrote in by themselves before their reminder, Send
// pressed 50 times at once, an unsubscribe while the campaign sends, a mail server down, a server killed with kill -9
// in the middle of a campaign and started again, and a reminder due on a closed day.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOwnerConsole } from "../../server/owner/owner-console.ts";
import { addressKeys } from "../../server/marketing/address-keys.ts";
import { simpleParser } from "mailparser";
import { seedDueCustomers, type SeededCustomer } from "../support/seed-customers.ts";
import { ownerFormPost, withStoreAt } from "../support/server-db.ts";
import { startServer, stopServer, type RunningServer } from "./harness";
import { rawRequest } from "./raw-http";
import { startSmtp, waitFor } from "./smtp";

type Smtp = Awaited<ReturnType<typeof startSmtp>>;

let server: RunningServer;
let smtp: Smtp;
let session: { token: string; csrf: string };
let clockFile: string;
const heldFor = new Set<string>();
const env = () => ({
  SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
  TEST_CLOCK_FILE: clockFile,
  MAIL_FROM: "Heartland Chimney <office@heartland.example>",
  MARKETING_SEND_INTERVAL_MS: "20",
  REMINDER_PASS_SECONDS: "1",
  SMTP_TIMEOUT_SECONDS: "3",
  REMINDER_AFTER_BUSINESS_HOURS: "0",
  CONFIRMATION_EMAIL: "off",
});

const setClock = (iso: string) => writeFileSync(clockFile, iso);
const db = <T>(work: Parameters<typeof withStoreAt<T>>[1]) => withStoreAt(server.dataDir, work);
const sql = <T>(query: string, ...args: unknown[]) => db((s) => s.db.prepare(query).all(...args) as T[]);
const mailsTo = (address: string) => smtp.received.filter((m) => m.to.includes(address));
const tokenFor = (email: string) => db((s) => addressKeys(s.marketing.suppressions.secret()).unsubscribeToken(email));
const ownerPost = (fields: Record<string, string>) => ownerFormPost(server.url, session, "/owner/campaigns", fields);
const ownerGet = (query: string) =>
  fetch(`${server.url}/owner/campaigns${query}`, { headers: { Cookie: `owner=${session.token}` } });
const suppressions = () => sql<{ source: string }>("SELECT source FROM suppressions ORDER BY created_at, address_hash");
const sendsOf = (prefix: string) =>
  sql<{ state: string; reason: string | null; recipient: string | null; attempts: number; last_error: string | null }>(
    `SELECT s.state, s.reason, s.recipient, s.attempts, s.last_error FROM marketing_sends s
       JOIN customer_contacts c ON c.customer_id = s.customer_id AND c.kind = 'email'
     WHERE c.key LIKE ? ORDER BY s.id`,
    `${prefix}.%`,
  );

async function newSession() {
  session = db((s) => {
    const { token, session: made } = createOwnerConsole({ db: s.db }).sessions.create({
      ip: "127.0.0.1",
      userAgent: "test",
      passkeyId: null,
    });
    return { token, csrf: made.csrf };
  });
}

/** Counts, then presses Send with the page's own one-time key `presses` times at once. */
async function sendCampaign(query: string, presses = 1) {
  const page = await (await ownerGet(`?count=1&${query}`)).text();
  const press = /name="press" value="([0-9a-f-]{36})"/.exec(page)?.[1] ?? "";
  const fields = Object.fromEntries(new URLSearchParams(query));
  const answers = await Promise.all(
    Array.from({ length: presses }, () =>
      ownerPost({ intent: "send", press, dueBefore: "", town: "", servedIn: "", ...fields }),
    ),
  );
  return { page, answers };
}

beforeAll(async () => {
  clockFile = path.join(mkdtempSync(path.join(tmpdir(), "marketing-clock-")), "clock");
  // Monday 2027-09-20, 10:00 in Chicago.
  setClock("2027-09-20T15:00:00.000Z");
  smtp = await startSmtp({ hold: (to) => heldFor.has(to) });
  server = await startServer(env());
  await newSession();
}, 120_000);
afterAll(async () => {
  await stopServer(server);
  await smtp.close();
});

let ann: SeededCustomer;
let annToken: string;

describe("a reminder", () => {
  it("goes once, three weeks before the chimney is due, with the one-click headers on one line each and the postal address", async () => {
    [ann] = db((s) => seedDueCustomers(s, { count: 1, due: "2027-10-11", prefix: "ann" })) as [SeededCustomer];
    const raw = (await waitFor(() => mailsTo(ann.email)[0], 20_000)).raw;
    const mail = await simpleParser(raw);
    const text = mail.text ?? "";
    const html = typeof mail.html === "string" ? mail.html : "";
    annToken = tokenFor(ann.email);
    const head = raw.slice(0, raw.indexOf("\r\n\r\n"));
    const unsubscribe = new RegExp(
      `^List-Unsubscribe: <http://[^>\\s]+/u/${annToken}>, <mailto:office@heartland\\.example\\?subject=unsubscribe>\\r$`,
      "m",
    );
    expect(head).toMatch(unsubscribe);
    // One line: the next line is the next header, not a continuation.
    expect(head).not.toMatch(/^List-Unsubscribe: [^\r]*\r\n[ \t]/m);
    expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r$/m);
    expect(mail.subject).toBe("Your chimney is due for its yearly inspection");
    expect(text).toContain(`Hello ${ann.name},`);
    expect(text).toContain("it is due on Monday, October 11.");
    expect(text).toMatch(/Book my inspection: http:\/\/\S+\/book\/[A-Za-z0-9_-]{30}\n/);
    expect(text).toContain(`Unsubscribe from reminders and offers: `);
    expect(text).toContain("Heartland Chimney & Masonry\nP.O. Box 0000, Bloomington, IL 61702");
    expect(html).toMatch(new RegExp(`/u/${annToken}" style="[^"]*">Unsubscribe from reminders and offers</a>`));
    // The reminders' pass runs every second: a few more passes queue nothing more.
    await new Promise((r) => setTimeout(r, 2500));
    expect(mailsTo(ann.email)).toHaveLength(1);
    expect(sendsOf("ann")).toEqual([expect.objectContaining({ state: "sent", recipient: ann.email, attempts: 1 })]);
  });
});

describe("the one-click unsubscribe", () => {
  const link = () => `${server.url}/u/${annToken}`;
  const unchanged = () => JSON.stringify([suppressions(), sendsOf("ann")]);

  it("a GET, a HEAD and a link scanner change nothing; the page has one button, a form POST, and no script", async () => {
    const before = unchanged();
    const page = await fetch(link());
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(page.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    const html = await page.text();
    expect(html).toContain("Stop our reminders and offers?");
    const forms = html.match(/<form[^>]*>/g) ?? [];
    expect(forms).toHaveLength(1);
    expect(forms[0]).toContain('method="post"');
    expect(forms[0]).toContain(`action="/u/${annToken}"`);
    expect(html).toContain(">Unsubscribe</button>");
    expect(html).not.toMatch(/<script[^>]*src=/);
    expect((await fetch(link(), { method: "HEAD" })).status).toBe(200);
    const scanner = await fetch(`${link()}?List-Unsubscribe=One-Click`, {
      headers: { "User-Agent": "Mozilla/5.0 (compatible; Barracuda Sentinel; link scan)" },
    });
    expect(scanner.status).toBe(200);
    expect(unchanged()).toBe(before);
  });

  it("a forged, altered or cut token is the 404 page, GET or POST, and changes nothing", async () => {
    const before = unchanged();
    const flipped = `${annToken.slice(0, 20)}${annToken[20] === "A" ? "B" : "A"}${annToken.slice(21)}`;
    for (const token of [flipped, annToken.slice(1), `${annToken}A`, "x".repeat(64), "nothing"]) {
      for (const method of ["GET", "POST"]) {
        const response = await fetch(`${server.url}/u/${token}`, {
          method,
          redirect: "manual",
          ...(method === "POST" ? { body: "List-Unsubscribe=One-Click" } : {}),
        });
        expect(response.status, `${method} ${token}`).toBe(404);
        const text = await response.text();
        expect(text).toContain("Page Not Found");
        expect(text).not.toMatch(/at [\w.]+ \(|node:internal/);
      }
    }
    expect(unchanged()).toBe(before);
  });

  it("a mail provider's POST, with no cookies and no Origin, is honoured at once: 200, no redirect; again, the same", async () => {
    const post = () =>
      fetch(link(), {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });
    const first = await post();
    expect(first.status).toBe(200);
    expect(first.headers.get("location")).toBeNull();
    expect(await first.text()).toContain("You are unsubscribed");
    expect(suppressions()).toEqual([{ source: "unsubscribe" }]);
    const again = await post();
    expect(again.status).toBe(200);
    expect(suppressions()).toEqual([{ source: "unsubscribe" }]);
    // The page now says it is done, with no button.
    const page = await (await fetch(link())).text();
    expect(page).toContain("You are unsubscribed");
    expect(page).not.toContain("<form");
  });

  it("is taken from anywhere on every spelling of its path, with cookies ignored; no other route is", async () => {
    // As written, with a provider's (or another site's) headers and the owner's own cookie: fetch would tidy the path.
    const post = (pathname: string) =>
      rawRequest(
        server.port,
        `POST ${pathname} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nOrigin: https://mail.provider.example\r\n` +
          "Sec-Fetch-Site: cross-site\r\nReferer: https://mail.provider.example/inbox\r\n" +
          `Cookie: owner=${session.token}\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
          "Content-Length: 26\r\nConnection: close\r\n\r\nList-Unsubscribe=One-Click",
      );
    const spellings = [
      `/u/${annToken}`,
      `/U/${annToken}`,
      `/%75/${annToken}`,
      `/./u/${annToken}`,
      `/x/../u/${annToken}`,
      `/u/./${annToken}`,
      `/u/${annToken}?x=1`,
    ];
    for (const spelling of spellings) {
      const response = await post(spelling);
      expect(response.status, spelling).toBe(200);
      expect(response.headers.location, spelling).toBeUndefined();
      expect(response.body, spelling).toContain("You are unsubscribed");
    }
    expect((await post(`/u/${annToken}.data`)).status).toBe(200);
    expect(suppressions()).toHaveLength(1);
    for (const other of [
      "/owner/campaigns",
      `/u/${annToken}/../../owner/campaigns`,
      `/u/%2e%2e/owner/campaigns`,
      "/book/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
      "/visit/nothing",
      "/api/estimate",
      `/uu/${annToken}`,
      `/u/${annToken}/more`,
      "/u",
    ]) {
      expect((await post(other)).status, other).toBe(403);
    }
  });
});

describe("a homeowner who writes in by themselves before their reminder", () => {
  it("gets no reminder: their open request, on a customer of its own, stops it when it is claimed", async () => {
    const [bob] = db((s) => seedDueCustomers(s, { count: 1, due: "2027-10-14", prefix: "bob" })) as [SeededCustomer];
    const asked = await fetch(`${server.url}/api/estimate`, {
      method: "POST",
      headers: { Accept: "application/json" },
      body: new URLSearchParams({ name: "Bob", email: bob.email, phone: "309-555-0150", message: "Time for a sweep" }),
    });
    expect(asked.status).toBe(200);
    // Thursday 2027-09-23, 10:00: three weeks before his chimney is due.
    setClock("2027-09-23T15:00:00.000Z");
    await waitFor(() => (sendsOf("bob")[0]?.state === "cancelled" ? true : undefined), 20_000);
    expect(sendsOf("bob")).toEqual([expect.objectContaining({ state: "cancelled", reason: "request open" })]);
    expect(mailsTo(bob.email)).toEqual([]);
  });
});

describe("a campaign", () => {
  it("Send pressed 50 times at once queues one campaign, and each person gets it once", async () => {
    const people = db((s) => seedDueCustomers(s, { count: 30, due: "2028-03-01", town: "Normal", prefix: "race" }));
    const { page, answers } = await sendCampaign("dueBefore=2028-03-31&town=Normal", 50);
    expect(page).toContain("30 people");
    const places = new Set(answers.map((a) => `${a.status} ${a.headers.get("location") ?? ""}`));
    expect(places.size).toBe(1);
    expect([...places][0]).toMatch(/^303 \/owner\/campaigns\?sent=\d+$/);
    expect(sql<{ n: number }>("SELECT count(*) AS n FROM campaigns")).toEqual([{ n: 1 }]);
    expect(sendsOf("race")).toHaveLength(30);
    await waitFor(() => (people.every((p) => mailsTo(p.email).length > 0) ? true : undefined), 30_000);
    await new Promise((r) => setTimeout(r, 1000));
    for (const p of people) expect(mailsTo(p.email), p.email).toHaveLength(1);
    const sent = await (await ownerGet(`?sent=${/sent=(\d+)/.exec([...places][0] ?? "")?.[1] ?? ""}`)).text();
    expect(sent).toContain("is on its way: 30 e-mails queued");
  });

  it("leaves the unsubscribed out of the count, and honours an unsubscribe that comes while it sends", async () => {
    const people = db((s) => seedDueCustomers(s, { count: 6, due: "2028-03-02", town: "Pekin", prefix: "mid" }));
    const [first, second, ...rest] = people as [SeededCustomer, SeededCustomer, ...SeededCustomer[]];
    const gone = rest[0] as SeededCustomer;
    // Unsubscribed before: never counted.
    expect((await fetch(`${server.url}/u/${tokenFor(gone.email)}`, { method: "POST" })).status).toBe(200);
    // The first message is held by the mail server (silent after the message): the rest wait behind it.
    heldFor.add(first.email);
    const { page } = await sendCampaign("dueBefore=2028-03-31&town=Pekin");
    expect(page).toContain("5 people");
    expect(page).toContain("Not counted, and never sent: 1 unsubscribed.");
    await waitFor(() => (smtp.held.some((m) => m.to.includes(first.email)) ? true : undefined), 20_000);
    // Queued, not sent yet: the second person unsubscribes now.
    expect(sendsOf("mid")[1]?.state).toBe("queued");
    expect((await fetch(`${server.url}/u/${tokenFor(second.email)}`, { method: "POST" })).status).toBe(200);
    await waitFor(() => (rest.slice(1).every((p) => mailsTo(p.email).length > 0) ? true : undefined), 30_000);
    expect(mailsTo(second.email)).toEqual([]);
    expect(mailsTo(gone.email)).toEqual([]);
    for (const p of rest.slice(1)) expect(mailsTo(p.email)).toHaveLength(1);
    const states = sendsOf("mid").map((r) => `${r.state}${r.reason ? ` ${r.reason}` : ""}`);
    // The held one timed out mid-message: it may have arrived, so it is unknown, never tried again by itself.
    expect(states).toEqual(["unknown", "cancelled unsubscribed", "sent", "sent", "sent"]);
    heldFor.delete(first.email);
    const doubt = await (await ownerGet("")).text();
    expect(doubt).toContain("In doubt: 1");
    expect(doubt).toContain(first.email);
    const id = sql<{ id: number }>(
      "SELECT id FROM marketing_sends WHERE state = 'unknown' AND recipient = ?",
      first.email,
    )[0]?.id;
    const drop = await ownerPost({ intent: "resolve", id: String(id), choice: "drop" });
    expect(drop.status).toBe(303);
    expect((await ownerPost({ intent: "resolve", id: String(id), choice: "send" })).status).toBe(409);
    expect(mailsTo(first.email)).toEqual([]);
  });

  it("a mail server that is down: the rows wait and are tried again by the outbox, none twice", async () => {
    const people = db((s) => seedDueCustomers(s, { count: 3, due: "2028-03-03", town: "Morton", prefix: "down" }));
    const port = smtp.port;
    const earlier = smtp.received;
    await smtp.close();
    await sendCampaign("dueBefore=2028-03-31&town=Morton");
    await waitFor(
      () => (sendsOf("down").every((r) => r.state === "queued" && r.attempts >= 1) ? true : undefined),
      20_000,
    );
    for (const row of sendsOf("down")) {
      expect(row).toEqual(expect.objectContaining({ state: "queued", attempts: 1 }));
      expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
    }
    smtp = await startSmtp({ port, hold: (to) => heldFor.has(to) });
    smtp.received.unshift(...earlier);
    // The outbox tries again 30 s later on the server's clock.
    setClock("2027-09-23T15:05:00.000Z");
    await waitFor(() => (people.every((p) => mailsTo(p.email).length > 0) ? true : undefined), 30_000);
    await new Promise((r) => setTimeout(r, 1000));
    for (const p of people) expect(mailsTo(p.email)).toHaveLength(1);
    expect(sendsOf("down").map((r) => r.state)).toEqual(["sent", "sent", "sent"]);
  });

  it("killed with kill -9 in the middle and started again: each person once, the one in flight shown to the owner", async () => {
    const people = db((s) => seedDueCustomers(s, { count: 12, due: "2028-03-04", town: "Washington", prefix: "kill" }));
    const inFlight = people[4] as SeededCustomer;
    heldFor.add(inFlight.email);
    await sendCampaign("dueBefore=2028-03-31&town=Washington");
    await waitFor(() => (smtp.held.some((m) => m.to.includes(inFlight.email)) ? true : undefined), 20_000);
    server.process.kill("SIGKILL");
    await server.exited;
    expect(sendsOf("kill").map((r) => r.state)).toEqual([
      ...Array(4).fill("sent"),
      "sending",
      ...Array(7).fill("queued"),
    ]);
    heldFor.delete(inFlight.email);
    server = await startServer(env(), server.dataDir);
    await waitFor(
      () => (people.filter((p) => p !== inFlight).every((p) => mailsTo(p.email).length > 0) ? true : undefined),
      30_000,
    );
    await new Promise((r) => setTimeout(r, 1000));
    expect(server.output()).toContain("1 marketing e-mail(s) were being sent when the server stopped");
    expect(mailsTo(inFlight.email)).toEqual([]);
    const page = await (await ownerGet("")).text();
    expect(page).toContain("In doubt: 1");
    const id = sql<{ id: number }>(
      "SELECT id FROM marketing_sends WHERE state = 'unknown' AND recipient = ?",
      inFlight.email,
    )[0]?.id;
    expect((await ownerPost({ intent: "resolve", id: String(id), choice: "send" })).headers.get("location")).toBe(
      "/owner/campaigns?resolved=send",
    );
    await waitFor(() => mailsTo(inFlight.email)[0], 20_000);
    await new Promise((r) => setTimeout(r, 1000));
    for (const p of people) expect(mailsTo(p.email), p.email).toHaveLength(1);
    expect(sendsOf("kill").every((r) => r.state === "sent")).toBe(true);
  });
});

describe("a reminder due on a closed day", () => {
  it("waits for the next business day at 9:00: Thanksgiving's goes on Friday", async () => {
    // Thanksgiving, Thursday 2027-11-25, 10:00: three weeks before 2027-12-16.
    setClock("2027-11-25T16:00:00.000Z");
    const [carol] = db((s) => seedDueCustomers(s, { count: 1, due: "2027-12-16", prefix: "carol" })) as [
      SeededCustomer,
    ];
    await waitFor(() => (sendsOf("carol")[0] ? true : undefined), 20_000);
    await new Promise((r) => setTimeout(r, 2000));
    expect(mailsTo(carol.email)).toEqual([]);
    expect(sql("SELECT next_attempt_at FROM marketing_sends WHERE send_key LIKE 'reminder:%:2027-12-16:1'")).toEqual([
      { next_attempt_at: "2027-11-26T15:00:00.000Z" },
    ]);
    setClock("2027-11-26T15:00:01.000Z");
    await waitFor(() => mailsTo(carol.email)[0], 20_000);
    expect(mailsTo(carol.email)).toHaveLength(1);
  });
});
