// Closed days and "Block a day" on the owner's phone (375 px), with the server's clock at Monday 30 November 2026,
// 10:00 in Chicago (TEST_CLOCK_FILE): the owner blocks a Thursday with a visit booked, the visit moves to Friday at
// its own time (never earlier), and the homeowner picks another time from the e-mail's link; then the owner opens
// Christmas under Availability, a homeowner books it, and closing it again takes it away from the next one.
// Screenshots: test-results/closed-days-*.png.
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { simpleParser } from "mailparser";
import { expect, test, type Page } from "@playwright/test";
import { openEstimateStore } from "../../server/requests/estimate-store.ts";
import { newLead } from "../../server/store/stored-lead.fixture.ts";
import { startSmtp, waitFor } from "../server/smtp.ts";
import { addAuthenticator, invite, onPhone, ownServer, waitForPasskeyButton } from "./owner-support";

const env: Record<string, string> = {};
const own = ownServer("closed-days", env);
const site = `http://127.0.0.1:${own.port}`;
const clockFile = path.join(tmpdir(), `closed-days-e2e-clock-${process.pid}`);
let smtp: Awaited<ReturnType<typeof startSmtp>>;

/** A request with its booking link and address, as after the form and step one; returns the link's token. */
function requestWithLink(n: number): string {
  const store = openEstimateStore({ dataDir: own.server.dataDir });
  try {
    const { id } = store.save(
      newLead({
        name: `Pat Holiday ${n}`,
        email: `holiday${n}@example.com`,
        phone: `(309) 555-02${n}0`,
        idempotencyKey: null,
      }),
    );
    const token = store.visits.newLink(id);
    store.visits.putPlace({ estimateId: id, town: "Normal", served: true, street: `${n}2 Oak St`, notes: "" });
    return token;
  } finally {
    store.close();
  }
}

const offered = (page: Page) =>
  page.locator('input[type="radio"]').evaluateAll((r) => r.map((i) => (i as HTMLInputElement).value));

async function fitsWidth(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

/**
 * Enrols a passkey from a fresh invite and lands on the inbox. As owner-support's enrol, without its wait for the
 * address: on a loaded machine the inbox was shown while the address still read /owner/enrol/… past 5 s.
 */
async function signIn(page: Page) {
  await addAuthenticator(page);
  await page.goto(invite(own.server));
  await waitForPasskeyButton(page);
  await page.getByLabel("Name this passkey").fill("Phone");
  await page.getByRole("button", { name: "Create a passkey on this device" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Estimate requests" })).toBeVisible();
}

test.describe.configure({ mode: "serial" });
test.describe("Closed days and blocked days", () => {
  test.skip(({ isMobile }) => !isMobile, "stories at 375 px");

  test.beforeAll(async () => {
    if (!onPhone()) return;
    test.setTimeout(90_000);
    writeFileSync(clockFile, new Date("2026-11-30T16:00:00.000Z").toISOString());
    smtp = await startSmtp();
    Object.assign(env, {
      TEST_CLOCK_FILE: clockFile,
      SMTP_URL: smtp.url,
      NOTIFY_EMAIL: "owner@example.com",
      CONFIRMATION_EMAIL: "off",
    });
    await own.start();
  });
  test.afterAll(async () => {
    own.stop();
    await smtp?.close();
  });

  test("the owner blocks a Thursday with a visit: it moves to Friday at its time, and the homeowner picks another", async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    page.setDefaultTimeout(15_000);
    const token = requestWithLink(1);
    const booked = await fetch(`${site}/visit/${token}`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: site, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "book", window: "2026-12-03 10:00", key: "holiday-1" }),
    });
    expect(booked.status).toBe(303);

    await signIn(page);
    await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Visits" }).click();
    await page.getByLabel("Day", { exact: true }).fill("2026-12-03");
    await page.getByLabel("Why (a note for you)").fill("Sick");
    await page.getByRole("button", { name: "Block", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Blocked: Thursday, December 3" })).toBeVisible();
    await page.getByRole("button", { name: "Move them to the next open times and tell them" }).click();
    await expect(page.getByText("Moved. The homeowners are told by e-mail")).toBeVisible();
    // Friday 4 December at 10–12, as it was on Thursday: not Tuesday, not earlier.
    const friday = page.locator("li", { has: page.getByRole("heading", { level: 2, name: /Friday, December 4/ }) });
    await expect(friday.getByTestId("visit")).toContainText("Pat Holiday 1");
    await expect(friday.getByTestId("visit")).toContainText(/10\s*(am)?–12\s*pm/);
    await fitsWidth(page);
    await page.screenshot({ path: test.info().outputPath("closed-days-moved-375.png"), fullPage: true });

    // The homeowner's e-mail says so, and its link opens the move.
    const raws = await waitFor(() => {
      const found = smtp.received.filter((m) => m.to.includes("holiday1@example.com"));
      return found.length >= 2 ? found : undefined;
    }, 20_000);
    const mails = await Promise.all(raws.map((m) => simpleParser(m.raw)));
    const mail = mails.find((m) => m.subject?.startsWith("Moved:"));
    expect(mail?.subject).toMatch(/^Moved: your free estimate visit is now Fri, Dec 4/);
    const link = /pick another: (\S+)/.exec(mail?.text ?? "")?.[1] ?? "";
    expect(link).toMatch(/\/visit\/[A-Za-z0-9_-]{43}\?move=1$/);
    const home = await browser.newPage({ viewport: { width: 375, height: 812 } });
    await home.goto(link.replace(/^https?:\/\/[^/]+/, site));
    await expect(home.getByRole("heading", { level: 1, name: "Move your visit" })).toBeVisible();
    expect(await offered(home)).not.toContain("2026-12-03 10:00");
    await home.getByRole("radio").first().check();
    await home.getByRole("button", { name: "Move to this time" }).click();
    await expect(home.getByText("Your visit has moved. We sent you an e-mail with the new time.")).toBeVisible();
    await home.close();
  });

  test("the owner opens Christmas for visits: a homeowner books it; closed again, the next one cannot", async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    page.setDefaultTimeout(15_000);
    const first = requestWithLink(2);
    const second = requestWithLink(3);
    const home = await browser.newPage({ viewport: { width: 375, height: 812 } });
    await home.goto(`${site}/visit/${first}`);
    await expect(home.getByRole("heading", { level: 1, name: "Pick a time for the free estimate" })).toBeVisible();
    const before = await offered(home);
    expect(before).toContain("2026-12-24 08:00");
    expect(before.filter((v) => v.startsWith("2026-12-25"))).toEqual([]);

    await signIn(page);
    await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Visits" }).click();
    await page.getByRole("link", { name: "Arrival windows, daily cap and reminders" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Availability" })).toBeVisible();
    // The settings form is sent as it is: nothing changes, and it says so.
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Saved. Homeowners see it now.")).toBeVisible();
    const christmas = page.getByTestId("closed-day").filter({ hasText: "Christmas" });
    await expect(christmas).toContainText("Christmas, Friday, December 25");
    await expect(page.getByTestId("closed-day").first()).toContainText("Christmas");
    await christmas.getByRole("button", { name: "Open this day anyway: Christmas" }).click();
    await expect(page.getByText("Opened: homeowners can book that day now.")).toBeVisible();
    await expect(christmas).toContainText("Open for visits");
    await fitsWidth(page);
    await page.screenshot({ path: test.info().outputPath("closed-days-opened-375.png"), fullPage: true });

    await home.reload();
    expect(await offered(home)).toContain("2026-12-25 08:00");
    // Christmas is weeks ahead: behind "More dates".
    await home.getByText(/^More dates/).click();
    await home.locator('input[type="radio"][value="2026-12-25 10:00"]').check();
    await home.getByRole("button", { name: "Book this time" }).click();
    await expect(home.getByRole("heading", { level: 1, name: "Booked" })).toBeVisible();
    await expect(home.getByTestId("visit-window")).toContainText("December 25");

    await christmas.getByRole("button", { name: "Close it again: Christmas" }).click();
    await expect(page.getByText("Closed again: homeowners cannot book that day.")).toBeVisible();
    await expect(christmas).not.toContainText("Open for visits");
    await home.goto(`${site}/visit/${second}`);
    expect((await offered(home)).filter((v) => v.startsWith("2026-12-25"))).toEqual([]);
    await home.close();
  });
});
