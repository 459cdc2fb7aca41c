// `npm run bench`: Lighthouse 12 (mobile defaults) on every route of the production build, 3 runs each,
// with every host but 127.0.0.1 blocked. Prints a table of medians. Not part of `npm test`.
//   npm run bench -- [--runs N] [--only /path,/other] [--json out.json] [--quote]
// --quote adds the homeowner's quote page at its largest (3 options, 4 add-ons), seeded in the server's data folder.
import { execSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startProductionServer } from "./production-server.ts";

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const RUNS = Number(option("--runs") ?? 3);
const only = option("--only")?.split(",");

execSync("npx tsx scripts/ensure-build.ts", { stdio: "inherit" });

const dataDir = mkdtempSync(path.join(tmpdir(), "bench-"));
const quote = args.includes("--quote")
  ? await import("../tests/support/seed-quote.ts").then(({ seedQuote, LARGEST_QUOTE }) =>
      seedQuote(dataDir, LARGEST_QUOTE),
    )
  : null;
const { base, server } = await startProductionServer({ DATA_DIR: dataDir });

const xml = await (await fetch(`${base}/sitemap.xml`)).text();
const routes = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)]
  .map((m) => new URL(m[1] ?? "/").pathname)
  .filter((p) => !only || only.includes(p))
  .concat(quote ? [`/quote/${quote.token}`] : []);

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

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

type Run = Record<(typeof METRICS)[number], number>;
const METRICS = [
  "performance",
  "accessibility",
  "bestPractices",
  "seo",
  "fcp",
  "lcp",
  "tbt",
  "cls",
  "js",
  "css",
  "html",
  "images",
  "total",
] as const;
const lighthouseVersion = (
  JSON.parse(readFileSync("node_modules/lighthouse/package.json", "utf8")) as { version: string }
).version;
const rows: (Run & { route: string })[] = [];
const benchmarkIndex: number[] = [];
for (const route of routes) {
  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i++) {
    const result = await lighthouse(`${base}${route}`, { port: chrome.port, output: "json", logLevel: "error" });
    if (!result) throw new Error(`Lighthouse returned nothing for ${route}`);
    const lhr = result.lhr;
    benchmarkIndex.push(lhr.environment.benchmarkIndex);
    const details = lhr.audits["resource-summary"]?.details;
    const items = (details && "items" in details ? details.items : []) as {
      resourceType?: string;
      transferSize?: number;
    }[];
    const bytes = (type: string) => items.find((item) => item.resourceType === type)?.transferSize ?? 0;
    const score = (id: string) => (lhr.categories[id]?.score ?? 0) * 100;
    const value = (id: string) => lhr.audits[id]?.numericValue ?? 0;
    runs.push({
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      fcp: value("first-contentful-paint"),
      lcp: value("largest-contentful-paint"),
      tbt: value("total-blocking-time"),
      cls: value("cumulative-layout-shift"),
      js: bytes("script"),
      css: bytes("stylesheet"),
      html: bytes("document"),
      images: bytes("image"),
      total: bytes("total"),
    });
  }
  const row = Object.fromEntries(METRICS.map((key) => [key, median(runs.map((r) => r[key]))])) as Run;
  rows.push({ route, ...row });
  console.error(
    `${route}: perf ${row.performance} fcp ${Math.round(row.fcp)} lcp ${Math.round(row.lcp)} tbt ${Math.round(row.tbt)}`,
  );
}

await chrome.kill();
server.kill("SIGTERM");

const header =
  "| Route | Perf | A11y | BP | SEO | FCP ms | LCP ms | TBT ms | CLS | JS KB | CSS KB | HTML KB | Img KB | Total KB |";
const lines = [header, "|" + " --- |".repeat(14)];
for (const r of rows) {
  lines.push(
    `| ${r.route} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${Math.round(r.fcp)} | ${Math.round(r.lcp)} | ${Math.round(r.tbt)} | ${r.cls.toFixed(3)} | ${kb(r.js)} | ${kb(r.css)} | ${kb(r.html)} | ${kb(r.images)} | ${kb(r.total)} |`,
  );
}
console.log(lines.join("\n"));
console.log(
  `\nMedian of ${RUNS} runs per route; Lighthouse ${lighthouseVersion}; benchmarkIndex median ${median(benchmarkIndex)}; transfer sizes as served (compressed).`,
);
const json = option("--json");
if (json) writeFileSync(json, JSON.stringify({ rows, benchmarkIndex: median(benchmarkIndex) }, null, 2));
