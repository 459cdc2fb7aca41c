// Every console action that does more than one thing is told which by its button's `intent`. A post without one, or
// with one the page does not know (an old page after an update, a form that lost its field), is answered 400 in our
// words and changes nothing: never taken for a save and answered "Saved." (issue 51, fault 1).
import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EstimateStore } from "../../server/requests/estimate-store.ts";
import { createOwnerConsole } from "../../server/owner/owner-console.ts";
import { startServer, stopServer, type RunningServer } from "./harness";
import { LEAKS } from "./raw-http";
import { ownerFormPost, tableRows, withStoreAt } from "../support/server-db.ts";

const WORDS = "This page does not know that button, so nothing was changed. Go back, reload the page and try again.";

let server: RunningServer;
let session: { token: string; csrf: string };
let requestId: number;
let quoteId: number;
let jobId: number;
let customerId: number;

function withStore<T>(work: (store: EstimateStore) => T): T {
  return withStoreAt(server.dataDir, work);
}

function ownerPost(pathname: string, fields: Record<string, string>) {
  return ownerFormPost(server.url, session, pathname, fields);
}

/** Every table's rows (SQLite's own bookkeeping left out), and the site's words in the working copy. */
function snapshot(): string {
  const tables = withStore(tableRows);
  const content = execFileSync("git", ["status", "--porcelain", "--", "content"], { encoding: "utf8" });
  return JSON.stringify({ tables, content });
}

beforeAll(async () => {
  // BUILD_DIR: publishing off, so no post here can ever reach the working copy.
  server = await startServer({ BUILD_DIR: "build", RATE_LIMIT_PER_MINUTE: "100000", BACKUP_DIR: "off" });
  session = withStore((store) => {
    const { token, session: s } = createOwnerConsole({ db: store.db }).sessions.create({
      ip: "127.0.0.1",
      userAgent: "test",
      passkeyId: null,
    });
    return { token, csrf: s.csrf };
  });
  requestId = withStore(
    (store) =>
      store.save({
        name: "Dana Whitfield",
        email: "dana@example.com",
        phone: "(309) 555-0177",
        service: "Chimney Crown Repair",
        message: "The crown is cracked.",
        city: "Normal",
        spam: false,
        idempotencyKey: null,
        ip: null,
        userAgent: null,
      }).id,
  );
  const created = await ownerPost(`/owner/requests/${requestId}`, { intent: "new-quote" });
  quoteId = Number(/\/owner\/quotes\/(\d+)$/.exec(created.headers.get("location") ?? "")?.[1]);
  expect(quoteId).toBeGreaterThan(0);
  // A job row for the job screen's post (the screen checks the intent before anything about its quote).
  jobId = withStore((store) => store.jobs.make(quoteId).job.id);
  customerId = withStore(
    (store) =>
      store.db.prepare<[number], { c: number }>("SELECT customer_id AS c FROM estimates WHERE id = ?").get(requestId)
        ?.c ?? 0,
  );
});
afterAll(() => stopServer(server));

/** Each console action that has intents, with fields its known intents would act on. */
const ACTIONS: [string, () => string, Record<string, string>][] = [
  ["quote", () => `/owner/quotes/${quoteId}`, { note: "Changed by a post without its button", option: "a", name: "X" }],
  ["job", () => `/owner/jobs/${jobId}`, { window: "2030-01-07 08:00-10:00", day: "1" }],
  ["request", () => `/owner/requests/${requestId}`, { status: "won", note: "A note" }],
  ["visits", () => "/owner/visits", { first: "2030-01-07", id: "1" }],
  ["calendars", () => "/owner/visits/calendars", { address: "https://example.com/cal.ics", label: "Work" }],
  ["security", () => "/owner/security", { session: "1" }],
  ["money", () => "/owner/money", { document: "deposit-1", amount: "1", method: "check" }],
  ["erase", () => "/owner/erase", { email: "dana@example.com" }],
  ["site", () => "/owner/site", { slug: "crown-repair-in-winter" }],
  ["site editor", () => "/owner/site/edit/business", { phone: "(309) 555-0100" }],
  ["site photos", () => "/owner/site/photos", { file: "crown-1.jpg" }],
  ["job photos", () => `/owner/jobs/${jobId}/photos`, { photo: "1", pair: "1", caption: "A crown" }],
  [
    "book next year",
    () => `/owner/next-year/job/${jobId}`,
    { window: "2030-01-07 08:00", street: "1 A St", town: "Normal" },
  ],
  [
    "customer",
    () => `/owner/customers/${customerId}`,
    { other: "1", merge: "1", flue: "1", name: "X", day: "2030-01-07" },
  ],
  [
    "campaigns",
    () => "/owner/campaigns",
    { address: "dana@example.com", id: "1", choice: "drop", press: "00000000-0000-4000-8000-000000000000" },
  ],
];

describe("a console post with no intent, or one the page does not know", () => {
  it.each(ACTIONS)("%s: answers 400 in words and changes nothing", async (_name, pathname, fields) => {
    const before = snapshot();
    for (const intent of [undefined, "", "frobnicate", "save:"]) {
      const response = await ownerPost(pathname(), intent === undefined ? fields : { ...fields, intent });
      const body = await response.text();
      expect(response.status, `intent ${String(intent)}`).toBe(400);
      expect(body, `intent ${String(intent)}`).toContain(WORDS);
      expect(body).not.toContain("Saved.");
      expect(body).not.toMatch(LEAKS);
    }
    expect(snapshot()).toBe(before);
  });
});
