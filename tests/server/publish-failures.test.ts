// A publish can fail; the site cannot (issue 27). The built server publishes (renders, decision 0027) from a clone of
// the site while each failure is injected for real: a read-only working copy (a read-only bind mount), a full disk (a
// tiny tmpfs), a lock left in .git, a render that runs out of memory, and a renders/current that cannot be replaced.
// Each time every public request during and after is answered 200, the job fails in the owner's words, the files and
// history are as before, and exactly one incident e-mail arrives (the next publish closes the incident). A server
// started on a read-only working copy turns publishing off and says why. Mounts need root.
import { execFileSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openEstimateStore } from "../../server/requests/estimate-store.ts";
import { createOwnerConsole } from "../../server/owner/owner-console.ts";
import { freePort, startServer, stopServer, type RunningServer } from "./harness.ts";
import { startSmtp, waitFor } from "./smtp.ts";
import { postPhoneChange } from "../support/console-forms.ts";
import { pollPublic } from "../support/poll-public.ts";
import { siteClone } from "../support/site-clone.ts";

const isRoot = process.getuid?.() === 0;
if (!isRoot) console.warn("publish-failures: skipped, the injected failures need root (mount --bind, tmpfs)");

let work: string;
let clone: string;
let dataDir: string;
let server: RunningServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let cookie: string;
let csrf: string;
let base: string;
const figures: string[] = [];
let phoneNumber = 150;
/** Connection resets on the owner's page (asked again), reported with the figures. */
let resets = 0;

const sh = (cmd: string, ...args: string[]) => execFileSync(cmd, args, { encoding: "utf8" }).trim();
const git = (...args: string[]) => sh("git", "-C", clone, ...args);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const SUBJECT =
  "Website problem: a change made in the console could not be published (the site still shows the previous version)";

/** A session for the owner in a data folder, made before the server opens it. */
function ownerSession(dataDir: string) {
  const store = openEstimateStore({ dataDir });
  const session = createOwnerConsole({ db: store.db }).sessions.create({ ip: null, userAgent: null, passkeyId: null });
  store.close();
  return { cookie: `owner=${session.token}`, csrf: session.session.csrf };
}

beforeAll(async () => {
  if (!isRoot) return;
  smtp = await startSmtp();
  work = mkdtempSync(path.join(tmpdir(), "publish-failures-"));
  clone = siteClone(path.join(work, "site"));
  dataDir = mkdtempSync(path.join(tmpdir(), "publish-failures-data-"));
  ({ cookie, csrf } = ownerSession(dataDir));
  await start();
}, 120_000);

/** Starts the server on the clone (again), with any extra settings. */
async function start(extra: Record<string, string> = {}) {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = await startServer(
    {
      PORT: String(port),
      SITE_URL: base,
      SITE_REPO: clone,
      SMTP_URL: smtp.url,
      NOTIFY_EMAIL: "owner@example.com",
      BACKUP_DIR: "off",
      RATE_LIMIT_PER_MINUTE: "100000",
      ...extra,
    },
    dataDir,
  );
}

const currentRender = () => {
  try {
    return readlinkSync(path.join(clone, "renders/current"));
  } catch {
    return "";
  }
};
const renders = () => (existsSync(path.join(clone, "renders")) ? readdirSync(path.join(clone, "renders")).sort() : []);

afterAll(async () => {
  if (!isRoot) return;
  if (server) await stopServer(server);
  await smtp?.close();
  console.log(`what the public site answered during each injected failure:\n  ${figures.join("\n  ")}`);
  console.log(`owner page connection resets (asked again): ${resets}`);
  if (!process.env.KEEP_PUBLISH_FAILURES) rmSync(work, { recursive: true, force: true });
});

/** Saves a new phone through the console, as the owner's phone would; returns the phone. */
async function savePhone(): Promise<string> {
  const phone = `(309) 555-0${phoneNumber++}`;
  const res = await postPhoneChange(base, clone, phone, { cookie, csrf });
  expect([res.status, res.headers.get("location")]).toEqual([302, "/owner/site?saved"]);
  return phone;
}

const decode = (s: string) =>
  s
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/<!-- -->/g, "");

/** The newest job on the console's Site page, once it has finished. */
async function newestJob(timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let html = "";
    try {
      html = await (await fetch(`${base}/owner/site`, { headers: { cookie } })).text();
    } catch (error) {
      if (server.process.exitCode !== null) throw new Error(`the server ended:\n${server.output().slice(-3000)}`);
      // A reused keep-alive connection can be reset under load; the console page is asked again.
      if (Date.now() > deadline) throw new Error(`${String(error)}; server says:\n${server.output().slice(-3000)}`);
      resets += 1;
      await sleep(200);
      continue;
    }
    const li = /<li[^>]*data-state="(\w+)"[^>]*>([\s\S]*?)<\/li>/.exec(html);
    if (li && ["failed", "published", "unchanged"].includes(li[1] ?? "")) {
      const error = /The site was not changed: ([^<]*(?:<!-- -->[^<]*)*)<\/p>/.exec(li[2] ?? "")?.[1];
      return { state: li[1], error: error === undefined ? undefined : decode(error) };
    }
    if (Date.now() > deadline) throw new Error(`no finished job after ${timeoutMs} ms`);
    await sleep(200);
  }
}

/** A save that publishes: the public page shows the new phone, and the incident (if any) closes. */
async function publishesAgain() {
  const current = currentRender();
  const phone = await savePhone();
  expect(await newestJob()).toEqual({ state: "published", error: undefined });
  expect(currentRender()).not.toBe(current);
  expect(await (await fetch(`${base}/`)).text()).toContain(phone);
  expect(git("log", "-1", "--format=%an|%s")).toBe("Owner (console)|Business facts: Phone");
}

async function injected(
  name: string,
  inject: () => void,
  remove: () => void,
  words: string,
  after: () => Promise<void> = async () => {},
) {
  const head = git("rev-parse", "HEAD");
  const file = readFileSync(path.join(clone, "content/business.yaml"));
  const rendersBefore = renders();
  const currentBefore = currentRender();
  const mails = smtp.received.length;
  const stop = pollPublic(() => base);
  const started = Date.now();
  let job;
  inject();
  try {
    await savePhone();
    job = await newestJob();
    await sleep(1000);
  } finally {
    remove();
  }
  const { counts } = await stop();
  writeFileSync(path.join(work, "server.log"), server.output());
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  figures.push(`${name} (${seconds} s): ${JSON.stringify(counts)}`);
  expect(job).toEqual({ state: "failed", error: words });
  // Soft: a miss here is reported, and the case still checks (and closes) its incident, so the next case stands alone.
  for (const key of Object.keys(counts)) expect.soft(key, name).toMatch(/ 200$/);
  expect(readFileSync(path.join(clone, "content/business.yaml")).equals(file)).toBe(true);
  expect(git("rev-parse", "HEAD")).toBe(head);
  expect(git("status", "--porcelain")).toBe("");
  expect(renders()).toEqual(rendersBefore);
  expect(currentRender()).toBe(currentBefore);
  await waitFor(() => (smtp.received.length > mails ? true : undefined), 15_000);
  await sleep(1000);
  expect(smtp.received.length - mails).toBe(1);
  const mail = smtp.received.at(-1)?.raw ?? "";
  expect(mail.replace(/\r?\n\s+/g, " ")).toContain(`Subject: ${SUBJECT}`);
  expect(mail.replace(/=\r?\n/g, "").replace(/\r?\n/g, " ")).toContain(
    'The change "Business facts: Phone" was not published',
  );
  expect(server.process.exitCode).toBeNull();
  await after();
  await publishesAgain();
  expect(smtp.received.length - mails).toBe(1);
}

describe.skipIf(!isRoot)("a publish can fail; the site cannot", () => {
  it("publishes normally first", async () => {
    await publishesAgain();
  });

  it("a read-only working copy", async () => {
    await injected(
      "read-only working copy (EROFS)",
      () => {
        sh("mount", "--bind", clone, clone);
        sh("mount", "-o", "remount,bind,ro", clone);
      },
      () => sh("umount", clone),
      "the site's folder cannot be written (read-only file system)",
    );
  });

  it("a full disk (ENOSPC on write)", async () => {
    const content = path.join(clone, "content");
    const copy = path.join(work, "content-copy");
    await injected(
      "full disk (ENOSPC)",
      () => {
        cpSync(content, copy, { recursive: true });
        sh("mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", content);
        cpSync(copy, content, { recursive: true });
        try {
          sh("dd", "if=/dev/zero", `of=${path.join(content, "zz-filler.bin")}`, "bs=4k");
        } catch {
          // dd stops at "No space left on device": the point.
        }
      },
      () => {
        rmSync(path.join(content, "zz-filler.bin"), { force: true });
        sh("umount", content);
      },
      "the disk is full",
    );
  });

  it("a lock left in .git", async () => {
    const lock = path.join(clone, ".git/index.lock");
    await injected(
      "git lock (.git/index.lock)",
      () => writeFileSync(lock, ""),
      () => rmSync(lock, { force: true }),
      "another git operation is in progress (a lock file is left in .git)",
    );
  });

  it("a render that runs out of memory", async () => {
    // A render's worker whose heap cannot hold the site (RENDER_HEAP_MB): the worker ends, the server goes on.
    await stopServer(server);
    await start({ RENDER_HEAP_MB: "16" });
    await injected(
      "render out of memory (16 MB heap)",
      () => {},
      () => {},
      "the render ran out of memory",
      async () => {
        await stopServer(server);
        await start();
      },
    );
  });

  it("a switch that throws (renders/current is a folder)", async () => {
    const current = path.join(clone, "renders/current");
    let target = "";
    await injected(
      "switch throws (renders/current is a folder)",
      () => {
        target = readlinkSync(current);
        rmSync(current);
        mkdirSync(current);
        writeFileSync(path.join(current, "keep"), "");
      },
      () => {
        rmSync(current, { recursive: true });
        symlinkSync(target, current);
      },
      "the new version could not be put in place: renders/current is a folder, not a link to a build",
    );
  });

  it("a server started on a read-only working copy turns publishing off and says why", async () => {
    await stopServer(server);
    sh("mount", "--bind", clone, clone);
    sh("mount", "-o", "remount,bind,ro", clone);
    try {
      const dataDir = mkdtempSync(path.join(tmpdir(), "publish-failures-ro-"));
      const owner = ownerSession(dataDir);
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      server = await startServer({ PORT: String(port), SITE_URL: url, SITE_REPO: clone, BACKUP_DIR: "off" }, dataDir);
      const reason = `the server cannot write to ${clone}/content (read-only file system); see README, Put it on a server, step 4`;
      expect(server.output()).toContain(
        `publishing from the console is OFF: the server cannot write to ${clone}/content`,
      );
      for (const p of ["/owner/site", "/owner/site/edit/business", "/owner/site/photos"]) {
        const res = await fetch(url + p, { headers: { cookie: owner.cookie } });
        expect(res.status, p).toBe(200);
        expect(decode(await res.text()), p).toContain(`Publishing is off: ${reason}.`);
      }
      const site = decode(await (await fetch(`${url}/owner/site`, { headers: { cookie: owner.cookie } })).text());
      expect(site).not.toContain("Undo last change");
      const undo = await fetch(`${url}/owner/site`, {
        method: "POST",
        body: new URLSearchParams({ csrf: owner.csrf, intent: "undo" }),
        headers: { origin: url, cookie: owner.cookie },
      });
      expect(undo.status).toBe(200);
      expect(decode(await undo.text())).toContain(`Publishing is off: ${reason}.`);
      for (const p of ["/", "/services/chimney-crowns", "/healthz"]) expect((await fetch(url + p)).status, p).toBe(200);
    } finally {
      sh("umount", clone);
    }
  });
});
