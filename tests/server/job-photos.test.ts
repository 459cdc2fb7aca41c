// A job's photos before and after, against the built server publishing into a clone of the site: the owner's routes
// refuse strangers on every spelling; an upload is stripped of its GPS (the bytes are read); the homeowner's consent is
// a POST from our pages only and a GET changes nothing; a pair without consent is refused; with it, the pair is on the
// service page within the publish goal and in the image sitemap, which lists every picture each page shows (issue 64);
// erasure names the photos on the site before it acts.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOwnerConsole } from "../../server/owner/owner-console.ts";
import { jpegMetadataSegments } from "../../server/photos/photo-ingest.ts";
import { freePort, startServer, stopServer, type RunningServer } from "./harness.ts";
import { LEAKS } from "./raw-http.ts";
import { multipartBody } from "../support/multipart.ts";
import { pagePictures } from "../support/page-pictures.ts";
import { seedJob } from "../support/seed-job.ts";
import { tableRows, withStoreAt } from "../support/server-db.ts";
import { siteClone } from "../support/site-clone.ts";
import { hasGps, makeTestPhoto } from "../support/test-photos.ts";

let work: string;
let clone: string;
let dataDir: string;
let server: RunningServer;
let base: string;
let session: { token: string; csrf: string };
let job: ReturnType<typeof seedJob>;
let phone: Buffer;
const figures: string[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), "job-photos-"));
  clone = siteClone(path.join(work, "site"));
  // A server's working copy has its index refreshed long before; a fresh clone's first `git status` hashes every file.
  execFileSync("git", ["-C", clone, "status", "--porcelain"]);
  dataDir = mkdtempSync(path.join(tmpdir(), "job-photos-data-"));
  // The request named no town; the estimate visit's address is in Bloomington (issue 64: the pair names it).
  job = seedJob(dataDir, { city: null, visitTown: "Bloomington" });
  session = withStoreAt(dataDir, (store) => {
    const made = createOwnerConsole({ db: store.db }).sessions.create({ ip: null, userAgent: null, passkeyId: null });
    return { token: made.token, csrf: made.session.csrf };
  });
  phone = readFileSync(await makeTestPhoto(path.join(work, "IMG_0001.JPG"), { width: 2400, height: 1800 }));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = await startServer(
    { PORT: String(port), SITE_URL: base, SITE_REPO: clone, BACKUP_DIR: "off", RATE_LIMIT_PER_MINUTE: "100000" },
    dataDir,
  );
  // The start flushes the owner's pending pushes (the seeded acceptance's) in the background: let it, so the
  // snapshots below see only what the requests do.
  const pending = () =>
    withStoreAt(dataDir, (store) =>
      store.db.prepare("SELECT count(*) AS n FROM quote_events WHERE push_pending = 1").get(),
    ) as { n: number };
  for (const started = Date.now(); pending().n > 0 && Date.now() - started < 15_000;) await sleep(50);
}, 120_000);

afterAll(async () => {
  if (server) await stopServer(server);
  console.log(`job photos:\n  ${figures.join("\n  ")}`);
  rmSync(work, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

const owner = () => ({ Cookie: `owner=${session.token}` });
const photosPath = () => `/owner/jobs/${job.jobId}/photos`;
const rows = () => withStoreAt(dataDir, tableRows);
const jobPhotos = () => withStoreAt(dataDir, (store) => store.jobPhotos.list(job.jobId));

function upload(kind: string, bytes: Buffer, headers: Record<string, string> = {}, csrf = session.csrf) {
  const { body, contentType } = multipartBody([
    { name: "csrf", value: csrf },
    { name: "intent", value: "add" },
    { name: "kind", value: kind },
    { name: "photos", filename: "IMG_0001.JPG", bytes },
  ]);
  return fetch(base + photosPath(), {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base, "Content-Type": contentType, ...owner(), ...headers },
    body,
  });
}

function ownerPost(pathname: string, fields: Record<string, string>) {
  return fetch(base + pathname, {
    method: "POST",
    redirect: "manual",
    headers: { ...owner(), Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrf: session.csrf, ...fields }),
  });
}

function consent(photo: number, headers: Record<string, string> = { Origin: base, "Sec-Fetch-Site": "same-origin" }) {
  return fetch(`${base}/job/${job.token}/photos/${photo}/consent`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams({ intent: "consent" }),
  });
}

const spellings = (p: string) => [
  p,
  p.toUpperCase(),
  p.replace("/owner", "/%6Fwner"),
  p.replace("/owner", "/x/../owner"),
  `${p}.data`,
  `${p};x=1`,
  p.replace("/owner", "/Owner"),
];

describe("job photos: the owner's routes", () => {
  it("refuse strangers on every spelling, and a forged or tokenless upload stores nothing", async () => {
    const before = JSON.stringify(rows());
    for (const p of [photosPath(), `${photosPath()}/1`, `${photosPath()}/1-small`].flatMap(spellings)) {
      const response = await fetch(base + p, { redirect: "manual" });
      const body = await response.text();
      expect(body, p).not.toMatch(LEAKS);
      const location = response.headers.get("location") ?? "";
      expect(
        (response.status === 302 && location.startsWith("/owner/sign-in")) ||
          [401, 404].includes(response.status) ||
          (response.status === 202 && /sign-in/.test(body)) ||
          (response.status === 204 && /sign-in/.test(response.headers.get("x-remix-redirect") ?? "")),
        `${p} -> ${response.status}`,
      ).toBe(true);
    }
    expect((await upload("before", phone, { Cookie: "" })).status).toBe(401);
    expect(
      (await upload("before", phone, { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" })).status,
    ).toBe(403);
    expect((await upload("before", phone, {}, "not-the-token")).status).toBe(403);
    const unknown = await ownerPost(photosPath(), { intent: "frobnicate" });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(rows())).toBe(before);
  }, 60_000);

  it("strips an upload of its GPS and camera data: the stored bytes are read", async () => {
    // The phone's photo carries the GPS position, its camera and a comment naming the street.
    expect(hasGps((await sharp(phone).metadata()).exif)).toBe(true);
    expect(phone.includes(Buffer.from("Oak St"))).toBe(true);
    for (const kind of ["before", "after", "after"]) {
      const response = await upload(kind, phone);
      expect(response.status, await response.text()).toBe(302);
      expect(response.headers.get("location")).toMatch(/\/photos\?done=Added/);
    }
    const stored = jobPhotos();
    expect(stored.map((p) => p.kind)).toEqual(["before", "after", "after"]);
    const kept = withStoreAt(dataDir, (store) =>
      stored.flatMap((p) =>
        (["full", "preview"] as const).map((size) => [`${p.id} ${size}`, store.jobPhotos.bytes(p, size)] as const),
      ),
    );
    for (const [name, bytes] of kept) {
      if (!bytes) throw new Error(`${name}: no bytes stored`);
      expect(jpegMetadataSegments(bytes), name).toEqual([]);
      const meta = await sharp(bytes).metadata();
      expect(meta.exif ?? meta.xmp ?? meta.icc, name).toBeUndefined();
      expect(bytes.includes(Buffer.from("Oak St")), name).toBe(false);
      expect(bytes.includes(Buffer.from("TestPhone")), name).toBe(false);
    }
    const first = stored[0]?.id ?? 0;
    const image = await fetch(`${base}${photosPath()}/${first}`, { headers: owner() });
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/jpeg");
    expect(image.headers.get("cache-control")).toContain("no-store");
    const served = Buffer.from(await image.arrayBuffer());
    expect(hasGps((await sharp(served).metadata()).exif)).toBe(false);
    // The homeowner's copy, by the job's link: never stored, never indexed, no Referer.
    const theirs = await fetch(`${base}/job/${job.token}/photos/${first}-small`);
    expect(theirs.status).toBe(200);
    expect(theirs.headers.get("referrer-policy")).toBe("no-referrer");
    expect(theirs.headers.get("cache-control")).toContain("no-store");
    expect(theirs.headers.get("x-robots-tag")).toMatch(/noindex/);
    expect((await fetch(`${base}/job/${job.token}/photos/999`)).status).toBe(404);
    expect((await fetch(`${base}/job/${"x".repeat(43)}/photos/${first}`)).status).toBe(404);
  }, 120_000);
});

describe("job photos: the homeowner's consent and the owner's publish", () => {
  it("a GET changes nothing; a cross-site POST is refused; publishing without consent is refused", async () => {
    const [before] = jobPhotos();
    const id = before?.id ?? 0;
    const snapshot = JSON.stringify(rows());
    const get = await fetch(`${base}/job/${job.token}/photos/${id}/consent`, { redirect: "manual" });
    expect(get.status).toBe(303);
    expect(get.headers.get("location")).toBe(`/job/${job.token}#photos`);
    const crossSite = await consent(id, { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.text()).not.toMatch(LEAKS);
    const sameSite = await consent(id, { Origin: "null", "Sec-Fetch-Site": "same-site" });
    expect(sameSite.status).toBe(403);
    expect(JSON.stringify(rows())).toBe(snapshot);

    const [, after] = jobPhotos();
    const head = execFileSync("git", ["-C", clone, "rev-parse", "HEAD"], { encoding: "utf8" });
    const refused = await ownerPost(photosPath(), publishFields(id, after?.id ?? 0));
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("homeowner’s yes first");
    expect(execFileSync("git", ["-C", clone, "rev-parse", "HEAD"], { encoding: "utf8" })).toBe(head);
    expect(JSON.stringify(rows())).toBe(snapshot);
  });

  it("with both photos consented, the pair is on the service page within seconds, on the town page of the visit's address, and in the image sitemap", async () => {
    const [before, after] = jobPhotos();
    // The page a job's photos posts from says "Origin: null" (no-referrer): a page of ours all the same.
    const yes = await consent(before?.id ?? 0, { Origin: "null", "Sec-Fetch-Site": "same-origin" });
    expect(yes.status).toBe(303);
    expect(yes.headers.get("location")).toBe(`/job/${job.token}#photos`);
    expect((await consent(after?.id ?? 0)).status).toBe(303);
    const consented = jobPhotos();
    expect(consented[0]?.consent_words).toContain("house number");

    // The owner opens the page (the render's worker gets ready), then taps.
    expect((await fetch(base + photosPath(), { headers: owner() })).status).toBe(200);
    await sleep(5000);
    const started = performance.now();
    const published = await ownerPost(photosPath(), publishFields(before?.id ?? 0, after?.id ?? 0));
    expect(published.status, await published.text()).toBe(302);
    let page = "";
    while (performance.now() - started < 40_000) {
      page = await (await fetch(`${base}/services/chimney-crowns`)).text();
      if (page.includes("Crumbling crown before the repair")) break;
      await sleep(25);
    }
    const seconds = (performance.now() - started) / 1000;
    const load = loadavg()[0] ?? 0;
    figures.push(
      ...server
        .output()
        .split("\n")
        .filter((l) => /^\s*Published /.test(l)),
    );
    figures.push(
      `pair live on the service page ${seconds.toFixed(2)} s after the tap (editor open 5 s before), load ${load.toFixed(1)}`,
    );
    expect(page).toContain("After: New poured crown");
    // The publish goal is 1.5 s (decision 0027): 1.14-1.45 s here at load 1.5-2.0 (docs/benchmarks.md). The bound
    // leaves room for a busy runner and still catches what cost 3.1-3.4 s before: a git answer waiting behind the
    // worker's warm-up, a 48 MB heap spent collecting garbage, or a publish that encodes the photos again.
    expect(seconds).toBeLessThan(load <= cpus().length ? 2.5 : 30);
    const town = await (await fetch(`${base}/locations/bloomington`)).text();
    expect(town).toContain("Before: New poured crown");

    const pair = withStoreAt(dataDir, (store) => store.jobPhotos.pairs(job.jobId));
    expect(pair).toMatchObject([{ state: "published", service: "chimney-crowns", city: "bloomington" }]);
    const beforeFile = pair[0]?.before_file ?? "";
    expect(beforeFile).toBe("chimney-crowns-bloomington-before.jpg");
    // JSON-LD names the gallery's photo as an image of the service.
    const ld = [...page.matchAll(/<script type="application\/ld\+json">([^<]+)<\/script>/g)].map((m) => m[1]).join();
    expect(ld).toMatch(
      /"image":\["[^"]+\.svg","[^"]+\/photos\/chimney-crowns-bloomington-before-[0-9a-f]{10}-\d+\.jpg"/,
    );
    const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
    expect(sitemap).toContain('xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"');
    expect(sitemap).toMatch(
      /<image:loc>[^<]+\/photos\/chimney-crowns-bloomington-after-[0-9a-f]{10}-\d+\.jpg<\/image:loc>/,
    );
    // Nothing of the house reaches git: the published copy has no metadata either.
    const committed = readFileSync(path.join(clone, "content/photos", beforeFile));
    expect(jpegMetadataSegments(committed)).toEqual([]);
    // On the site now: the homeowner's yes is not taken back from the page, and the owner cannot remove the photo.
    const withdraw = await fetch(`${base}/job/${job.token}/photos/${before?.id ?? 0}/consent`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "withdraw" }),
    });
    expect(withdraw.status).toBe(409);
    expect((await ownerPost(photosPath(), { intent: "remove", photo: String(before?.id ?? 0) })).status).toBe(409);
  }, 60_000);

  it("the image sitemap lists under each page every picture the page shows, on SITE_URL, and each one answers 200", async () => {
    const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
    const pages = [...sitemap.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, entry = ""]) => ({
      loc: /<loc>([^<]+)<\/loc>/.exec(entry)?.[1] ?? "",
      images: [...entry.matchAll(/<image:image>\s*<image:loc>([^<]+)<\/image:loc>\s*<\/image:image>/g)].map(
        ([, loc = ""]) => loc,
      ),
    }));
    expect(pages.length).toBeGreaterThan(20);
    const answered = new Map<string, number>();
    for (const { loc, images } of pages) {
      expect(new URL(loc).origin, loc).toBe(base);
      const shown = pagePictures(await (await fetch(loc)).text());
      expect(images.map((image) => image.replace(base, "")).sort(), loc).toEqual(shown);
      for (const image of images) {
        expect(new URL(image).origin, image).toBe(base);
        if (!answered.has(image)) answered.set(image, (await fetch(image)).status);
      }
    }
    expect([...answered].filter(([, status]) => status !== 200)).toEqual([]);
    // A service page: its own picture and the gallery's pair; the home page: its pictures and every service's.
    const listed = (pagePath: string) => pages.find((p) => p.loc === base + pagePath)?.images ?? [];
    expect(listed("/services/chimney-crowns")).toEqual([
      `${base}/images/chimney-crowns.webp`,
      expect.stringMatching(/\/photos\/chimney-crowns-bloomington-before-[0-9a-f]{10}-\d+\.jpg$/),
      expect.stringMatching(/\/photos\/chimney-crowns-bloomington-after-[0-9a-f]{10}-\d+\.jpg$/),
    ]);
    expect(listed("/")).toEqual(
      expect.arrayContaining([`${base}/images/hero-home.webp`, `${base}/images/tuckpointing.webp`]),
    );
    expect(listed("/locations/bloomington")).toEqual(
      expect.arrayContaining([`${base}/images/city-skyline.webp`, expect.stringMatching(/-bloomington-after-/)]),
    );
    figures.push(`image sitemap: ${pages.length} pages, ${answered.size} pictures, every one 200`);
  });

  it("erasure asks first, naming the photos on the site, and keeps them with the consent; the rest go", async () => {
    const preview = await ownerPost("/owner/erase", { intent: "preview", email: job.email });
    const words = await preview.text();
    expect(preview.status).toBe(200);
    expect(words).toContain("These photos of their job are on the site");
    expect(words).toContain("chimney-crowns-bloomington-before.jpg and chimney-crowns-bloomington-after.jpg");
    expect(jobPhotos()).toHaveLength(3);

    const erased = await ownerPost("/owner/erase", { intent: "erase", email: job.email });
    expect(erased.status).toBe(302);
    const left = jobPhotos();
    expect(left.map((p) => p.kind)).toEqual(["before", "after"]);
    expect(left.every((p) => p.consent_at !== null)).toBe(true);
    expect(withStoreAt(dataDir, (store) => store.db.prepare("SELECT count(*) AS n FROM job_photos").get())).toEqual({
      n: 2,
    });
  });
});

function publishFields(before: number, after: number): Record<string, string> {
  return {
    intent: "publish",
    before: String(before),
    after: String(after),
    service: "chimney-crowns",
    caption: "New poured crown",
    altBefore: "Crumbling crown before the repair",
    altAfter: "New concrete crown with a drip edge",
  };
}
