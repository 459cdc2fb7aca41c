import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildFailureReason, createPublisher, isContentPath, PublishError } from "./publish.ts";

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

function setup(build = fakeBuild) {
  const served: string[] = [];
  const publisher = createPublisher({
    repoDir: repo,
    buildsDir: builds,
    build,
    prepare: async (dir) => () => served.push(readFileSync(path.join(dir, "hours.yaml"), "utf8")),
  });
  return { publisher, served };
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
    expect(first.state).toBe("building");
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
