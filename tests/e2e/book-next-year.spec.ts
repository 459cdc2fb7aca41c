// "Book next year" at 375 px (decision 0055). The owner, signed in with a passkey on a phone, taps Job done on a job
// with two later work days (cancelling them), then "Book next year": the proposal is next spring's matching week,
// Wednesday, May 26, 2027, its first window checked and the address filled in; he confirms. The homeowner, with
// JavaScript off, opens their visit link and sees the visit with keep, move and cancel. Reports shows the figures.
// A server of its own, its clock on Wednesday, December 2, 2026, at 10:00 AM in Chicago.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { openEstimateStore } from "../../server/requests/estimate-store.ts";
import { seedJob } from "../support/seed-job.ts";
import { addAuthenticator, enrol, onPhone, ownServer } from "./owner-support";

const clock = path.join(mkdtempSync(path.join(tmpdir(), "next-year-e2e-clock-")), "clock");
writeFileSync(clock, "2026-12-02T16:00:00.000Z");
const own = ownServer("next-year", { TEST_CLOCK_FILE: clock });

test.beforeAll(async () => {
  if (!onPhone()) return;
  test.setTimeout(90_000);
  await own.start();
});
test.afterAll(() => own.stop());

test("owner taps Job done, then Book next year, and confirms; the homeowner without JavaScript keeps, moves or cancels it; Reports counts it", async ({
  page,
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== "mobile", "a phone's story");
  test.setTimeout(150_000);
  page.setDefaultTimeout(15_000);
  const dataDir = own.server.dataDir ?? "";
  const job = seedJob(dataDir, { visitTown: "Normal" });
  const shot = async (name: string) => {
    await page.screenshot({ path: testInfo.outputPath(`${name}-375.png`), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`${name}-1280.png`), fullPage: true });
    await page.setViewportSize({ width: 375, height: 812 });
  };

  await addAuthenticator(page);
  await enrol(page, "Phone", own.server);
  await page.goto(`${own.server.origin}/owner/jobs/${job.jobId}`);
  await page.getByRole("button", { name: "Job done" }).click();
  await page.getByRole("button", { name: "Cancel them and mark the job done" }).click();
  await expect(page.getByLabel("State")).toHaveText("Done");
  const nextYear = page.getByRole("heading", { level: 2, name: "Next year" });
  await expect(nextYear).toBeVisible();
  await page.getByRole("link", { name: "Book next year" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Book next year" })).toBeVisible();
  await expect(page.getByText("Dana Whitfield · 12 Oak St, Normal")).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Wednesday, May 26, 2027" })).toBeVisible();
  await expect(
    page.getByText(
      "After the job was done on Wednesday, December 2: the same week next year, in your slow season (March 1 to May 31).",
    ),
  ).toBeVisible();
  await expect(page.getByRole("radio", { name: "8–10 am" })).toBeChecked();
  await expect(page.getByLabel("Street")).toHaveValue("12 Oak St");
  await expect(page.getByLabel("Town")).toHaveValue("Normal");
  await shot("book-next-year");
  // Another day: Memorial Day 2027 is closed, so it offers no window; back to the proposal's week.
  await page.getByLabel("Another day").fill("2027-05-31");
  await page.getByRole("button", { name: "Show its windows" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "No open window near the season" })).toBeVisible();
  await page.getByLabel("Another day").fill("2027-05-27");
  await page.getByRole("button", { name: "Show its windows" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Thursday, May 27, 2027" })).toBeVisible();
  await expect(page.getByText("The day you picked.")).toBeVisible();
  await page.getByRole("radio", { name: "10 am–12 pm" }).check();
  await page.getByRole("button", { name: "Book it and send the invite" }).click();

  await expect(page.getByRole("status")).toHaveText("Booked. The invite is on its way.");
  await expect(page.getByTestId("booked-ahead")).toHaveText("Thursday, May 27, 2027, 10 am–12 pm, Central Time");
  await shot("booked-next-year");
  // Back on the job: the visit booked ahead, not the button again.
  await page.getByRole("link", { name: "← The job" }).click();
  await expect(page.getByText("Booked ahead: Thursday, May 27, 2027, 10 am–12 pm, Central Time.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Book next year" })).toHaveCount(0);

  // The homeowner's link, as the invite's composer mints it when it sends.
  const store = openEstimateStore({ dataDir });
  let token: string;
  try {
    const visit = store.db
      .prepare<[], { estimate_id: number }>("SELECT estimate_id FROM visits WHERE ahead_from IS NOT NULL")
      .get();
    token = store.visits.newLink(visit?.estimate_id ?? 0);
  } finally {
    store.close();
  }
  const homeowner = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
  const home = await homeowner.newPage();
  await home.goto(`${own.server.origin}/visit/${token}`);
  await expect(home.getByRole("heading", { level: 1, name: "Booked" })).toBeVisible();
  await expect(home.getByTestId("visit-window")).toContainText("Thursday, May 27, 2027");
  await expect(home.getByText("Keeping it? There is nothing to do: we see you then.")).toBeVisible();
  await expect(home.getByRole("link", { name: "Move the visit" })).toBeVisible();
  await expect(home.getByText("Cancel the visit").first()).toBeVisible();
  await home.screenshot({ path: testInfo.outputPath("homeowner-visit-375.png"), fullPage: true });
  // Moving offers the weeks round it, next spring's.
  await home.getByRole("link", { name: "Move the visit" }).click();
  await expect(home.getByRole("heading", { level: 1, name: "Move your visit" })).toBeVisible();
  await expect(home.locator("legend").first()).toHaveText("Thursday, April 29, 2027");
  await expect(home.getByText("Wednesday, December 2")).toHaveCount(0);
  await home.setViewportSize({ width: 1280, height: 900 });
  await home.goto(`${own.server.origin}/visit/${token}`);
  await home.screenshot({ path: testInfo.outputPath("homeowner-visit-1280.png"), fullPage: true });
  await homeowner.close();

  // Reports: one done job, rebooked.
  await page.goto(`${own.server.origin}/owner/reports#returning`);
  const figures = page.getByTestId("returning-figures");
  await expect(figures.getByText("Rebook rate")).toBeVisible();
  await expect(figures.locator("dd").nth(1)).toHaveText("100%");
  await expect(figures.locator("dd").nth(0)).toHaveText("0 of 1");
  await expect(figures.locator("dd").nth(2)).toHaveText(/^0 of \d+ places$/);
  await page.locator("#returning").scrollIntoViewIfNeeded();
  await page.locator("section", { has: page.locator("#returning") }).screenshot({
    path: testInfo.outputPath("reports-returning-375.png"),
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.locator("section", { has: page.locator("#returning") }).screenshot({
    path: testInfo.outputPath("reports-returning-1280.png"),
  });
});
