// `npm run bench`: Lighthouse 12 (mobile defaults) on every route of the production build, 3 runs each,
// with every host but 127.0.0.1 blocked. Prints a table of medians. Not part of `npm test`.
//   node scripts/bench.mjs [--runs N] [--only /path,/other] [--json out.json]
import { spawn, execSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const RUNS = Number(option("--runs") ?? 3);
const only = option("--only")?.split(",");

execSync("node scripts/ensure-build.mjs", { stdio: "inherit" });

const port = await new Promise((resolve) => {
  const s = createServer().listen(0, "127.0.0.1", () => {
    const { port } = /** @type {import("node:net").AddressInfo} */ (s.address());
    s.close(() => resolve(port));
  });
});
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ["server/index.js"], {
  env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: mkdtempSync(path.join(tmpdir(), "bench-")) },
  stdio: ["ignore", "pipe", "inherit"],
});
await new Promise((resolve) => server.stdout.on("data", (d) => String(d).includes("Site ready") && resolve(undefined)));

const xml = await (await fetch(`${base}/sitemap.xml`)).text();
const routes = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)]
  .map((m) => new URL(m[1]).pathname)
  .filter((p) => !only || only.includes(p));

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
  ],
});

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const kb = (bytes) => (bytes / 1024).toFixed(1);

const rows = [];
let benchmarkIndex = [];
for (const route of routes) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const result = await lighthouse(`${base}${route}`, { port: chrome.port, output: "json", logLevel: "error" });
    const lhr = result.lhr;
    benchmarkIndex.push(lhr.environment.benchmarkIndex);
    const items = lhr.audits["resource-summary"].details.items;
    const bytes = (type) => items.find((item) => item.resourceType === type)?.transferSize ?? 0;
    runs.push({
      performance: lhr.categories.performance.score * 100,
      accessibility: lhr.categories.accessibility.score * 100,
      bestPractices: lhr.categories["best-practices"].score * 100,
      seo: lhr.categories.seo.score * 100,
      fcp: lhr.audits["first-contentful-paint"].numericValue,
      lcp: lhr.audits["largest-contentful-paint"].numericValue,
      tbt: lhr.audits["total-blocking-time"].numericValue,
      cls: lhr.audits["cumulative-layout-shift"].numericValue,
      js: bytes("script"),
      css: bytes("stylesheet"),
      html: bytes("document"),
      images: bytes("image"),
      total: bytes("total"),
    });
  }
  const m = (key) => median(runs.map((r) => r[key]));
  const row = Object.fromEntries(Object.keys(runs[0]).map((key) => [key, m(key)]));
  rows.push({ route, ...row });
  console.error(`${route}: perf ${row.performance} fcp ${Math.round(row.fcp)} lcp ${Math.round(row.lcp)} tbt ${Math.round(row.tbt)}`);
}

await chrome.kill();
server.kill("SIGTERM");

const header = "| Route | Perf | A11y | BP | SEO | FCP ms | LCP ms | TBT ms | CLS | JS KB | CSS KB | HTML KB | Img KB | Total KB |";
const lines = [header, "|" + " --- |".repeat(14)];
for (const r of rows) {
  lines.push(
    `| ${r.route} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${Math.round(r.fcp)} | ${Math.round(r.lcp)} | ${Math.round(r.tbt)} | ${r.cls.toFixed(3)} | ${kb(r.js)} | ${kb(r.css)} | ${kb(r.html)} | ${kb(r.images)} | ${kb(r.total)} |`,
  );
}
console.log(lines.join("\n"));
console.log(`\nMedian of ${RUNS} runs per route; Lighthouse ${(await import("lighthouse/package.json", { with: { type: "json" } })).default.version}; benchmarkIndex median ${median(benchmarkIndex)}; transfer sizes as served (compressed).`);
const json = option("--json");
if (json) writeFileSync(json, JSON.stringify({ rows, benchmarkIndex: median(benchmarkIndex) }, null, 2));
