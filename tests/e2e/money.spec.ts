// The owner's books on a phone (decision 0043): a homeowner accepts a quote online, so its deposit is owed; the owner
// opens Money, sees it owed, records it by check in two taps ("Record a payment", then "Check"), and finds it under
// this month's payments with the figures changed; then downloads the month's payments and reads the CSV back.
// Screenshots at the project's width (375 px mobile, 1280 px desktop) are kept in test-results/.
import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { business } from "../../app/content/business.ts";
import { dayAt } from "../../app/lib/business-day.ts";
import { openEstimateStore } from "../../server/requests/estimate-store.ts";
import { dollarsInput, formatCents } from "../../server/quotes/money.ts";
import { acceptOnline } from "../support/homeowner-post.ts";
import { seedQuote } from "../support/seed-quote.ts";
import { addAuthenticator, enrol, ownServer } from "./owner-support";

const own = ownServer("money");
const server = own.server;
let deposit = 0;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  await own.start();
  const { token, quoteId } = seedQuote(server.dataDir ?? "");
  expect((await acceptOnline(`${server.origin}/quote/${token}`)).status).toBe(303);
  const store = openEstimateStore({ dataDir: server.dataDir });
  try {
    deposit = store.quotes.acceptance(quoteId)?.deposit_cents ?? 0;
  } finally {
    store.close();
  }
  expect(deposit).toBeGreaterThan(0);
});
test.afterAll(own.stop);

const figure = (page: Page, label: string) =>
  page
    .locator("dl > div")
    .filter({ has: page.locator("dt > span:first-child", { hasText: new RegExp(`^${label}$`) }) })
    .locator("dd");
const width = (page: Page) => page.viewportSize()?.width ?? 0;

test("the owner records a deposit paid by check in two taps, and downloads the month's payments", async ({
  page,
}, info) => {
  page.setDefaultTimeout(15_000);
  await addAuthenticator(page);
  await enrol(page, "Phone", server);
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Money" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Money" })).toBeVisible();
  // Eight tabs: on one line on a desk, two rows of four on a phone.
  const tabs = page.getByRole("navigation", { name: "Console" }).getByRole("link");
  await expect(tabs).toHaveText(["Inbox", "Visits", "Quotes", "Jobs", "Money", "Customers", "Site", "Reports"]);
  const tops = await tabs.evaluateAll((links) => links.map((a) => Math.round(a.getBoundingClientRect().top)));
  expect(new Set(tops).size).toBe(width(page) < 640 ? 2 : 1);

  const amount = formatCents(deposit);
  await expect(figure(page, "Owed")).toHaveText(amount);
  await expect(figure(page, "Paid")).toHaveText("$0.00");
  const owed = page
    .getByRole("list", { name: "Owed and pending" })
    .getByRole("listitem")
    .filter({ hasText: "Dana Whitfield" });
  await expect(owed).toContainText("Owed");
  await expect(owed).toContainText(amount);
  await page.screenshot({ path: info.outputPath(`money-owed-${width(page)}.png`), fullPage: true });

  // Tap 1: the row's form opens, the amount already what is owed.
  await owed.getByText("Record a payment").click();
  await expect(owed.getByLabel(/Amount received/)).toHaveValue(dollarsInput(deposit));
  const check = owed.getByRole("button", { name: "Check" });
  expect((await check.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
  await page.screenshot({ path: info.outputPath(`money-record-${width(page)}.png`), fullPage: true });
  // Tap 2.
  await check.click();

  await expect(page.getByRole("status")).toHaveText(`Recorded: ${amount} by check from Dana Whitfield.`);
  await expect(figure(page, "Paid")).toHaveText(amount);
  await expect(figure(page, "Owed")).toHaveText("$0.00");
  await expect(page.getByText("Nothing is owed.")).toBeVisible();
  const paid = page.getByRole("list", { name: /^Payments in / }).getByRole("listitem");
  await expect(paid).toHaveCount(1);
  await expect(paid).toContainText("Dana Whitfield");
  await expect(paid).toContainText("check");
  await expect(paid).toContainText(amount);
  await page.screenshot({ path: info.outputPath(`money-recorded-${width(page)}.png`), fullPage: true });

  // The reports count it: under Direct (the seeded request recorded no source), paid the day the quote was sent.
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Reports" }).click();
  const bySource = page.getByRole("table", { name: "Money collected by source", exact: true });
  await expect(bySource.getByRole("row", { name: /Direct/ })).toContainText(amount);
  await expect(page.locator("#days-to-paid").locator("..")).toContainText("1 job was paid in full");
  await page.locator("#money-sources").scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath(`money-reports-${width(page)}.png`) });
  await page.goBack();

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download payments (CSV)" }).click();
  const file = await download;
  const today = dayAt(new Date(), business.timeZone);
  expect(file.suggestedFilename()).toMatch(new RegExp(`^payments-.*-made-${today}\\.csv$`));
  const text = readFileSync((await file.path()) ?? "", "utf8");
  const rows = text
    .replace(/^\uFEFF/, "")
    .split("\r\n")
    .filter(Boolean)
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"(?:,|$)/g)].map((m) => (m[1] ?? "").replaceAll('""', '"')));
  expect(rows[0]).toEqual(["Date", "Type", "Document", "Customer", "Method", "Amount", "Refunded", "Net", "State"]);
  const cents = dollarsInput(deposit);
  expect(rows.slice(1)).toEqual([
    [today, "Deposit", expect.stringMatching(/^Q-/), "Dana Whitfield", "check", cents, "0.00", cents, "paid"],
  ]);
});
