// Visitor sends photos with an estimate request (issue 28), with and without JavaScript, and the owner sees them.
import { mkdirSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { openEstimateStore } from "../../server/requests/estimate-store.ts";
import { addAuthenticator, CONSOLE, enrol } from "./owner-support";
import { visit } from "./support";

const SHOTS = "test-results/screenshots";
mkdirSync(SHOTS, { recursive: true });

async function photo(color: string, width = 1200, height = 900) {
  const buffer = await sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
  return { name: `${color.slice(1)}.jpg`, mimeType: "image/jpeg", buffer };
}

function storedLead(email: string) {
  const store = openEstimateStore({ dataDir: process.env.E2E_DATA_DIR });
  try {
    const lead = store.list({ limit: 500 }).find((l) => l.email === email);
    return lead ? { ...lead, photos: store.photos(lead.id) } : undefined;
  } finally {
    store.close();
  }
}

async function fill(page: Page) {
  const unique = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const email = `photo-${unique}@example.com`;
  await page.getByLabel("Full Name").fill(`Pat Photo ${unique}`);
  await page.getByLabel("Email Address").fill(email);
  await page.getByLabel("Phone Number").fill("(309) 555-0142");
  await page.getByLabel("message").fill("The crown has a crack, photos attached.");
  return { email, name: `Pat Photo ${unique}` };
}

const width = (page: Page) => page.viewportSize()?.width ?? 0;

test("visitor attaches 2 photos, removes one, sends; the owner opens the request and sees 1 photo", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await visit(page, "/contact");
  const { email, name } = await fill(page);
  const field = page.getByLabel("Photos (up to 5)");
  await field.setInputFiles([await photo("#b5542c"), await photo("#3b6ea5")]);
  const chosen = page.getByRole("list", { name: "Chosen photos" }).getByRole("img");
  await expect(chosen).toHaveCount(2);
  await expect(field).toHaveJSProperty("files.length", 2);
  await page.getByRole("list", { name: "Chosen photos" }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/photos-chosen-${width(page)}.png`, fullPage: false });
  await page.getByRole("button", { name: "Remove photo 1" }).click();
  await expect(chosen).toHaveCount(1);
  await expect(field).toHaveJSProperty("files.length", 1);

  await page.getByRole("button", { name: "Send My Request" }).click();
  const toast = page.getByRole("region", { name: "Notifications (F8)" }).getByRole("listitem");
  await expect(toast).toContainText("Message Sent Successfully!");
  await expect(page.getByTestId("photo-receipt")).toHaveText("1 photo arrived with it.");
  await page.screenshot({ path: `${SHOTS}/photos-sent-${width(page)}.png` });
  const lead = storedLead(email);
  expect(lead?.photos).toHaveLength(1);

  await addAuthenticator(page);
  await enrol(page);
  await page.goto(`${CONSOLE}/owner/requests/${lead?.id}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Photos (1 photo)" })).toBeVisible();
  const thumb = page.getByRole("img", { name: `Photo 1 from ${name}` });
  await expect(thumb).toBeVisible();
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await thumb.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/photos-owner-${width(page)}.png` });
  const [response] = await Promise.all([page.waitForResponse(/\/photos\/1$/), thumb.click()]);
  expect(response.headers()).toMatchObject({
    "content-type": "image/jpeg",
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
    "content-disposition": `inline; filename="${lead?.reference}-photo-1.jpg"`,
  });
  await expect(page).toHaveURL(`${CONSOLE}/owner/requests/${lead?.id}/photos/1`);
  await page.screenshot({ path: `${SHOTS}/photos-owner-full-${width(page)}.png` });

  // Signed out, the photo is not there for anyone.
  await page.context().clearCookies();
  const anonymous = await page.request.get(`${CONSOLE}/owner/requests/${lead?.id}/photos/1`);
  expect(anonymous.status()).toBe(401);
  expect(anonymous.headers()["content-type"]).not.toMatch(/image/);
});

test("without JavaScript the photos go with the form, and the page says how many arrived", async ({ browser }) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await page.goto("/contact");
  const { email } = await fill(page);
  await page.getByLabel("Photos (up to 5)").setInputFiles([await photo("#b5542c"), await photo("#6a8d3a", 800, 1200)]);
  await page.getByLabel("Photos (up to 5)").scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/photos-nojs-form-375.png` });
  await page.getByRole("button", { name: "Send My Request" }).click();
  await expect(page).toHaveURL(/\/contact\/received\?status=ok&photos=2&visit=[\w-]{43}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Message Sent Successfully!");
  await expect(page.getByTestId("photo-receipt")).toHaveText("2 photos arrived with it.");
  await page.screenshot({ path: `${SHOTS}/photos-nojs-received-375.png` });
  expect(storedLead(email)?.photos.map((p) => [p.width, p.height])).toEqual([
    [1200, 900],
    [800, 1200],
  ]);
  await context.close();
});

test("without JavaScript a photo that cannot be used is named, and the request still arrives", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/contact");
  const { email } = await fill(page);
  await page
    .getByLabel("Photos (up to 5)")
    .setInputFiles([
      await photo("#b5542c"),
      { name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("not a photo at all") },
    ]);
  await page.getByRole("button", { name: "Send My Request" }).click();
  await expect(page).toHaveURL(/\/contact\/received\?status=ok&photos=1&refused=2%3Atype&visit=[\w-]{43}$/);
  await expect(page.getByTestId("photo-receipt")).toContainText(
    "1 photo arrived with it.Photo 2 was not kept: it is not a JPEG, PNG, WebP or HEIC photo.",
  );
  expect(storedLead(email)).toMatchObject({ photo_count: 1, photos_refused: "2:type" });
  await context.close();
});
