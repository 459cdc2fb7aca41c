// `npx tsx tools/bench-booking.ts` (after `npm run build`): issue 46's figures for docs/benchmarks.md.
// - windows: the next 28 days of open windows, the pure function and through the booking service (its SQL included),
//   the first call (cold caches) and p50/p99 of 2,000 after it;
// - bookings on the built server with mail on (a local SMTP server takes every invite): rounds of 50 concurrent
//   clients booking the same window (exactly one winner each), the POST's latency p50/p99;
// - memory: the server's RSS before and after 10,000 bookings, moves and cancels (3,334 requests, each booked, moved,
//   then cancelled, 10 at a time), with the outbox sending every invite;
// - /contact's first response: its bytes as brotli.
import { spawn } from "node:child_process";
import { get } from "node:http";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defaultBookingSettings } from "../server/booking/availability.ts";
import { createBooking } from "../server/booking/booking.ts";
import { openWindows } from "../server/booking/windows.ts";
import { openEstimateStore } from "../server/requests/estimate-store.ts";
import { SERVER_ENV } from "../server/server-env.ts";
import { newLead } from "../server/store/stored-lead.fixture.ts";
import { business } from "../app/content/business.ts";
import { addDays, dayAt } from "../app/lib/business-day.ts";
import { freePort } from "../tests/server/harness.ts";
import { startSmtp } from "../tests/server/smtp.ts";

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
const ms = (n: number) => `${n.toFixed(3)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

// 1. Windows.
{
  const settings = defaultBookingSettings(business.hours);
  const now = new Date();
  const taken = Array.from({ length: 30 }, (_, i) => {
    const day = addDays(dayAt(now, business.timeZone), i + 1);
    return { day, starts: "08:00", ends: "10:00" };
  });
  const input = {
    settings,
    daysOff: [{ first: taken[5]?.day ?? "", last: taken[6]?.day ?? "" }],
    taken,
    now,
    timeZone: business.timeZone,
  };
  let t = performance.now();
  openWindows(input);
  const cold = performance.now() - t;
  const times: number[] = [];
  for (let i = 0; i < 2000; i++) {
    t = performance.now();
    openWindows(input);
    times.push(performance.now() - t);
  }
  console.log(
    `windows, 28 days (pure): first call ${ms(cold)}; then p50 ${ms(pct(times, 50))}, p99 ${ms(pct(times, 99))} over 2,000`,
  );
  const dir = mkdtempSync(path.join(tmpdir(), "bench-booking-windows-"));
  const store = openEstimateStore({ dataDir: dir });
  const booking = createBooking({ store, siteUrl: "https://www.example.com" });
  const service: number[] = [];
  for (let i = 0; i < 2000; i++) {
    t = performance.now();
    booking.open();
    service.push(performance.now() - t);
  }
  console.log(
    `windows, 28 days (booking.open(), with its reads): p50 ${ms(pct(service, 50))}, p99 ${ms(pct(service, 99))}`,
  );
  store.close();
  rmSync(dir, { recursive: true, force: true });
}

// 2 and 3. On the built server.
const smtp = await startSmtp();
const dataDir = mkdtempSync(path.join(tmpdir(), "bench-booking-"));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
// `--profile DIR`: the server writes a CPU profile into DIR (chrome://inspect), and the memory part is left out.
const profileDir = process.argv.includes("--profile") ? process.argv[process.argv.indexOf("--profile") + 1] : undefined;
const server = spawn(
  process.execPath,
  [...(profileDir ? ["--cpu-prof", "--cpu-prof-dir", profileDir] : []), path.resolve("build/bin/server.js")],
  {
    env: {
      ...process.env,
      ...SERVER_ENV,
      PORT: String(port),
      HOST: "127.0.0.1",
      SITE_URL: base,
      DATA_DIR: dataDir,
      BACKUP_DIR: "off",
      SMTP_URL: smtp.url,
      NOTIFY_EMAIL: "owner@example.com",
      CONFIRMATION_EMAIL: "off",
      RATE_LIMIT_PER_MINUTE: "100000000",
      VISITOR_COUNTING: "off",
    },
    stdio: ["ignore", "pipe", "pipe"],
  },
);
let output = "";
server.stdout?.on("data", (c: Buffer) => (output += c.toString()));
server.stderr?.on("data", (c: Buffer) => (output += c.toString()));
for (let i = 0; !output.includes("Site ready"); i++) {
  if (i > 300) throw new Error(`the server did not start:\n${output}`);
  await new Promise((r) => setTimeout(r, 100));
}
const rss = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.pid}/status`, "utf8"))?.[1] ?? 0) * 1024;

/** Requests with their links and addresses, written straight into the server's database. */
function requests(n: number, tag: string): string[] {
  const store = openEstimateStore({ dataDir });
  try {
    return Array.from({ length: n }, (_, i) => {
      const { id } = store.save(
        newLead({
          idempotencyKey: null,
          email: `${tag}${i}@example.com`,
          phone: `(${tag.length}09) 5${String(i).padStart(6, "0")}`,
        }),
      );
      const token = store.visits.newLink(id);
      store.visits.putPlace({ estimateId: id, town: "Normal", served: true, street: `${i} Elm St`, notes: "" });
      return token;
    });
  } finally {
    store.close();
  }
}

async function post(token: string, fields: Record<string, string>) {
  const t = performance.now();
  const response = await fetch(`${base}/visit/${token}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  await response.arrayBuffer();
  return { ms: performance.now() - t, location: response.headers.get("location") ?? "", status: response.status };
}

async function windows(token: string): Promise<string[]> {
  const html = await (await fetch(`${base}/visit/${token}`)).text();
  return [...html.matchAll(/name="window" value="([^"]+)"/g)].map((m) => m[1] ?? "");
}

try {
  // Warm the server's modules and caches as a visitor would.
  for (let i = 0; i < 20; i++) await (await fetch(`${base}/contact`)).arrayBuffer();
  // fetch would decompress: the bytes on the wire, as a browser asking for brotli gets them.
  const contactBytes = await new Promise<number>((resolve, reject) => {
    get(`${base}/contact`, { headers: { "accept-encoding": "br" } }, (res) => {
      let bytes = 0;
      res.on("data", (c: Buffer) => (bytes += c.length));
      res.on("end", () => resolve(bytes));
    }).on("error", reject);
  });
  console.log(`/contact first response: ${contactBytes} bytes as brotli (the one-round-trip budget is 14,600)`);

  // The floor: the same rounds of 50 clients on a file React Router never sees.
  const floor: number[] = [];
  for (let r = 0; r < 10; r++) {
    const answers = await Promise.all(
      Array.from({ length: 50 }, async () => {
        const t = performance.now();
        await (await fetch(`${base}/robots.txt`)).arrayBuffer();
        return performance.now() - t;
      }),
    );
    floor.push(...answers);
  }
  console.log(
    `the floor, 10 rounds of 50 concurrent GET /robots.txt: p50 ${pct(floor, 50).toFixed(1)} ms, p99 ${pct(floor, 99).toFixed(1)} ms`,
  );

  // 2. Rounds of 50 clients at once on one window.
  const rounds = 10;
  const latencies: number[] = [];
  const winners: number[] = [];
  const racers = requests(rounds * 50, "race");
  // One window a day, so no day's cap ends a round before its window is taken.
  const open = [...new Map((await windows(racers[0] ?? "")).map((w) => [w.slice(0, 10), w])).values()];
  for (let r = 0; r < rounds; r++) {
    const window = open[r] ?? "";
    const answers = await Promise.all(
      racers
        .slice(r * 50, r * 50 + 50)
        .map((token, i) => post(token, { intent: "book", window, key: `race-${r}-${i}` })),
    );
    latencies.push(...answers.map((a) => a.ms));
    winners.push(answers.filter((a) => a.status === 303 && !a.location.includes("notice=")).length);
  }
  console.log(
    `bookings, ${rounds} rounds of 50 concurrent clients on one window: winners per window ${JSON.stringify(winners)}; ` +
      `POST p50 ${pct(latencies, 50).toFixed(1)} ms, p99 ${pct(latencies, 99).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms`,
  );

  if (!profileDir) {
    // 3. Memory over 10,000 bookings, moves and cancels, after 1,500 of them to warm up (code compiled, caches filled to
    // their bounds), as issue 38's publishes were measured: what keeps growing, not what a first use costs.
    const cycle = async (people: string[], tag: string) => {
      let failed = 0;
      let next = 0;
      const worker = async () => {
        for (let i = next++; i < people.length; i = next++) {
          const token = people[i] ?? "";
          const choices = await windows(token);
          const first = choices[i % Math.max(1, choices.length)] ?? "";
          const booked = await post(token, { intent: "book", window: first, key: `${tag}-${i}` });
          const moved = await post(token, {
            intent: "move",
            window: choices[(i + 1) % Math.max(1, choices.length)] ?? "",
          });
          const cancelled = await post(token, { intent: "cancel", reason: "bench" });
          if (booked.status !== 303 || moved.status !== 303 || cancelled.status !== 303) failed += 1;
        }
      };
      await Promise.all(Array.from({ length: 10 }, worker));
      return { operations: people.length * 3, failed };
    };
    const idle = rss();
    const warm = await cycle(requests(500, "warm"), "warm");
    await new Promise((r) => setTimeout(r, 5000));
    const before = rss();
    const started = performance.now();
    const run = await cycle(requests(3334, "cycle"), "cycle");
    const seconds = (performance.now() - started) / 1000;
    await new Promise((r) => setTimeout(r, 5000));
    const after = rss();
    const store = openEstimateStore({ dataDir });
    const visits = store.db.prepare("SELECT status, count(*) AS n FROM visits GROUP BY status").all();
    const mail = store.db.prepare("SELECT count(*) AS n, sum(sent_at IS NOT NULL) AS sent FROM outbox").get();
    store.close();
    console.log(
      `memory: RSS ${mb(idle)} idle, ${mb(before)} after ${warm.operations} to warm up, ${mb(after)} after ${run.operations} ` +
        `more bookings, moves and cancels in ${seconds.toFixed(0)} s (${after >= before ? "+" : ""}${mb(after - before)}); ` +
        `${warm.failed + run.failed} cycles answered other than 303; visits ${JSON.stringify(visits)}; outbox ${JSON.stringify(mail)}; ` +
        `${smtp.received.length} e-mails received`,
    );
  }
} finally {
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  await smtp.close();
  rmSync(dataDir, { recursive: true, force: true });
}
