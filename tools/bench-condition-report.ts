// `npx tsx tools/bench-condition-report.ts` (after `npm run build`): issue 66's figures for docs/benchmarks.md, on
// the built server. A report with 30 photos (two flues, 14 parts each: 10 findings with two photos each, 10 Good
// parts with a baseline photo, one part not inspected), recorded through the server's own photo ingest from 2048 px
// phone JPEGs with grain, is sent as the owner sends it (POST …/report/save, intent send): the PDF is drawn in the
// server's worker and frozen with its version; then corrected twice (a note changed, sent with its reason), each a
// new version with its own 30-photo PDF. Printed:
// - each send's time to its answer (the PDF drawn, the version frozen), and the PDFs' sizes;
// - the server's resident memory idle, at its peak (VmHWM) and after, above idle;
// - the event loop's largest delay over the sends (EVENT_LOOP_MONITOR=1, a 1 ms timer, read with SIGUSR2);
// - the homeowner's page (/report/<link>) as served with brotli: bytes of the first response, its images (sized,
//   and lazy), and whether it has a script.
// The load average is printed: the machine may be shared. Not part of `npm test`.
import { execSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { request } from "node:http";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { createOwnerConsole } from "../server/owner/owner-console.ts";
import { openEstimateStore } from "../server/requests/estimate-store.ts";
import { recordReportIn } from "../tests/support/seed-recorded-report.ts";
import { seedVisitIn, type SeededVisit } from "../tests/support/seed-report.ts";
import { makeTestPhoto } from "../tests/support/test-photos.ts";
import { startProductionServer } from "./production-server.ts";

const SENDS = 3;
const MALLOC = { MALLOC_ARENA_MAX: "1", MALLOC_MMAP_THRESHOLD_: "32768", MALLOC_TRIM_THRESHOLD_: "131072" };
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");

execSync("npx tsx scripts/ensure-build.ts", { stdio: "inherit" });
console.log(`Load average at the start: ${load()}`);
const dataDir = mkdtempSync(path.join(tmpdir(), "bench-condition-report-"));
const work = mkdtempSync(path.join(tmpdir(), "bench-condition-report-photos-"));

/** Phone photos as the console sends them: 2048 px, with grain so their JPEGs are as large as a real one's. */
const phone = (n: number) =>
  makeTestPhoto(path.join(work, `p${n}.jpg`), { width: 2048, height: 1536, seed: n * 7919, grain: true }).then((f) =>
    readFileSync(f),
  );

let visit: SeededVisit | undefined;
const token = await (async () => {
  const store = openEstimateStore({ dataDir });
  try {
    visit = seedVisitIn(store, { day: "2027-04-10", flues: 2, lead: { email: "bench@example.com" } });
    const t0 = performance.now();
    const { photoIds } = await recordReportIn(store, visit, {
      plan: "full",
      photosEach: 2,
      goodPhotos: 10,
      photo: phone,
    });
    console.log(`${photoIds.length} photos recorded in ${(performance.now() - t0).toFixed(0)} ms`);
    return createOwnerConsole({ db: store.db }).sessions.create({ ip: null, userAgent: null, passkeyId: null });
  } finally {
    store.close();
  }
})();
const visitId = visit?.visitId ?? 0;
const flueId = visit?.flueIds[0] ?? 0;

function memory(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? 0) / 1024;
  return { rss: kb("VmRSS"), hwm: kb("VmHWM") };
}

const { base, server } = await startProductionServer({
  DATA_DIR: dataDir,
  BACKUP_DIR: "off",
  BUILD_DIR: "build",
  EVENT_LOOP_MONITOR: "1",
  EVENT_LOOP_RESOLUTION_MS: "1",
  RATE_LIMIT_PER_MINUTE: "100000",
  ...MALLOC,
});
let out = "";
server.stdout?.on("data", (d: Buffer) => (out += String(d)));
/** The event loop's largest delay beyond its 1 ms timer since the last ask. */
async function loopMax(): Promise<number> {
  const before = out.length;
  server.kill("SIGUSR2");
  for (let i = 0; i < 100 && !/max [\d.]+ ms\)/.test(out.slice(before)); i++)
    await new Promise((r) => setTimeout(r, 20));
  return Number(/beyond the 1 ms timer: .*max ([\d.]+) ms\)/.exec(out.slice(before))?.[1] ?? NaN);
}

const owner = { Cookie: `owner=${token.token}`, Origin: base, "Content-Type": "application/x-www-form-urlencoded" };
try {
  // The server warms its console's pages once it listens (server/start.ts): the figures are of a server at rest after.
  for (let i = 0; i < 1200 && !out.includes("Warmed up for the owner's first taps"); i++)
    await new Promise((r) => setTimeout(r, 100));
  await new Promise((r) => setTimeout(r, 3000));
  const idle = memory(server.pid ?? 0);
  await loopMax();
  const sends: { ms: number; pdf: number; loop: number }[] = [];
  const post = (fields: Record<string, string>) =>
    fetch(`${base}/owner/visits/${visitId}/report/save`, {
      method: "POST",
      headers: owner,
      body: new URLSearchParams({ csrf: token.session.csrf, ...fields }),
    });
  // The loop's delay with nothing asked of the server: what the machine's load alone costs it (2 cores, shared).
  await new Promise((r) => setTimeout(r, 3000));
  const atRest = await loopMax();
  // The owner has the report open when he sends it: its page read the words library (a first read parses it).
  await fetch(`${base}/owner/visits/${visitId}/report`, { headers: { Cookie: owner.Cookie } });
  const opening = await loopMax();
  for (let n = 1; n <= SENDS; n++) {
    if (n > 1) {
      // A correction: the crown's note changed, as the owner would after sending.
      const saved = await post({
        intent: "finding",
        flue: String(flueId),
        part: "crown",
        state: "repair",
        defect: "cracked",
        note: `Open crack across the north side of the crown, ${n} inches wide.`,
        worseIf: "",
        recheckDay: "",
        notInspectedWhy: "",
      });
      if (saved.status !== 200) throw new Error(`the correction was not saved: ${saved.status} ${await saved.text()}`);
    }
    const t0 = performance.now();
    const sent = await post({ intent: "send", reason: n > 1 ? `The crack is ${n} inches wide.` : "" });
    const ms = performance.now() - t0;
    const body = (await sent.json()) as { ok?: boolean; version?: number };
    if (!body.ok || body.version !== n) throw new Error(`version ${n} was not sent: ${JSON.stringify(body)}`);
    const store = openEstimateStore({ dataDir });
    const pdf = store.db
      .prepare<[number, number], { n: number }>(
        `SELECT length(d.pdf) AS n FROM report_documents d JOIN report_versions v ON v.id = d.version_id
         JOIN condition_reports r ON r.id = v.report_id WHERE r.visit_id = ? AND v.version = ?`,
      )
      .get(visitId, n)?.n;
    store.close();
    sends.push({ ms, pdf: pdf ?? 0, loop: await loopMax() });
  }
  const after = memory(server.pid ?? 0);
  const mb = (b: number) => (b / 1_000_000).toFixed(2);
  console.log(
    `Sends with 30 photos, versions 1 to ${SENDS} (PDF drawn in the worker, version frozen): ${sends.map((s) => `${s.ms.toFixed(0)} ms`).join(", ")}; ` +
      `PDF ${sends.map((s) => `${mb(s.pdf)} MB`).join(", ")}`,
  );
  console.log(
    `Memory: idle ${idle.rss.toFixed(1)} MB, peak ${after.hwm.toFixed(1)} MB (+${(after.hwm - idle.rss).toFixed(1)} MB ` +
      `over idle), after ${after.rss.toFixed(1)} MB`,
  );
  console.log(`Event loop at rest over 3 s, nothing asked (the machine's load alone): max ${atRest} ms`);
  console.log(`Event loop, opening the report's page first: max ${opening} ms`);
  console.log(
    `Event loop, largest delay beyond its 1 ms timer during each send (and the correction saved before it): ${sends
      .map((s) => `${s.loop} ms`)
      .join(", ")}`,
  );

  // The homeowner's page, by a link the owner opens (as the e-mail's would).
  const opened = await fetch(`${base}/owner/visits/${visitId}/report`, {
    method: "POST",
    headers: owner,
    body: new URLSearchParams({ csrf: token.session.csrf, intent: "open-version", version: "1" }),
    redirect: "manual",
  });
  const link = opened.headers.get("location") ?? "";
  if (!link.startsWith("/report/")) throw new Error(`no link: ${opened.status} ${link}`);
  const page = await new Promise<{ headers: number; body: number; html: string }>((resolve, reject) => {
    request(`${base}${link}`, { headers: { "Accept-Encoding": "br" } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        let headers = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n`.length + 2;
        for (let i = 0; i < res.rawHeaders.length; i += 2)
          headers += `${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}\r\n`.length;
        if (res.headers["content-encoding"] !== "br") reject(new Error("the page was not served with brotli"));
        const body = Buffer.concat(chunks);
        import("node:zlib")
          .then(({ brotliDecompressSync }) =>
            resolve({ headers, body: body.length, html: brotliDecompressSync(body).toString("utf8") }),
          )
          .catch(reject);
      });
    })
      .on("error", reject)
      .end();
  });
  const images = page.html.match(/<img [^>]+>/g) ?? [];
  const sized = images.filter((i) => /width="\d+"/.test(i) && /height="\d+"/.test(i)).length;
  const lazy = images.filter((i) => /loading="lazy"/.test(i)).length;
  console.log(
    `Homeowner's page, 30 photos: ${page.body} B brotli (+${page.headers} B headers), ${page.html.length} B HTML; ` +
      `${images.length} images, ${sized} sized, ${lazy} lazy; script: ${/<script/i.test(page.html) ? "yes" : "none"}`,
  );
} finally {
  server.kill();
  console.log(`Load average at the end: ${load()}`);
}
