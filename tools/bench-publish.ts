// `npx tsx tools/bench-publish.ts [publishes]` (after `npm run build`): console publishes on the built server, as the
// owner makes them, in a clone of this repository (decision 0027). Prints, for docs/benchmarks.md:
// - tap to served: from the POST of a phone change to `/` serving it, over N back-to-back publishes (default 20),
//   the editor opened first as the owner does (it gets the render's worker ready);
// - visitors meanwhile: a request to `/` every 20 ms, each answer's status and latency, and the server's event-loop
//   delay (EVENT_LOOP_MONITOR, read with SIGUSR2);
// - memory: the server's RSS after 1 publish and after 50, and, as root on cgroup v1, the peak of a memory group
//   around the server (page cache included, as systemd's MemoryMax counts) above its idle usage;
// - a publish that adds one 12-megapixel phone photo: the upload's own time (ingest) and tap to served.
// `--cold [publishes]` measures the owner's weekly publish instead: before each one the render's worker has ended, as
// 5 idle minutes end it (the server runs with RENDER_IDLE_SECONDS=BENCH_IDLE_SECONDS, default 8, and the tool waits
// that long), then the editor is opened and the change posted 5 s later (the owner typing), and in a second series at
// once; N publishes each (default 10), with each step's time from the server's log, the visitors' latency and the
// memory group's peak.
// BENCH_NODE_FLAGS are given to the server's node ("--cpu-prof --cpu-prof-dir=/tmp/prof" for a profile, "--trace-gc"
// for each collection); BENCH_SERVER_LOG=<file> keeps the server's output.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openEstimateStore } from "../server/requests/estimate-store.ts";
import { SERVER_ENV } from "../server/server-env.ts";
import { createOwnerConsole } from "../server/owner/owner-console.ts";
import { makeTestPhoto } from "../tests/support/test-photos.ts";
import { freePort } from "../tests/server/harness.ts";
import { postPhoneChange } from "../tests/support/console-forms.ts";
import { siteClone } from "../tests/support/site-clone.ts";

const COLD = process.argv.includes("--cold");
const PUBLISHES = Number(process.argv.slice(2).find((a) => !a.startsWith("--")) ?? (COLD ? 10 : 20));
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 8);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const work = mkdtempSync(path.join(tmpdir(), "bench-publish-"));
const clone = siteClone(path.join(work, "site"));
const dataDir = path.join(work, "data");
mkdirSync(dataDir);
const store = openEstimateStore({ dataDir });
const session = createOwnerConsole({ db: store.db }).sessions.create({ ip: null, userAgent: null, passkeyId: null });
store.close();
const cookie = `owner=${session.token}`;
const csrf = session.session.csrf;

// A memory group around the server (root, cgroup v1), as the unit's MemoryMax counts it.
const GROUP = `/sys/fs/cgroup/memory/bench-publish-${process.pid}`;
const grouped = process.getuid?.() === 0 && existsSync("/sys/fs/cgroup/memory/cgroup.procs");
if (grouped) mkdirSync(GROUP);
const cg = (file: string) => Number(readFileSync(path.join(GROUP, file), "utf8").trim());
function groupSplit() {
  const stat = readFileSync(path.join(GROUP, "memory.stat"), "utf8");
  const field = (name: string) => Number(new RegExp(`^total_${name} (\\d+)$`, "m").exec(stat)?.[1] ?? 0);
  return { rss: field("rss"), cache: field("cache") };
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
let output = "";
const server: ChildProcess = spawn(
  "sh",
  [
    "-c",
    `${grouped ? `echo $$ > ${GROUP}/cgroup.procs; ` : ""}exec node ${process.env.BENCH_NODE_FLAGS ?? ""} ${path.resolve("build/bin/server.js")}`,
  ],
  {
    env: {
      ...process.env,
      ...SERVER_ENV,
      PORT: String(port),
      HOST: "127.0.0.1",
      SITE_URL: base,
      SITE_REPO: clone,
      DATA_DIR: dataDir,
      BACKUP_DIR: "off",
      RATE_LIMIT_PER_MINUTE: "1000000",
      EVENT_LOOP_MONITOR: "1",
      ...(COLD ? { RENDER_IDLE_SECONDS: String(IDLE_SECONDS) } : {}),
    },
    stdio: ["ignore", "pipe", "pipe"],
  },
);
server.stdout?.on("data", (c: Buffer) => (output += c.toString()));
server.stderr?.on("data", (c: Buffer) => (output += c.toString()));
for (let i = 0; !output.includes("Site ready"); i++) {
  if (i > 300) throw new Error(`the server did not start:\n${output}`);
  await sleep(100);
}

const status = (field: string) =>
  Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${server.pid}/status`, "utf8"))?.[1] ?? 0);
const rss = () => status("VmRSS") * 1024;
async function loopDelay(): Promise<string> {
  const before = output.length;
  server.kill("SIGUSR2");
  for (let i = 0; i < 50 && !output.slice(before).includes("event-loop delay"); i++) await sleep(20);
  return /event-loop delay: (.*)/.exec(output.slice(before))?.[1] ?? "(no answer)";
}

async function waitServed(page: string, text: string, since: number): Promise<number> {
  for (;;) {
    if ((await (await fetch(base + page)).text()).includes(text)) return (performance.now() - since) / 1000;
    if (performance.now() - since > 120_000)
      throw new Error(`${text} not on ${page} after 120 s:\n${output.slice(-2000)}`);
    await sleep(20);
  }
}

let phoneNumber = 100;
async function publishPhone(): Promise<number> {
  const phone = `(309) 555-0${phoneNumber++}`;
  const tapped = performance.now();
  const res = await postPhoneChange(base, clone, phone, { cookie, csrf });
  if (res.status !== 302) throw new Error(`save answered ${res.status}`);
  return waitServed("/", phone, tapped);
}

/** Visitors: `/` every 20 ms until stopped; statuses and latencies. */
function visitors() {
  const statuses: Record<string, number> = {};
  const latencies: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const t = performance.now();
      let status = "error";
      try {
        const res = await fetch(`${base}/`, { headers: { "accept-encoding": "br" } });
        await res.arrayBuffer();
        status = String(res.status);
      } catch {
        // counted
      }
      latencies.push(performance.now() - t);
      statuses[status] = (statuses[status] ?? 0) + 1;
      await sleep(20);
    }
  })();
  return async () => {
    running = false;
    await loop;
    return { statuses, latencies };
  };
}

/** The server's log line for each publish (server/start.ts): each step's milliseconds, and the render's. */
function publishedSteps(since: number): Record<string, number> | null {
  const line = /Published ".*?" in (\d+) ms \((.*)\)\./.exec(output.slice(since));
  if (!line) return null;
  const steps: Record<string, number> = { job: Number(line[1]) };
  // "write 2, git 25, render 910; render: waited 300 for the worker, pages 580, compression 1; queued 3"
  for (const [, name = "", ms] of (line[2] ?? "").matchAll(/(\w+) (\d+)/g)) steps[name] = Number(ms);
  return steps;
}

/**
 * Waits until the render's worker has ended, as the server's idle time ends it: the server has a thread fewer than at
 * its most since the publish (libuv's pool may start its threads meanwhile; they stay).
 */
async function workerEnded(publishedAt: number) {
  let most = 0;
  for (;;) {
    const threads = status("Threads");
    most = Math.max(most, threads);
    const idle = (performance.now() - publishedAt) / 1000;
    if (threads < most && idle > IDLE_SECONDS) return;
    if (idle > IDLE_SECONDS + 30)
      throw new Error(`the render's worker is still up ${Math.round(idle)} s after a publish`);
    await sleep(100);
  }
}

/**
 * Issue 45's figures: each publish on a cold worker, as the owner's weekly one. The tool waits for the worker to end
 * as the server's idle time ends it (a thread fewer), opens the editor, waits `pauseMs`, then taps Save.
 */
async function coldPublishes(idleRss: number, idleGroup: number) {
  let split = { usage: 0, rss: 0, cache: 0 };
  const sampler = grouped
    ? setInterval(() => {
        const usage = cg("memory.usage_in_bytes");
        if (usage > split.usage) split = { usage, ...groupSplit() };
      }, 20)
    : undefined;
  await loopDelay();
  const stop = visitors();
  let published = 0;
  try {
    for (const pauseMs of [5000, 0]) {
      const times: number[] = [];
      const steps: Record<string, number>[] = [];
      for (let i = 0; i < PUBLISHES; i++) {
        if (published > 0) await workerEnded(published);
        await fetch(`${base}/owner/site/edit/business`, { headers: { cookie } });
        await sleep(pauseMs);
        const since = output.length;
        times.push(await publishPhone());
        published = performance.now();
        for (let t = 0; t < 100 && !publishedSteps(since); t++) await sleep(20);
        const found = publishedSteps(since);
        if (found) steps.push(found);
      }
      console.log(
        `${PUBLISHES} cold publishes, editor opened ${pauseMs / 1000} s before the tap; tap to served: median ` +
          `${pct(times, 50).toFixed(2)} s, worst ${Math.max(...times).toFixed(2)} s (${times.map((t) => t.toFixed(2)).join(", ")})`,
      );
      const names = [...new Set(steps.flatMap((s) => Object.keys(s)))];
      const median = (name: string) =>
        pct(
          steps.map((s) => s[name] ?? 0),
          50,
        );
      console.log(`  median ms of each step (server log): ${names.map((n) => `${n} ${median(n)}`).join(", ")}`);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  const seen = await stop();
  clearInterval(sampler);
  const delay = await loopDelay();
  console.log(
    `visitors meanwhile: ${JSON.stringify(seen.statuses)}; / latency p50 ${pct(seen.latencies, 50).toFixed(1)} ms, ` +
      `p99 ${pct(seen.latencies, 99).toFixed(1)} ms, max ${Math.max(...seen.latencies).toFixed(1)} ms`,
  );
  console.log(`event-loop delay during the publishes: ${delay}`);
  if (grouped) {
    const peakGroup = cg("memory.max_usage_in_bytes");
    console.log(
      `memory group: idle ${mb(idleGroup)}, peak during the cold publishes ${mb(peakGroup)} (+${mb(peakGroup - idleGroup)}); ` +
        `at the highest sample (${mb(split.usage)}) process memory ${mb(split.rss)}, page cache ${mb(split.cache)}`,
    );
  }
  // Idle again once the last worker has ended.
  await sleep(IDLE_SECONDS * 1000 + 2000);
  console.log(
    `server idle again (worker ended): RSS ${mb(rss())} (at start ${mb(idleRss)})` +
      (grouped ? `, memory group ${mb(cg("memory.usage_in_bytes"))} (at start ${mb(idleGroup)})` : ""),
  );
}

/** Issue 38's figures: publishes back to back on a warm worker, then up to 50, then a photo. */
async function warmPublishes(idleRss: number, idleGroup: number) {
  // The owner opens the editor and types for a few seconds.
  await fetch(`${base}/owner/site/edit/business`, { headers: { cookie } });
  await sleep(3000);
  await loopDelay();

  // The memory group's split (cgroup v1 memory.stat) when its usage peaked: process memory and page cache.
  let split = { usage: 0, rss: 0, cache: 0 };
  const sampler = grouped
    ? setInterval(() => {
        const usage = cg("memory.usage_in_bytes");
        if (usage > split.usage) split = { usage, ...groupSplit() };
      }, 20)
    : undefined;
  const stop = visitors();
  const times: number[] = [];
  let rssAfterOne = 0;
  for (let i = 0; i < PUBLISHES; i++) {
    times.push(await publishPhone());
    if (i === 0) rssAfterOne = rss();
  }
  const seen = await stop();
  clearInterval(sampler);
  const delay = await loopDelay();
  const peakGroup = grouped ? cg("memory.max_usage_in_bytes") : 0;
  console.log(
    `${PUBLISHES} phone publishes, tap to served: median ${pct(times, 50).toFixed(2)} s, worst ${Math.max(...times).toFixed(2)} s ` +
      `(${times.map((t) => t.toFixed(2)).join(", ")})`,
  );
  console.log(
    `visitors meanwhile: ${JSON.stringify(seen.statuses)}; / latency p50 ${pct(seen.latencies, 50).toFixed(1)} ms, ` +
      `p99 ${pct(seen.latencies, 99).toFixed(1)} ms, max ${Math.max(...seen.latencies).toFixed(1)} ms`,
  );
  console.log(`event-loop delay during the publishes: ${delay}`);
  if (grouped) {
    console.log(
      `memory group: idle ${mb(idleGroup)}, peak during the publishes ${mb(peakGroup)} (+${mb(peakGroup - idleGroup)}); ` +
        `at the highest sample (${mb(split.usage)}) process memory ${mb(split.rss)}, page cache ${mb(split.cache)}`,
    );
  }

  // Up to 50 publishes without a restart.
  for (let i = PUBLISHES; i < 50; i++) await publishPhone();
  await sleep(1000);
  const rssAfter50 = rss();
  console.log(
    `server RSS: idle ${mb(idleRss)}, after 1 publish ${mb(rssAfterOne)}, after 50 ${mb(rssAfter50)} ` +
      `(${rssAfter50 >= rssAfterOne ? "+" : ""}${mb(rssAfter50 - rssAfterOne)}); pid ${server.pid}, never restarted`,
  );

  // One 12-megapixel phone photo through the console's photo page.
  const photo = await makeTestPhoto(path.join(work, "IMG_0001.JPG"), { width: 4000, height: 3000, grain: true });
  await fetch(`${base}/owner/site/photos`, { headers: { cookie } });
  await sleep(3000);
  const form = new FormData();
  form.append("csrf", csrf);
  form.append("intent", "add");
  form.append("caption", "New crown before winter");
  form.append("alt", "A new poured crown on a brick chimney");
  form.append("service", "chimney-crowns");
  form.append("city", "normal");
  form.append("photos", new Blob([readFileSync(photo)], { type: "image/jpeg" }), "IMG_0001.JPG");
  const tapped = performance.now();
  const res = await fetch(`${base}/owner/site/photos`, {
    method: "POST",
    body: form,
    redirect: "manual",
    headers: { origin: base, cookie },
  });
  const uploaded = (performance.now() - tapped) / 1000;
  if (res.status !== 302) throw new Error(`photo upload answered ${res.status}: ${await res.text()}`);
  const served = await waitServed("/services/chimney-crowns", "New crown before winter", tapped);
  console.log(
    `one 12 MP photo (${mb(readFileSync(photo).length)}): upload and ingest ${uploaded.toFixed(2)} s, ` +
      `tap to served on its service page ${served.toFixed(2)} s (web copies made in the publish)`,
  );
  const manifest = JSON.parse(readFileSync(path.join(clone, "renders/current/render.json"), "utf8")) as Record<
    string,
    number
  >;
  console.log(`last render: ${JSON.stringify(manifest)}`);
}

try {
  // Idle: a few visits, then the figures before any publish.
  for (let i = 0; i < 20; i++) await (await fetch(`${base}/`)).arrayBuffer();
  await sleep(1000);
  const idleRss = rss();
  const idleGroup = grouped ? cg("memory.usage_in_bytes") : 0;
  if (grouped) writeFileSync(path.join(GROUP, "memory.max_usage_in_bytes"), "0");
  const idleSplit = grouped ? groupSplit() : { rss: 0, cache: 0 };
  console.log(
    `server idle: RSS ${mb(idleRss)}` +
      (grouped
        ? `, memory group ${mb(idleGroup)} (process ${mb(idleSplit.rss)}, page cache ${mb(idleSplit.cache)})`
        : ""),
  );
  if (COLD) await coldPublishes(idleRss, idleGroup);
  else await warmPublishes(idleRss, idleGroup);
  // A render that outgrew the worker's first heap was done again with a larger one (render-in-worker.ts).
  console.log(
    `renders done again with a larger heap: ${output.match(/needed more than \d+ MB of heap/g)?.length ?? 0}`,
  );
} finally {
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  if (process.env.BENCH_SERVER_LOG) writeFileSync(process.env.BENCH_SERVER_LOG, output);
  if (grouped) rmdirSync(GROUP);
  rmSync(work, { recursive: true, force: true });
}
