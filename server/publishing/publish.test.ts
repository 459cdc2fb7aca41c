import { execFileSync } from "node:child_process";
import {
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
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isContentPath } from "./change.ts";
import { BUILD_FAILED, buildFailureReason, buildStoppedReason } from "./npm-build.ts";
import { ownerWords, PublishError } from "./owner-words.ts";
import { createPublisher } from "./publish.ts";
import type { PublishOutcome } from "./publish-job.ts";
import { takeBackInterrupted } from "./publish-journal.ts";
import { publishingProblem } from "./publishing-problem.ts";

let repo: string;
let builds: string;
const git = (...args: string[]) => execFileSync("git", args, { cwd: repo, encoding: "utf8" }).trim();

beforeEach(() => {
  repo = mkdtempSync(path.join(tmpdir(), "publish-repo-"));
  builds = path.join(repo, "builds");
  git("init", "-q", "-b", "main");
  git("config", "user.name", "Developer");
  git("config", "user.email", "dev@example.com");
  mkdirSync(path.join(repo, "content"));
  writeFileSync(path.join(repo, "content/hours.yaml"), "open: 8\n");
  writeFileSync(path.join(repo, ".gitignore"), "builds/\n");
  git("add", "-A");
  git("commit", "-q", "-m", "start");
});
afterEach(() => rmSync(repo, { recursive: true, force: true }));

/** A build that copies content/ into the build folder, and fails when a file says "broken". */
async function fakeBuild(buildDir: string) {
  const text = readFileSync(path.join(repo, "content/hours.yaml"), "utf8");
  if (text.includes("broken")) throw new PublishError("content/hours.yaml is not valid: open: must be a number");
  mkdirSync(buildDir, { recursive: true });
  writeFileSync(path.join(buildDir, "hours.yaml"), text);
}

function setup(build = fakeBuild, prepareWith?: (dir: string) => Promise<() => void>) {
  const served: string[] = [];
  const prepare =
    prepareWith ?? (async (dir: string) => () => void served.push(readFileSync(path.join(dir, "hours.yaml"), "utf8")));
  const reported: PublishOutcome[] = [];
  const logged: string[] = [];
  const publisher = createPublisher({
    repoDir: repo,
    rendersDir: builds,
    render: build,
    prepare,
    report: (outcome) => void reported.push(outcome),
    log: (m) => void logged.push(m),
  });
  return { publisher, served, reported, logged };
}

describe("publish pipeline", () => {
  it("commits as the owner with the summary, builds into a new folder and switches to it", async () => {
    const { publisher, served } = setup();
    const job = publisher.save({
      summary: "Business facts: hours",
      files: [{ path: "content/hours.yaml", content: "open: 9\n" }],
    });
    expect(job.state).toBe("queued");
    await publisher.idle();
    expect(job.state).toBe("published");
    expect(git("log", "-1", "--format=%an|%s")).toBe("Owner (console)|Business facts: hours");
    expect(served).toEqual(["open: 9\n"]);
    expect(readlinkSync(path.join(builds, "current"))).toBe(job.id);
    expect(job.durationMs).toBeGreaterThanOrEqual(0);
  });

  it("a failed build changes nothing: no commit, the file as it was, the old build still served, the reason in words", async () => {
    const { publisher, served } = setup();
    const head = git("rev-parse", "HEAD");
    const job = publisher.save({
      summary: "Hours",
      files: [{ path: "content/hours.yaml", content: "open: broken\n" }],
    });
    await publisher.idle();
    expect(job.state).toBe("failed");
    expect(job.error).toBe("content/hours.yaml is not valid: open: must be a number");
    expect(git("rev-parse", "HEAD")).toBe(head);
    expect(readFileSync(path.join(repo, "content/hours.yaml"), "utf8")).toBe("open: 8\n");
    expect(git("status", "--porcelain")).toBe("");
    expect(served).toEqual([]);
    expect(existsSync(path.join(builds, job.id))).toBe(false);
  });

  it("a new file from a failed build is removed again", async () => {
    const { publisher } = setup(async () => {
      throw new PublishError("no");
    });
    publisher.save({ summary: "New article", files: [{ path: "content/posts/new.md", content: "x" }] });
    await publisher.idle();
    expect(existsSync(path.join(repo, "content/posts/new.md"))).toBe(false);
    expect(git("status", "--porcelain")).toBe("");
  });

  it("two saves during a build queue and both land, in order", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started: () => void = () => {};
    const firstBuildStarted = new Promise<void>((resolve) => (started = resolve));
    let builds = 0;
    const { publisher, served } = setup(async (dir) => {
      if (builds++ === 0) {
        started();
        await gate;
      }
      await fakeBuild(dir);
    });
    const first = publisher.save({ summary: "one", files: [{ path: "content/hours.yaml", content: "open: 1\n" }] });
    await firstBuildStarted;
    expect(first.state).toBe("rendering");
    const second = publisher.save({ summary: "two", files: [{ path: "content/hours.yaml", content: "open: 2\n" }] });
    const third = publisher.save({ summary: "three", files: [{ path: "content/other.yaml", content: "x: 3\n" }] });
    expect([second.state, third.state]).toEqual(["queued", "queued"]);
    // The second save has not touched the file the first build is reading.
    expect(readFileSync(path.join(repo, "content/hours.yaml"), "utf8")).toBe("open: 1\n");
    release();
    await publisher.idle();
    expect([first.state, second.state, third.state]).toEqual(["published", "published", "published"]);
    expect(git("log", "--format=%s", "-3").split("\n")).toEqual(["three", "two", "one"]);
    expect(served).toEqual(["open: 1\n", "open: 2\n", "open: 2\n"]);
  });

  it("undo puts the last console change back and publishes again; an unchanged save builds nothing", async () => {
    const { publisher, served } = setup();
    publisher.save({ summary: "Hours to 10", files: [{ path: "content/hours.yaml", content: "open: 10\n" }] });
    publisher.save({
      summary: "Add photo",
      files: [{ path: "content/photos/a.jpg", content: new Uint8Array([1, 2, 3]) }],
    });
    const undo = publisher.undo();
    await publisher.idle();
    expect(undo.state).toBe("published");
    expect(undo.summary).toBe("Undo: Add photo");
    expect(existsSync(path.join(repo, "content/photos/a.jpg"))).toBe(false);
    const again = publisher.undo();
    await publisher.idle();
    expect(again.summary).toBe("Undo: Undo: Add photo");
    expect(readFileSync(path.join(repo, "content/photos/a.jpg"))).toEqual(Buffer.from([1, 2, 3]));
    const same = publisher.save({ summary: "Same", files: [{ path: "content/hours.yaml", content: "open: 10\n" }] });
    await publisher.idle();
    expect(same.state).toBe("unchanged");
    expect(served).toHaveLength(4);
  });

  it("undo refuses a change that was not made in the console", async () => {
    const { publisher } = setup();
    const job = publisher.undo();
    await publisher.idle();
    expect(job.state).toBe("failed");
    expect(job.error).toMatch(/not made in the console/);
    expect(git("log", "--format=%s")).toBe("start");
  });

  it("refuses paths outside content/, traversal and absolute paths", async () => {
    for (const p of [
      "../x.yaml",
      "content/../server/app.ts",
      "/etc/passwd",
      "content/%2e%2e/x.yaml",
      "content\\x.yaml",
      "server/app.ts",
      "content/A.yaml",
      "content//x.yaml",
    ]) {
      expect(isContentPath(p), p).toBe(false);
    }
    expect(isContentPath("content/services/chimney-crowns.yaml")).toBe(true);
    const { publisher } = setup();
    const job = publisher.save({ summary: "x", files: [{ path: "content/../escape.yaml", content: "x" }] });
    await publisher.idle();
    expect(job.state).toBe("failed");
    expect(existsSync(path.join(repo, "escape.yaml"))).toBe(false);
  });

  it("keeps only the newest build folders besides the one served", async () => {
    const { publisher } = setup();
    for (let i = 0; i < 5; i++)
      publisher.save({ summary: `h${i}`, files: [{ path: "content/hours.yaml", content: `open: ${i + 20}\n` }] });
    await publisher.idle();
    const folders = execFileSync("ls", [builds], { encoding: "utf8" }).trim().split("\n");
    expect(folders.filter((f) => f !== "current")).toHaveLength(3);
  });
});

describe("build failure reason", () => {
  it("quotes the content error and its fields", () => {
    const output = [
      "vite v8 building…",
      "[react-router] ContentError: content/business.yaml is not valid:",
      "  phone: must be a phone number written (309) 555-0134",
      "    at loadYaml (file.js:1:1)",
    ].join("\n");
    expect(buildFailureReason(output)).toBe(
      "content/business.yaml is not valid: phone: must be a phone number written (309) 555-0134",
    );
    expect(buildFailureReason("Segmentation fault")).toBe("the site did not build; the server log has the details");
  });
});

describe("a publish can fail; the site cannot", () => {
  const hours = (text: string) => ({ summary: "Hours", files: [{ path: "content/hours.yaml", content: text }] });
  /** Everything as before the job: the file, a clean index, no new commit, no build folder or stray link. */
  function expectUntouched(head: string, jobId: string) {
    expect(readFileSync(path.join(repo, "content/hours.yaml"), "utf8")).toBe("open: 8\n");
    expect(git("status", "--porcelain")).toBe("");
    expect(git("rev-parse", "HEAD")).toBe(head);
    const left = existsSync(builds) ? readdirSync(builds) : [];
    expect(left.filter((f) => f.includes(jobId))).toEqual([]);
    expect(existsSync(path.join(repo, "content/hours.yaml.saving"))).toBe(false);
  }

  it("an unexpected error in the build fails the job in words, reports it once, and the next save still publishes", async () => {
    let calls = 0;
    const { publisher, served, reported } = setup(async (dir) => {
      if (calls++ === 0) throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
      await fakeBuild(dir);
    });
    const head = git("rev-parse", "HEAD");
    const failed = publisher.save(hours("open: 9\n"));
    const next = publisher.save(hours("open: 10\n"));
    await publisher.idle();
    expect([failed.state, failed.error]).toEqual(["failed", "the disk is full"]);
    expect(next.state).toBe("published");
    expect(served).toEqual(["open: 10\n"]);
    expect(reported.map((r) => [r.ok, r.job.id])).toEqual([
      [false, failed.id],
      [true, next.id],
    ]);
    expect(reported[0]?.ok === false && reported[0].detail).toMatch(/^The change "Hours" was not published: the disk/);
    expect(git("rev-parse", "HEAD~1")).toBe(head);
  });

  it("the owner's content mistake is shown, not reported; a build that fails for another reason is reported", async () => {
    const { publisher, reported } = setup(async (dir) => {
      const text = readFileSync(path.join(repo, "content/hours.yaml"), "utf8");
      if (text.includes("crash")) throw new PublishError(BUILD_FAILED);
      if (text.includes("killed")) throw new PublishError(buildStoppedReason("SIGKILL"));
      await fakeBuild(dir);
    });
    const mistake = publisher.save(hours("open: broken\n"));
    const crash = publisher.save(hours("open: crash\n"));
    const killed = publisher.save(hours("open: killed\n"));
    await publisher.idle();
    expect(mistake.error).toBe("content/hours.yaml is not valid: open: must be a number");
    expect(killed.error).toBe("the build was stopped (killed by SIGKILL), likely out of memory");
    expect(reported.map((r) => r.job.id)).toEqual([crash.id, killed.id]);
  });

  it("a write that fails half-way puts the first file back", async () => {
    const { publisher, reported } = setup();
    const head = git("rev-parse", "HEAD");
    // A folder where the temporary file would go: writing it fails (EISDIR), as a full or read-only disk would.
    mkdirSync(path.join(repo, "content/other.yaml.saving"));
    const job = publisher.save({
      summary: "Two files",
      files: [
        { path: "content/hours.yaml", content: "open: 11\n" },
        { path: "content/other.yaml", content: "x: 1\n" },
      ],
    });
    await publisher.idle();
    rmSync(path.join(repo, "content/other.yaml.saving"), { recursive: true });
    expect(job.state).toBe("failed");
    expect(job.error).toBe("the site could not be published; the server log has the details");
    expectUntouched(head, job.id);
    expect(existsSync(path.join(repo, "content/other.yaml"))).toBe(false);
    expect(reported).toHaveLength(1);
  });

  it("prepare throwing: nothing committed, the build folder removed, the old build still served", async () => {
    const { publisher, served, reported } = setup(fakeBuild, async () => {
      throw new Error("Cannot find module server/index.js");
    });
    const head = git("rev-parse", "HEAD");
    const job = publisher.save(hours("open: 12\n"));
    await publisher.idle();
    expect(job.state).toBe("failed");
    expectUntouched(head, job.id);
    expect(served).toEqual([]);
    expect(reported.map((r) => r.ok)).toEqual([false]);
  });

  it("a git lock: the commit fails, the files go back, the owner reads why", async () => {
    const { publisher, served, logged } = setup();
    const head = git("rev-parse", "HEAD");
    writeFileSync(path.join(repo, ".git/index.lock"), "");
    const job = publisher.save(hours("open: 13\n"));
    await publisher.idle();
    expect(job.error).toMatch(/^another git operation is in progress \(a lock file is left in \.git\)/);
    rmSync(path.join(repo, ".git/index.lock"));
    expectUntouched(head, job.id);
    expect(served).toEqual([]);
    expect(logged.join("\n")).toMatch(/failed while committing the change to git: .*index\.lock/s);
  });

  it("builds/current that cannot be replaced (a folder): the commit is taken back, current and the served build agree", async () => {
    const { publisher, served } = setup();
    const first = publisher.save(hours("open: 14\n"));
    await publisher.idle();
    const head = git("rev-parse", "HEAD");
    rmSync(path.join(builds, "current"));
    mkdirSync(path.join(builds, "current/server"), { recursive: true });
    writeFileSync(path.join(builds, "current/server/index.js"), "");
    const job = publisher.save(hours("open: 15\n"));
    await publisher.idle();
    expect(job.state).toBe("failed");
    expect(job.error).toBe(
      "the new version could not be put in place: builds/current is a folder, not a link to a build",
    );
    expect(job.commit).toBeUndefined();
    expect(git("rev-parse", "HEAD")).toBe(head);
    expect(git("status", "--porcelain")).toBe("");
    expect(readFileSync(path.join(repo, "content/hours.yaml"), "utf8")).toBe("open: 14\n");
    expect(readdirSync(builds).filter((f) => f.includes(job.id))).toEqual([]);
    expect(served).toEqual(["open: 14\n"]);
    expect(first.state).toBe("published");
  });

  it("a switch that throws: builds/current points back and the commit is taken back", async () => {
    let throwOnSwitch = false;
    const { publisher } = setup(fakeBuild, async () => () => {
      if (throwOnSwitch) throw new Error("switch failed");
    });
    const first = publisher.save(hours("open: 16\n"));
    await publisher.idle();
    const head = git("rev-parse", "HEAD");
    throwOnSwitch = true;
    const job = publisher.save(hours("open: 17\n"));
    await publisher.idle();
    expect(job.state).toBe("failed");
    expect(readlinkSync(path.join(builds, "current"))).toBe(first.id);
    expect(git("rev-parse", "HEAD")).toBe(head);
    expect(git("status", "--porcelain")).toBe("");
    expect(readFileSync(path.join(repo, "content/hours.yaml"), "utf8")).toBe("open: 16\n");
  });

  it("a report that throws is logged; the queue goes on", async () => {
    const logged: string[] = [];
    const publisher = createPublisher({
      repoDir: repo,
      rendersDir: builds,
      render: fakeBuild,
      prepare: async () => () => {},
      report: () => {
        throw new Error("mail down");
      },
      log: (m) => void logged.push(m),
    });
    const a = publisher.save(hours("open: 18\n"));
    const b = publisher.save(hours("open: 19\n"));
    await publisher.idle();
    expect([a.state, b.state]).toEqual(["published", "published"]);
    expect(logged.join("\n")).toMatch(/could not report it: mail down/);
  });

  it("names each failure in the owner's words", () => {
    const err = (code: string, message = code) => Object.assign(new Error(message), { code });
    expect(ownerWords(err("EROFS"))).toBe("the site's folder cannot be written (read-only file system)");
    expect(ownerWords(err("ENOSPC"))).toBe("the disk is full");
    expect(ownerWords(err("EACCES"))).toBe("the server is not allowed to write the site's folder (permission denied)");
    expect(ownerWords(Object.assign(new Error("spawn git ENOENT"), { code: "ENOENT", syscall: "spawn git" }))).toBe(
      "git is not installed on the server",
    );
    const gitError = Object.assign(new Error("Command failed: git commit"), {
      code: 128,
      stderr: Buffer.from("fatal: Unable to create '/srv/x/.git/index.lock': File exists."),
    });
    expect(ownerWords(gitError, "commit")).toBe("another git operation is in progress (a lock file is left in .git)");
    const full = Object.assign(new Error("Command failed"), { stderr: "error: No space left on device" });
    expect(ownerWords(full, "commit")).toBe("the disk is full");
    expect(buildFailureReason("<--- Last few GCs --->\nFATAL ERROR: Reached heap limit Allocation failed")).toBe(
      "the build ran out of memory (JavaScript heap out of memory)",
    );
  });

  it("publishingProblem tries for real: fine here, a reason when a folder cannot be written or git is missing", () => {
    expect(publishingProblem(repo)).toBeNull();
    expect(existsSync(builds)).toBe(true);
    expect(readdirSync(path.join(repo, "content"))).toEqual(["hours.yaml"]);
    rmSync(path.join(repo, "content"), { recursive: true });
    symlinkSync("/proc/self/does-not-exist", path.join(repo, "content"));
    expect(publishingProblem(repo)).toBe(
      `the server cannot write to ${path.join(repo, "content")} (content/ is missing)`,
    );
    const pathBefore = process.env.PATH;
    process.env.PATH = "/nonexistent";
    try {
      expect(publishingProblem(repo)).toBe("git is not installed on the server");
    } finally {
      process.env.PATH = pathBefore;
    }
  });
});

describe("the publish journal, after a stop in the middle of a publish", () => {
  it("puts the files back as HEAD has them, takes git's stale lock away, and returns the change to publish again", async () => {
    mkdirSync(builds, { recursive: true });
    const change = { summary: "Hours: open", files: [{ path: "content/hours.yaml", base64: btoa("open: 7\n") }] };
    writeFileSync(path.join(builds, "publishing.json"), JSON.stringify(change));
    writeFileSync(path.join(repo, "content/hours.yaml"), "open: 7\n");
    writeFileSync(path.join(repo, "content/new.yaml"), "x: 1\n");
    writeFileSync(path.join(repo, ".git/index.lock"), "");
    writeFileSync(
      path.join(builds, "publishing.json"),
      JSON.stringify({ ...change, files: [...change.files, { path: "content/new.yaml", base64: btoa("x: 1\n") }] }),
    );
    const back = await takeBackInterrupted(repo, builds);
    expect(back?.summary).toBe("Hours: open");
    expect(back?.files.map((f) => [f.path, Buffer.from(f.content ?? "").toString()])).toEqual([
      ["content/hours.yaml", "open: 7\n"],
      ["content/new.yaml", "x: 1\n"],
    ]);
    expect(readFileSync(path.join(repo, "content/hours.yaml"), "utf8")).toBe("open: 8\n");
    expect(existsSync(path.join(repo, "content/new.yaml"))).toBe(false);
    expect(git("status", "--porcelain")).toBe("");
    expect(existsSync(path.join(builds, "publishing.json"))).toBe(false);
    expect(await takeBackInterrupted(repo, builds)).toBeNull();
  });

  it("removes a journal it cannot read, says so, and changes nothing else", async () => {
    mkdirSync(builds, { recursive: true });
    for (const bad of ["{not json", "null", '{"summary":1}']) {
      writeFileSync(path.join(builds, "publishing.json"), bad);
      await expect(takeBackInterrupted(repo, builds)).rejects.toThrow(
        /publishing\.json could not be read, so it was removed/,
      );
      expect(existsSync(path.join(builds, "publishing.json"))).toBe(false);
    }
    expect(git("status", "--porcelain")).toBe("");
  });

  it("refuses a journal naming a file outside content/", async () => {
    mkdirSync(builds, { recursive: true });
    writeFileSync(path.join(repo, "package.json"), "{}\n");
    git("add", "-A");
    git("commit", "-q", "-m", "package");
    writeFileSync(path.join(repo, "package.json"), "changed\n");
    const files = [
      { path: "package.json", base64: btoa("evil") },
      { path: "content/../package.json", base64: btoa("evil") },
    ];
    writeFileSync(path.join(builds, "publishing.json"), JSON.stringify({ summary: "x", files }));
    const back = await takeBackInterrupted(repo, builds);
    expect(back?.files).toEqual([]);
    expect(readFileSync(path.join(repo, "package.json"), "utf8")).toBe("changed\n");
  });
});
