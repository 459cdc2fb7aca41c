// A late yes on paper, at 375 px: the homeowner signed the quote after its valid-until day. The owner opens the expired
// quote on the phone, picks the option they signed, types their name, ticks the pamphlet, attaches the photo of the
// signed paper and taps "Record acceptance": the quote is accepted, its request won, and the reports count it (issue
// 51: the form used to send no intent, so the console took it for a save and answered "Saved."). Then a quantity
// changed and the phone's "Go" tapped: the quote is saved, no line removed. A server of its own, so the reports count
// only what is seeded here.
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { openEstimateStore } from "../../server/requests/estimate-store.ts";
import { seedQuote } from "../support/seed-quote.ts";
import { addAuthenticator, enrol, onPhone, ownServer } from "./owner-support";

const own = ownServer("quotes-paper");
let quoteId = 0;

/** One quote that expired yesterday, its request "quoted"; beside it two requests won and one lost: 67% won. */
function seed() {
  ({ quoteId } = seedQuote(own.server.dataDir ?? ""));
  const store = openEstimateStore({ dataDir: own.server.dataDir });
  try {
    store.db
      .prepare("UPDATE quotes SET expires_at = ? WHERE id = ?")
      .run(new Date(Date.now() - 24 * 3_600_000).toISOString(), quoteId);
    for (const [n, status] of [
      [1, "won"],
      [2, "won"],
      [3, "lost"],
    ] as const) {
      const { id } = store.save({
        name: `Earlier ${n}`,
        email: `earlier-${n}@example.com`,
        phone: "(309) 555-0177",
        service: "Chimney Crown Repair",
        message: "Seeded for the report",
        city: "Normal",
        spam: false,
        idempotencyKey: null,
        ip: null,
        userAgent: null,
      });
      store.setStatus(id, status);
    }
  } finally {
    store.close();
  }
}

test.beforeAll(async () => {
  if (!onPhone()) return;
  test.setTimeout(90_000);
  seed();
  await own.start();
});
test.afterAll(own.stop);

test("owner records a late acceptance on paper, with its photo, and the reports count it won", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== "mobile", "the phone's story, at 375 px");
  test.setTimeout(90_000);
  page.setDefaultTimeout(15_000);
  await addAuthenticator(page);
  await enrol(page, "Phone", own.server);
  const origin = own.server.origin;
  // The quotes line; the condition reports line ("Sent 0; 0 led to…") starts with "Sent" too.
  const quotesLine = page.locator("p", { hasText: /^Sent \d+, accepted/ });

  await page.goto(`${origin}/owner/reports`);
  await expect(page.getByText("Won 2, lost 1: 67% of the decided requests won.")).toBeVisible();
  await expect(quotesLine).toContainText("Sent 1, accepted 0, declined 0, expired 1: 0% won.");

  await page.goto(`${origin}/owner/quotes/${quoteId}`);
  await expect(page.getByRole("heading", { level: 1, name: /^Quote Q-/ })).toBeVisible();
  await expect(page.locator("#hero")).toContainText("Expired");
  await page.getByText("Accepted in person or on paper").click();
  await page.getByRole("radio", { name: /\$1,450\.00/ }).check();
  await page.getByLabel("Their full name, as signed").fill("Dana Whitfield");
  await page.getByRole("checkbox", { name: /signed the pamphlet's acknowledgment/ }).check();
  const paper = await sharp({ create: { width: 1200, height: 1600, channels: 3, background: "#f5f0e6" } })
    .jpeg()
    .toBuffer();
  await page
    .getByLabel("Photo of the signed paper")
    .setInputFiles({ name: "IMG_2077.JPG", mimeType: "image/jpeg", buffer: paper });
  await page.getByRole("button", { name: "Record acceptance" }).click();

  await expect(page.getByText("Acceptance recorded. The request is marked won.")).toBeVisible();
  await expect(page.getByText("Saved.", { exact: true })).toHaveCount(0);
  await expect(page.locator("#hero")).toContainText("Accepted");
  await expect(page.getByRole("heading", { level: 2, name: "Accepted" })).toBeVisible();
  await expect(page.locator("dt:text-is('By (typed name)') + dd")).toHaveText("Dana Whitfield");
  await expect(page.locator("dt:text-is('Pamphlet') + dd")).toHaveText("Acknowledged");
  // Their link was never opened, and a yes on paper says nothing of it.
  await expect(page.locator("dt:text-is('Opened') + dd")).toHaveText("Not online: accepted in person or on paper");
  const photo = page.getByRole("link", { name: "The photo of the paper" });
  await expect(photo).toBeVisible();
  const stored = await page.request.get(new URL((await photo.getAttribute("href")) ?? "", origin).href);
  expect([stored.status(), stored.headers()["content-type"]]).toEqual([200, "image/jpeg"]);
  await page.screenshot({ path: testInfo.outputPath("paper-acceptance-375.png"), fullPage: true });

  await page.goto(`${origin}/owner/reports`);
  await expect(page.getByText("Won 3, lost 1: 75% of the decided requests won.")).toBeVisible();
  await expect(quotesLine).toContainText("Sent 1, accepted 1, declined 0, expired 0: 100% won.");
});

test("owner changes a quantity on the phone and taps Go: the quote is saved, and no line is removed", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== "mobile", "the phone's story, at 375 px");
  test.setTimeout(90_000);
  page.setDefaultTimeout(15_000);
  const { quoteId: id } = seedQuote(own.server.dataDir ?? "", { options: [["crown-rebuild", "cap-single"]] });
  await addAuthenticator(page);
  await enrol(page, "Phone", own.server);
  await page.goto(`${own.server.origin}/owner/quotes/${id}`);
  const names = page.getByRole("textbox", { name: "Line name" });
  await expect(names).toHaveCount(2);
  // A phone's "Go" in a text box presses the form's first button: it used to be the first line's "Remove this line".
  await page.getByRole("textbox", { name: "Quantity" }).first().fill("2");
  await page.getByRole("textbox", { name: "Quantity" }).first().press("Enter");
  await expect(page.getByText("Saved.", { exact: true })).toBeVisible();
  await expect(names).toHaveCount(2);
  await expect(page.getByRole("textbox", { name: "Quantity" }).first()).toHaveValue("2");
  await expect(page.getByLabel("Line amount").first()).toHaveText("$2,900.00");
});
