// `npx tsx tools/bench-import.ts [rows]` (after `npm run build`): the owner imports his old customer list on the built
// server, as the console does it (decision 0053). A Jobber client export of N rows (default 5,000; the same every run:
// a seeded generator, 2% of rows with a 7-digit phone, 1% a second row for one client) is uploaded (the dry run), its
// page opened, and committed; then the same file again (every row an update), and both batches undone. Prints, for
// docs/benchmarks.md:
// - each step's time, from the tap to the answer, and dry run + commit together (issue 65's figure: at most 5 s);
// - memory: the server's RSS and, as root on cgroup v1, the peak of a memory group around the server (page cache
//   included, as systemd's MemoryMax counts) over its idle figure before the first upload (the figure: at most +100 MB);
// - visitors meanwhile: `/` every 50 ms, each answer's status and latency, and the server's event-loop delay.
// BENCH_SERVER_LOG=<file> keeps the server's output; BENCH_SERVER_ENV (JSON) overrides the server's environment.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmdirSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { openEstimateStore } from "../server/requests/estimate-store.ts";
import { SERVER_ENV } from "../server/server-env.ts";
import { createOwnerConsole } from "../server/owner/owner-console.ts";
import { freePort } from "../tests/server/harness.ts";
import { multipartBody } from "../tests/support/multipart.ts";
import { jobberExport } from "../tests/support/jobber-export.ts";

const ROWS = Number(process.argv[2] ?? 5000);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

const work = mkdtempSync(path.join(tmpdir(), "bench-import-"));
const dataDir = path.join(work, "data");
mkdirSync(dataDir);
const store = openEstimateStore({ dataDir });
const session = createOwnerConsole({ db: store.db }).sessions.create({ ip: null, userAgent: null, passkeyId: null });
store.close();
const cookie = `owner=${session.token}`;
const csrf = session.session.csrf;
const file = jobberExport(ROWS);
writeFileSync(path.join(work, "clients.csv"), file);

// A memory group around the server (root, cgroup v1), as the unit's MemoryMax counts it.
const GROUP = `/sys/fs/cgroup/memory/bench-import-${process.pid}`;
const grouped = process.getuid?.() === 0 && existsSync("/sys/fs/cgroup/memory/cgroup.procs");
if (grouped) mkdirSync(GROUP);
const cg = (name: string) => Number(readFileSync(path.join(GROUP, name), "utf8").trim());

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
let output = "";
const server: ChildProcess = spawn(
  "sh",
  ["-c", `${grouped ? `echo $$ > ${GROUP}/cgroup.procs; ` : ""}exec node ${path.resolve("build/bin/server.js")}`],
  {
    env: {
      ...process.env,
      ...SERVER_ENV,
      // BENCH_SERVER_ENV='{"MALLOC_MMAP_THRESHOLD_":"131072"}' runs the server with other settings, to compare.
      ...(JSON.parse(process.env.BENCH_SERVER_ENV ?? "{}") as Record<string, string>),
      PORT: String(port),
      HOST: "127.0.0.1",
      SITE_URL: base,
      DATA_DIR: dataDir,
      BUILD_DIR: "build",
      BACKUP_DIR: "off",
      RATE_LIMIT_PER_MINUTE: "1000000",
      EVENT_LOOP_MONITOR: "1",
      WARM_UP: "off",
    },
    stdio: ["ignore", "pipe", "pipe"],
  },
);
server.stdout?.on("data", (c: Buffer) => (output += c.toString()));
server.stderr?.on("data", (c: Buffer) => (output += c.toString()));
for (let i = 0; !output.includes("Site ready"); i++) {
  if (i > 600) throw new Error(`the server did not start:\n${output}`);
  await sleep(100);
}

const status = (field: string) =>
  Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${server.pid}/status`, "utf8"))?.[1] ?? 0);
const rss = () => status("VmRSS") * 1024;
/** The server's CPU seconds so far (user + system, all threads): a step's own work, whatever the machine's load. */
const cpu = () => {
  const fields = readFileSync(`/proc/${server.pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
async function loopDelay(): Promise<string> {
  const before = output.length;
  server.kill("SIGUSR2");
  for (let i = 0; i < 50 && !output.slice(before).includes("event-loop delay"); i++) await sleep(20);
  return /event-loop delay: (.*)/.exec(output.slice(before))?.[1] ?? "(no answer)";
}

/** Visitors: `/` every 50 ms until stopped. */
function visitors() {
  const statuses: Record<string, number> = {};
  const latencies: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const t = performance.now();
      let code = "error";
      try {
        const res = await fetch(`${base}/`, { headers: { "accept-encoding": "br" } });
        await res.arrayBuffer();
        code = String(res.status);
      } catch {
        // counted as an error
      }
      latencies.push(performance.now() - t);
      statuses[code] = (statuses[code] ?? 0) + 1;
      await sleep(50);
    }
  })();
  return async () => {
    running = false;
    await loop;
    return { statuses, latencies };
  };
}

const PAGE = `${base}/owner/customers/import`;
const headers = { cookie, origin: base };
const post = (fields: Record<string, string>) =>
  fetch(PAGE, {
    method: "POST",
    redirect: "manual",
    headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrf, ...fields }),
  });

let stepNamed = (_name: string) => {};

const cpuOf: Record<string, number> = {};

async function timed<T>(work: () => Promise<T>, name = ""): Promise<[T, number]> {
  if (name) stepNamed(name);
  const t = performance.now();
  const c = cpu();
  const result = await work();
  cpuOf[name] = cpu() - c;
  return [result, (performance.now() - t) / 1000];
}

/** One import of the file: the upload (dry run), its page, the commit; each step's seconds and the batch. */
async function importOnce() {
  const { body, contentType } = multipartBody([
    { name: "csrf", value: csrf },
    { name: "intent", value: "dry-run" },
    { name: "file", filename: "clients.csv", type: "text/csv", bytes: file },
  ]);
  const [uploaded, dry] = await timed(
    () =>
      fetch(PAGE, { method: "POST", redirect: "manual", headers: { ...headers, "content-type": contentType }, body }),
    "dry run",
  );
  const location = uploaded.headers.get("location") ?? "";
  if (uploaded.status !== 302) throw new Error(`upload answered ${uploaded.status}: ${await uploaded.text()}`);
  const batch = /batch=(\d+)/.exec(location)?.[1] ?? "";
  const [html, page] = await timed(async () => (await fetch(`${PAGE}?batch=${batch}`, { headers })).text(), "page");
  const hash = /name="hash" value="([0-9a-f]{64})"/.exec(html)?.[1] ?? "";
  const sum = /([\d,]+ rows read = .*? refused)/.exec(html.replace(/<[^>]+>/g, ""))?.[1] ?? "(no counts)";
  const [committed, commit] = await timed(() => post({ intent: "commit", batch, hash }), "commit");
  const done = decodeURIComponent(/done=([^&]*)/.exec(committed.headers.get("location") ?? "")?.[1] ?? "");
  if (!done.startsWith("Imported")) throw new Error(`commit answered ${committed.status} ${done}`);
  return { batch, dry, page, commit, sum, done, cpuDry: cpuOf["dry run"] ?? 0, cpuCommit: cpuOf.commit ?? 0 };
}

try {
  // Idle: the console's import page opened a few times, then the figures it is measured against.
  for (let i = 0; i < 3; i++) await (await fetch(PAGE, { headers })).text();
  await sleep(2000);
  const idleRss = rss();
  const idleGroup = grouped ? cg("memory.usage_in_bytes") : 0;
  if (grouped) writeFileSync(path.join(GROUP, "memory.max_usage_in_bytes"), "0");
  let peakRss = idleRss;
  // Each step's own peak, so the figure names where the memory went.
  const stepPeaks = new Map<string, number>();
  let step = "idle";
  const sampler = setInterval(() => {
    const now = rss();
    peakRss = Math.max(peakRss, now);
    stepPeaks.set(step, Math.max(stepPeaks.get(step) ?? 0, now));
  }, 20);
  stepNamed = (name: string) => (step = name);
  console.log(
    `${ROWS.toLocaleString("en-US")} rows, ${mb(file.length)} (load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(", ")})`,
  );
  await loopDelay();
  const stop = visitors();
  const runs = [];
  for (const name of ["first import", "the same file again"]) {
    const run = await importOnce();
    runs.push(run);
    console.log(
      `${name}: dry run ${run.dry.toFixed(2)} s, its page ${run.page.toFixed(2)} s, commit ${run.commit.toFixed(2)} s; ` +
        `dry run + commit ${(run.dry + run.commit).toFixed(2)} s; the server's CPU: dry run ${run.cpuDry.toFixed(2)} s, ` +
        `commit ${run.cpuCommit.toFixed(2)} s\n  ${run.sum}\n  ${run.done}`,
    );
  }
  for (const run of runs.reverse()) {
    const [answer, seconds] = await timed(() => post({ intent: "undo", batch: run.batch }), "undo");
    const said = decodeURIComponent(/done=([^&]*)/.exec(answer.headers.get("location") ?? "")?.[1] ?? "");
    console.log(
      `undo of import ${run.batch}: ${seconds.toFixed(2)} s, the server's CPU ${(cpuOf.undo ?? 0).toFixed(2)} s (${said})`,
    );
  }
  const seen = await stop();
  clearInterval(sampler);
  console.log(`event-loop delay over the imports and undos: ${await loopDelay()}`);
  console.log(
    `visitors meanwhile: ${JSON.stringify(seen.statuses)}; / latency p50 ${pct(seen.latencies, 50).toFixed(1)} ms, ` +
      `p99 ${pct(seen.latencies, 99).toFixed(1)} ms, max ${Math.max(...seen.latencies).toFixed(1)} ms`,
  );
  console.log(`server RSS: idle ${mb(idleRss)}, peak ${mb(peakRss)} (+${mb(peakRss - idleRss)}), after ${mb(rss())}`);
  console.log(`  peak by step: ${[...stepPeaks].map(([name, peak]) => `${name} +${mb(peak - idleRss)}`).join(", ")}`);
  if (grouped) {
    const peak = cg("memory.max_usage_in_bytes");
    console.log(`memory group: idle ${mb(idleGroup)}, peak ${mb(peak)} (+${mb(peak - idleGroup)})`);
  } else console.log("memory group: not measured (needs root and cgroup v1)");
} finally {
  server.kill();
  await new Promise((r) => server.once("exit", r));
  if (process.env.BENCH_SERVER_LOG) writeFileSync(process.env.BENCH_SERVER_LOG, output);
  if (grouped) rmdirSync(GROUP);
  rmSync(work, { recursive: true, force: true });
}
