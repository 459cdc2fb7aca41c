// `npx tsx tools/bench-send.ts [--runs N]`: on /contact, with 4x CPU slowdown, the time from a click on
// 'Send My Request' to the 'Sending...' state, once the form's island has loaded. Two measures per run:
// - toSending: click event timestamp -> the DOM shows 'Sending...' (MutationObserver);
// - toPaint: the click's Event Timing duration (input to the next paint, as INP counts it; 8 ms granularity).
// The endpoint is held open so the state stays. Medians of N runs (default 10). Not part of `npm test`.
import { execSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { launchChromium } from "./chromium.ts";
import { startProductionServer } from "./production-server.ts";

/** What the page records on `window.__send` during one run. */
interface SendTiming {
  clickAt?: number;
  sendingAt?: number;
  toPaint?: number;
}
type SendWindow = Window & { __send: SendTiming };
/** Event Timing's `durationThreshold` (https://w3c.github.io/event-timing/), missing from TypeScript's DOM lib. */
type EventTimingObserverInit = PerformanceObserverInit & { durationThreshold?: number };

const args = process.argv.slice(2);
const RUNS = Number(args.includes("--runs") ? args[args.indexOf("--runs") + 1] : 10);
execSync("npx tsx scripts/ensure-build.ts", { stdio: "inherit" });

const { base, server } = await startProductionServer({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "bench-send-")) });

const browser = await launchChromium();
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const results: { toSending: number; toPaint: number }[] = [];
for (let i = 0; i < RUNS; i++) {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await page.route("**/api/estimate", () => {}); // never answered: the form stays 'Sending...'
  await page.goto(`${base}/contact`);
  await page.getByLabel("Full Name").fill("Pat Example");
  await page.getByLabel("Email Address").fill("pat@example.com");
  await page.getByLabel("Phone Number").fill("309 555 0100");
  await page.getByLabel("message").fill("Cracked crown, please take a look.");
  await page.locator("[data-island='EstimateForm'][data-hydrated]").waitFor();
  await page.evaluate(() => {
    const w = window as unknown as SendWindow;
    w.__send = {};
    const init: EventTimingObserverInit = { type: "event", durationThreshold: 0, buffered: true };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.name === "click") w.__send.toPaint = entry.duration;
    }).observe(init);
    document.addEventListener("click", (e) => (w.__send.clickAt = e.timeStamp), { capture: true, once: true });
    const button = document.querySelector("button[type=submit]");
    new MutationObserver((_m, observer) => {
      if (button?.textContent?.includes("Sending...")) {
        w.__send.sendingAt = performance.now();
        observer.disconnect();
      }
    }).observe(button as Node, { subtree: true, childList: true, characterData: true });
  });
  await page.getByRole("button", { name: "Send My Request" }).tap();
  await page.getByRole("button", { name: "Sending..." }).waitFor();
  await page
    .waitForFunction(() => (window as unknown as SendWindow).__send.toPaint !== undefined, null, { timeout: 5000 })
    .catch(() => {});
  const m = await page.evaluate(() => (window as unknown as SendWindow).__send);
  results.push({ toSending: (m.sendingAt ?? NaN) - (m.clickAt ?? NaN), toPaint: m.toPaint ?? NaN });
  await context.close();
}
await browser.close();
server.kill("SIGTERM");
const toSending = median(results.map((r) => r.toSending));
const toPaint = median(results.map((r) => r.toPaint));
console.log(
  `Send -> 'Sending...' on /contact, 4x CPU slowdown, ${RUNS} runs: median ${toSending.toFixed(1)} ms to the DOM state, ${toPaint.toFixed(0)} ms to the next paint (Event Timing).`,
);
console.log(JSON.stringify(results.map((r) => ({ toSending: Math.round(r.toSending * 10) / 10, toPaint: r.toPaint }))));
