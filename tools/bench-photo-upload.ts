// `npx tsx tools/bench-photo-upload.ts` (after `npm run build`): issue 66's figure for docs/benchmarks.md. Ten phone
// photos of ~4 MB each taken on a condition report at 375 px, over a 1.6 Mbit/s link (Chromium's own throttle, CDP
// Network.emulateNetworkConditions) that is cut twice in the middle of an upload for 8 s: the browser goes offline
// (context.setOffline and the throttle's own emulation) and a proxy between it and the server drops every open
// connection and refuses new ones, so the body being sent really stops half-way (Chromium's offline emulation alone
// lets a request already on the wire finish).
// Prints: each photo's size as taken and as sent (the phone resizes to ~2048 px), the uploads tried and how each
// ended, the time until the server had all ten, and what the database holds: ten rows, each once, each with the
// phone's hash. Exits 1 if a photo is lost or doubled. Not part of `npm test`.
import { execSync } from "node:child_process";
import { mkdtempSync, statSync, writeFileSync } from "node:fs";
import { connect, createServer, type Socket } from "node:net";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { createOwnerConsole } from "../server/owner/owner-console.ts";
import { openEstimateStore } from "../server/requests/estimate-store.ts";
import { seedVisit } from "../tests/support/seed-report.ts";
import sharp from "sharp";
import { makeTestPhoto } from "../tests/support/test-photos.ts";
import { launchChromium } from "./chromium.ts";
import { startProductionServer } from "./production-server.ts";

const LINK = { bitsPerSecond: 1_600_000, latencyMs: 150 };
const DROP_MS = 8_000;
/** Which uploads the signal drops in the middle of (their order of starting, from 1). */
const DROPS = [2, 6];

execSync("npx tsx scripts/ensure-build.ts", { stdio: "inherit" });
const dataDir = mkdtempSync(path.join(tmpdir(), "bench-photo-upload-"));
const visit = seedVisit(dataDir, { flues: 1 });
const session = (() => {
  const store = openEstimateStore({ dataDir });
  try {
    return createOwnerConsole({ db: store.db }).sessions.create({ ip: null, userAgent: null, passkeyId: null });
  } finally {
    store.close();
  }
})();

/**
 * A 12 MP phone photo of about 4 MB: the test scene (with a phone's EXIF, GPS and rotation flag), under sensor noise
 * strong enough that JPEG at the quality a phone uses keeps it that large.
 */
async function fourMegabytes(file: string, seed: number, orientation: number): Promise<string> {
  await makeTestPhoto(file, { width: 4032, height: 3024, seed, orientation });
  const noise = await sharp({
    create: {
      width: 4032,
      height: 3024,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 17 },
    },
  })
    .png({ compressionLevel: 1 })
    .toBuffer();
  const bytes = await sharp(file)
    .composite([{ input: noise, blend: "soft-light" }])
    .keepMetadata()
    .jpeg({ quality: 90, chromaSubsampling: "4:4:4" })
    .toBuffer();
  writeFileSync(file, bytes);
  return file;
}

const work = mkdtempSync(path.join(tmpdir(), "bench-photos-"));
const photos: string[] = [];
for (let i = 0; i < 10; i++)
  photos.push(await fourMegabytes(path.join(work, `IMG_${1000 + i}.JPG`), 100 + i, i % 3 === 0 ? 6 : 1));
const taken = photos.map((p) => statSync(p).size);

const { base, server } = await startProductionServer({
  DATA_DIR: dataDir,
  BACKUP_DIR: "off",
  RATE_LIMIT_PER_MINUTE: "100000",
});
// The phone's signal: a proxy that can drop every connection and refuse new ones.
const target = new URL(base);
const open = new Set<Socket>();
let down = false;
const proxy = createServer((client) => {
  if (down) return client.destroy();
  const upstream = connect(Number(target.port), target.hostname);
  for (const s of [client, upstream]) {
    open.add(s);
    s.on("close", () => open.delete(s));
    s.on("error", () => {});
  }
  client.pipe(upstream).pipe(client);
});
await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
const proxyPort = (proxy.address() as { port: number }).port;
const origin = `http://localhost:${proxyPort}`;
const browser = await launchChromium();
let failed = false;
try {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  await context.addCookies([{ name: "owner", value: session.token, url: origin }]);
  const page = await context.newPage();
  const report = `${origin}/owner/visits/${visit.visitId}/report`;
  await page.goto(report);
  await page.locator('[data-island="ReportField"][data-hydrated]').waitFor();

  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  const throttle = (offline: boolean) =>
    cdp.send("Network.emulateNetworkConditions", {
      offline,
      latency: LINK.latencyMs,
      downloadThroughput: LINK.bitsPerSecond / 8,
      uploadThroughput: LINK.bitsPerSecond / 8,
    });
  await throttle(false);

  const tried: { id: string; outcome: string; bytes: number }[] = [];
  let started = 0;
  const drops: Promise<void>[] = [];
  page.on("request", (request) => {
    if (request.method() !== "POST" || !request.url().includes("/report/photos/")) return;
    started += 1;
    if (!DROPS.includes(started)) return;
    // The signal goes a second into this upload, and comes back DROP_MS later.
    drops.push(
      (async () => {
        await new Promise((r) => setTimeout(r, 1000));
        down = true;
        for (const socket of open) socket.destroy();
        await context.setOffline(true);
        await throttle(true);
        await new Promise((r) => setTimeout(r, DROP_MS));
        down = false;
        await throttle(false);
        await context.setOffline(false);
      })(),
    );
  });
  page.on("requestfinished", (request) => {
    if (request.method() !== "POST" || !request.url().includes("/report/photos/")) return;
    void request.response().then((response) =>
      tried.push({
        id: /photos\/([0-9a-f-]{36})/.exec(request.url())?.[1] ?? "",
        outcome: String(response?.status() ?? "no answer"),
        bytes: request.postDataBuffer()?.length ?? 0,
      }),
    );
  });
  page.on("requestfailed", (request) => {
    if (request.method() !== "POST" || !request.url().includes("/report/photos/")) return;
    tried.push({
      id: /photos\/([0-9a-f-]{36})/.exec(request.url())?.[1] ?? "",
      outcome: `failed (${request.failure()?.errorText ?? "?"})`,
      bytes: request.postDataBuffer()?.length ?? 0,
    });
  });

  const start = Date.now();
  // Three photos a part at most: crown, cap, bricks, and one of the mortar.
  const parts: [string, string[]][] = [
    ["Crown", photos.slice(0, 3)],
    ["Chimney cap", photos.slice(3, 6)],
    ["Bricks", photos.slice(6, 9)],
    ["Mortar joints", photos.slice(9)],
  ];
  for (const [name, files] of parts) {
    const details = page.locator("details").filter({ has: page.locator("summary", { hasText: name }) });
    await details.locator("summary").click();
    await details.locator('input[type="file"]').setInputFiles(files);
  }
  await page
    .getByRole("status")
    .filter({ hasText: "All photos are on the server." })
    .waitFor({ timeout: 15 * 60_000 });
  const seconds = (Date.now() - start) / 1000;
  await Promise.all(drops);

  const store = openEstimateStore({ dataDir });
  const rows = store.db
    .prepare<[], { client_id: string; stored: number; upload_sha256: string | null; bytes_in: number | null }>(
      "SELECT client_id, stored_at IS NOT NULL AS stored, upload_sha256, bytes_in FROM report_photos ORDER BY id",
    )
    .all();
  store.close();
  const phone = (await page.evaluate(async () => {
    const open = indexedDB.open("owner-field");
    const db = await new Promise<IDBDatabase>((resolve) => (open.onsuccess = () => resolve(open.result)));
    const all = db.transaction("photos").objectStore("photos").getAll();
    return new Promise((resolve) => (all.onsuccess = () => resolve(all.result)));
  })) as { id: string; sha256: string; state: string; bytes: number }[];

  const distinct = new Set(rows.map((r) => r.client_id)).size;
  const matched = phone.filter((p) => rows.some((r) => r.client_id === p.id && r.upload_sha256 === p.sha256)).length;
  const lost = phone.filter((p) => !rows.some((r) => r.client_id === p.id && r.stored)).length;
  failed = rows.length !== 10 || distinct !== 10 || lost !== 0 || matched !== 10 || !rows.every((r) => r.stored);
  const mb = (n: number) => (n / 1_000_000).toFixed(2);
  const sent = rows.map((r) => r.bytes_in ?? 0);
  console.log(
    `condition report photos over ${LINK.bitsPerSecond / 1e6} Mbit/s, ${LINK.latencyMs} ms, the signal cut twice:`,
  );
  console.log(
    `  taken: 10 photos, ${mb(Math.min(...taken))}-${mb(Math.max(...taken))} MB each, ${mb(taken.reduce((a, b) => a + b))} MB`,
  );
  console.log(
    `  sent (resized on the phone): ${mb(Math.min(...sent))}-${mb(Math.max(...sent))} MB each, ${mb(sent.reduce((a, b) => a + b))} MB`,
  );
  console.log(
    `  uploads tried: ${tried.length} (${[...new Set(tried.map((t) => t.outcome))].map((o) => `${tried.filter((t) => t.outcome === o).length}× ${o}`).join(", ")})`,
  );
  console.log(`  all on the server after ${seconds.toFixed(1)} s`);
  console.log(
    `  database: ${rows.length} rows, ${distinct} distinct ids, ${rows.filter((r) => r.stored).length} stored, ${matched} with the phone's hash; lost ${lost}, doubled ${rows.length - distinct}`,
  );
  console.log(
    `  load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  await context.close();
} finally {
  await browser.close();
  proxy.close();
  server.kill();
}
process.exit(failed ? 1 : 0);
