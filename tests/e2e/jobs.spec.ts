// The job, from the yes to done, at 375 px (decision 0045). The owner, signed in with a passkey on a phone, opens the
// accepted quote, taps "Make the job", puts two work days on, finds the job again from Jobs in the menu (issue 64),
// taps "Rain day" on the second, "On my way" on today's and "Job done", which asks about the day after today and
// cancels it, and reaches the invoice's draft. The homeowner, with JavaScript off, opens the job page after each step
// and sees it. A server of its own, its clock on Wednesday, December 2, 2026, at 7:12 AM in Chicago (8:12 on the way).
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { acceptOnline } from "../support/homeowner-post.ts";
import { openEstimateStore } from "../../server/requests/estimate-store.ts";
import { seedInvoice, seedQuote } from "../support/seed-quote.ts";
import { finishJob } from "../support/seed-work-days.ts";
import { addAuthenticator, enrol, onPhone, ownServer } from "./owner-support";

const clock = path.join(mkdtempSync(path.join(tmpdir(), "jobs-e2e-clock-")), "clock");
// 7:12 AM: today's 8-10 am window has not started, so it is offered.
writeFileSync(clock, "2026-12-02T13:12:00.000Z");
const own = ownServer("jobs", { TEST_CLOCK_FILE: clock });
const NO_MAIL = "E-mail is not set up on this server, so nothing was e-mailed.";

test.beforeAll(async () => {
  if (!onPhone()) return;
  test.setTimeout(90_000);
  await own.start();
});
test.afterAll(() => own.stop());

test("owner schedules a two-day job, moves a rain day, is on the way and done; the homeowner sees each step", async ({
  page,
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== "mobile", "a phone's story");
  test.setTimeout(150_000);
  page.setDefaultTimeout(15_000);
  const dataDir = own.server.dataDir ?? "";
  const { token, quoteId } = seedQuote(dataDir);
  expect((await acceptOnline(`${own.server.origin}/quote/${token}`)).status).toBe(303);
  // Two other jobs for the Jobs list: one with no day yet, one done with its invoice sent.
  const waiting = seedQuote(dataDir, { name: "Marcus Lee", city: "Bloomington" });
  expect((await acceptOnline(`${own.server.origin}/quote/${waiting.token}`)).status).toBe(303);
  const finished = seedInvoice(dataDir, { name: "Rosa Alvarez", city: "Peoria" });
  const store = openEstimateStore({ dataDir });
  try {
    store.jobs.make(waiting.quoteId);
    finishJob(store.db, store.jobs.make(finished.quoteId).job.id, "2026-11-20T22:00:00.000Z");
  } finally {
    store.close();
  }

  await addAuthenticator(page);
  await enrol(page, "Phone", own.server);
  await page.goto(`${own.server.origin}/owner/quotes/${quoteId}`);
  await page.getByRole("button", { name: "Make the job" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Job: Dana Whitfield" })).toBeVisible();
  await expect(page.getByLabel("State")).toHaveText("Open");
  await expect(page.getByText("None yet. Add the first below.")).toBeVisible();

  const add = async (day: string, window: string) => {
    await page.getByLabel("Day and arrival window", { exact: true }).selectOption({ label: `${day}, ${window}` });
    await page.getByRole("button", { name: "Add the day" }).click();
    await expect(page.getByRole("status")).toHaveText(`Work day added. ${NO_MAIL}`);
  };
  await add("Wed, Dec 2", "8–10 am");
  await add("Thu, Dec 3", "10 am–12 pm");
  const days = page.getByRole("list", { name: "Work days" }).getByRole("listitem");
  await expect(days).toHaveCount(2);
  await expect(days.nth(0)).toContainText("Wednesday, December 2, 8–10 am");
  await expect(days.nth(1)).toContainText("Thursday, December 3, 10 am–12 pm");

  // The homeowner, without JavaScript, from the link the owner shows.
  await page.getByRole("button", { name: "Show a link to their page" }).click();
  const link = (await page.getByRole("link", { name: /\/job\// }).getAttribute("href")) ?? "";
  expect(link).toMatch(/\/job\/[A-Za-z0-9_-]{43}$/);
  const homeowner = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
  const home = await homeowner.newPage();
  const homeDays = home.getByRole("list", { name: "Work days" }).getByRole("listitem");
  const look = async (check: (p: Page) => Promise<void>) => {
    await home.goto(`${own.server.origin}${new URL(link, own.server.origin).pathname}`);
    await expect(home.getByRole("heading", { level: 1, name: "Your job" })).toBeVisible();
    await expect(home.locator("script")).toHaveCount(0);
    await check(home);
  };
  await look(async () => {
    await expect(homeDays).toHaveText([
      "Wednesday, December 2, we arrive 8–10 am (today)",
      "Thursday, December 3, we arrive 10 am–12 pm",
    ]);
  });

  // The owner finds the job again from the console's menu: Jobs, then one tap on it.
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Jobs" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Jobs" })).toBeVisible();
  const group = (name: string) => page.getByRole("region", { name: new RegExp(`^${name}`) }).getByRole("link");
  await expect(group("In progress and scheduled")).toHaveCount(1);
  const card = group("In progress and scheduled").first();
  await expect(card).toContainText("Dana Whitfield");
  await expect(card).toContainText("In progress");
  await expect(card).toContainText("Next: today, 8–10 am");
  await expect(group("Not yet scheduled")).toHaveText([/Marcus Lee.*Not scheduled.*No work days yet/]);
  await expect(group("Done")).toHaveText([
    /Rosa Alvarez.*Done.*Friday, November 20.*Owed \$[\d,]+\.\d\d on invoice INV-\d{4}/,
  ]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  // Eight tabs in two rows of four, each big enough to tap.
  const tabs = page.getByRole("navigation", { name: "Console" }).getByRole("link");
  const boxes = await tabs.evaluateAll((links) => links.map((a) => a.getBoundingClientRect().toJSON() as DOMRect));
  expect(new Set(boxes.map((b) => Math.round(b.top))).size).toBe(2);
  for (const b of boxes) expect(Math.min(b.width, b.height)).toBeGreaterThanOrEqual(44);
  await page.screenshot({ path: testInfo.outputPath("owner-jobs-375.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: testInfo.outputPath("owner-jobs-1280.png"), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await card.click();
  await expect(page.getByRole("heading", { level: 1, name: "Job: Dana Whitfield" })).toBeVisible();
  await days.filter({ hasText: "Thursday, December 3" }).getByRole("button", { name: "Rain day" }).click();
  await expect(page.getByRole("status")).toHaveText(`Rain day: moved to the next open day, same window. ${NO_MAIL}`);
  await expect(days.nth(1)).toContainText("Friday, December 4, 10 am–12 pm");
  await expect(days.nth(1)).toContainText("Moved for rain once");
  await look(async () => {
    await expect(homeDays.nth(1)).toHaveText("Friday, December 4, we arrive 10 am–12 pm");
  });

  // 8:12 AM, on the way.
  writeFileSync(clock, "2026-12-02T14:12:00.000Z");
  await days.nth(0).getByRole("button", { name: "On my way" }).click();
  await expect(page.getByRole("status")).toHaveText(`On my way: noted for today. ${NO_MAIL}`);
  await expect(days.nth(0)).toContainText("On my way sent at 8:12 AM.");
  const text = days.nth(0).getByRole("link", { name: "Text Dana from your phone" });
  expect(await text.getAttribute("href")).toMatch(/^sms:\+13095550177\?&body=Hi%20Dana%2C%20this%20is%20/);
  await expect(days.nth(0).getByRole("button", { name: "On my way" })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath("owner-job-375.png"), fullPage: true });
  // And on a desk, for a person to look at.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: testInfo.outputPath("owner-job-1280.png"), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await look(async (p) => {
    await expect(p.getByRole("status").first()).toHaveText("On my way — arriving 8–10 am");
  });

  // Friday's day is after today: Job done asks what to do with it first.
  await expect(page.getByText("You have 1 work day after today: it asks what to do with it first.")).toBeVisible();
  await page.getByRole("button", { name: "Job done" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Job done: what about the later work day?" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Work days after today" }).getByRole("listitem")).toHaveText([
    "Friday, December 4, 10 am–12 pm",
  ]);
  await expect(page.getByLabel("State")).toHaveText("Open");
  await page.screenshot({ path: testInfo.outputPath("owner-job-done-question-375.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: testInfo.outputPath("owner-job-done-question-1280.png"), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole("button", { name: "Cancel it and mark the job done" }).click();
  await expect(page.getByRole("status")).toHaveText(
    `Job done. The invoice's draft is ready: check it and send it. 1 later work day cancelled. ${NO_MAIL}`,
  );
  await expect(page.getByLabel("State")).toHaveText("Done");
  await expect(days).toHaveText([/Wednesday, December 2, 8–10 am/]);
  // Jobs: it is with the done ones now.
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Jobs" }).click();
  await expect(group("Done")).toHaveCount(2);
  await expect(group("Done").first()).toContainText("Dana Whitfield");
  await page.goBack();
  await page.getByRole("link", { name: "Open the invoice" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Invoice (draft)" })).toBeVisible();
  await look(async (p) => {
    // Done replaces "On my way" at the top; the day no longer reads as today's arrival.
    await expect(p.getByRole("status").first()).toHaveText("The work is done. Thank you.");
    await expect(p.getByText("On my way — arriving 8–10 am")).toHaveCount(0);
    // Friday's day was cancelled with Job done: only Wednesday's is left.
    await expect(homeDays).toHaveText(["Wednesday, December 2, we arrive 8–10 am (today)"]);
    await p.screenshot({ path: testInfo.outputPath("homeowner-job-375.png"), fullPage: true });
    await p.setViewportSize({ width: 1280, height: 900 });
    await p.screenshot({ path: testInfo.outputPath("homeowner-job-1280.png"), fullPage: true });
  });
  await homeowner.close();
});
