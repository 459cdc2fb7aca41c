// `npx tsx tools/bench-counting.ts`: what visitor counting (decision 0029) costs. In one run:
// 1. GET / on two production servers side by side, counting on and VISITOR_COUNTING=off, requests alternated
//    between them (so load from elsewhere falls on both alike): p50 and p99 per request; and the counter's own
//    work per view, timed in process;
// 2. the database after 1,000,000 simulated views over 30 days, 5,000 paths and 5,000 referrers (a fake clock);
// 3. every prerendered page, and the 404 page, served byte for byte the same with counting on and off.
import { execSync } from "node:child_process";
import { mkdtempSync, readdirSync, statSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { openEstimateStore } from "../server/requests/estimate-store.ts";
import { createVisitorCounter, type PageView } from "../server/visitors/visitor-counter.ts";
import { startProductionServer } from "./production-server.ts";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 5000);
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

execSync("npx tsx scripts/ensure-build.ts", { stdio: "inherit" });
const start = (counting: "on" | "off") =>
  startProductionServer({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), `bench-counting-${counting}-`)),
    BACKUP_DIR: "off",
    BUILD_DIR: "build",
    TRUST_PROXY: "loopback",
    VISITOR_COUNTING: counting,
  });
const on = await start("on");
const off = await start("off");
let agent = new Agent({ keepAlive: true, maxSockets: 1 });

/** One GET: milliseconds from sending to the last byte, the status, and the body. */
function get(base: string, target: string, headers: Record<string, string> = {}) {
  return new Promise<{ ms: number; status: number; body: Buffer; cookie: boolean }>((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const req = request(`${base}${target}`, { agent, headers: { "User-Agent": CHROME, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({
          ms: Number(process.hrtime.bigint() - t0) / 1e6,
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks),
          cookie: res.headers["set-cookie"] !== undefined,
        }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const ms = (n: number) => n.toFixed(3);

// 1. Per request: alternate, each request a new address (so every one is a new visitor, the dearer case).
const times = { on: [] as number[], off: [] as number[] };
for (let i = 0; i < REQUESTS + 500; i++) {
  const ip = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
  for (const [name, server] of [
    ["on", on],
    ["off", off],
  ] as const) {
    const { ms: t, status } = await get(server.base, "/", { "X-Forwarded-For": ip, "Accept-Encoding": "br" });
    if (status !== 200) throw new Error(`GET / answered ${status}`);
    if (i >= 500) times[name].push(t);
  }
}
const perRequest = Object.fromEntries(
  (["on", "off"] as const).map((name) => {
    const sorted = [...times[name]].sort((a, b) => a - b);
    return [name, { p50: pct(sorted, 50), p99: pct(sorted, 99) }];
  }),
) as Record<"on" | "off", { p50: number; p99: number }>;

// The counter's own work per view, in process (new visitors, a known page, a search-engine referrer).
function inProcess(views: number) {
  const store = openEstimateStore({ dataDir: mkdtempSync(path.join(tmpdir(), "bench-counting-unit-")) });
  const counter = createVisitorCounter({ store: store.visitorFigures, timeZone: "America/Chicago" });
  const at = new Date();
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < views; i++) {
    counter.record({
      at,
      path: "/",
      known: true,
      notFound: false,
      site: "example.com",
      ip: `10.0.${(i >> 8) & 255}.${i & 255}`,
      userAgent: CHROME,
      referrer: "https://www.google.com/",
      query: "",
    });
  }
  const perView = Number(process.hrtime.bigint() - t0) / 1e3 / views;
  counter.stop();
  store.close();
  return perView;
}
const microsPerView = inProcess(50_000);

// 2. Growth: 1,000,000 views over 30 days; 50 of the 5,000 paths are the site's pages, the rest half 404s, half
// rendered pages of the attacker's choosing; 5,000 referring hosts, search engines and none.
const growthDir = mkdtempSync(path.join(tmpdir(), "bench-counting-growth-"));
const growthStore = openEstimateStore({ dataDir: growthDir });
let clock = new Date("2026-10-01T12:00:00Z");
const counter = createVisitorCounter({ store: growthStore.visitorFigures, timeZone: "America/Chicago", now: () => clock });
const VIEWS = 1_000_000;
const DAYS = 30;
const engines = ["https://www.google.com/", "https://www.bing.com/", "https://duckduckgo.com/", null, null];
// mulberry32: a seeded generator in 32-bit integer arithmetic, so every run simulates the same traffic.
let seed = 1;
const random = (n: number) => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) % n;
};
const g0 = Date.now();
for (let i = 0; i < VIEWS; i++) {
  clock = new Date(Date.parse("2026-10-01T12:00:00Z") + Math.floor((i * DAYS) / VIEWS) * 86_400_000 + (i % 1000));
  const p = random(5000);
  const r = random(10);
  const view: PageView = {
    at: clock,
    path: p < 50 ? `/page-${p}` : `/junk-${p}`,
    known: p < 50,
    notFound: p >= 50 && p % 2 === 0,
    site: "example.com",
    ip: `10.${random(4)}.${random(256)}.${random(256)}`,
    userAgent: `${CHROME} v${random(20)}`,
    referrer: r < 5 ? (engines[r] ?? null) : `https://referrer-${random(5000)}.example/`,
    query: random(20) === 0 ? `utm_source=src${random(5000)}&utm_campaign=c${random(5000)}` : "",
  };
  counter.record(view);
  if (i % 10_000 === 0) counter.flush();
}
counter.stop();
const growthSeconds = (Date.now() - g0) / 1000;
const tableRows = Object.fromEntries(
  ["visit_days", "visit_salt", "visit_seen"].map((t) => [
    t,
    (growthStore.db.prepare(`SELECT count(*) AS n FROM ${t}`).get() as { n: number }).n,
  ]),
);
growthStore.db.pragma("wal_checkpoint(TRUNCATE)");
growthStore.db.exec("VACUUM");
const fileBytes = statSync(path.join(growthDir, "estimates.db")).size;
// What stays for 25 months: the aggregates alone, without the day's de-duplication keys (deleted the next day).
growthStore.db.exec("DELETE FROM visit_seen; VACUUM");
growthStore.close();
const aggregateBytes = statSync(path.join(growthDir, "estimates.db")).size;
// An empty database with the same schema, for what the figures alone add.
const emptyDir = mkdtempSync(path.join(tmpdir(), "bench-counting-empty-"));
openEstimateStore({ dataDir: emptyDir }).close();
const emptyBytes = statSync(path.join(emptyDir, "estimates.db")).size;

// 3. Byte-identical: every prerendered page and the 404 page, counting on and off, identity and brotli. Fresh
// connections: the servers closed the idle ones while step 2 ran.
agent.destroy();
agent = new Agent({ keepAlive: true, maxSockets: 1 });
const pages: string[] = [];
const walk = (dir: string, rel: string) => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) walk(path.join(dir, entry.name), `${rel}/${entry.name}`);
    else if (entry.name === "index.html") pages.push(rel || "/");
  }
};
walk(path.join("build", "client"), "");
pages.push("/no-such-page");
let identical = 0;
let cookies = 0;
const different: string[] = [];
for (const page of pages) {
  for (const encoding of ["identity", "br"]) {
    const [a, b] = await Promise.all([
      get(on.base, page, { "Accept-Encoding": encoding }),
      get(off.base, page, { "Accept-Encoding": encoding }),
    ]);
    if (a.cookie || b.cookie) cookies++;
    if (a.status === b.status && a.body.equals(b.body)) identical++;
    else different.push(`${page} (${encoding})`);
  }
}

on.server.kill();
off.server.kill();
agent.destroy();

const result = {
  requests: REQUESTS,
  "GET / p50 ms (counting on)": ms(perRequest.on.p50),
  "GET / p50 ms (counting off)": ms(perRequest.off.p50),
  "GET / p99 ms (counting on)": ms(perRequest.on.p99),
  "GET / p99 ms (counting off)": ms(perRequest.off.p99),
  "p50 added ms": ms(perRequest.on.p50 - perRequest.off.p50),
  "counter's own work per view, µs (in process)": microsPerView.toFixed(2),
  "growth: views": VIEWS,
  "growth: seconds to record": growthSeconds.toFixed(1),
  "growth: rows": tableRows,
  "growth: database bytes (after VACUUM)": fileBytes,
  "growth: database bytes without the day's de-duplication keys": aggregateBytes,
  "growth: an empty database's bytes": emptyBytes,
  "pages compared (x2 encodings)": pages.length,
  "byte-identical responses": identical,
  "responses setting a cookie": cookies,
  different,
};
console.log(JSON.stringify(result, null, 2));
if (different.length > 0 || cookies > 0) process.exitCode = 1;
