// The quote made from the condition report, and next year's visit (issue 66, decision 0054), at 375 px: the owner
// makes the quote from a visit's findings in one tap on the report page, sends it, and the homeowner, with
// JavaScript off, sees "From finding N" beside each finding's photo and accepts; a year on, the visit to the same
// flue lists last time's findings, the overdue Watch first, last time's photo beside this year's, and the owner marks
// it worse. A server of its own with a local mail server, so the homeowner's link comes from a real e-mail.
import { expect, test, type Page } from "@playwright/test";
import { simpleParser, type ParsedMail } from "mailparser";
import { openEstimateStore } from "../../server/requests/estimate-store.ts";
import { startSmtp, waitFor } from "../server/smtp.ts";
import { seedFindings } from "../support/seed-findings.ts";
import { seedVisit } from "../support/seed-report.ts";
import { addAuthenticator, enrol, onPhone, ownServer } from "./owner-support";

test.describe.configure({ mode: "serial" });

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let own: ReturnType<typeof ownServer>;

test.beforeAll(async () => {
  if (!onPhone()) return;
  // A server of its own starts slowly on a busy machine.
  test.setTimeout(120_000);
  smtp = await startSmtp();
  const env: Record<string, string> = { SMTP_URL: smtp.url, NOTIFY_EMAIL: "owner@example.com" };
  own = ownServer("report-quote", env);
  env.SITE_URL = own.server.origin;
  await own.start();
});
test.afterAll(async () => {
  own?.stop();
  await smtp?.close();
});

function dataDir(): string {
  const dir = own.server.dataDir;
  if (!dir) throw new Error("the story's server has no data folder");
  return dir;
}

async function mailTo(address: string, subject: RegExp): Promise<ParsedMail> {
  const seen = new Map<string, ParsedMail>();
  return waitFor(() => {
    for (const m of smtp.received) {
      if (!m.to.includes(address)) continue;
      const parsed = seen.get(m.raw);
      if (parsed && subject.test(parsed.subject ?? "")) return parsed;
      if (!parsed) void simpleParser(m.raw).then((p) => seen.set(m.raw, p));
    }
    return undefined;
  }, 20_000);
}

/** Every image on the page arrived and drew (none broken). */
async function imagesDrawn(page: Page, selector: string) {
  const images = page.locator(selector);
  await expect(images.first()).toBeVisible();
  for (const img of await images.all()) {
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  }
}

test("owner makes the quote from the findings in one tap and sends it; the homeowner, without JavaScript, sees the finding beside each line and accepts", async ({
  page,
  context,
}, testInfo) => {
  test.skip(testInfo.project.name !== "mobile", "the phone's story, at 375 px");
  test.setTimeout(150_000);
  const visit = seedVisit(dataDir(), {
    day: "2027-04-06",
    street: "17 Elm St",
    lead: { name: "Sam Reyes", email: "sam@example.com" },
  });
  await seedFindings(dataDir(), visit, [
    { part: "crown", state: "repair", defect: "cracked", note: "Open crack through the crown on the north side." },
    { part: "flashing", state: "watch", defect: "sealant-worn", recheckDay: "2027-10-01" },
    { part: "mortar", state: "repair", defect: "worn", note: "Sandy joints on the top six courses." },
  ]);
  await addAuthenticator(page);
  await enrol(page, "Phone", own.server);

  // The report page: each Repair now ticked with its line; the Watch left out with its reason already written.
  await page.goto(`${own.server.origin}/owner/visits/${visit.visitId}/report`);
  const card = page.locator("section", { has: page.getByRole("heading", { name: "The quote from these findings" }) });
  await expect(card.getByRole("group", { name: "Finding 1 · Repair now" }).getByLabel("Quote it")).toBeChecked();
  await expect(card.getByRole("group", { name: "Finding 2 · Watch" }).getByLabel("Quote it")).not.toBeChecked();
  await expect(card.getByRole("group", { name: "Finding 2 · Watch" }).getByLabel("Not quoted because…")).toHaveValue(
    "We are watching it; we look at it again by Oct 1, 2027.",
  );
  await expect(card.getByRole("group", { name: "Finding 3 · Repair now" }).getByLabel("Quote line")).toHaveValue(
    "tuckpointing",
  );
  await imagesDrawn(page, "#quote ~ form img");
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath("owner-report-quote-375.png"), fullPage: true });

  // One tap: the draft quote, its lines from the presets.
  await card.getByRole("button", { name: "Make the quote from these findings" }).click();
  await expect(page.getByText("Made from the report's findings")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: /^Quote Q-/ })).toBeVisible();
  await expect(page.getByLabel("Line name").first()).toHaveValue("Chimney crown rebuild");
  await expect(page.getByLabel("Line name").nth(1)).toHaveValue("Tuckpointing");
  await page.getByRole("button", { name: "Review and send", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Send this quote?" })).toBeVisible();
  await page.getByRole("button", { name: "Send to sam@example.com", exact: true }).click();
  await expect(page.getByText("Sent. The homeowner's e-mail goes out now")).toBeVisible();

  // The homeowner's phone, JavaScript off: each line says which finding it fixes, beside that finding's photo.
  const sent = await mailTo("sam@example.com", /^Your quote from/);
  const link = /http:\/\/\S+\/quote\/[A-Za-z0-9_-]{32,64}/.exec(sent.text ?? "")?.[0] ?? "";
  expect(link).not.toBe("");
  const homeowner = await context.browser()?.newContext({
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
    javaScriptEnabled: false,
  });
  if (!homeowner) throw new Error("no context");
  const sam = await homeowner.newPage();
  const scripts: string[] = [];
  sam.on("request", (r) => r.resourceType() === "script" && scripts.push(r.url()));
  await sam.goto(link);
  await expect(sam.getByRole("heading", { level: 1, name: "Your quote" })).toBeVisible();
  const crown = sam.getByRole("listitem").filter({ hasText: "Chimney crown rebuild" });
  await expect(crown.getByText("From finding 1")).toBeVisible();
  await expect(crown.getByRole("img", { name: "Photo of finding 1 in your condition report" })).toBeVisible();
  const mortar = sam.getByRole("listitem").filter({ hasText: "Tuckpointing" });
  await expect(mortar.getByText("From finding 3")).toBeVisible();
  await expect(sam.getByText("From finding 2")).toHaveCount(0);
  await imagesDrawn(sam, 'img[alt^="Photo of finding"]');
  await crown.scrollIntoViewIfNeeded();
  await sam.screenshot({ path: testInfo.outputPath("homeowner-quote-findings-375.png"), fullPage: true });
  await sam.getByRole("checkbox", { name: /receive this quote and its records electronically/ }).check();
  await sam.getByRole("checkbox", { name: /have received from the contractor a copy of the pamphlet/ }).check();
  await sam.getByLabel("Your full name").fill("Sam Reyes");
  await sam.getByRole("button", { name: "I accept" }).click();
  await expect(sam.getByText("Thank you: your acceptance is recorded.")).toBeVisible();
  expect(scripts).toEqual([]);

  // The same pages at 1280 px.
  await sam.setViewportSize({ width: 1280, height: 900 });
  await sam.goto(link);
  await expect(sam.getByText("From finding 1")).toBeVisible();
  await sam.screenshot({ path: testInfo.outputPath("homeowner-quote-findings-1280.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${own.server.origin}/owner/visits/${visit.visitId}/report#quote`);
  // The accepted quote's findings are quoted: nothing is offered twice.
  await expect(page.getByRole("heading", { name: "Already quoted" })).toBeVisible();
  await expect(page.getByText(/^Finding 1: Crown: Cracked or broken crown, on Q-/)).toBeVisible();
  await expect(page.getByRole("group", { name: "Finding 1 · Repair now" })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath("owner-report-quote-1280.png"), fullPage: true });
  await homeowner.close();
});

test("next year's visit to the same flue shows last year's photo beside this year's, the overdue Watch first, and the owner marks it worse", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== "mobile", "the phone's story, at 375 px");
  test.setTimeout(120_000);
  const before = seedVisit(dataDir(), {
    day: "2025-10-14",
    street: "5 Pine Ct",
    lead: { name: "Kim Lane", email: "kim@example.com" },
  });
  await seedFindings(
    dataDir(),
    before,
    [
      { part: "crown", state: "good" },
      {
        part: "flashing",
        state: "watch",
        defect: "sealant-worn",
        recheckDay: "2026-10-01",
        note: "Sealant cracking at the back corner.",
      },
      { part: "mortar", state: "repair", defect: "worn" },
    ],
    { sent: true, photoSeed: 7 },
  );
  const next = seedVisit(dataDir(), {
    day: "2026-11-30",
    street: "5 Pine Ct",
    lead: { name: "Kim Lane", email: "kim.lane@example.com" },
  });
  // The same property (the customers' pages link a new request to it).
  const store = openEstimateStore({ dataDir: dataDir() });
  try {
    store.db.prepare("UPDATE estimates SET property_id = ? WHERE id = ?").run(before.propertyId, next.estimateId);
  } finally {
    store.close();
  }
  // This year's photo of the flashing, already on the server.
  await seedFindings(
    dataDir(),
    { ...next, propertyId: before.propertyId, flueIds: before.flueIds },
    [{ part: "flashing", state: "repair", defect: "failed", note: "The sealant has let go along the back." }],
    { photoSeed: 11 },
  );
  await addAuthenticator(page);
  await enrol(page, "Phone", own.server);
  await page.goto(`${own.server.origin}/owner/visits/${next.visitId}/report`);
  const lastTime = page.locator("section", { has: page.getByRole("heading", { name: "Last time" }) });
  const items = lastTime.getByRole("listitem");
  await expect(items).toHaveCount(3);
  const flashing = items.first();
  await expect(flashing.getByRole("heading")).toHaveText("Flashing · Living room");
  await expect(flashing).toContainText("Recheck was due Oct 1, 2026.");
  await expect(flashing.getByRole("img", { name: "Flashing last time" })).toBeVisible();
  await expect(flashing.getByRole("img", { name: "Flashing this visit" })).toBeVisible();
  await imagesDrawn(page, 'img[alt^="Flashing"]');
  await flashing.getByRole("button", { name: "Worse" }).click();
  await expect(page.getByText("Saved: compared with last time.")).toBeVisible();
  const marked = lastTime.getByRole("listitem").first();
  await expect(marked.getByRole("button", { name: "Worse" })).toHaveAttribute("aria-pressed", "true");
  await expect(marked.getByRole("button", { name: "Same" })).toHaveAttribute("aria-pressed", "false");
  await marked.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath("owner-last-time-375.png") });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
  await lastTime.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath("owner-last-time-1280.png") });
  const check = openEstimateStore({ dataDir: dataDir() });
  try {
    const row = check.db
      .prepare<[number], { trend: string | null; previous_id: number | null }>(
        `SELECT f.trend, f.previous_id FROM report_findings f JOIN condition_reports r ON r.id = f.report_id
         WHERE r.visit_id = ? AND f.part = 'flashing'`,
      )
      .get(next.visitId);
    expect(row?.trend).toBe("worse");
    expect(row?.previous_id).not.toBeNull();
  } finally {
    check.close();
  }
});
