// Each backup carries the site's history beside the database (decision 0018): a verified git bundle that brings
// the owner's console edits back when the working copy is lost.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { backupDatabase, listSiteBundles, siteBundleFileName } from "./backup.ts";
import { openEstimateStore } from "../requests/estimate-store.ts";
import { CONSOLE_AUTHOR } from "../publishing/git.ts";

let root: string;
let repo: string;
let databaseFile: string;
let backups: string;
const retention = { daily: 7, weekly: 4 };
const git = (cwd: string, ...args: string[]) => execFileSync("git", args, { cwd, encoding: "utf8" }).trim();

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "site-history-"));
  repo = path.join(root, "site");
  backups = path.join(root, "backups");
  mkdirSync(path.join(repo, "content"), { recursive: true });
  git(repo, "init", "-q", "-b", "main");
  writeFileSync(path.join(repo, "content", "business.yaml"), "phone: 555-0100\n");
  git(repo, "add", "-A");
  git(repo, "-c", "user.name=Developer", "-c", "user.email=d@example.com", "commit", "-qm", "start");
  // The owner's edit, as the console commits it.
  writeFileSync(path.join(repo, "content", "business.yaml"), "phone: 555-0199\n");
  execFileSync("git", ["commit", "-qam", "Business facts: phone"], {
    cwd: repo,
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: CONSOLE_AUTHOR.name,
      GIT_AUTHOR_EMAIL: CONSOLE_AUTHOR.email,
      GIT_COMMITTER_NAME: CONSOLE_AUTHOR.name,
      GIT_COMMITTER_EMAIL: CONSOLE_AUTHOR.email,
    },
  });
  const store = openEstimateStore({ dataDir: path.join(root, "data") });
  databaseFile = store.file;
  store.close();
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("backups carry the site's history", { timeout: 60_000 }, () => {
  it("writes a verified bundle beside the database backup, from which a clone brings back the owner's edit", async () => {
    const at = new Date("2026-11-25T06:00:00Z");
    const result = await backupDatabase({ databaseFile, dir: backups, retention, now: () => at, repoDir: repo });

    const bundle = path.join(backups, "site-2026-11-25T06-00-00Z.bundle");
    expect(result.site).toEqual({ file: bundle });
    expect(readdirSync(backups).sort()).toEqual([
      "estimates-2026-11-25T06-00-00Z.db",
      "site-2026-11-25T06-00-00Z.bundle",
    ]);
    git(repo, "bundle", "verify", "-q", bundle);

    // The working copy is gone: a clone of the bundle is the site as the owner last published it.
    rmSync(repo, { recursive: true, force: true });
    const restored = path.join(root, "restored");
    git(root, "clone", "-q", bundle, restored);
    expect(readFileSync(path.join(restored, "content", "business.yaml"), "utf8")).toBe("phone: 555-0199\n");
    expect(git(restored, "log", "-1", "--format=%an|%s")).toBe("Owner (console)|Business facts: phone");
    expect(git(restored, "rev-parse", "--abbrev-ref", "HEAD")).toBe("main");
  });

  it("prunes bundles with the same retention as the database backups", async () => {
    // Backups every 6 hours for 40 days before this one (empty files: retention goes by the names).
    mkdirSync(backups);
    const end = Date.parse("2026-11-25T00:00:00Z");
    for (let t = end - 40 * 86_400_000; t < end; t += 6 * 3_600_000) {
      const stamp = new Date(t).toISOString().slice(0, 19).replaceAll(":", "-");
      writeFileSync(path.join(backups, `estimates-${stamp}Z.db`), "");
      writeFileSync(path.join(backups, `site-${stamp}Z.bundle`), "");
    }
    const result = await backupDatabase({
      databaseFile,
      dir: backups,
      retention,
      now: () => new Date(end),
      repoDir: repo,
    });
    expect(result.site).toEqual({ file: path.join(backups, siteBundleFileName(new Date(end))) });
    const names = readdirSync(backups);
    const dbs = names.filter((n) => n.endsWith(".db")).map((n) => n.slice("estimates-".length, -".db".length));
    const bundles = names.filter((n) => n.endsWith(".bundle")).map((n) => n.slice("site-".length, -".bundle".length));
    // The same times kept for both: each bundle stays beside its database backup, at most 7 daily + 4 weekly.
    expect(bundles.sort()).toEqual(dbs.sort());
    expect(bundles.length).toBeGreaterThan(5);
    expect(bundles.length).toBeLessThanOrEqual(11);
    expect(
      bundles.every((b) => end - Date.parse(b.replace(/T(\d\d)-(\d\d)-(\d\d)Z/, "T$1:$2:$3Z")) <= 28 * 86_400_000),
    ).toBe(true);
    expect(listSiteBundles(backups)[0]?.file).toBe(result.site && "file" in result.site ? result.site.file : "");
  });

  it("keeps the database backup and says why when the bundle cannot be written", async () => {
    mkdirSync(backups);
    // git refuses to write where it cannot: a read-only backup folder is simulated by a file in the bundle's way.
    mkdirSync(path.join(backups, "site-2026-11-25T06-00-00Z.bundle.partial.lock"));
    const result = await backupDatabase({
      databaseFile,
      dir: backups,
      retention,
      now: () => new Date("2026-11-25T06:00:00Z"),
      repoDir: repo,
    });
    expect(existsSync(result.file)).toBe(true);
    expect(result.site).toMatchObject({ error: expect.stringMatching(/^git bundle in .* failed/) });
    expect(listSiteBundles(backups)).toEqual([]);
  });

  it("skips the bundle when there is no working copy (BUILD_DIR, tests)", async () => {
    const result = await backupDatabase({ databaseFile, dir: backups, retention });
    expect(result.site).toBeNull();
    expect(listSiteBundles(backups)).toEqual([]);
  });
});
