// `npx tsx tools/bench-calendars.ts [reads]` (after `npm run build`): the owner's calendars on the built server
// (decision 0031, issue 47's figures), printed for docs/benchmarks.md:
// - importing a 5,000-event calendar with 200 repeating rules (tests/support/ics-fixtures.ts busyCalendar), served by
//   a local https host that stands in for Google (CALENDAR_TEST_HOSTS): the server process's CPU (user + system,
//   every thread: the fetch, the worker's parse and expansion, the write) for each of N reads (default 10), each
//   with one line changed so it is parsed in full, as a "Read now" in the console asks;
// - visitors meanwhile: a request to `/` every 20 ms, each answer's latency (p50, p99, max), and the server's
//   event-loop delay (EVENT_LOOP_MONITOR, read with SIGUSR2); the same for 10 s before, without imports, for the
//   machine's own noise;
// - the server's RSS before the first import, after the first and after the last (each after 3 s of quiet);
// - windows with busy times: booking.open() for the next 28 days with that calendar's busy times, in this process,
//   p50 and p99 of 500 calls, beside the same without busy times.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { business } from "../app/content/business.ts";
import { createBooking } from "../server/booking/booking.ts";
import type { Busy } from "../server/booking/windows.ts";
import { expandCalendar } from "../server/calendars/expand.ts";
import { SERVER_ENV } from "../server/server-env.ts";
import { createOwnerConsole } from "../server/owner/owner-console.ts";
import { openEstimateStore } from "../server/requests/estimate-store.ts";
import { dayAt } from "../server/time/wall-time.ts";
import { freePort } from "../tests/server/harness.ts";
import { calendarAnswer, makeTls, startCalendarHost } from "../tests/support/calendar-host.ts";
import { busyCalendar } from "../tests/support/ics-fixtures.ts";

const READS = Number(process.argv[2] ?? 10);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
/** /proc counts CPU in clock ticks: USER_HZ, 100 a second on Linux. */
const TICK_MS = 10;

const today = dayAt(new Date(), business.timeZone);
const base = busyCalendar({ today });
let version = 0;
// One line differs each read: a new ETag, so the server parses it in full, as after any change in his calendar.
const text = () => base.replace("X-WR-CALNAME:Work", `X-WR-CALNAME:Work ${version}`);
console.log(
  `calendar: ${(Buffer.byteLength(base) / 1024 / 1024).toFixed(2)} MB, ${(base.match(/BEGIN:VEVENT/g) ?? []).length} VEVENTs, ${(base.slice(base.lastIndexOf("END:VTIMEZONE")).match(/^RRULE:/gm) ?? []).length} repeating events, ${(base.match(/^RECURRENCE-ID/gm) ?? []).length} moved occurrences`,
);

const tls = makeTls();
const host = await startCalendarHost(tls);
host.on("/work.ics", calendarAnswer(text));

const work = mkdtempSync(path.join(tmpdir(), "bench-calendars-"));
const dataDir = path.join(work, "data");
const store = openEstimateStore({ dataDir });
const session = createOwnerConsole({ db: store.db }).sessions.create({ ip: null, userAgent: null, passkeyId: null });
store.close();
const cookie = `owner=${session.token}`;
const csrf = session.session.csrf;

const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
let output = "";
const server: ChildProcess = spawn(process.execPath, [path.resolve("build/bin/server.js")], {
  env: {
    ...process.env,
    ...SERVER_ENV,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    BUILD_DIR: "build",
    BACKUP_DIR: "off",
    VISITOR_COUNTING: "off",
    RATE_LIMIT_PER_MINUTE: "1000000",
    EVENT_LOOP_MONITOR: "1",
    CALENDAR_TEST_HOSTS: `calendar.test=127.0.0.1:${host.port}`,
    CALENDAR_TEST_CA: tls.certFile,
    // The reads are this tool's, not the timer's.
    CALENDAR_READ_SECONDS: "86400",
  },
  stdio: ["ignore", "pipe", "pipe"],
});
server.stdout?.on("data", (c: Buffer) => (output += c.toString()));
server.stderr?.on("data", (c: Buffer) => (output += c.toString()));
for (let i = 0; !output.includes("Site ready"); i++) {
  if (i > 600) throw new Error(`the server did not start:\n${output}`);
  await sleep(100);
}

const pid = server.pid as number;
const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
/** The process's CPU so far (every thread), in ms. */
const cpuMs = () => {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
};
function loopDelay(): Promise<string> {
  const mark = output.length;
  server.kill("SIGUSR2");
  return (async () => {
    for (let i = 0; i < 50 && !output.slice(mark).includes("event-loop delay"); i++) await sleep(20);
    return /event-loop delay: [^\n]*/.exec(output.slice(mark))?.[0] ?? "(no reading)";
  })();
}

function post(fields: Record<string, string>) {
  return fetch(`${origin}/owner/visits/calendars`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: origin, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrf, ...fields }),
  });
}

/** Reads the server's calendars table until the calendar's last parse is newer than `after`. */
function parsedAt(): string | null {
  const s = openEstimateStore({ dataDir });
  try {
    return s.calendars.list()[0]?.parsed_at ?? null;
  } finally {
    s.close();
  }
}

async function waitForParse(before: string | null) {
  for (let i = 0; i < 600; i++) {
    const now = parsedAt();
    if (now && now !== before) return;
    await sleep(20);
  }
  throw new Error(`no parse within 12 s:\n${output.slice(-2000)}`);
}

// Warm up: the pages, then quiet.
for (let i = 0; i < 50; i++) await (await fetch(`${origin}/`)).arrayBuffer();
await sleep(3000);
const rssBefore = rssMb();

/** `/` every 20 ms for `ms`: each answer's latency. */
async function visit(ms: number): Promise<number[]> {
  const seen: number[] = [];
  const until = performance.now() + ms;
  while (performance.now() < until) {
    const started = performance.now();
    await (await fetch(`${origin}/`)).arrayBuffer();
    seen.push(performance.now() - started);
    await sleep(20);
  }
  return seen;
}
// The same visitors first without any import, for the machine's own noise.
await loopDelay();
const quiet = await visit(10_000);
const quietDelay = await loopDelay();

// Visitors: `/` every 20 ms for the whole run.
const latencies: number[] = [];
const statuses: Record<number, number> = {};
let visiting = true;
const visitors = (async () => {
  while (visiting) {
    const started = performance.now();
    const answer = await fetch(`${origin}/`);
    await answer.arrayBuffer();
    latencies.push(performance.now() - started);
    statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
    await sleep(20);
  }
})();
await sleep(1000);
await loopDelay();

const cpu: number[] = [];
const wall: number[] = [];
let rssAfterFirst = 0;
for (let i = 0; i < READS; i++) {
  version = i;
  const before = parsedAt();
  const cpuStart = cpuMs();
  const started = performance.now();
  const answer =
    i === 0
      ? await post({ intent: "add", address: `https://calendar.test:${host.port}/work.ics`, label: "Work" })
      : await post({ intent: "read", id: "1" });
  if (answer.status !== 302) throw new Error(`the console answered ${answer.status}: ${await answer.text()}`);
  await waitForParse(before);
  wall.push(performance.now() - started);
  // The worker has answered and is ending; give it a moment, then count.
  await sleep(300);
  cpu.push(cpuMs() - cpuStart);
  if (i === 0) {
    await sleep(3000);
    rssAfterFirst = rssMb();
  }
}
const delay = await loopDelay();
visiting = false;
await visitors;
await sleep(3000);
const rssAfterLast = rssMb();

// The largest calendar the fetch takes (about 9 MB, 48,000 events): the server's RSS every 50 ms while it is read.
const big = busyCalendar({ today, total: 48_000, rules: 400 });
host.on(
  "/big.ics",
  calendarAnswer(() => big),
);
const bigBefore = rssMb();
let bigPeak = bigBefore;
const sampler = setInterval(() => (bigPeak = Math.max(bigPeak, rssMb())), 50);
const bigStarted = performance.now();
const bigAnswer = await post({ intent: "add", address: `https://calendar.test:${host.port}/big.ics`, label: "Big" });
if (bigAnswer.status !== 302) throw new Error(`the console answered ${bigAnswer.status}`);
for (let i = 0; i < 1200; i++) {
  const s = openEstimateStore({ dataDir });
  const done = s.calendars.list().find((c) => c.label === "Big");
  s.close();
  if (done?.parsed_at || done?.problem) break;
  await sleep(50);
}
const bigMs = performance.now() - bigStarted;
clearInterval(sampler);
await sleep(3000);
const bigAfter = rssMb();
const row = openEstimateStore({ dataDir });
const calendarRow = row.calendars.list()[0];
const bigRow = row.calendars.list().find((c) => c.label === "Big");
row.close();

console.log(
  `reads: ${READS}; busy times stored: ${calendarRow?.busy_count}; events: ${calendarRow?.events}; notes: ${calendarRow?.notes || "none"}`,
);
console.log(
  `import CPU (server process, all threads, incl. ~300 ms of quiet after each): median ${pct(cpu, 50).toFixed(0)} ms, max ${Math.max(...cpu).toFixed(0)} ms; tap to stored: median ${pct(wall, 50).toFixed(0)} ms, max ${Math.max(...wall).toFixed(0)} ms`,
);
console.log(`  each: ${cpu.map((c) => c.toFixed(0)).join(", ")} ms`);
console.log(
  `visitors meanwhile: ${JSON.stringify(statuses)}; / latency p50 ${pct(latencies, 50).toFixed(1)} ms, p99 ${pct(latencies, 99).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms`,
);
console.log(`server ${delay}`);
console.log(
  `without imports (10 s before): / latency p50 ${pct(quiet, 50).toFixed(1)} ms, p99 ${pct(quiet, 99).toFixed(1)} ms, max ${Math.max(...quiet).toFixed(1)} ms; server ${quietDelay}`,
);
console.log(
  `RSS: before ${rssBefore.toFixed(1)} MB, after the first import ${rssAfterFirst.toFixed(1)} MB (${(rssAfterFirst - rssBefore).toFixed(1)}), after ${READS} ${rssAfterLast.toFixed(1)} MB (${(rssAfterLast - rssBefore).toFixed(1)})`,
);

console.log(
  `a ${(Buffer.byteLength(big) / 1024 / 1024).toFixed(1)} MB calendar (48,000 events, 400 repeating): ${bigRow?.problem ?? `read, ${bigRow?.busy_count} busy times`} in ${(bigMs / 1000).toFixed(1)} s; RSS ${bigBefore.toFixed(1)} MB before, peak ${bigPeak.toFixed(1)} MB (+${(bigPeak - bigBefore).toFixed(1)}), ${bigAfter.toFixed(1)} MB 3 s after`,
);

server.kill("SIGTERM");
await host.close();

// Windows with busy times, in this process: the same calendar's busy times, merged as the server hands them over.
const benchStore = openEstimateStore({ dataDir: path.join(work, "windows") });
const now = new Date();
const from = now.getTime() - 86_400_000;
const expanded = expandCalendar(base, { from, to: from + 93 * 86_400_000, timeZone: business.timeZone });
const busy: Busy[] = [];
for (let i = 0; i < expanded.busy.length; i += 2) {
  busy.push({ start: new Date(expanded.busy[i] as number), end: new Date(expanded.busy[i + 1] as number) });
}
function timeOpen(list: readonly Busy[]) {
  const booking = createBooking({ store: benchStore, siteUrl: "https://example.com", busy: () => list });
  for (let i = 0; i < 50; i++) booking.open(now);
  const times: number[] = [];
  let windows = 0;
  for (let i = 0; i < 500; i++) {
    const started = performance.now();
    windows = booking.open(now).reduce((n, d) => n + d.windows.length, 0);
    times.push(performance.now() - started);
  }
  return { p50: pct(times, 50), p99: pct(times, 99), windows };
}
const withBusy = timeOpen(busy);
const without = timeOpen([]);
// A worst case: the busy times as many short separate ones (every 15 minutes of 90 days), 8,640 of them.
const many: Busy[] = Array.from({ length: 8640 }, (_, i) => {
  const start = from + i * 15 * 60_000;
  return { start: new Date(start), end: new Date(start + 5 * 60_000) };
});
const withMany = timeOpen(many);
console.log(
  `windows, next 28 days (booking.open, 500 calls): with ${busy.length} busy times p50 ${withBusy.p50.toFixed(2)} ms, p99 ${withBusy.p99.toFixed(2)} ms (${withBusy.windows} open); without p50 ${without.p50.toFixed(2)} ms (${without.windows} open); with 8,640 short busy times p50 ${withMany.p50.toFixed(2)} ms, p99 ${withMany.p99.toFixed(2)} ms (${withMany.windows} open)`,
);
benchStore.close();
process.exit(0);
