// Batch screenshots for review: npx tsx tools/shots.ts <base-url> <out-dir> <path>... (each at 375 and 1280, full page)
import { mkdirSync } from "node:fs";
import { launchChromium } from "./chromium.ts";

const [base, outDir, ...paths] = process.argv.slice(2);
if (!base || !outDir) throw new Error("usage: npx tsx tools/shots.ts <base-url> <out-dir> <path>...");
mkdirSync(outDir, { recursive: true });
const browser = await launchChromium();
for (const width of [375, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: width < 600 ? 812 : 900 } });
  page.on("pageerror", (e) => console.log(`pageerror ${width}:`, e.message));
  page.on("console", (m) => m.type() === "error" && console.log(`console ${width}:`, m.text()));
  for (const path of paths) {
    await page.goto(base + path, { waitUntil: "networkidle" });
    const name = (path.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home") + `-${width}.png`;
    await page.screenshot({ path: `${outDir}/${name}`, fullPage: true });
  }
  await page.close();
}
await browser.close();
