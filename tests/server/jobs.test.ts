// The job (decision 0045) against the built server, its clock set to a Wednesday at 7:30 AM (8:30 for "On my way"):
// "Make the job" on the accepted quote (twice: one job), the owner's job screen refused without a session, from another
// site, for ids that are not jobs and for intents it does not know; then work days, a rain day, "On my way" and "Job
// done" through the console's forms, and the homeowner's job page: no script, within the first-window budget, unknown
// links one 404.
import { get } from "node:http";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOwnerConsole } from "../../server/owner/owner-console.ts";
import { acceptOnline, homeownerPost } from "../support/homeowner-post.ts";
import { seedQuote } from "../support/seed-quote.ts";
import { ownerFormPost, tableRows, withStoreAt } from "../support/server-db.ts";
import { startServer, stopServer, type RunningServer } from "./harness";

let server: RunningServer;
let session: { token: string; csrf: string };
let quoteId: number;
let jobId: number;

const ownerPost = (pathname: string, fields: Record<string, string>) =>
  ownerFormPost(server.url, session, pathname, fields);
const ownerGet = (pathname: string) =>
  fetch(`${server.url}${pathname}`, { redirect: "manual", headers: { Cookie: `owner=${session.token}` } });
const snapshot = () =>
  JSON.stringify(
    withStoreAt(server.dataDir, tableRows).filter(([name]) => name.startsWith("job") || name === "outbox"),
  );

const clock = path.join(mkdtempSync(path.join(tmpdir(), "jobs-clock-")), "clock");

beforeAll(async () => {
  // Wednesday, December 2, 2026, 7:30 AM in Chicago: today's first window has not started.
  writeFileSync(clock, "2026-12-02T13:30:00.000Z");
  server = await startServer({ TEST_CLOCK_FILE: clock });
  const seeded = seedQuote(server.dataDir);
  quoteId = seeded.quoteId;
  expect((await acceptOnline(`${server.url}/quote/${seeded.token}`)).status).toBe(303);
  session = withStoreAt(server.dataDir, (s) => {
    const { token, session: made } = createOwnerConsole({ db: s.db }).sessions.create({
      ip: "127.0.0.1",
      userAgent: "test",
      passkeyId: null,
    });
    return { token, csrf: made.csrf };
  });
}, 90_000);
afterAll(() => stopServer(server));

describe("making the job", () => {
  it("one tap on the accepted quote answers 303 to the job, and a second tap the same job", async () => {
    const first = await ownerPost(`/owner/quotes/${quoteId}`, { intent: "job" });
    expect(first.status).toBe(303);
    const location = first.headers.get("location") ?? "";
    expect(location).toMatch(/^\/owner\/jobs\/\d+$/);
    jobId = Number(location.split("/").pop());
    const second = await ownerPost(`/owner/quotes/${quoteId}`, { intent: "job" });
    expect(second.headers.get("location")).toBe(location);
    expect(withStoreAt(server.dataDir, (s) => s.db.prepare("SELECT count(*) AS n FROM jobs").get())).toEqual({ n: 1 });
    const quotePage = await (await ownerGet(`/owner/quotes/${quoteId}`)).text();
    expect(quotePage).toContain("Open the job");
  });
});

describe("the console's Jobs list", () => {
  it("is refused without a session, and lists the new job under Not yet scheduled, one link to it", async () => {
    const refused = await fetch(`${server.url}/owner/jobs`, { redirect: "manual" });
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toMatch(/^\/owner\/sign-in/);
    const answer = await ownerGet("/owner/jobs");
    expect(answer.status).toBe(200);
    const html = (await answer.text()).replace(/<!-- -->/g, "");
    expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*>Jobs<\/a>/);
    const unscheduled = html.slice(html.indexOf('id="jobs-unscheduled"'), html.indexOf('id="jobs-done"'));
    expect(unscheduled).toContain("Not yet scheduled");
    expect(unscheduled).toContain(`href="/owner/jobs/${jobId}"`);
    expect(unscheduled).toContain("No work days yet");
    expect(unscheduled).toContain("Dana Whitfield");
    expect(html.slice(0, html.indexOf('id="jobs-unscheduled"'))).not.toContain(`href="/owner/jobs/${jobId}"`);
  });
});

describe("the owner's job screen", () => {
  it("is refused without a session, GET or POST, and nothing changes", async () => {
    const before = snapshot();
    const page = await fetch(`${server.url}/owner/jobs/${jobId}`, { redirect: "manual" });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toMatch(/^\/owner\/sign-in/);
    for (const intent of ["add", "rain", "on-my-way", "done", "link"]) {
      const post = await fetch(`${server.url}/owner/jobs/${jobId}`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent, window: "2026-12-03 08:00-10:00" }),
      });
      expect([401, 403], intent).toContain(post.status);
      expect(await post.text()).not.toMatch(/at [\w.]+ \(|node:internal/);
    }
    expect(snapshot()).toBe(before);
  });

  it("refuses a post from another site, the owner's and the homeowner's", async () => {
    const before = snapshot();
    const owner = await fetch(`${server.url}/owner/jobs/${jobId}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        Cookie: `owner=${session.token}`,
        Origin: "https://evil.example",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ csrf: session.csrf, intent: "done" }),
    });
    expect(owner.status).toBe(403);
    const link = await ownerPost(`/owner/jobs/${jobId}`, { intent: "link" });
    const token = /\/job\/([A-Za-z0-9_-]+)/.exec(await link.text())?.[1] ?? "";
    const homeowner = await homeownerPost(
      `${server.url}/job/${token}`,
      { intent: "quote" },
      {
        Origin: "https://evil.example",
        "Sec-Fetch-Site": "cross-site",
      },
    );
    expect(homeowner.status).toBe(403);
    expect(snapshot().replace(/"job_links".*?\]/, "")).toBe(before.replace(/"job_links".*?\]/, ""));
  });

  it("answers 404 for ids that are not jobs, and 400 in words for an intent it does not know", async () => {
    for (const id of ["999999", "0", "abc", "1e3", "-1"]) {
      const response = await ownerGet(`/owner/jobs/${id}`);
      expect(response.status, id).toBe(404);
      await response.arrayBuffer();
    }
    const unknown = await ownerPost(`/owner/jobs/${jobId}`, { intent: "frobnicate" });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).not.toContain("Saved.");
    const badDay = await ownerPost(`/owner/jobs/${jobId}`, { intent: "rain", day: "999999" });
    expect(badDay.status).toBe(404);
    await badDay.arrayBuffer();
  });
});

describe("the job from the first day to done", () => {
  it("schedules two days, moves one for rain, says on my way once, and is done with its invoice", async () => {
    for (const window of ["2026-12-02 08:00-10:00", "2026-12-03 10:00-12:00"]) {
      const added = await ownerPost(`/owner/jobs/${jobId}`, { intent: "add", window });
      expect(added.status, window).toBe(303);
    }
    const days = withStoreAt(server.dataDir, (s) => s.jobs.days(jobId));
    expect(days.map((d) => d.day)).toEqual(["2026-12-02", "2026-12-03"]);
    expect((await ownerPost(`/owner/jobs/${jobId}`, { intent: "rain", day: String(days[1]?.id) })).status).toBe(303);
    // 8:30 AM: on the way.
    writeFileSync(clock, "2026-12-02T14:30:00.000Z");
    // The server looks at its clock file at most every 50 ms (server/time/clock.ts).
    await new Promise((r) => setTimeout(r, 120));
    for (let i = 0; i < 5; i++) {
      expect((await ownerPost(`/owner/jobs/${jobId}`, { intent: "on-my-way" })).status).toBe(303);
    }
    const screen = await (await ownerGet(`/owner/jobs/${jobId}`)).text();
    expect(screen).toContain("Friday, December 4, 10 am–12 pm");
    expect(screen).toContain("On my way sent at 8:30 AM");
    expect(screen).toContain('href="sms:+13095550177?&amp;body=Hi%20Dana');
    expect(screen).toContain("Text Dana from your phone");
    expect(withStoreAt(server.dataDir, (s) => s.jobs.onMyWay(jobId))).toHaveLength(1);

    const link = await (await ownerPost(`/owner/jobs/${jobId}`, { intent: "link" })).text();
    const token = /\/job\/([A-Za-z0-9_-]+)/.exec(link)?.[1] ?? "";
    const response = await fetch(`${server.url}/job/${token}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    const html = await response.text();
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).toContain("On my way — arriving 8–10 am");
    expect(html).toContain("Friday, December 4");
    const wire = await new Promise<number>((resolve, reject) => {
      get(`${server.url}/job/${token}`, { headers: { "Accept-Encoding": "br" } }, (res) => {
        expect(res.headers["content-encoding"]).toBe("br");
        let bytes = 0;
        res.on("data", (chunk: Buffer) => (bytes += chunk.length));
        res.on("end", () => resolve(bytes));
      }).on("error", reject);
    });
    console.log(`the job page: ${wire} B as brotli on the wire`);
    expect(wire).toBeLessThanOrEqual(14_600);

    const moved = await ownerPost(`/owner/jobs/${jobId}`, {
      intent: "move",
      day: String(days[1]?.id),
      window: "2026-12-07 13:00-15:00",
    });
    expect(moved.status).toBe(303);
    expect(await (await ownerGet(`/owner/jobs/${jobId}`)).text()).toContain("Monday, December 7, 1–3 pm");
    const closed = await ownerPost(`/owner/jobs/${jobId}`, {
      intent: "move",
      day: String(days[1]?.id),
      window: "2026-12-25 08:00-10:00",
    });
    expect(closed.status).toBe(409);
    expect(await closed.text()).toContain("You are closed that day");
    // Monday's day is after today: Job done asks first, and changes nothing until told.
    const asked = await ownerPost(`/owner/jobs/${jobId}`, { intent: "done" });
    expect(asked.status).toBe(409);
    expect(await asked.text()).toContain("Monday, December 7, 1–3 pm");
    expect(withStoreAt(server.dataDir, (s) => s.jobs.get(jobId)?.status)).toBe("open");
    const done = await Promise.all(
      [1, 2].map(() => ownerPost(`/owner/jobs/${jobId}`, { intent: "done", cancel: String(days[1]?.id) })),
    );
    expect(done.map((r) => r.status)).toEqual([303, 303]);
    expect(withStoreAt(server.dataDir, (s) => s.jobs.days(jobId).map((d) => d.day))).toEqual(["2026-12-02"]);
    expect(
      withStoreAt(server.dataDir, (s) =>
        s.db.prepare("SELECT count(*) AS n FROM invoices WHERE quote_id = ?").get(quoteId),
      ),
    ).toEqual({ n: 1 });
    expect(await (await ownerGet(`/owner/jobs/${jobId}`)).text()).toContain("Open the invoice");
    const after = await ownerPost(`/owner/jobs/${jobId}`, { intent: "rain", day: String(days[0]?.id) });
    expect(after.status).toBe(409);
    expect(await after.text()).toContain("This job is done: its days can no longer change.");
    const quote = await homeownerPost(`${server.url}/job/${token}`, { intent: "quote" });
    expect(quote.status).toBe(303);
    expect(quote.headers.get("location")).toMatch(/^\/quote\/[A-Za-z0-9_-]{43}$/);
    const unknown = await homeownerPost(`${server.url}/job/${token}`, { intent: "frobnicate" });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("That did not work. Reload the page and try again.");
    // Without Stripe's settings there is no Pay button, and a forged Pay is answered in words.
    expect(html).not.toContain("Pay the");
    const pay = await homeownerPost(`${server.url}/job/${token}`, { intent: "pay-deposit" });
    expect(pay.status).toBe(404);
    expect(await pay.text()).toContain("Paying online is not available.");
    // Once the owner sends the invoice, the job page shows it and leads to it by a fresh link of its own.
    const invoiceId = Number(
      /\/owner\/invoices\/(\d+)/.exec(await (await ownerGet(`/owner/jobs/${jobId}`)).text())?.[1],
    );
    expect((await ownerPost(`/owner/invoices/${invoiceId}`, { intent: "send" })).status).toBe(302);
    const withInvoice = await (await fetch(`${server.url}/job/${token}`)).text();
    expect(withInvoice).toMatch(/Invoice INV-\d{4}/);
    const see = await homeownerPost(`${server.url}/job/${token}`, { intent: "invoice" });
    expect(see.status).toBe(303);
    const invoicePath = see.headers.get("location") ?? "";
    expect(invoicePath).toMatch(/^\/invoice\/[A-Za-z0-9_-]{43}$/);
    expect((await fetch(`${server.url}${invoicePath}`)).status).toBe(200);

    // The Jobs list: done, with what is owed as the homeowner's page says it (the books' figure, not added up again).
    const owed = /Owed: <strong[^>]*>([^<]+)<\/strong>/.exec(withInvoice)?.[1] ?? "";
    expect(owed).toMatch(/^\$[\d,]+\.\d{2}$/);
    const list = await (await ownerGet("/owner/jobs")).text();
    const doneGroup = list.slice(list.indexOf('id="jobs-done"'));
    expect(doneGroup).toContain(`href="/owner/jobs/${jobId}"`);
    expect(doneGroup.replace(/<!-- -->/g, "")).toMatch(
      new RegExp(`Owed ${owed.replace("$", "\\$")} on invoice INV-\\d{4}`),
    );
  });

  it("gives an unknown or malformed link the one 404", async () => {
    for (const token of ["A".repeat(43), "short", "x.y"]) {
      const response = await fetch(`${server.url}/job/${token}`);
      expect(response.status, token).toBe(404);
      expect(await response.text(), token).not.toMatch(/<script/i);
    }
  });
});
