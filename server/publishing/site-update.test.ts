// `npm run update` against real git repositories in temporary folders: a bare "source" repository the developer
// pushes to, and the server's working copy with a console commit. The build is a fake that writes the files a
// build has (the real one is tested by the publish tests).
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
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CONSOLE_AUTHOR } from "./git.ts";
import { createPublisher } from "./publish.ts";
import { acquireSiteLock, siteLockHolder } from "./site-lock.ts";
import { UpdateError, updateSite } from "./site-update.ts";

let root: string;
let source: string;
let dev: string;
let site: string;

const git = (cwd: string, ...args: string[]) => execFileSync("git", args, { cwd, encoding: "utf8" }).trim();
const write = (dir: string, file: string, text: string) => {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), text);
};
const read = (dir: string, file: string) => readFileSync(path.join(dir, file), "utf8");

// Lines apart: a change to the phone and one to the hours are separate hunks for git.
const BUSINESS = [
  "name: Heartland",
  "phone: 555-0100",
  "email: hi@example.com",
  "city: Dayton",
  "hours: Mon-Fri 8-5",
  "",
].join("\n");

/** A commit as the console makes it (server/publishing/publish.ts). */
function consoleCommit(file: string, text: string, summary: string) {
  write(site, file, text);
  execFileSync("git", ["commit", "-qam", summary], {
    cwd: site,
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: CONSOLE_AUTHOR.name,
      GIT_AUTHOR_EMAIL: CONSOLE_AUTHOR.email,
      GIT_COMMITTER_NAME: CONSOLE_AUTHOR.name,
      GIT_COMMITTER_EMAIL: CONSOLE_AUTHOR.email,
    },
  });
}

function devCommit(files: Record<string, string>, message: string) {
  for (const [file, text] of Object.entries(files)) write(dev, file, text);
  git(dev, "add", "-A");
  git(dev, "commit", "-qm", message);
  git(dev, "push", "-q", "origin", "main");
}

/** Writes what a build leaves, naming the commit it was built from. */
function fakeBuild(log: string[] = []) {
  return async (buildDir: string) => {
    const head = git(site, "rev-parse", "--short", "HEAD");
    log.push(buildDir);
    write(buildDir, "server/index.js", `// site ${head}\n`);
    write(buildDir, "client/index.html", `<p>${read(site, "content/business.yaml")}</p>`);
    write(buildDir, "bin/server.js", `// server ${head}\n`);
  };
}

function counter() {
  const calls: string[] = [];
  return { calls, install: async () => void calls.push(git(site, "rev-parse", "--short", "HEAD")) };
}

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "site-update-"));
  source = path.join(root, "source.git");
  dev = path.join(root, "dev");
  site = path.join(root, "site");
  execFileSync("git", ["init", "-q", "--bare", "-b", "main", source]);
  execFileSync("git", ["clone", "-q", source, dev], { stdio: "ignore" });
  git(dev, "config", "user.name", "Developer");
  git(dev, "config", "user.email", "dev@example.com");
  git(dev, "checkout", "-q", "-b", "main");
  write(dev, "content/business.yaml", BUSINESS);
  write(dev, "app/page.ts", "export const title = 'old';\n");
  write(dev, "package-lock.json", '{"lockfileVersion":3}\n');
  git(dev, "add", "-A");
  git(dev, "commit", "-qm", "start");
  git(dev, "push", "-q", "origin", "main");
  execFileSync("git", ["clone", "-q", source, site]);
  // What step 6 leaves: the compiled server the unit runs.
  write(site, "build/bin/server.js", "// server as installed\n");
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("npm run update", { timeout: 60_000 }, () => {
  it("replays the owner's edit on the developer's code, keeps the owner's line where both changed it, and says so", async () => {
    consoleCommit("content/business.yaml", BUSINESS.replace("555-0100", "555-0199"), "Business facts: phone");
    devCommit(
      {
        "content/business.yaml": BUSINESS.replace("555-0100", "555-0111").replace("Mon-Fri 8-5", "Mon-Sat 8-6"),
        "app/page.ts": "export const title = 'new';\n",
      },
      "New title; hours",
    );
    const devHead = git(dev, "rev-parse", "HEAD");
    const { calls, install } = counter();
    const builds: string[] = [];
    const lines: string[] = [];

    const result = await updateSite({ repoDir: site, install, build: fakeBuild(builds), log: (l) => lines.push(l) });

    expect(result.state).toBe("updated");
    if (result.state !== "updated") return;
    expect(result.replayed).toEqual(["Business facts: phone"]);
    expect(result.ownerKept).toEqual(["content/business.yaml"]);
    // The owner's phone, the developer's hours and code.
    expect(read(site, "content/business.yaml")).toBe(
      BUSINESS.replace("555-0100", "555-0199").replace("Mon-Fri 8-5", "Mon-Sat 8-6"),
    );
    expect(read(site, "app/page.ts")).toContain("'new'");
    // The owner's commit sits on top of the developer's, still the owner's (undo in the console still works).
    expect(git(site, "rev-parse", "HEAD~1")).toBe(devHead);
    expect(git(site, "log", "-1", "--format=%an|%cn|%s")).toBe("Owner (console)|Owner (console)|Business facts: phone");
    expect(git(site, "status", "--porcelain", "--untracked-files=no")).toBe("");
    // Built once, switched: builds/current and the server the unit runs are this build's.
    expect(builds).toEqual([path.join(site, "builds", result.buildId)]);
    expect(readlinkSync(path.join(site, "builds", "current"))).toBe(result.buildId);
    expect(read(site, "build/bin/server.js")).toBe(`// server ${git(site, "rev-parse", "--short", "HEAD")}\n`);
    expect(read(site, "build/bin.previous/server.js")).toBe("// server as installed\n");
    // Builds older than the newest two before it go, as after a publish.
    for (const old of ["20260101000000-000001", "20260102000000-000001", "20260103000000-000001"]) {
      mkdirSync(path.join(site, "builds", old));
    }
    devCommit({ "app/page.ts": "export const title = 'newer';\n" }, "Newer title");
    const again = await updateSite({ repoDir: site, install, build: fakeBuild(builds), now: () => new Date() });
    expect(again.state === "updated" && readdirSync(path.join(site, "builds")).sort()).toEqual(
      ["20260103000000-000001", result.buildId, again.state === "updated" ? again.buildId : "", "current"].sort(),
    );
    expect(calls).toEqual([]);
    expect(result.installed).toBe(false);
    expect(siteLockHolder(site)).toBeNull();
  });

  it("installs packages only when package-lock.json changed", async () => {
    devCommit({ "package-lock.json": '{"lockfileVersion":3,"packages":{}}\n' }, "A new package");
    const { calls, install } = counter();
    const result = await updateSite({ repoDir: site, install, build: fakeBuild() });
    expect(result.state === "updated" && result.installed).toBe(true);
    // After the new code is in place, before the build.
    expect(calls).toEqual([git(site, "rev-parse", "--short", "HEAD")]);
  });

  it("does nothing when the developer's branch has nothing new", async () => {
    consoleCommit("content/business.yaml", BUSINESS.replace("555-0100", "555-0199"), "Business facts: phone");
    const head = git(site, "rev-parse", "HEAD");
    const builds: string[] = [];
    const result = await updateSite({ repoDir: site, install: async () => {}, build: fakeBuild(builds) });
    expect(result).toEqual({ state: "unchanged", head });
    expect(builds).toEqual([]);
  });

  it("puts everything back when the build fails, packages included, and says why", async () => {
    consoleCommit("content/business.yaml", BUSINESS.replace("555-0100", "555-0199"), "Business facts: phone");
    const before = git(site, "rev-parse", "HEAD");
    devCommit(
      { "app/page.ts": "export const title = ;\n", "package-lock.json": '{"lockfileVersion":3,"x":1}\n' },
      "Broken",
    );
    const { calls, install } = counter();
    const error = await updateSite({
      repoDir: site,
      install,
      build: async (dir) => {
        write(dir, "half-written", "x");
        throw new Error("app/page.ts: Unexpected token");
      },
    }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(UpdateError);
    const message = (error as Error).message;
    expect(message).toContain("Not updated: app/page.ts: Unexpected token");
    expect(message).toContain(`The working copy is back at ${before.slice(0, 12)} and the site serves what it served.`);
    expect(message).toContain("The packages were installed again as they were.");
    expect(git(site, "rev-parse", "HEAD")).toBe(before);
    expect(read(site, "app/page.ts")).toContain("'old'");
    expect(read(site, "content/business.yaml")).toContain("555-0199");
    expect(git(site, "status", "--porcelain", "--untracked-files=no")).toBe("");
    // Installed for the new lock file, then again for the old one, which is back in place.
    expect(calls).toHaveLength(2);
    expect(calls[1]).toBe(before.slice(0, calls[1]?.length));
    expect(existsSync(path.join(site, "builds", "current"))).toBe(false);
    expect(read(site, "build/bin/server.js")).toBe("// server as installed\n");
    expect(siteLockHolder(site)).toBeNull();
  });

  it("refuses while a console publish holds the lock, and goes ahead once it is released", async () => {
    devCommit({ "app/page.ts": "export const title = 'new';\n" }, "New title");
    const before = git(site, "rev-parse", "HEAD");
    const lock = await acquireSiteLock(site, "console publish 1");
    const refused = await updateSite({
      repoDir: site,
      install: async () => {},
      build: fakeBuild(),
      lockWaitMs: 300,
    }).catch((e: unknown) => e);
    expect((refused as Error).message).toBe(
      `Not updated: console publish 1 (process ${process.pid}) is changing the site. Try again when it has finished.`,
    );
    expect(git(site, "rev-parse", "HEAD")).toBe(before);

    // Waits: released while the update waits for it.
    setTimeout(() => lock.release(), 300);
    const result = await updateSite({ repoDir: site, install: async () => {}, build: fakeBuild(), lockWaitMs: 10_000 });
    expect(result.state).toBe("updated");
  });

  it("stops, and leaves the working copy as it was, on a conflict outside content/", async () => {
    write(site, "app/page.ts", "export const title = 'hand-edited on the server';\n");
    git(site, "-c", "user.name=Someone", "-c", "user.email=s@example.com", "commit", "-qam", "hand edit");
    const before = git(site, "rev-parse", "HEAD");
    devCommit({ "app/page.ts": "export const title = 'new';\n" }, "New title");
    const error = await updateSite({ repoDir: site, install: async () => {}, build: fakeBuild() }).catch(
      (e: unknown) => e,
    );
    expect((error as Error).message).toContain(
      "Not updated: app/page.ts was changed both here and by the developer, and it is not content.",
    );
    expect(git(site, "rev-parse", "HEAD")).toBe(before);
    expect(existsSync(path.join(site, ".git", "rebase-merge"))).toBe(false);
    expect(git(site, "status", "--porcelain", "--untracked-files=no")).toBe("");
  });

  it("keeps the owner's photo and the owner's deletion when the developer changed them too", async () => {
    write(dev, "content/photos/roof.jpg", "developer's first photo");
    write(dev, "content/posts/old.md", "# Old\n\nText.\n");
    devCommit({}, "Photo and post");
    git(site, "pull", "-q");
    consoleCommit("content/photos/roof.jpg", "\u0000owner's photo", "Photo: roof");
    git(site, "rm", "-q", "content/posts/old.md");
    execFileSync("git", ["commit", "-qm", "Post removed"], {
      cwd: site,
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: "Owner (console)",
        GIT_AUTHOR_EMAIL: "o@x",
        GIT_COMMITTER_NAME: "O",
        GIT_COMMITTER_EMAIL: "o@x",
      },
    });
    devCommit(
      { "content/photos/roof.jpg": "\u0000developer's new photo", "content/posts/old.md": "# Old\n\nBetter text.\n" },
      "Retouch",
    );
    const result = await updateSite({ repoDir: site, install: async () => {}, build: fakeBuild() });
    expect(result.state === "updated" && [...result.ownerKept].sort()).toEqual([
      "content/photos/roof.jpg",
      "content/posts/old.md",
    ]);
    expect(read(site, "content/photos/roof.jpg")).toBe("\u0000owner's photo");
    expect(existsSync(path.join(site, "content/posts/old.md"))).toBe(false);
  });
});

describe("the command", { timeout: 120_000 }, () => {
  const command = path.resolve("scripts/update.ts");
  const tsx = path.resolve("node_modules/.bin/tsx");
  const runIn = (cwd: string) => {
    try {
      return { code: 0, out: execFileSync(tsx, [command], { cwd, encoding: "utf8", stdio: "pipe" }) };
    } catch (error) {
      const e = error as { status: number; stdout: string; stderr: string };
      return { code: e.status, out: e.stdout + e.stderr };
    }
  };

  it("says when there is nothing new, and rolls back in words when the real build fails", () => {
    expect(runIn(site)).toMatchObject({ code: 0, out: expect.stringContaining("Already up to date at") });

    consoleCommit("content/business.yaml", BUSINESS.replace("555-0100", "555-0199"), "Business facts: phone");
    const before = git(site, "rev-parse", "HEAD");
    devCommit({ "app/page.ts": "export const title = 'new';\n" }, "New title");
    // This site has no package.json: `npm run build` fails as a broken build would.
    const { code, out } = runIn(site);
    expect(code).toBe(1);
    expect(out).toContain("Not updated: the site did not build; the server log has the details");
    expect(out).toContain(`The working copy is back at ${before.slice(0, 12)} and the site serves what it served.`);
    expect(git(site, "rev-parse", "HEAD")).toBe(before);
    expect(siteLockHolder(site)).toBeNull();
  });
});

describe("the console publisher and the update share one lock", { timeout: 60_000 }, () => {
  it("a publish waits while an update holds it, and fails in the owner's words if it never ends", async () => {
    const lock = await acquireSiteLock(site, "npm run update");
    const publisher = createPublisher({
      repoDir: site,
      rendersDir: path.join(site, "builds"),
      render: fakeBuild(),
      prepare: async () => () => {},
      lockWaitMs: 400,
    });
    const job = publisher.save({
      summary: "Business facts: phone",
      files: [{ path: "content/business.yaml", content: BUSINESS.replace("555-0100", "555-0142") }],
    });
    await new Promise((r) => setTimeout(r, 150));
    expect(job.state).toBe("queued");
    await publisher.idle();
    expect(job.state).toBe("failed");
    expect(job.error).toBe("the site is being updated by your developer; try again in a few minutes");
    expect(read(site, "content/business.yaml")).toBe(BUSINESS);

    // Released during the wait: the publish goes ahead, and gives the lock back.
    setTimeout(() => lock.release(), 200);
    const next = publisher.save({
      summary: "Business facts: phone",
      files: [{ path: "content/business.yaml", content: BUSINESS.replace("555-0100", "555-0142") }],
    });
    await publisher.idle();
    expect(next.state).toBe("published");
    expect(siteLockHolder(site)).toBeNull();
  });

  it("takes over a lock left by a process that is gone", async () => {
    writeFileSync(path.join(site, ".git", "heartland-site.lock"), "999999999 npm run update\n");
    expect(siteLockHolder(site)).toBeNull();
    const lock = await acquireSiteLock(site, "console publish 2");
    expect(siteLockHolder(site)).toEqual({ pid: process.pid, what: "console publish 2" });
    lock.release();
  });
});
