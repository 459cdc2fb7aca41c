// The Visits page's forms tapped on the owner's phone (375 px), with the server's clock at Monday 30 November 2026,
// 10:00 in Chicago (TEST_CLOCK_FILE), each story on a day of its own: he cancels a visit and the homeowner is told,
// moves a visit from its own page, and blocks a day he then keeps and opens again (issue 51).
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
const own = ownServer("owner-visits", env);
const site = `http://127.0.0.1:${own.port}`;
const clockFile = path.join(tmpdir(), `owner-visits-e2e-clock-${process.pid}`);
let smtp: Awaited<ReturnType<typeof startSmtp>>;

/** A request with its place, as after the form and step one; returns the booking link's token. */
function requestWithLink(name: string, email: string): string {
  const store = openEstimateStore({ dataDir: own.server.dataDir });
  try {
    const { id } = store.save(newLead({ name, email, phone: "(309) 555-0142", idempotencyKey: null }));
    const token = store.visits.newLink(id);
    store.visits.putPlace({ estimateId: id, town: "Normal", served: true, street: "7 Vine St", notes: "" });
    return token;
  } finally {
    store.close();
  }
}

/** Books a window as the homeowner's page does; returns the booking link's token. */
async function booked(name: string, email: string, window: string): Promise<string> {
  const token = requestWithLink(name, email);
  const answer = await fetch(`${site}/visit/${token}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: site, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "book", window, key: `${email}-book` }),
  });
  expect(answer.status).toBe(303);
  return token;
}

/** The e-mails to an address, parsed, once there are `count` of them. */
async function mailsTo(address: string, count: number) {
  const raws = await waitFor(() => {
    const found = smtp.received.filter((m) => m.to.includes(address));
    return found.length >= count ? found : undefined;
  }, 20_000);
  return Promise.all(raws.map((m) => simpleParser(m.raw)));
}

const offered = (page: Page) =>
  page.locator('input[type="radio"]').evaluateAll((r) => r.map((i) => (i as HTMLInputElement).value));

/** Enrols a passkey from a fresh invite and opens Visits. */
async function openVisits(page: Page) {
  await addAuthenticator(page);
  await page.goto(invite(own.server));
  await waitForPasskeyButton(page);
  await page.getByLabel("Name this passkey").fill("Phone");
  await page.getByRole("button", { name: "Create a passkey on this device" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Estimate requests" })).toBeVisible();
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Visits" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Visits" })).toBeVisible();
}

/** A day's entry on the Visits page: its heading (a day with visits) or its one quiet line (a day without). */
const dayOf = (page: Page, label: RegExp) => page.locator("ol > li").filter({ hasText: label });

test.describe.configure({ mode: "serial" });
test.describe("The Visits page's forms", () => {
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

  test("owner cancels a visit with a reason and the homeowner is told by e-mail", async ({ page }) => {
    test.setTimeout(90_000);
    page.setDefaultTimeout(15_000);
    await booked("Cy Cancel", "cy@example.com", "2026-12-01 10:00");
    await openVisits(page);
    const visit = page.getByTestId("visit").filter({ hasText: "Cy Cancel" });
    await expect(dayOf(page, /^Tomorrow/).getByTestId("visit")).toContainText("Cy Cancel");
    await visit.getByText("Cancel…").click();
    await visit.getByLabel("Reason (the homeowner sees it)").fill("The lift is broken this week");
    await expect(visit.getByLabel("Tell the homeowner by e-mail")).toBeChecked();
    await visit.getByRole("button", { name: "Cancel this visit" }).click();
    await expect(page.getByText("Visit cancelled; the homeowner is told by e-mail.")).toBeVisible();
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Visits" })).toBeVisible();
    await expect(page.getByTestId("visit").filter({ hasText: "Cy Cancel" })).toHaveCount(0);
    await expect(dayOf(page, /^Tomorrow/)).toContainText("No visits");

    const mails = await mailsTo("cy@example.com", 2);
    const mail = mails.find((m) => m.subject?.startsWith("Cancelled:"));
    expect(mail?.subject).toBe("Cancelled: your estimate visit on Tue, Dec 1, 10 am–12 pm, Central Time");
    expect(mail?.text).toContain("is cancelled by us.");
    expect(mail?.text).toContain("The lift is broken this week");
  });

  test("owner moves a visit from its own page; the homeowner gets the new time", async ({ page }) => {
    test.setTimeout(90_000);
    page.setDefaultTimeout(15_000);
    await booked("Mo Move", "mo@example.com", "2026-12-02 10:00");
    await openVisits(page);
    await page.getByTestId("visit").filter({ hasText: "Mo Move" }).getByRole("link", { name: "Move" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Move Mo Move’s visit" })).toBeVisible();
    expect(await offered(page)).not.toContain("2026-12-02 10:00");
    await page.locator('input[type="radio"][value="2026-12-04 08:00"]').check();
    await page.getByRole("button", { name: "Move the visit" }).click();
    await expect(
      page.getByText("Moved. The homeowners are told by e-mail, with the new time in their calendar invite."),
    ).toBeVisible();
    await page.reload();
    await expect(dayOf(page, /Friday, December 4/).getByTestId("visit")).toContainText("Mo Move");
    await expect(dayOf(page, /Friday, December 4/).getByTestId("visit")).toContainText(/8\s*(am)?–10\s*am/);
    await expect(dayOf(page, /Wednesday, December 2/).getByTestId("visit")).toHaveCount(0);

    const mails = await mailsTo("mo@example.com", 2);
    expect(mails.map((m) => m.subject)).toContain(
      "Moved: your free estimate visit is now Fri, Dec 4, 8–10 am, Central Time",
    );
  });

  test("owner blocks a day with a visit, keeps it to call, then opens the day again", async ({ page, browser }) => {
    test.setTimeout(90_000);
    page.setDefaultTimeout(15_000);
    await booked("Kay Keep", "kay@example.com", "2026-12-03 10:00");
    await openVisits(page);
    await page.getByLabel("Day", { exact: true }).fill("2026-12-03");
    await page.getByLabel("Why (a note for you)").fill("Funeral");
    await page.getByRole("button", { name: "Block", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Blocked: Thursday, December 3" })).toBeVisible();
    await page.getByRole("link", { name: "Keep them; I will call" }).click();
    await expect(page.getByText("The visits stay booked: call the homeowners if you need to.")).toBeVisible();
    const thursday = dayOf(page, /Thursday, December 3/);
    await expect(thursday.getByTestId("visit")).toContainText("Kay Keep");
    await expect(thursday).toContainText("Off: Funeral");
    // Nobody else can pick Thursday while it is blocked.
    const other = requestWithLink("Ned Next", "ned@example.com");
    const home = await browser.newPage({ viewport: { width: 375, height: 812 } });
    await home.goto(`${site}/visit/${other}`);
    await expect(home.getByRole("heading", { level: 1, name: "Pick a time for the free estimate" })).toBeVisible();
    expect((await offered(home)).filter((v) => v.startsWith("2026-12-03"))).toEqual([]);

    const dayOff = page.locator("li").filter({ hasText: /Dec 3 · Funeral/ });
    await dayOff.getByRole("button", { name: "Open again" }).click();
    await expect(page.getByText("The day is open again.")).toBeVisible();
    await page.reload();
    await expect(dayOf(page, /Thursday, December 3/)).not.toContainText("Off: Funeral");
    await expect(dayOf(page, /Thursday, December 3/).getByTestId("visit")).toContainText("Kay Keep");
    await expect(page.getByRole("heading", { name: "Days off" })).toHaveCount(0);
    // Homeowners can pick Thursday again, and nobody was told anything: Kay has only her booking e-mail.
    await home.reload();
    expect((await offered(home)).filter((v) => v.startsWith("2026-12-03")).length).toBeGreaterThan(0);
    await home.close();
    await mailsTo("kay@example.com", 1);
    expect(smtp.received.filter((m) => m.to.includes("kay@example.com"))).toHaveLength(1);
  });
});
