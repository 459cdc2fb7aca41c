// The owner sees his work days in Visits on his phone (375 px), issue 53, with the server's clock at Monday 30
// November 2026, 10:00 in Chicago: a two-day job (Tuesday 8-10 arrival, Wednesday 1-3) and an estimate visit on
// Wednesday at 8, each marked in words and in time order; blocking Tuesday leaves its work day and names it with a
// link to move it from the job. The job service writes the work days; here they are seeded in plain SQL.
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { openEstimateStore } from "../../server/requests/estimate-store.ts";
import { newLead } from "../../server/store/stored-lead.fixture.ts";
import { acceptedQuote, addJob } from "../support/seed-work-days.ts";
import { addAuthenticator, enrol, onPhone, ownServer } from "./owner-support";

const env: Record<string, string> = {};
const own = ownServer("work-days", env);
const site = `http://127.0.0.1:${own.port}`;
const clockFile = path.join(tmpdir(), `work-days-e2e-clock-${process.pid}`);
let jobId = 0;

/** Books Wednesday's 8-10 window as the homeowner's page does. */
async function bookVisit(name: string, email: string, window: string) {
  const store = openEstimateStore({ dataDir: own.server.dataDir });
  let token = "";
  try {
    const { id } = store.save(newLead({ name, email, phone: "(309) 555-0142", idempotencyKey: null }));
    token = store.visits.newLink(id);
    store.visits.putPlace({ estimateId: id, town: "Bloomington", served: true, street: "7 Vine St", notes: "" });
  } finally {
    store.close();
  }
  const answer = await fetch(`${site}/visit/${token}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: site, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "book", window, key: `${email}-book` }),
  });
  expect(answer.status).toBe(303);
}

const dayOf = (page: Page, label: RegExp) => page.locator("ol > li").filter({ hasText: label });

test.describe("Work days in the owner's Visits", () => {
  test.skip(({ isMobile }) => !isMobile, "stories at 375 px");

  test.beforeAll(async () => {
    if (!onPhone()) return;
    test.setTimeout(90_000);
    writeFileSync(clockFile, new Date("2026-11-30T16:00:00.000Z").toISOString());
    Object.assign(env, { TEST_CLOCK_FILE: clockFile, CONFIRMATION_EMAIL: "off" });
    await own.start();
    const dataDir = own.server.dataDir ?? "";
    const quoteId = acceptedQuote(dataDir);
    const store = openEstimateStore({ dataDir });
    try {
      jobId = addJob(store.db, quoteId, [
        { day: "2026-12-01", starts: "08:00", ends: "10:00" },
        { day: "2026-12-02", starts: "13:00", ends: "15:00" },
      ]).jobId;
    } finally {
      store.close();
    }
    await bookVisit("Ed Estimate", "ed@example.com", "2026-12-02 08:00");
  });
  test.afterAll(() => own.stop());

  test("the owner sees each work day marked, among his visits in time order, and blocking one keeps it", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    page.setDefaultTimeout(15_000);
    await addAuthenticator(page);
    await enrol(page, "Phone", own.server);
    await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Visits" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Visits" })).toBeVisible();
    await expect(page.getByText("1 visit and 2 work days in the next 8 days")).toBeVisible();

    const tuesday = dayOf(page, /^Tomorrow/).getByTestId("work-day");
    await expect(tuesday).toHaveCount(1);
    await expect(tuesday).toContainText("Work day");
    await expect(tuesday).toContainText("Day 1 of 2");
    await expect(tuesday).toContainText("Arrive 8–10 am · Dana Whitfield");
    await expect(tuesday).toContainText("Normal");
    await expect(tuesday.getByRole("link", { name: "Open the job" })).toHaveAttribute("href", `/owner/jobs/${jobId}`);

    // Wednesday: the estimate visit at 8, then the work day from 1 pm, each said in words.
    const wednesday = dayOf(page, /Wednesday, December 2/);
    const cards = wednesday.locator('[data-testid="visit"], [data-testid="work-day"]');
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(0)).toContainText("Estimate visit");
    await expect(cards.nth(0)).toContainText("8–10 am · Ed Estimate");
    await expect(cards.nth(1)).toContainText("Work day");
    await expect(cards.nth(1)).toContainText("Day 2 of 2");
    await expect(cards.nth(1)).toContainText("Arrive 1–3 pm · Dana Whitfield");
    // Nothing sticks out of the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: test.info().outputPath("visits-work-days-375.png"), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: test.info().outputPath("visits-work-days-1280.png"), fullPage: true });
    await page.setViewportSize({ width: 375, height: 812 });

    // Rain on Tuesday: blocked for estimate visits; the work day stays and is named with its job.
    await page.locator('input[name="first"]').fill("2026-12-01");
    await page.getByLabel("Why (a note for you)").fill("Rain");
    await page.getByRole("button", { name: "Block", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Blocked: Tuesday, December 1" })).toBeVisible();
    const named = page.getByTestId("blocked-work");
    await expect(named).toContainText("You have work for Dana Whitfield in Normal on Tuesday, December 1");
    await expect(named.getByRole("link", { name: "move it from the job" })).toHaveAttribute(
      "href",
      `/owner/jobs/${jobId}`,
    );
    await expect(page.getByText("No visits were booked then. Homeowners cannot pick it now.")).toBeVisible();
    await expect(dayOf(page, /^Tomorrow/)).toContainText("Off: Rain");
    await expect(dayOf(page, /^Tomorrow/).getByTestId("work-day")).toContainText("Day 1 of 2");
    await page.screenshot({ path: test.info().outputPath("visits-blocked-work-375.png"), fullPage: true });
  });
});
