// A publish renders; it does not build (issue 38, decision 0027). Against the built server on a clone of the site:
// the pages a publish renders are the bytes `npm run build` prerendered for the same content; a phone change through
// the console is live in seconds with the server's own code (no build, no new bundle, no restart) while every public
// request is answered; a restart serves the published render; undo takes the same path.
import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { get as httpGet } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, constants as zlibConstants } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openEstimateStore } from "../../server/requests/estimate-store.ts";
import { createOwnerConsole } from "../../server/owner/owner-console.ts";
import { renderInWorker } from "../../server/publishing/render-in-worker.ts";
import { freePort, startServer, stopServer, type RunningServer } from "./harness.ts";
import { postPhoneChange } from "../support/console-forms.ts";
import { pollPublic } from "../support/poll-public.ts";
import { siteClone } from "../support/site-clone.ts";
import { LEAKS, rawGet } from "./raw-http.ts";

let work: string;
let clone: string;
let dataDir: string;
let server: RunningServer;
let cookie: string;
let csrf: string;
let base: string;
const figures: string[] = [];

const sh = (cmd: string, ...args: string[]) => execFileSync(cmd, args, { encoding: "utf8" }).trim();
const git = (...args: string[]) => sh("git", "-C", clone, ...args);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function start() {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = await startServer(
    { PORT: String(port), SITE_URL: base, SITE_REPO: clone, BACKUP_DIR: "off", RATE_LIMIT_PER_MINUTE: "100000" },
    dataDir,
  );
}

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), "publish-render-"));
  clone = siteClone(path.join(work, "site"));
  dataDir = mkdtempSync(path.join(tmpdir(), "publish-render-data-"));
  const store = openEstimateStore({ dataDir });
  const session = createOwnerConsole({ db: store.db }).sessions.create({ ip: null, userAgent: null, passkeyId: null });
  store.close();
  cookie = `owner=${session.token}`;
  csrf = session.session.csrf;
  await start();
}, 120_000);

afterAll(async () => {
  if (server) await stopServer(server);
  console.log(`publish by render:\n  ${figures.join("\n  ")}`);
  rmSync(work, { recursive: true, force: true });
});

/** Every file a prerender or a render writes, by path under the folder: pages, sitemap, robots, and their copies. */
function renderedFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const entry of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const p = path.posix.join(rel, entry.name);
      if (entry.isDirectory()) {
        if (rel === "" && entry.name === "assets") continue;
        walk(p);
      } else if (/(^|\/)(index\.html|sitemap\.xml|robots\.txt)(\.br|\.gz)?$/.test(p)) out.push(p);
    }
  };
  walk("");
  return out.sort();
}

const QUALITY_11 = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } };
const QUICK = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } };

function compressibleIn(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(html|xml|txt)$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

/** Seconds until a render's manifest says its brotli copies are the quality-11 ones (brotli-upgrade.ts). */
async function waitForFinalBrotli(renderDir: string): Promise<number> {
  const started = performance.now();
  for (;;) {
    const manifest = JSON.parse(readFileSync(path.join(renderDir, "render.json"), "utf8")) as { brotli?: string };
    if (manifest.brotli === "final") return (performance.now() - started) / 1000;
    if (performance.now() - started > 30_000) throw new Error(`brotli still ${manifest.brotli} after 30 s`);
    await sleep(50);
  }
}

/** The brotli bytes the server sends for a path, as they come (fetch would decode them). */
async function rawBrotli(urlPath: string): Promise<Buffer> {
  // The swap into memory follows the manifest by a moment.
  for (let i = 0; ; i++) {
    const body = await new Promise<Buffer>((resolve, reject) => {
      httpGet(`${base}${urlPath}`, { headers: { "Accept-Encoding": "br" } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve(Buffer.concat(chunks)));
        res.on("error", reject);
      }).on("error", reject);
    });
    if (i > 40 || body.equals(readFileSync(path.join(clone, "renders/current/pages/index.html.br")))) return body;
    await sleep(50);
  }
}

async function savePhone(phone: string) {
  const res = await postPhoneChange(base, clone, phone, { cookie, csrf });
  expect([res.status, res.headers.get("location")]).toEqual([302, "/owner/site?saved"]);
}

/** The newest job on the console's Site page once it has finished, and the page's words for it. */
async function newestJob(timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const html = await (await fetch(`${base}/owner/site`, { headers: { cookie } })).text();
    const li = /<li[^>]*data-state="(\w+)"[^>]*>([\s\S]*?)<\/li>/.exec(html);
    if (li && ["failed", "published", "unchanged"].includes(li[1] ?? "")) {
      return { state: li[1], text: (li[2] ?? "").replace(/<[^>]+>/g, "").replace(/&#x27;/g, "'") };
    }
    if (Date.now() > deadline) throw new Error(`no finished job after ${timeoutMs} ms`);
    await sleep(50);
  }
}

/**
 * Publishes a phone through the console as the owner does (opens the editor, takes a few seconds to type, taps Save)
 * and waits until `/` serves it; the seconds from the tap.
 */
async function publishPhone(phone: string) {
  expect((await fetch(`${base}/owner/site/edit/business`, { headers: { cookie } })).status).toBe(200);
  await sleep(3000);
  const stop = pollPublic(() => base, 50);
  const tapped = performance.now();
  await savePhone(phone);
  for (;;) {
    if ((await (await fetch(`${base}/`)).text()).includes(phone)) break;
    if (performance.now() - tapped > 60_000) throw new Error(`${phone} not served after 60 s`);
    await sleep(20);
  }
  const seconds = (performance.now() - tapped) / 1000;
  const polled = await stop();
  return { seconds, ...polled };
}

describe("a publish renders; it does not build", () => {
  it("renders, with the code being served, the same bytes `npm run build` prerendered", async () => {
    const out = path.join(work, "render-check");
    const result = await renderInWorker({
      serverBuildPath: path.resolve("build/server/index.js"),
      contentDir: path.resolve("content"),
      outDir: out,
    });
    const built = renderedFiles(path.resolve("build/client"));
    expect(renderedFiles(out)).toEqual(built);
    expect(built.length).toBe(result.paths.length * 3);
    expect(built).toEqual(expect.arrayContaining(["index.html", "sitemap.xml", "robots.txt", "faq/index.html.br"]));
    const differing = built.filter(
      (f) => !readFileSync(path.join(out, f)).equals(readFileSync(path.join("build/client", f))),
    );
    expect(differing).toEqual([]);
    // The JSON-LD is in the pages: the same bytes include it.
    expect(readFileSync(path.join(out, "index.html"), "utf8")).toContain('"@type":"HomeAndConstructionBusiness"');
    figures.push(
      `render of ${result.paths.length} pages: ${result.renderMs} ms, precompressed in ${result.compressMs} ms`,
    );
  }, 120_000);

  it("puts a new phone number live in seconds with the server's own code: no build, no restart", async () => {
    const pid = server.process.pid;
    const buildsBefore = readdirSync(path.join(clone, "builds")).sort();
    const published = await publishPhone("(309) 555-0161");
    figures.push(`phone change, tap to served: ${published.seconds.toFixed(2)} s; ${JSON.stringify(published)}`);
    const job = await newestJob();
    expect(job.state).toBe("published");
    expect(job.text).toMatch(/Business facts: Phone/);
    for (const key of Object.keys(published.counts)) expect(key).toMatch(/ 200$/);
    expect(published.seconds).toBeLessThan(15);
    // Every page says it: the header, the JSON-LD, a server-rendered 404 and the sitemap's pages.
    for (const p of ["/", "/services/chimney-crowns", "/faq", "/no-such-page"]) {
      const html = await (await fetch(base + p)).text();
      expect(html, p).toContain("(309) 555-0161");
      expect(html, p).not.toContain("(309) 555-0134");
    }
    expect(server.process.exitCode).toBeNull();
    expect(server.process.pid).toBe(pid);
    // No build: builds/ as it was; the render is in renders/, named by renders/current.
    expect(readdirSync(path.join(clone, "builds")).sort()).toEqual(buildsBefore);
    const current = readlinkSync(path.join(clone, "renders/current"));
    expect(existsSync(path.join(clone, "renders", current, "pages/index.html.br"))).toBe(true);
    expect(git("log", "-1", "--format=%an|%s")).toBe("Owner (console)|Business facts: Phone");
    expect(git("status", "--porcelain")).toBe("");
  }, 120_000);

  it("serves the published pages with quick brotli copies, then the quality-11 ones `npm run build` would make", async () => {
    const current = path.join(clone, "renders", readlinkSync(path.join(clone, "renders/current")));
    const finalBr = await waitForFinalBrotli(current);
    // Each copy is the bytes precompress makes at quality 11, and what a browser asking for brotli is sent.
    for (const file of compressibleIn(path.join(current, "pages"))) {
      expect(readFileSync(`${file}.br`).equals(brotliCompressSync(readFileSync(file), QUALITY_11)), file).toBe(true);
    }
    const served = await fetch(`${base}/`, { headers: { "accept-encoding": "br" } });
    expect(served.headers.get("content-encoding")).toBe("br");
    expect(await rawBrotli("/")).toEqual(readFileSync(path.join(current, "pages/index.html.br")));
    figures.push(`quality-11 brotli copies in place ${finalBr.toFixed(2)} s after the check began`);
  }, 120_000);

  it("serves the published render after a restart, and finishes its brotli copies if the stop cut them short", async () => {
    await stopServer(server);
    // As if the server stopped before the quality-11 copies were made: the quick ones, and the manifest saying so.
    const current = path.join(clone, "renders", readlinkSync(path.join(clone, "renders/current")));
    const home = path.join(current, "pages/index.html");
    writeFileSync(`${home}.br`, brotliCompressSync(readFileSync(home), QUICK));
    const manifest = path.join(current, "render.json");
    writeFileSync(manifest, JSON.stringify({ ...JSON.parse(readFileSync(manifest, "utf8")), brotli: "quick" }));
    await start();
    expect(server.output()).not.toContain("Serving the build's own pages");
    expect(await (await fetch(`${base}/`)).text()).toContain("(309) 555-0161");
    await waitForFinalBrotli(current);
    expect(readFileSync(`${home}.br`).equals(brotliCompressSync(readFileSync(home), QUALITY_11))).toBe(true);
    expect(await rawBrotli("/")).toEqual(readFileSync(`${home}.br`));
  }, 120_000);

  it("undoes by rendering too", async () => {
    const stop = pollPublic(() => base, 50);
    const res = await fetch(`${base}/owner/site`, {
      method: "POST",
      body: new URLSearchParams({ csrf, intent: "undo" }),
      redirect: "manual",
      headers: { origin: base, cookie },
    });
    expect(res.status).toBeLessThan(400);
    const job = await newestJob();
    const polled = await stop();
    expect(job.state).toBe("published");
    expect(job.text).toContain("Undo: Business facts: Phone");
    for (const key of Object.keys(polled.counts)) expect(key).toMatch(/ 200$/);
    const home = await (await fetch(`${base}/`)).text();
    expect(home).toContain("(309) 555-0134");
    expect(home).not.toContain("(309) 555-0161");
  }, 120_000);

  it("renders at start when the content changed under the last render, instead of building", async () => {
    await stopServer(server);
    // A hand edit in the working copy (or a restore): neither the last render nor the build has these words.
    const file = path.join(clone, "content/business.yaml");
    writeFileSync(file, readFileSync(file, "utf8").replace("(309) 555-0134", "(309) 555-0177"));
    const renderedBefore = readlinkSync(path.join(clone, "renders/current"));
    await start();
    expect(server.output()).toMatch(/Rendered the pages from the content in \d+ ms/);
    expect(readlinkSync(path.join(clone, "renders/current"))).not.toBe(renderedBefore);
    const home = await (await fetch(`${base}/`)).text();
    expect(home).toContain("(309) 555-0177");
    expect(home).not.toContain("(309) 555-0134");
    git("checkout", "--", "content/business.yaml");
  }, 120_000);

  it("starts with the last saved words when a content file was left invalid by hand, and names the file", async () => {
    await stopServer(server);
    const file = path.join(clone, "content/services/tuckpointing.yaml");
    writeFileSync(file, readFileSync(file, "utf8").replace(/icon: [a-z-]+/, "icon: smiley"));
    const business = path.join(clone, "content/business.yaml");
    writeFileSync(business, readFileSync(business, "utf8").replace("(309) 555-0134", "(309) 555-0178"));
    await start();
    expect(server.output()).toMatch(
      /A CONTENT FILE IS NOT VALID: content\/services\/tuckpointing\.yaml is not valid:\n\s+sections\.\d+\.items\.\d+\.icon/,
    );
    // HEAD's words on every page, rendered at start; the broken file's page is served too.
    for (const p of ["/", "/services/tuckpointing", "/no-such-page"]) {
      const res = await fetch(base + p);
      expect(res.status, p).toBe(p === "/no-such-page" ? 404 : 200);
      const html = await res.text();
      expect(html, p).toContain("(309) 555-0134");
      expect(html, p).not.toContain("(309) 555-0178");
    }
    // A publish names the broken file to the owner and changes nothing.
    await savePhone("(309) 555-0179");
    const job = await newestJob();
    expect(job.state).toBe("failed");
    expect(job.text).toContain("content/services/tuckpointing.yaml");
    expect(await (await fetch(`${base}/`)).text()).toContain("(309) 555-0134");
    git("checkout", "--", "content/services/tuckpointing.yaml", "content/business.yaml");
    await stopServer(server);
    await start();
    expect(server.output()).not.toContain("NOT VALID");
  }, 180_000);

  for (const signal of ["SIGKILL", "SIGTERM"] as const) {
    it(`a ${signal} in the middle of a publish loses neither the owner's change nor the public site`, async () => {
      const phone = signal === "SIGKILL" ? "(309) 555-0181" : "(309) 555-0182";
      const headBefore = git("rev-parse", "HEAD");
      await savePhone(phone);
      for (let html = ""; !/data-state="(rendering|checking)"/.test(html); await sleep(5)) {
        html = await (await fetch(`${base}/owner/site`, { headers: { cookie } })).text();
      }
      await stopServer(server, signal);
      // The change was cut short somewhere between the files and the commit.
      await start();
      expect(server.output()).toContain(`The server stopped while publishing "Business facts: Phone"`);
      // The public site answers at once (the last saved words), and the change follows in seconds.
      expect((await fetch(`${base}/`)).status).toBe(200);
      const job = await newestJob();
      expect(job.state).toBe("published");
      expect(job.text).toContain("The server restarted while this was publishing, so it was published again.");
      expect(await (await fetch(`${base}/`)).text()).toContain(phone);
      expect(git("log", "-1", "--format=%an|%s")).toBe("Owner (console)|Business facts: Phone");
      expect(git("rev-parse", "HEAD~1")).toBe(headBefore);
      expect(git("status", "--porcelain")).toBe("");
      expect(existsSync(path.join(clone, "renders/publishing.json"))).toBe(false);
    }, 180_000);
  }
});

describe("the photos' web copies under /photos/", () => {
  const COPY = "crown-0123456789-400.webp";
  const BYTES = Buffer.from("RIFF\0\0\0\0WEBPVP8 a web copy");

  beforeAll(() => {
    // Made after the start, which removes copies no photo has (a stand-in copy is enough for the route).
    mkdirSync(path.join(clone, "photo-copies"), { recursive: true });
    writeFileSync(path.join(clone, "photo-copies", COPY), BYTES);
    writeFileSync(path.join(clone, "photo-copies", "crown-0123456789.json"), "{}");
    writeFileSync(path.join(clone, "photo-copies", ".hidden-0123456789-400.webp"), "no");
  });

  it("serves a copy by its exact name, cached for good", async () => {
    const res = await fetch(`${base}/photos/${COPY}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await res.arrayBuffer()).equals(BYTES)).toBe(true);
    const head = await rawGet(Number(new URL(base).port), `/photos/${COPY}`, { Host: "127.0.0.1" }, "HEAD");
    expect([head.status, head.body]).toEqual([200, ""]);
  });

  it.each([
    "/photos/crown-0123456789.json",
    "/photos/.hidden-0123456789-400.webp",
    "/photos/crown-0123456789-400.avif",
    `/photos/${COPY}.data`,
    `/photos/${COPY}%00`,
    `/photos/${COPY.toUpperCase()}`,
    `/photos/%2e%2e%2fpackage.json`,
    "/photos/..%2f..%2fpackage.json",
    "/photos/..%252fpackage.json",
    "/photos/..\\package.json",
    "/photos/%2e%2e/.env",
    "/photos/../package.json",
    "/photos/./../.git/config",
    "/photos//etc/passwd",
    "/photos/%2Fetc%2Fpasswd",
    "/photos/",
    "/photos",
    `/photos/x/${COPY}`,
  ])("%s is not a copy: a clean refusal, never a file", async (spelling) => {
    const res = await rawGet(Number(new URL(base).port), spelling);
    expect(res.status, spelling).toBeGreaterThanOrEqual(301);
    expect(res.status, spelling).not.toBe(200);
    expect(res.body, spelling).not.toMatch(LEAKS);
    // Never a file's bytes: package.json, .env, git's config, the system's passwords.
    for (const leak of ['"devDependencies"', "SMTP_URL", "[core]", "root:x:0"]) {
      expect(res.body, spelling).not.toContain(leak);
    }
    if (res.status >= 300 && res.status < 400) {
      expect(res.headers.location ?? "", spelling).toMatch(/^\/(?!\/)/);
    }
  });

  it("refuses to change anything there", async () => {
    for (const method of ["POST", "PUT", "DELETE"]) {
      const res = await rawGet(
        Number(new URL(base).port),
        `/photos/${COPY}`,
        { Host: "127.0.0.1", "Content-Length": "0" },
        method,
      );
      expect(res.status, method).toBeGreaterThanOrEqual(400);
      expect(res.body, method).not.toMatch(LEAKS);
    }
    expect(readFileSync(path.join(clone, "photo-copies", COPY)).equals(BYTES)).toBe(true);
  });
});
