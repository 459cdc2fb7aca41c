// The condition report at the visit, on a phone with a bad signal (issue 66, decision 0054): the owner records the
// scope and the parts he saw with photos; the connection drops in the middle of an upload; he saves a part anyway,
// reloads with no signal and still sees his draft and "1 photo waiting"; when the signal is back the photos arrive,
// each once, and Send becomes possible. He sends it: the version is frozen, and he opens it as the homeowner sees it;
// the homeowner, with JavaScript off, reads it: the summary first, each finding's words and photo, the scope. At
// 375 px, one thumb.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { openEstimateStore } from "../../server/requests/estimate-store.ts";
import { seedVisitIn } from "../support/seed-report.ts";
import { makeTestPhoto } from "../support/test-photos.ts";
import { addAuthenticator, CONSOLE, enrol } from "./owner-support";
import { SEND_DONE } from "../../app/routes/owner/report-send-words.ts";

const photos = mkdtempSync(path.join(tmpdir(), "report-photos-"));

/** A visit on a day of its own far ahead (the shared server's other stories book near days). */
function seed() {
  const store = openEstimateStore({ dataDir: process.env.E2E_DATA_DIR });
  try {
    for (let i = 0; ; i++) {
      const day = `2031-${String(1 + Math.floor(Math.random() * 12)).padStart(2, "0")}-${String(1 + Math.floor(Math.random() * 28)).padStart(2, "0")}`;
      try {
        return seedVisitIn(store, {
          day,
          lead: { name: "Dana Whitfield", email: `dana-${Date.now()}-${i}@example.com` },
        });
      } catch (error) {
        if (i > 20) throw error;
      }
    }
  } finally {
    store.close();
  }
}

function storedPhotos(visitId: number) {
  const store = openEstimateStore({ dataDir: process.env.E2E_DATA_DIR });
  try {
    return store.db
      .prepare<[number], { client_id: string; stored: number }>(
        `SELECT p.client_id, p.stored_at IS NOT NULL AS stored FROM report_photos p
         JOIN condition_reports r ON r.id = p.report_id WHERE r.visit_id = ? ORDER BY p.id`,
      )
      .all(visitId);
  } finally {
    store.close();
  }
}

const part = (page: Page, name: string) =>
  page.locator("details").filter({ has: page.locator("summary", { hasText: name }) });

async function open(page: Page, name: string) {
  const details = part(page, name);
  if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open))) await details.locator("summary").click();
  return details;
}

test("owner records a visit's findings with photos on a phone that loses its signal mid-upload, loses nothing, sends the report once every photo is there, and the homeowner reads it without JavaScript", async ({
  page,
  context,
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== "mobile", "a phone at the visit: the 375 px story");
  test.setTimeout(240_000);
  const [small, large] = await Promise.all([
    makeTestPhoto(path.join(photos, "crown.jpg"), { width: 1600, height: 1200, seed: 3 }),
    makeTestPhoto(path.join(photos, "mortar.jpg"), { width: 3000, height: 2250, seed: 5, orientation: 6, grain: true }),
  ]);
  await addAuthenticator(page);
  await enrol(page);
  const visit = seed();
  const url = `${CONSOLE}/owner/visits/${visit.visitId}/report`;
  await page.goto(url);
  await expect(page.getByRole("heading", { level: 1, name: "Chimney condition report" })).toBeVisible();
  await expect(page.locator('[data-island="ReportField"][data-hydrated]')).toHaveCount(1);
  // The page is kept for a reload without signal, by the console's worker.
  await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active?.state === "activated");
  await page.waitForFunction(async () => Boolean(await caches.match(location.pathname)));

  // The scope: a few taps.
  await page.getByLabel("Level 2 inspection").check();
  await page.getByLabel("Dry", { exact: true }).check();
  await page.getByLabel("Seen from a ladder at the roof's edge").check();
  await page.getByRole("button", { name: "Save what was inspected" }).click();
  await expect(page.getByText("Saved.", { exact: true }).first()).toBeVisible();

  // The crown: Repair now needs a photo; the phone says so before anything is sent.
  const crown = await open(page, "Crown");
  await crown.getByLabel("Repair now").check();
  await crown.getByRole("button", { name: "Save crown" }).click();
  await expect(crown.getByText("Repair now needs at least one photo: take one of what you saw.")).toBeVisible();
  await crown.getByLabel("What is wrong").selectOption({ label: "Cracked or broken crown" });
  await crown.locator('input[type="file"]').setInputFiles(small);
  await expect(crown.getByText("On the server")).toBeVisible({ timeout: 20_000 });
  await crown.getByRole("button", { name: "Save crown" }).click();
  await expect(crown.getByText("Saved.", { exact: true })).toBeVisible();

  // The mortar: a Watch. Its photo is large and the link slow; the signal drops in the middle of its upload.
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 200,
    downloadThroughput: 200_000,
    uploadThroughput: 40_000,
  });
  const mortar = await open(page, "Mortar joints");
  await mortar.getByLabel("Watch").check();
  await mortar.getByLabel("What is wrong").selectOption({ label: "Mortar joints wearing" });
  await expect(mortar.getByLabel("What would make it worse")).toHaveValue(
    "Joints sinking further or sand washing out after rain.",
  );
  const uploading = page.waitForRequest((r) => r.method() === "POST" && r.url().includes("/report/photos/"));
  await mortar.locator('input[type="file"]').setInputFiles(large);
  await uploading;
  // The signal drops: the context goes offline, and the throttle's own emulation says so too (both apply).
  await context.setOffline(true);
  await cdp.send("Network.emulateNetworkConditions", {
    offline: true,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await expect(page.getByRole("status").filter({ hasText: "1 photo waiting" })).toBeVisible({ timeout: 20_000 });
  await mortar.getByLabel("Note").fill("Sandy joints on the north face.");
  await mortar.getByRole("button", { name: "Save mortar joints" }).click();
  await expect(mortar.getByText("Saved on this phone. It goes to the server when there is signal.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Send report" })).toBeDisabled();

  // A reload with no signal: the page comes from the phone, with the draft and the waiting photo.
  await page.reload();
  await expect(page.locator('[data-island="ReportField"][data-hydrated]')).toHaveCount(1);
  // Really without a network: only the phone's copy answered.
  expect(
    await page.evaluate(() =>
      fetch("/healthz").then(
        () => "answered",
        () => "no network",
      ),
    ),
  ).toBe("no network");
  await expect(page.getByRole("status").filter({ hasText: "No signal. 1 photo waiting" })).toBeVisible({
    timeout: 20_000,
  });
  const kept = await open(page, "Mortar joints");
  await expect(kept.getByLabel("Watch")).toBeChecked();
  await expect(kept.getByLabel("Note")).toHaveValue("Sandy joints on the north face.");
  await expect(kept.getByText("Waiting", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Send report" })).toBeDisabled();
  await page.screenshot({ path: testInfo.outputPath("report-offline-375.png"), fullPage: false });

  // The signal is back: the saved part and the photo go, the photo once.
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await context.setOffline(false);
  await expect(page.getByRole("status").filter({ hasText: "All photos are on the server." })).toBeVisible({
    timeout: 30_000,
  });
  await expect(kept.getByText("On the server")).toBeVisible();
  await expect(page.getByRole("button", { name: "Send report" })).toBeEnabled({ timeout: 15_000 });
  const rows = storedPhotos(visit.visitId);
  expect(rows).toHaveLength(2);
  expect(rows.every((r) => r.stored)).toBe(true);
  expect(new Set(rows.map((r) => r.client_id)).size).toBe(2);
  await page.screenshot({ path: testInfo.outputPath("report-ready-375.png"), fullPage: true });

  await page.getByRole("button", { name: "Send report" }).click();
  // No mail is set up on this server: the version is kept, and the owner opens it to give the homeowner its link.
  // The PDF is drawn in the server's worker thread: a few seconds on a busy machine.
  await expect(page).toHaveURL(`${url}?done=kept&version=1`, { timeout: 60_000 });
  await expect(page.getByText(SEND_DONE.kept)).toBeVisible();
  const sent = page
    .locator("section, div")
    .filter({ has: page.getByRole("heading", { name: "Sent to the homeowner" }) });
  await expect(sent.getByText(/^Version 1 · sent /)).toBeVisible();
  await expect(sent.getByText(/attached to the e-mail/)).toBeVisible();
  await page.getByRole("button", { name: "Open version 1 as the homeowner sees it" }).click();
  await expect(page).toHaveURL(/\/report\/[A-Za-z0-9_-]{43}$/);
  const link = page.url();

  // The homeowner, on a phone with JavaScript off.
  const homeowner = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 375, height: 812 },
    isMobile: true,
  });
  try {
    const reader = await homeowner.newPage();
    const scripts: string[] = [];
    reader.on("request", (r) => r.resourceType() === "script" && scripts.push(r.url()));
    await reader.goto(link);
    await expect(reader.getByRole("heading", { level: 1, name: "Chimney condition report" })).toBeVisible();
    await expect(reader.getByText("The basis of our estimate", { exact: true })).toBeVisible();
    await expect(reader.getByText(/home inspection/i)).toHaveCount(0);
    // The summary first: the repair, then the item to watch, each one line with its state.
    const summary = reader.locator("section").filter({ has: reader.getByRole("heading", { name: "In short" }) });
    const items = summary.getByRole("listitem");
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText("Crown");
    await expect(items.nth(0)).toContainText("Repair now");
    await expect(items.nth(1)).toContainText("Mortar joints");
    await expect(items.nth(1)).toContainText("Watch");
    await expect(items.nth(1)).toContainText("Joints sinking further or sand washing out after rain.");
    // Part by part: the owner's note and the photo, sized, described, served from the link with no metadata.
    await expect(reader.getByText("Sandy joints on the north face.")).toBeVisible();
    const photosShown = reader.locator("main img");
    await expect(photosShown).toHaveCount(2);
    for (const img of await photosShown.all()) {
      await expect(img).toHaveAttribute("width", /^\d+$/);
      await expect(img).toHaveAttribute("alt", /\S/);
      const answer = await reader.request.get(new URL((await img.getAttribute("src")) ?? "", link).href);
      expect(answer.status()).toBe(200);
      expect(answer.headers()["content-type"]).toBe("image/jpeg");
    }
    await expect(reader.getByRole("heading", { name: "What we looked at" })).toBeVisible();
    await expect(reader.getByRole("link", { name: "Download this report as a PDF" })).toBeVisible();
    expect(scripts).toEqual([]);
    await reader.screenshot({ path: testInfo.outputPath("report-homeowner-375.png"), fullPage: true });
  } finally {
    await homeowner.close();
  }
});
