// The owner's books (decision 0043) against the built server: the Money page and its CSV refuse without a session,
// refuse bad months and ranges in words, and a payment is recorded only on a document in the books, by check, cash
// or Zelle, of a positive amount no more than what is owed; otherwise nothing is written. The CSV keeps formula-like
// names as text.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { business } from "../../app/content/business.ts";
import { dayAt } from "../../app/lib/business-day.ts";
import { createOwnerConsole } from "../../server/owner/owner-console.ts";
import { dollarsInput, formatCents } from "../../server/quotes/money.ts";
import { homeownerPost } from "../support/homeowner-post.ts";
import { seedQuote } from "../support/seed-quote.ts";
import { ownerFormPost, tableRows, withStoreAt } from "../support/server-db.ts";
import { startServer, stopServer, type RunningServer } from "./harness";
import { LEAKS } from "./raw-http";

let server: RunningServer;
let session: { token: string; csrf: string };
let quoteId: number;
let depositCents: number;

const NAME = '=HYPERLINK("http://evil.example","Dana")';

const get = (path: string, signedIn = true) =>
  fetch(`${server.url}${path}`, { redirect: "manual", headers: signedIn ? { Cookie: `owner=${session.token}` } : {} });
const post = (fields: Record<string, string>) => ownerFormPost(server.url, session, "/owner/money", fields);
const snapshot = () => JSON.stringify(withStoreAt(server.dataDir, tableRows));

beforeAll(async () => {
  server = await startServer({ BUILD_DIR: "build", RATE_LIMIT_PER_MINUTE: "100000", BACKUP_DIR: "off" });
  session = withStoreAt(server.dataDir, (store) => {
    const { token, session: s } = createOwnerConsole({ db: store.db }).sessions.create({
      ip: "127.0.0.1",
      userAgent: "test",
      passkeyId: null,
    });
    return { token, csrf: s.csrf };
  });
  const seeded = seedQuote(server.dataDir);
  quoteId = seeded.quoteId;
  // Accepted online under a name a spreadsheet would run as a formula.
  const accepted = await homeownerPost(`${server.url}/quote/${seeded.token}`, {
    intent: "accept",
    option: "a",
    name: NAME,
    consent: "yes",
    pamphlet: "yes",
    version: "1",
  });
  expect(accepted.status).toBe(303);
  depositCents = withStoreAt(server.dataDir, (store) => store.quotes.acceptance(quoteId)?.deposit_cents ?? 0);
  expect(depositCents).toBeGreaterThan(0);
}, 90_000);
afterAll(() => stopServer(server));

async function expectWords(response: Response, status: number, words: string | RegExp) {
  const text = await response.text();
  expect(response.status).toBe(status);
  expect(text).toMatch(words);
  expect(text).not.toMatch(LEAKS);
  expect(response.headers.get("cache-control")).toContain("no-store");
}

describe("without a session", () => {
  it("sends the page to sign-in and refuses its data, its CSV and its posts", async () => {
    const page = await get("/owner/money", false);
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/owner/sign-in?next=%2Fowner%2Fmoney");
    const data = await get("/owner/money.data", false);
    expect(await data.text()).not.toMatch(/Dana|HYPERLINK|deposit-/);
    await expectWords(await get("/owner/money.csv", false), 401, "Sign in to the owner console first.");
    const forged = await fetch(`${server.url}/owner/money`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "record", document: `deposit-${quoteId}`, amount: "1", method: "check" }),
    });
    expect(forged.status).toBe(401);
    const crossSite = await fetch(`${server.url}/owner/money`, {
      method: "POST",
      redirect: "manual",
      headers: {
        Cookie: `owner=${session.token}`,
        Origin: "https://evil.example",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({
        csrf: session.csrf,
        intent: "record",
        document: `deposit-${quoteId}`,
        amount: "1",
        method: "check",
      }),
    });
    expect(crossSite.status).toBe(403);
  });
});

describe("bad input", () => {
  it("refuses months that are not YYYY-MM from 2000 to this month, in words", async () => {
    const today = dayAt(new Date(), business.timeZone);
    const nextYear = `${Number(today.slice(0, 4)) + 1}-01`;
    for (const month of [
      "2026-13",
      "2026-00",
      "1999-12",
      nextYear,
      "abc",
      "2026-1",
      "2026-11-01",
      "%00",
      "9".repeat(500),
    ]) {
      await expectWords(await get(`/owner/money?month=${month}`), 400, /The books have no such month/);
    }
    expect((await get("/owner/money?month=2026-10")).status).toBe(200);
  });

  it("refuses CSV ranges that are not two real days in order, and unknown files", async () => {
    for (const q of ["from=2026-02-30", "from=2026-11-02&to=2026-11-01", "to=tomorrow", "from=2026-1-01"]) {
      await expectWords(await get(`/owner/money.csv?${q}`), 400, /Give the days as YYYY-MM-DD/);
    }
    await expectWords(await get("/owner/money.csv?of=secrets"), 404, "There is nothing here.");
  });

  it("records nothing for a forged document, a bad amount, an amount over what is owed or an unknown method", async () => {
    const before = snapshot();
    const owed = dollarsInput(depositCents);
    const over = dollarsInput(depositCents + 1);
    const base = { intent: "record", document: `deposit-${quoteId}`, amount: owed, method: "check" };
    for (const document of ["deposit-987654", "invoice-1", "deposit-abc", `deposit-0${quoteId}`, "quote-1", ""]) {
      await expectWords(await post({ ...base, document }), 404, "There is nothing here.");
    }
    for (const amount of ["0", "-5", "abc", "1e3", "", "0.001"]) {
      await expectWords(await post({ ...base, amount }), 400, /Type the amount received.*Nothing was recorded/);
    }
    await expectWords(await post({ ...base, amount: "1".repeat(21) }), 400, /Amount/);
    await expectWords(
      await post({ ...base, amount: over }),
      400,
      `${formatCents(depositCents + 1)} is more than the ${formatCents(depositCents)} owed`,
    );
    for (const method of ["card", "bank", "", "CHECK"]) {
      await expectWords(await post({ ...base, method }), 400, /Tap Check, Cash or Zelle/);
    }
    await expectWords(await post({ ...base, intent: "" }), 400, /does not know that button/);
    expect(snapshot()).toBe(before);
  });
});

describe("recording a payment", () => {
  it("records a check for what is owed, says so from the books, and then refuses a second", async () => {
    const owed = dollarsInput(depositCents);
    const saved = await post({ intent: "record", document: `deposit-${quoteId}`, amount: owed, method: "check" });
    expect(saved.status).toBe(303);
    const location = saved.headers.get("location") ?? "";
    expect(location).toMatch(/^\/owner\/money\?recorded=Q-/);
    const page = await (await get(location)).text();
    expect(page).toContain(`Recorded: ${formatCents(depositCents)} by check from`);
    const payments = withStoreAt(server.dataDir, (store) => store.quotes.payments(quoteId));
    expect(payments.map((p) => [p.cents, p.method, p.received_on])).toEqual([
      [depositCents, "check", dayAt(new Date(), business.timeZone)],
    ]);
    // A flash for a payment that is not in the books is never shown.
    const lie = await (await get(`/owner/money?recorded=Q-NOPE&method=check&cents=${depositCents}`)).text();
    expect(lie).not.toContain("Recorded:");
    const again = await post({ intent: "record", document: `deposit-${quoteId}`, amount: "1.00", method: "cash" });
    await expectWords(again, 409, /Nothing is owed on Q-\w+ any more/);
  });

  it("downloads the month's payments with the formula-like name kept as text", async () => {
    const response = await get("/owner/money.csv");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const today = dayAt(new Date(), business.timeZone);
    expect(response.headers.get("content-disposition")).toMatch(
      new RegExp(`^attachment; filename="payments-\\d{4}-\\d{2}-01-to-\\d{4}-\\d{2}-\\d{2}-made-${today}\\.csv"$`),
    );
    const text = await response.text();
    const lines = text
      .replace(/^\uFEFF/, "")
      .split("\r\n")
      .filter(Boolean);
    expect(lines[0]).toBe('"Date","Type","Document","Customer","Method","Amount","Refunded","Net","State"');
    const amount = dollarsInput(depositCents);
    expect(lines[1]).toMatch(
      new RegExp(
        `^"${today}","Deposit","Q-\\w+","'=HYPERLINK\\(""http://evil.example"",""Dana""\\)","check","${amount.replace(".", "\\.")}","0.00","${amount.replace(".", "\\.")}","paid"$`,
      ),
    );
    // The reports count it under the source of its request (none recorded: Direct), in their CSVs too.
    const bySource = await (await get("/owner/reports.csv?chart=money-sources")).text();
    expect(bySource).toContain(`"Direct","1","${dollarsInput(depositCents)}"`);
    const toPaid = await (await get("/owner/reports.csv?chart=days-to-paid")).text();
    expect(toPaid).toMatch(/"jobs paid in full","median days from quote to paid"\r\n"1","0"/);
    const invoices = await get("/owner/money.csv?of=invoices&from=2026-01-01&to=2026-12-31");
    expect((await invoices.text()).replace(/^\uFEFF/, "")).toBe(
      '"Date","Invoice","Quote","Customer","Total","Paid","Pending","Owed","State","Paid on"\r\n',
    );
  });
});
