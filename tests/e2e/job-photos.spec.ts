// The owner adds a before and an after photo of a job from the phone; the homeowner, on their job page without
// JavaScript, says yes to both; he puts the pair on Recent work, and the homeowner sees it there and on their page.
// On the publishing server (playwright.config.ts), at 375 px.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { makeTestPhoto } from "../support/test-photos.ts";
import { seedJob } from "../support/seed-job.ts";
import { addAuthenticator, enrol, PUBLISHING } from "./owner-support";

const SITE = PUBLISHING.origin;
const PUBLISH = 120_000;
/** Where the story leaves its screenshots, for a person to look at. */
const SHOTS = process.env.SHOTS_DIR ?? path.join(tmpdir(), "job-photos-shots");

test("owner adds before and after photos from the phone and, with the homeowner's yes, puts the pair on Recent work", async ({
  page,
  browser,
}, info) => {
  test.skip(info.project.name !== "mobile", "a phone story");
  test.setTimeout(PUBLISH * 2);
  page.setDefaultTimeout(15_000);
  const dataDir = PUBLISHING.dataDir ?? "";
  const job = seedJob(dataDir);
  const dir = mkdtempSync(path.join(tmpdir(), "job-photos-e2e-"));
  const beforePhoto = await makeTestPhoto(path.join(dir, "IMG_0101.JPG"), { width: 2400, height: 1800, seed: 3 });
  const afterPhoto = await makeTestPhoto(path.join(dir, "IMG_0102.JPG"), { width: 2400, height: 1800, seed: 7 });

  await addAuthenticator(page);
  await enrol(page, "Phone", PUBLISHING);
  await page.goto(`${SITE}/owner/jobs/${job.jobId}/photos`);
  await expect(page.getByRole("heading", { level: 1, name: "Before and after photos" })).toBeVisible();
  await expect(page.getByText("Up to 5 photos at a time, each up to 10 MB")).toBeVisible();

  for (const [kind, file] of [
    ["Before", beforePhoto],
    ["After", afterPhoto],
  ] as const) {
    await page.getByRole("radio", { name: kind }).check();
    await page.getByLabel("Photos", { exact: true }).setInputFiles(file);
    await page.getByRole("button", { name: "Add photos" }).click();
    await expect(page.getByText(`Added 1 photo (${kind.toLowerCase()}).`)).toBeVisible();
  }
  await expect(page.getByRole("img", { name: /Before photo/ })).toBeVisible();
  await expect(page.getByRole("img", { name: /After photo/ })).toBeVisible();
  await expect(page.getByText("Needs a before photo and an after photo the homeowner has said yes to")).toBeVisible();

  // The homeowner, on their job page without JavaScript, says yes to each photo.
  const homeowner = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
  const home = await homeowner.newPage();
  await home.goto(`${SITE}/job/${job.token}`);
  await expect(home.getByRole("heading", { name: "Photos of the work" })).toBeVisible();
  await expect(home.getByText("May we show a photo on our website?")).toBeVisible();
  for (const kind of ["before", "after"]) {
    await home.getByRole("button", { name: new RegExp(`^Yes, you may show it \\(${kind} photo`) }).click();
    await expect(home).toHaveURL(/#photos$/);
  }
  await expect(home.getByText(/^You said yes on /)).toHaveCount(2);
  await expect(home.getByRole("button", { name: /^Take my yes back/ })).toHaveCount(2);
  await home.screenshot({ path: path.join(SHOTS, "homeowner-job-photos-375.png"), fullPage: true });

  await page.reload();
  await expect(page.getByText("Homeowner said yes").first()).toBeVisible();
  await page.getByLabel("Service").selectOption("chimney-crowns");
  await expect(page.getByText("Town named: Normal")).toBeVisible();
  await page.getByLabel("Caption").fill("New poured crown, November 2026");
  await page.getByLabel("What the before photo shows").fill("Cracked crown with loose bricks on a brick chimney");
  await page.getByLabel("What the after photo shows").fill("New concrete crown with a drip edge on the chimney");
  await page.screenshot({ path: path.join(SHOTS, "owner-job-photos-375.png"), fullPage: true });
  // The tap waits for its publish (up to 15 s), so the navigation may take that long on a busy machine.
  await page.getByRole("button", { name: "Put on Recent work" }).click({ timeout: PUBLISH });
  await expect(page.getByText(/On Recent work now|Publishing now/)).toBeVisible({ timeout: PUBLISH });
  await expect(page.getByRole("heading", { name: "On Recent work", exact: true })).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, "owner-job-photos-published-375.png"), fullPage: true });

  await expect(async () => {
    await page.goto(`${SITE}/services/chimney-crowns?fresh=${Date.now()}`);
    await expect(page.getByRole("img", { name: "New concrete crown with a drip edge on the chimney" })).toBeVisible({
      timeout: 1000,
    });
  }).toPass({ timeout: PUBLISH });
  const recent = page.getByTestId("recent-work");
  await expect(recent).toContainText("Before: New poured crown, November 2026");
  await expect(recent).toContainText("After: New poured crown, November 2026");
  await expect(recent).toContainText("Normal");
  await recent.scrollIntoViewIfNeeded();
  await recent.screenshot({ path: path.join(SHOTS, "service-recent-work-375.png") });

  await home.reload();
  await expect(home.getByText(/^On our website’s Recent work, with your yes of /)).toHaveCount(2);
  await homeowner.close();
});
