// Screenshots for looking at the site: node scripts/screenshot.mjs <base-url> <path> [width] [out.png] [--full]
import { chromium } from "playwright-core";

const [base = "http://localhost:3000", path = "/", width = "1280", out = "/tmp/shot.png", full] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const page = await browser.newPage({ viewport: { width: Number(width), height: Number(width) < 600 ? 812 : 900 } });
/** @type {string[]} */
const errors = [];
page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
page.on("pageerror", (e) => errors.push(e.message));
await page.goto(base + path, { waitUntil: "networkidle" });
await page.waitForTimeout(300);
await page.screenshot({ path: out, fullPage: full === "--full" });
if (errors.length) console.log("console errors:", errors.join("\n"));
await browser.close();
