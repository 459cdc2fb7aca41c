// Screenshots for review: npx tsx tools/review-shots.ts <base-url> <out-dir>
// Home, a service page with its menu open, the FAQ page with an answer open, and the contact page, at 375 and
// 1280 px (the viewport, not the full page). Whether each page's inline CSS is complete is a test (budgets.spec.ts).
import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { launchChromium } from "./chromium.ts";

type Scene = [name: string, path: string, act: (page: Page, width: number) => Promise<void>];

const [base, outDir] = process.argv.slice(2);
if (!base || !outDir) throw new Error("usage: npx tsx tools/review-shots.ts <base-url> <out-dir>");
mkdirSync(outDir, { recursive: true });
const browser = await launchChromium();
const scenes: Scene[] = [
  ["home", "/", async () => {}],
  [
    "service-menu",
    "/services/tuckpointing",
    async (page, width) => {
      if (width < 1024) {
        await page.getByRole("button", { name: "Open menu" }).click();
        await page.locator("#mobile-nav summary", { hasText: "Services" }).click();
      } else {
        await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Services" }).click();
      }
      await page.waitForTimeout(400);
    },
  ],
  [
    "faq",
    "/faq",
    async (page) => {
      await page.locator("main summary").nth(1).click();
      await page.waitForTimeout(400);
    },
  ],
  ["contact", "/contact", async () => {}],
];
for (const width of [375, 1280]) {
  const context = await browser.newContext({
    viewport: { width, height: width < 600 ? 812 : 900 },
    reducedMotion: "reduce",
  });
  const page = await context.newPage();
  page.on("pageerror", (e) => console.log(`pageerror ${width}:`, e.message));
  for (const [name, path, act] of scenes) {
    await page.goto(base + path, { waitUntil: "networkidle" });
    await act(page, width);
    await page.screenshot({ path: `${outDir}/${name}-${width}.png` });
  }
  await context.close();
}
await browser.close();
