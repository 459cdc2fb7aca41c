// `npx tsx tools/bench-quotes.ts`: what quotes cost on the built server (decision 0032, docs/benchmarks.md).
// 1. Accepting: 20 homeowners at once, each accepting their own quote, in rounds (QUOTE_ROUNDS, 25: 500 acceptances):
//    each POST's time to its answer (the 303), p50 / p99 / max, with mail to a local mail server (the homeowner's
//    copy and its PDF are made while the next ones arrive) and without.
// 2. A PDF with six phone photos, made in the server (the owner's download of a version): its time, its size, and the
//    server's resident memory before, at its peak (VmHWM) and after, above the server's idle.
// 3. The homeowner's page at its largest (3 options, 4 add-ons): bytes of the first response as served with brotli.
import { execSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { openEstimateStore, type NewPhoto } from "../server/requests/estimate-store.ts";
import { createOwnerConsole } from "../server/owner/owner-console.ts";
import { ingestEstimatePhoto } from "../server/photos/photo-ingest.ts";
import { startSmtp } from "../tests/server/smtp.ts";
import { makeTestPhoto } from "../tests/support/test-photos.ts";
import { LARGEST_QUOTE, seedQuote } from "../tests/support/seed-quote.ts";
import { startProductionServer } from "./production-server.ts";

const ROUNDS = Number(process.env.QUOTE_ROUNDS ?? 25);
const AT_ONCE = 20;
const MALLOC = { MALLOC_ARENA_MAX: "1", MALLOC_MMAP_THRESHOLD_: "32768", MALLOC_TRIM_THRESHOLD_: "131072" };

execSync("npx tsx scripts/ensure-build.ts", { stdio: "inherit" });
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
let agent = new Agent({ keepAlive: true, maxSockets: AT_ONCE });

function post(url: string, body: string): Promise<{ ms: number; status: number }> {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const req = request(
      url,
      {
        method: "POST",
        agent,
        headers: {
          Origin: "null",
          "Sec-Fetch-Site": "same-origin",
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": String(Buffer.byteLength(body)),
          "User-Agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Mobile/15E148 Safari/604.1",
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ ms: Number(process.hrtime.bigint() - t0) / 1e6, status: res.statusCode ?? 0 }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** The process's CPU time so far, user and system, in milliseconds (all its threads). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, at 100 ticks a second
}

function memory(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0) / 1024;
  return { rss: kb("VmRSS"), hwm: kb("VmHWM") };
}

async function accepting(withMail: boolean) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-quotes-"));
  const tokens = Array.from(
    { length: ROUNDS * AT_ONCE },
    () => seedQuote(dataDir, { options: [["crown-rebuild", "flashing"]] }).token,
  );
  const smtp = withMail ? await startSmtp() : null;
  const { base, server } = await startProductionServer({
    DATA_DIR: dataDir,
    BACKUP_DIR: "off",
    BUILD_DIR: "build",
    ...MALLOC,
    ...(smtp ? { SMTP_URL: smtp.url, NOTIFY_EMAIL: "owner@example.com" } : {}),
  });
  const times: number[] = [];
  const cpuBefore = cpuMs(server.pid ?? 0);
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const batch = tokens.slice(round * AT_ONCE, (round + 1) * AT_ONCE);
      const results = await Promise.all(
        batch.map((token, i) =>
          post(
            `${base}/quote/${token}`,
            new URLSearchParams({
              intent: "accept",
              version: "1",
              option: "a",
              name: `Homeowner ${round}-${i}`,
              consent: "yes",
              pamphlet: "yes",
            }).toString(),
          ),
        ),
      );
      for (const r of results) {
        if (r.status !== 303) throw new Error(`an acceptance answered ${r.status}`);
        times.push(r.ms);
      }
    }
    const cpu = (cpuMs(server.pid ?? 0) - cpuBefore) / times.length;
    const store = openEstimateStore({ dataDir });
    const accepted = (store.db.prepare("SELECT count(*) AS n FROM quote_acceptances").get() as { n: number }).n;
    store.close();
    const sorted = [...times].sort((a, b) => a - b);
    console.log(
      `Accepting, ${AT_ONCE} at once × ${ROUNDS} rounds, mail ${withMail ? "on" : "off"}: ${accepted} accepted; ` +
        `p50 ${pct(sorted, 50).toFixed(1)} ms, p99 ${pct(sorted, 99).toFixed(1)} ms, max ${sorted.at(-1)?.toFixed(1)} ms; ` +
        `the server's CPU ${cpu.toFixed(2)} ms an acceptance (all threads, mail and PDFs included)`,
    );
    if (smtp) {
      const deadline = Date.now() + 60_000;
      while (smtp.received.length < accepted * 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      console.log(`  mail: ${smtp.received.length} messages arrived (copies with PDFs, and the owner's notices)`);
    }
  } finally {
    // The kept-alive sockets go first: a server ended under them would reset them.
    agent.destroy();
    agent = new Agent({ keepAlive: true, maxSockets: AT_ONCE });
    server.kill();
    await smtp?.close();
  }
}

async function pdfWithSixPhotos() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-quote-pdf-"));
  const photoDir = mkdtempSync(path.join(tmpdir(), "bench-quote-photos-"));
  const photos: NewPhoto[] = [];
  for (let i = 1; i <= 6; i++) {
    // Phone-sized, with sensor grain (as big as real ones), cleaned as the estimate form keeps them.
    const file = await makeTestPhoto(path.join(photoDir, `${i}.jpg`), {
      width: 4032,
      height: 3024,
      seed: i * 7919,
      grain: true,
    });
    photos.push(await ingestEstimatePhoto(readFileSync(file)));
  }
  const { quoteId } = seedQuote(dataDir, { ...LARGEST_QUOTE, photos });
  const store = openEstimateStore({ dataDir });
  const { token } = createOwnerConsole({ db: store.db }).sessions.create({
    ip: "127.0.0.1",
    userAgent: "bench",
    passkeyId: null,
  });
  store.close();
  const { base, server } = await startProductionServer({
    DATA_DIR: dataDir,
    BACKUP_DIR: "off",
    BUILD_DIR: "build",
    ...MALLOC,
  });
  try {
    await new Promise((r) => setTimeout(r, 3000));
    const idle = memory(server.pid ?? 0);
    const runs: { ms: number; bytes: number }[] = [];
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      const response = await fetch(`${base}/owner/quotes/${quoteId}/pdf/1`, { headers: { Cookie: `owner=${token}` } });
      const bytes = (await response.arrayBuffer()).byteLength;
      if (response.status !== 200) throw new Error(`the PDF answered ${response.status}`);
      runs.push({ ms: performance.now() - t0, bytes });
    }
    const after = memory(server.pid ?? 0);
    console.log(
      `PDF, largest quote with 6 phone photos: ${runs[0]?.bytes} bytes; first ${runs[0]?.ms.toFixed(0)} ms (loads pdfkit), ` +
        `then ${runs[1]?.ms.toFixed(0)} and ${runs[2]?.ms.toFixed(0)} ms; RSS idle ${idle.rss.toFixed(1)} MB, ` +
        `peak ${after.hwm.toFixed(1)} MB (+${(after.hwm - idle.rss).toFixed(1)} MB above idle), after ${after.rss.toFixed(1)} MB`,
    );
    const page = await new Promise<{ headers: number; body: number }>((resolve, reject) => {
      const seeded = seedQuote(dataDir, LARGEST_QUOTE);
      request(`${base}/quote/${seeded.token}`, { headers: { "Accept-Encoding": "br" } }, (res) => {
        let body = 0;
        res.on("data", (c: Buffer) => (body += c.length));
        res.on("end", () => {
          let headers = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n`.length + 2;
          for (let i = 0; i < res.rawHeaders.length; i += 2)
            headers += `${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}\r\n`.length;
          resolve({ headers, body });
        });
      })
        .on("error", reject)
        .end();
    });
    console.log(
      `Homeowner's page, largest quote: ${page.headers} B headers + ${page.body} B brotli = ${page.headers + page.body} B`,
    );
  } finally {
    server.kill();
  }
}

await accepting(false);
await accepting(true);
await pdfWithSixPhotos();
agent.destroy();
