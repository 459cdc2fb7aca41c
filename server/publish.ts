// Publishing the owner's edits: every save is a git commit and a fresh build in its own folder; the server switches
// to it only when the build and its checks pass, so the old build serves the whole time. One job at a time: saves
// made during a build wait their turn. See docs/decisions/0015-publish-pipeline.md.
import { execFile, spawn } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export const CONSOLE_AUTHOR = { name: "Owner (console)", email: "owner@console.invalid" };

/** One file the owner changed: its new bytes, or null to delete it. Paths are relative to the repository. */
export type FileChange = { readonly path: string; readonly content: string | Uint8Array | null };

export type Change = {
  /** What changed, in the owner's words: the commit message ("Business facts: phone"). */
  readonly summary: string;
  readonly files: readonly FileChange[];
};

export type JobState = "queued" | "building" | "checking" | "published" | "failed" | "unchanged";

export type PublishJob = {
  readonly id: string;
  summary: string;
  state: JobState;
  queuedAt: number;
  startedAt?: number;
  finishedAt?: number;
  /** From start of the build to the switch (or failure), in milliseconds. */
  durationMs?: number;
  /** Plain words for the owner when it failed. */
  error?: string;
  commit?: string;
};

/** Thrown by a build or a check with words meant for the owner. */
export class PublishError extends Error {
  override name = "PublishError";
}

export type PublisherOptions = {
  /** The site's git repository (the server's working copy). */
  repoDir: string;
  /** Where each build gets its own folder; `current` points at the one being served. */
  buildsDir: string;
  /** Builds the site from repoDir into buildDir; throws PublishError (or any error) when it fails. */
  build?: (buildDir: string) => Promise<void>;
  /**
   * Checks a finished build and loads it, without serving it yet; returns the switch. Throws when the build is
   * not fit to serve. The switch itself must not fail.
   */
  prepare: (buildDir: string) => Promise<() => void>;
  now?: () => number;
  /** Old build folders kept besides the one being served. */
  keepBuilds?: number;
};

/** Paths the console may write: files under content/, in lowercase words; never `..`, never absolute. */
export function isContentPath(p: string): boolean {
  return (
    /^content\/[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*\.(ya?ml|md|jpg)$/.test(p) &&
    path.posix.normalize(p) === p &&
    !p.split("/").includes("..")
  );
}

/** The build's own words for what is wrong, e.g. "content/business.yaml is not valid: phone: …". */
export function buildFailureReason(output: string): string {
  const lines = output.split(/\r?\n/);
  const start = lines.findIndex(
    (l) => /(Content|BusinessFile|Placeholder)Error: /.test(l) || /^content\/\S+/.test(l.trim()),
  );
  if (start >= 0) {
    const first = (lines[start] ?? "").replace(/^.*?(Content|BusinessFile|Placeholder)Error: /, "").trim();
    const rest = lines
      .slice(start + 1)
      .filter((l, i, all) => /^\s{2}\S/.test(l) && all.slice(0, i).every((x) => /^\s{2}\S/.test(x)));
    return [first, ...rest.map((l) => l.trim())].join(" ").slice(0, 600);
  }
  return "the site did not build; the server log has the details";
}

/** `npm run build` with BUILD_DIR set: React Router's build, then the precompressed copies. */
export function npmBuild(repoDir: string, log: (chunk: string) => void = () => {}) {
  return (buildDir: string) =>
    new Promise<void>((resolve, reject) => {
      const child = spawn("npm", ["run", "-s", "build"], {
        cwd: repoDir,
        env: {
          ...process.env,
          BUILD_DIR: buildDir,
          // The build runs beside the live server under the unit's MemoryMax (decision 0017): V8 collects garbage
          // before its heap passes 384 MB, and glibc keeps two malloc arenas, not eight per core (Rolldown's threads).
          NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --max-old-space-size=384`.trim(),
          MALLOC_ARENA_MAX: "2",
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      const collect = (chunk: Buffer) => {
        const text = chunk.toString();
        log(text);
        output = (output + text).slice(-64 * 1024);
      };
      child.stdout.on("data", collect);
      child.stderr.on("data", collect);
      child.on("error", reject);
      child.on("close", (code) => {
        if (code === 0) resolve();
        else reject(new PublishError(buildFailureReason(output)));
      });
    });
}

/** Runs git as the console's author; stdout as bytes. */
async function gitBytes(repoDir: string, args: string[]): Promise<Buffer> {
  const { stdout } = await run("git", args, {
    cwd: repoDir,
    encoding: "buffer",
    maxBuffer: 64 * 1024 * 1024,
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: CONSOLE_AUTHOR.name,
      GIT_AUTHOR_EMAIL: CONSOLE_AUTHOR.email,
      GIT_COMMITTER_NAME: CONSOLE_AUTHOR.name,
      GIT_COMMITTER_EMAIL: CONSOLE_AUTHOR.email,
    },
  });
  return stdout;
}

async function git(repoDir: string, args: string[]): Promise<string> {
  return (await gitBytes(repoDir, args)).toString("utf8");
}

/** Writes beside the target, then renames over it, so a reader never sees half a file. */
function writeAtomically(file: string, content: string | Uint8Array) {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.saving`;
  writeFileSync(temporary, content);
  renameSync(temporary, file);
}

/** Points `current` at a build folder in one rename, so a restart serves the last published build. */
function pointCurrent(buildsDir: string, id: string) {
  const temporary = path.join(buildsDir, `current.${id}`);
  symlinkSync(id, temporary);
  renameSync(temporary, path.join(buildsDir, "current"));
}

/** The build folder `current` names, if any (for the server at start). */
export function currentBuild(buildsDir: string): string | undefined {
  const link = path.join(buildsDir, "current");
  return existsSync(path.join(link, "server", "index.js")) ? link : undefined;
}

export function createPublisher({
  repoDir,
  buildsDir,
  build = npmBuild(repoDir),
  prepare,
  now = Date.now,
  keepBuilds = 2,
}: PublisherOptions) {
  const jobs: PublishJob[] = [];
  let queue: Promise<void> = Promise.resolve();
  let counter = 0;
  // Padded so names sort in the order they were made.

  const nextId = () =>
    `${new Date(now()).toISOString().replace(/\D/g, "").slice(0, 14)}-${String(++counter).padStart(6, "0")}`;

  function enqueue(summary: string, files: () => Promise<readonly FileChange[]>): PublishJob {
    const job: PublishJob = { id: nextId(), summary, state: "queued", queuedAt: now() };
    jobs.push(job);
    if (jobs.length > 50) jobs.shift();
    queue = queue.then(() => runJob(job, files));
    return job;
  }

  async function runJob(job: PublishJob, changes: () => Promise<readonly FileChange[]>) {
    job.startedAt = now();
    let files: readonly FileChange[] = [];
    const before = new Map<string, Buffer | null>();
    const buildDir = path.join(buildsDir, job.id);
    try {
      files = await changes();
      for (const f of files) {
        if (!isContentPath(f.path)) throw new PublishError(`${f.path} is not a file the console may change`);
      }
      // Remember the files as they were, then write the new versions.
      for (const f of files) {
        const full = path.join(repoDir, f.path);
        before.set(f.path, existsSync(full) ? readFileSync(full) : null);
        if (f.content === null) {
          if (existsSync(full)) unlinkSync(full);
        } else writeAtomically(full, f.content);
      }
      const paths = files.map((f) => f.path);
      const changed = paths.length > 0 && (await git(repoDir, ["status", "--porcelain", "--", ...paths])).trim() !== "";
      if (!changed) {
        job.state = "unchanged";
        return;
      }

      job.state = "building";
      mkdirSync(buildsDir, { recursive: true });
      await build(buildDir);
      job.state = "checking";
      const switchOver = await prepare(buildDir);

      await git(repoDir, ["add", "-A", "--", ...paths]);
      await git(repoDir, ["commit", "-q", "-m", job.summary, "--", ...paths]);
      job.commit = (await git(repoDir, ["rev-parse", "HEAD"])).trim();
      switchOver();
      pointCurrent(buildsDir, job.id);
      job.state = "published";
      prune(job.id);
    } catch (error) {
      job.state = "failed";
      job.error =
        error instanceof PublishError
          ? error.message
          : "the site could not be published; the server log has the details";
      if (!(error instanceof PublishError)) console.error(`publish ${job.id}:`, error);
      // Put every file back as it was; nothing is committed and the served build is untouched.
      for (const [p, bytes] of before) {
        const full = path.join(repoDir, p);
        if (bytes === null) rmSync(full, { force: true });
        else writeAtomically(full, bytes);
      }
      if (before.size > 0) await git(repoDir, ["reset", "-q", "--", ...before.keys()]).catch(() => {});
      rmSync(buildDir, { recursive: true, force: true });
    } finally {
      job.finishedAt = now();
      job.durationMs = job.finishedAt - (job.startedAt ?? job.finishedAt);
    }
  }

  /** Deletes build folders beyond the newest few; never the one being served. */
  function prune(current: string) {
    const builds = readdirSync(buildsDir)
      .filter((name) => /^\d{14}-\d{6}$/.test(name) && name !== current)
      .sort()
      .reverse();
    for (const old of builds.slice(keepBuilds)) rmSync(path.join(buildsDir, old), { recursive: true, force: true });
  }

  return {
    /** The repository it publishes from; the console reads the content it edits from here too. */
    repoDir,
    /** Queues a save; returns its job at once (state "queued"). */
    save(change: Change): PublishJob {
      return enqueue(change.summary, async () => change.files);
    },
    /** Queues "Undo last change": the files of the newest console commit go back to how they were before it. */
    undo(): PublishJob {
      const job = enqueue("Undo last change", async () => {
        const [author = "", subject = ""] = (await git(repoDir, ["log", "-1", "--format=%an%n%s"])).split("\n");
        if (author !== CONSOLE_AUTHOR.name)
          throw new PublishError("the last change was not made in the console, so there is nothing to undo here");
        job.summary = `Undo: ${subject}`;
        const names = (await git(repoDir, ["diff-tree", "--no-commit-id", "--name-only", "-r", "HEAD"]))
          .split("\n")
          .filter(Boolean);
        return Promise.all(
          names.map(async (p) => {
            const content = await gitBytes(repoDir, ["show", `HEAD~1:${p}`]).catch(() => null);
            return { path: p, content };
          }),
        );
      });
      return job;
    },
    job(id: string): PublishJob | undefined {
      return jobs.find((j) => j.id === id);
    },
    /** Newest first. */
    jobs(): readonly PublishJob[] {
      return [...jobs].reverse();
    },
    /** Resolves when every queued job has finished (tests, shutdown). */
    idle(): Promise<void> {
      return queue;
    },
  };
}

export type Publisher = ReturnType<typeof createPublisher>;
