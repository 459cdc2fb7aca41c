// Publishing the owner's edits: every save is a git commit and a fresh build in its own folder; the server switches
// to it only when the build and its checks pass, so the old build serves the whole time. One job at a time: saves
// made during a build wait their turn. A job that fails, at any step, puts everything back and says why in the
// owner's words; it never throws out of the queue (a crash would take the public site down with it).
// See docs/decisions/0015-publish-pipeline.md.
import { execFile, execFileSync, spawn } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { rm } from "node:fs/promises";
import { constants as osConstants } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { acquireSiteLock, SiteBusyError } from "./site-lock.ts";

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
  /** Set on a change the server was publishing when it stopped, published again at its next start. */
  resumed?: true;
};

/** Thrown by a build or a check with words meant for the owner. */
export class PublishError extends Error {
  override name = "PublishError";
}

/** How a failed job ended: the owner's words, and whether it is trouble to e-mail about (not a content mistake). */
export type PublishOutcome = { ok: true; job: PublishJob } | { ok: false; job: PublishJob; detail: string };

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
  /** How long a publish waits for `npm run update` to finish with the working copy (site-lock.ts). */
  lockWaitMs?: number;
  /**
   * Told after each publish and each failure that is not the owner's own content mistake (the owner's incident
   * e-mail, server/owner/incidents.ts). Its errors are logged, never thrown.
   */
  report?: (outcome: PublishOutcome) => unknown;
  /** Where the failures go in the server's log. */
  log?: (message: string) => void;
  /** Gets ready for a publish the owner is about to ask for (an editor was opened); never awaited. */
  warm?: () => void;
};

/** Paths the console may write: files under content/, in lowercase words; never `..`, never absolute. */
export function isContentPath(p: string): boolean {
  return (
    /^content\/[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*\.(ya?ml|md|jpg)$/.test(p) &&
    path.posix.normalize(p) === p &&
    !p.split("/").includes("..")
  );
}

export const BUILD_FAILED = "the site did not build; the server log has the details";
const BUILD_OUT_OF_MEMORY = "the build ran out of memory (JavaScript heap out of memory)";
export const RENDER_OUT_OF_MEMORY = "the render ran out of memory";

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
  if (/JavaScript heap out of memory|Reached heap limit/.test(output)) return BUILD_OUT_OF_MEMORY;
  return BUILD_FAILED;
}

/** A build that a signal ended: SIGKILL is what the kernel's (or systemd's) out-of-memory killer sends. */
export function buildStoppedReason(signal: string): string {
  const memory = signal === "SIGKILL" || signal === "SIGABRT" ? ", likely out of memory" : "";
  return `the build was stopped (killed by ${signal})${memory}`;
}

/**
 * The owner's words for a build ended by a signal, sent to it or (exit code 128 + n, as a shell reports it) to a
 * process under it: the out-of-memory killer picks the biggest, which is the build, not npm.
 */
export function stoppedBy(code: number | null, signal: NodeJS.Signals | null): string | undefined {
  const name =
    signal ??
    (code !== null && code > 128
      ? Object.entries(osConstants.signals).find(([, n]) => n === code - 128)?.[0]
      : undefined);
  return name ? buildStoppedReason(name) : undefined;
}

/** True for the build's words about the content (the owner's own mistake, shown on screen, not e-mailed). */
function isContentMistake(message: string): boolean {
  return (
    message !== BUILD_FAILED &&
    message !== BUILD_OUT_OF_MEMORY &&
    message !== RENDER_OUT_OF_MEMORY &&
    !message.startsWith("the build was stopped")
  );
}

/** `npm run build` with BUILD_DIR set: React Router's build, then the precompressed copies. */
export function npmBuild(repoDir: string, log: (chunk: string) => void = () => {}) {
  return (buildDir: string) =>
    new Promise<void>((resolve, reject) => {
      // The server's own allocator tuning (server/malloc-env.ts) is for its photo uploads, not for the build.
      const inherited = { ...process.env };
      delete inherited.MALLOC_MMAP_THRESHOLD_;
      delete inherited.MALLOC_TRIM_THRESHOLD_;
      const child = spawn("npm", ["run", "-s", "build"], {
        cwd: repoDir,
        env: {
          ...inherited,
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
      child.on("close", (code, signal) => {
        if (code === 0) resolve();
        else reject(new PublishError(stoppedBy(code, signal) ?? buildFailureReason(output)));
      });
    });
}

/** How a command is run: stdout as bytes, or a rejection as execFile's (code, stderr and all). */
export type CommandRunner = (
  file: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; maxBuffer: number },
) => Promise<Buffer>;

/**
 * Where git runs, when not on this thread: a thread that starts a process waits until it has started (fork and exec),
 * and on a busy 2-core server that held the event loop 20–40 ms for each of a publish's five git commands (issue 38).
 * The render's worker runs them while it is up (server/publishing/render-in-worker.ts); null is "not now", and this thread does.
 */
let offThread: ((...args: Parameters<CommandRunner>) => Promise<Buffer> | null) | null = null;
export function runGitOffThread(runner: typeof offThread): void {
  offThread = runner;
}

/** Runs git as the console's author; stdout as bytes. */
async function gitBytes(repoDir: string, args: string[]): Promise<Buffer> {
  const options = {
    cwd: repoDir,
    maxBuffer: 64 * 1024 * 1024,
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: CONSOLE_AUTHOR.name,
      GIT_AUTHOR_EMAIL: CONSOLE_AUTHOR.email,
      GIT_COMMITTER_NAME: CONSOLE_AUTHOR.name,
      GIT_COMMITTER_EMAIL: CONSOLE_AUTHOR.email,
    },
  };
  const elsewhere = offThread?.("git", args, options);
  if (elsewhere) return elsewhere;
  return (await run("git", args, { ...options, encoding: "buffer" })).stdout;
}

async function git(repoDir: string, args: string[]): Promise<string> {
  return (await gitBytes(repoDir, args)).toString("utf8");
}

/** Writes beside the target, then renames over it, so a reader never sees half a file. */
function writeAtomically(file: string, content: string | Uint8Array) {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.saving`;
  try {
    writeFileSync(temporary, content);
    renameSync(temporary, file);
  } catch (error) {
    // A half-written temporary file (a full disk) goes; the target was never touched.
    try {
      unlinkSync(temporary);
    } catch {
      // Nothing was made (read-only), or it is not ours to remove.
    }
    throw error;
  }
}

/** Points `current` at a build folder in one rename, so a restart serves that build (`npm run update`). */
export function pointCurrent(buildsDir: string, id: string) {
  const temporary = path.join(buildsDir, `current.${id}`);
  symlinkSync(id, temporary);
  renameSync(temporary, path.join(buildsDir, "current"));
}

/** The build folder `current` names, if any (for the server at start). */
export function currentBuild(buildsDir: string): string | undefined {
  const link = path.join(buildsDir, "current");
  return existsSync(path.join(link, "server", "index.js")) ? link : undefined;
}

/** What `builds/current` points at now: a build's name, null when there is none. */
function readCurrent(buildsDir: string): string | null {
  try {
    return readlinkSync(path.join(buildsDir, "current"));
  } catch {
    return null;
  }
}

/** An error's own text with git's stderr, for the log and for recognising what went wrong. */
function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const stderr = (error as { stderr?: unknown }).stderr;
  const more = stderr ? (Buffer.isBuffer(stderr) ? stderr.toString("utf8") : String(stderr)).trim() : "";
  return more && !error.message.includes(more) ? `${error.message}\n${more}` : error.message;
}

const BY_CODE: Record<string, string> = {
  EROFS: "the site's folder cannot be written (read-only file system)",
  EACCES: "the server is not allowed to write the site's folder (permission denied)",
  EPERM: "the server is not allowed to write the site's folder (operation not permitted)",
  ENOSPC: "the disk is full",
  EDQUOT: "the disk quota is used up",
  EIO: "the disk reported an error (input/output error)",
  EMFILE: "the server has too many files open",
  ENFILE: "the server has too many files open",
};

/** Why a step failed, in the owner's words (no paths, no stack: those go to the log). */
export function ownerWords(error: unknown, step: Step = "write", current = "builds/current"): string {
  if (error instanceof PublishError) return error.message;
  const text = errorText(error);
  const code = typeof (error as { code?: unknown })?.code === "string" ? (error as { code: string }).code : "";
  const syscall = String((error as { syscall?: unknown })?.syscall ?? "");
  if (code === "ENOENT" && syscall.startsWith("spawn"))
    return `${syscall.slice(6) || "git"} is not installed on the server`;
  if (/\.lock'?: File exists|Another git process seems to be running/i.test(text))
    return "another git operation is in progress (a lock file is left in .git)";
  if (step === "point" && ["EISDIR", "ENOTEMPTY", "EEXIST", "ENOTDIR"].includes(code))
    return `the new version could not be put in place: ${current} is a folder, not a link to a build`;
  if (BY_CODE[code]) return BY_CODE[code];
  if (/Read-only file system/i.test(text)) return BY_CODE.EROFS as string;
  if (/No space left on device/i.test(text)) return BY_CODE.ENOSPC as string;
  if (/Disk quota exceeded/i.test(text)) return BY_CODE.EDQUOT as string;
  if (/Permission denied/i.test(text)) return BY_CODE.EACCES as string;
  if (/dubious ownership/i.test(text)) return "git refuses the site's folder because another user owns it";
  if (step === "commit" || step === "git") return "git could not record the change; the server log has the details";
  return "the site could not be published; the server log has the details";
}

/** The steps of a job, in order; the words say where it stopped (log and incident e-mail). */
export type Step = "changes" | "write" | "git" | "build" | "prepare" | "link" | "commit" | "point" | "switch";
const STEP_WORDS: Record<Step, string> = {
  changes: "reading what to change",
  write: "writing the changed files",
  git: "asking git what changed",
  build: "building the site",
  prepare: "checking and loading the new version",
  link: "preparing the link to the new version (builds/current)",
  commit: "committing the change to git",
  point: "pointing builds/current at the new version",
  switch: "switching the server to the new version",
};

/**
 * Can this process publish from repoDir? Tries for real: creates and removes a file in content/, builds/ (made if
 * missing) and .git/, and asks git. Null when it can; else the reason in plain words.
 */
export function publishingProblem(repoDir: string): string | null {
  try {
    execFileSync("git", ["--version"], { stdio: "ignore" });
  } catch (error) {
    if ((error as { code?: unknown }).code === "ENOENT") return "git is not installed on the server";
  }
  for (const dir of ["content", "builds", "renders", ".git", ".git/objects"]) {
    const full = path.join(repoDir, dir);
    const probe = path.join(full, `.write-test-${process.pid}`);
    try {
      if (dir === "builds" || dir === "renders") mkdirSync(full, { recursive: true });
      writeFileSync(probe, "");
      rmSync(probe, { force: true });
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      const why =
        code === "EROFS"
          ? "read-only file system"
          : code === "EACCES" || code === "EPERM"
            ? "permission denied"
            : code === "ENOSPC"
              ? "the disk is full"
              : code === "ENOENT"
                ? `${dir}/ is missing`
                : String(code ?? errorText(error));
      return `the server cannot write to ${full} (${why})`;
    }
  }
  try {
    execFileSync("git", ["-C", repoDir, "rev-parse", "--git-dir"], { stdio: ["ignore", "ignore", "pipe"] });
  } catch (error) {
    const text = errorText(error);
    return /dubious ownership/i.test(text)
      ? `git refuses ${repoDir} because another user owns it (dubious ownership)`
      : `git cannot read ${repoDir}`;
  }
  return null;
}

export function createPublisher({
  repoDir,
  buildsDir,
  build = npmBuild(repoDir),
  prepare,
  now = Date.now,
  keepBuilds = 2,
  lockWaitMs = 15 * 60_000,
  report = () => {},
  log = (message) => console.error(message),
  warm,
}: PublisherOptions) {
  const jobs: PublishJob[] = [];
  let queue: Promise<void> = Promise.resolve();
  let reports: Promise<void> = Promise.resolve();
  let counter = 0;
  // Padded so names sort in the order they were made.

  const nextId = () =>
    `${new Date(now()).toISOString().replace(/\D/g, "").slice(0, 14)}-${String(++counter).padStart(6, "0")}`;

  function enqueue(summary: string, files: () => Promise<readonly FileChange[]>): PublishJob {
    const job: PublishJob = { id: nextId(), summary, state: "queued", queuedAt: now() };
    jobs.push(job);
    if (jobs.length > 50) jobs.shift();
    // runJob catches everything itself; this is the last guard, so one job can never stop the ones after it.
    queue = queue
      .then(() => lockedJob(job, files))
      .catch((error: unknown) => {
        job.state = "failed";
        job.error ??= "the site could not be published; the server log has the details";
        log(`publish ${job.id}: unexpected: ${errorText(error)}`);
      });
    return job;
  }

  // `npm run update` changes the same working copy from another process (decision 0018): a job waits for it.
  async function lockedJob(job: PublishJob, files: () => Promise<readonly FileChange[]>) {
    let lock;
    try {
      lock = await acquireSiteLock(repoDir, `console publish ${job.id}`, { waitMs: lockWaitMs });
    } catch (error) {
      job.state = "failed";
      if (error instanceof SiteBusyError) {
        job.error = "the site is being updated by your developer; try again in a few minutes";
      } else {
        job.error = ownerWords(error);
        log(`publish ${job.id}: could not take the site's lock: ${errorText(error)}`);
        tell({
          ok: false,
          job,
          detail:
            `The change "${job.summary}" was not published: ${job.error}.\n` +
            `It stopped while taking the site's lock (before changing anything): ${errorText(error).split("\n")[0]}\n` +
            "The public site still shows the previous version.",
        });
      }
      job.finishedAt = now();
      return;
    }
    try {
      await runJob(job, files);
    } finally {
      try {
        lock.release();
      } catch (error) {
        log(`publish ${job.id}: could not release the site's lock: ${errorText(error)}`);
      }
    }
  }
  /** Hands an outcome to `report` without waiting on it or letting it throw into the queue. */
  function tell(outcome: PublishOutcome) {
    reports = reports
      .then(() => report(outcome))
      .then(
        () => {},
        (error: unknown) => log(`publish ${outcome.job.id}: could not report it: ${errorText(error)}`),
      );
  }

  /** Runs one undo step; a failure is logged and noted, never thrown (the job has already failed). */
  function attempt(job: PublishJob, problems: string[], what: string, step: () => void | Promise<void>) {
    return Promise.resolve()
      .then(step)
      .catch((error: unknown) => {
        problems.push(`${what}: ${errorText(error).split("\n")[0]}`);
        log(`publish ${job.id}: could not ${what}: ${errorText(error)}`);
      });
  }

  async function runJob(job: PublishJob, changes: () => Promise<readonly FileChange[]>) {
    job.startedAt = now();
    const before = new Map<string, Buffer | null>();
    const buildDir = path.join(buildsDir, job.id);
    const link = path.join(buildsDir, `current.${job.id}`);
    let step: Step = "changes";
    let headBefore: string | undefined;
    let previous: string | null | undefined;
    let staged = false;
    try {
      const files = await changes();
      for (const f of files) {
        if (!isContentPath(f.path)) throw new PublishError(`${f.path} is not a file the console may change`);
      }
      // Should the server stop before this job ends, its next start takes the files back and publishes them again.
      writeJournal(buildsDir, { summary: job.summary, files });
      // Remember the files as they were, then write the new versions.
      step = "write";
      for (const f of files) {
        const full = path.join(repoDir, f.path);
        before.set(f.path, existsSync(full) ? readFileSync(full) : null);
        if (f.content === null) {
          if (existsSync(full)) unlinkSync(full);
        } else writeAtomically(full, f.content);
      }
      step = "git";
      const paths = files.map((f) => f.path);
      const changed = paths.length > 0 && (await git(repoDir, ["status", "--porcelain", "--", ...paths])).trim() !== "";
      if (!changed) {
        // A resumed change already committed before the stop: the start rendered it, so it is live.
        job.state = job.resumed ? "published" : "unchanged";
        return;
      }

      job.state = "building";
      step = "build";
      mkdirSync(buildsDir, { recursive: true });
      await build(buildDir);
      job.state = "checking";
      step = "prepare";
      const switchOver = await prepare(buildDir);

      // Everything that can fail on disk happens before the change shows anywhere: the link is made beside
      // builds/current, then the commit, then one rename points builds/current at the new build and the server
      // switches in memory. A failure after the commit takes the commit back (decision 0015).
      step = "link";
      rmSync(link, { force: true });
      symlinkSync(job.id, link);
      step = "commit";
      headBefore = (await git(repoDir, ["rev-parse", "HEAD"])).trim();
      await git(repoDir, ["add", "-A", "--", ...paths]);
      staged = true;
      await git(repoDir, ["commit", "-q", "-m", job.summary, "--", ...paths]);
      job.commit = (await git(repoDir, ["rev-parse", "HEAD"])).trim();
      step = "point";
      previous = readCurrent(buildsDir);
      renameSync(link, path.join(buildsDir, "current"));
      step = "switch";
      switchOver();
      job.state = "published";
    } catch (error) {
      job.state = "failed";
      job.error = ownerWords(error, step, `${path.basename(buildsDir)}/current`);
      const mistake =
        error instanceof PublishError && (step === "changes" || (step === "build" && isContentMistake(error.message)));
      if (!mistake) log(`publish ${job.id} failed while ${STEP_WORDS[step]}: ${errorText(error)}`);
      const problems = await putBack(job, step, before, {
        buildDir,
        link,
        headBefore,
        previous,
        staged,
      });
      if (problems.length > 0) job.error += " (and not everything could be put back; the server log has the details)";
      if (!mistake) {
        tell({
          ok: false,
          job,
          detail:
            `The change "${job.summary}" was not published: ${job.error}.\n` +
            `It stopped while ${STEP_WORDS[step]}: ${errorText(error).split("\n").slice(0, 3).join(" ")}\n` +
            (problems.length > 0 ? `Putting things back also failed: ${problems.join("; ")}\n` : "") +
            "The public site still shows the previous version.",
        });
      }
      delete job.commit;
    } finally {
      job.finishedAt = now();
      job.durationMs = job.finishedAt - (job.startedAt ?? job.finishedAt);
      await attempt(job, [], "remove the publish journal", () => rmSync(journalFile(buildsDir), { force: true }));
    }
    if (job.state === "published") {
      tell({ ok: true, job });
      // Old folders are only tidying: a failure here leaves them, the publish stands.
      await attempt(job, [], "remove old build folders", () => prune(job.id));
    }
  }

  /**
   * Undoes what a failed job did, in reverse: builds/current back, the commit taken back, the files as they were,
   * the build folder removed. Each step is tried on its own; returns what could not be done.
   */
  async function putBack(
    job: PublishJob,
    step: Step,
    before: ReadonlyMap<string, Buffer | null>,
    made: {
      buildDir: string;
      link: string;
      headBefore?: string;
      previous?: string | null;
      staged: boolean;
    },
  ): Promise<string[]> {
    const problems: string[] = [];
    if (step === "switch" && made.previous !== undefined) {
      const current = path.join(buildsDir, "current");
      await attempt(job, problems, "point builds/current back", () => {
        if (made.previous === null) return void rmSync(current, { force: true });
        const back = `${made.link}.back`;
        rmSync(back, { force: true });
        symlinkSync(made.previous as string, back);
        renameSync(back, current);
      });
    }
    await attempt(job, problems, "remove the new link", () => rmSync(made.link, { force: true }));
    if (made.headBefore) {
      const head = made.headBefore;
      await attempt(job, problems, "take the commit back", async () => {
        const headNow = (await git(repoDir, ["rev-parse", "HEAD"])).trim();
        if (headNow !== head) await git(repoDir, ["reset", "-q", "--soft", head]);
      });
    }
    for (const [p, bytes] of before) {
      const full = path.join(repoDir, p);
      await attempt(job, problems, `put ${p} back`, () => {
        const nowBytes = existsSync(full) ? readFileSync(full) : null;
        // Only what differs is written: on a read-only or full disk, nothing was changed and nothing needs to be.
        if (bytes === null ? nowBytes === null : nowBytes !== null && nowBytes.equals(bytes)) return;
        if (bytes === null) rmSync(full, { force: true });
        else writeAtomically(full, bytes);
      });
    }
    // Only when the change reached git's index: with a lock left in .git, this would fail for nothing.
    if (made.staged) {
      await attempt(job, problems, "reset git's index", async () => {
        await git(repoDir, ["reset", "-q", "--", ...before.keys()]);
      });
    }
    // The server may have loaded the new build when the switch itself failed: keep its folder then.
    if (step !== "switch") {
      await attempt(job, problems, "remove the build folder", () =>
        rmSync(made.buildDir, { recursive: true, force: true }),
      );
    }
    return problems;
  }

  /**
   * Deletes build (or render) folders beyond the newest few; never the one being served. Off the event loop: a
   * render's hundred-odd files took 17 ms of it.
   */
  async function prune(current: string) {
    const builds = readdirSync(buildsDir)
      .filter((name) => /^\d{14}-\d{6}$/.test(name) && name !== current)
      .sort()
      .reverse();
    for (const old of builds.slice(keepBuilds)) await rm(path.join(buildsDir, old), { recursive: true, force: true });
  }

  return {
    /** The repository it publishes from; the console reads the content it edits from here too. */
    repoDir,
    /** Says a save is likely soon (an editor is open); never throws. */
    warm(): void {
      try {
        warm?.();
      } catch (error) {
        log(`publish: could not get the render ready: ${errorText(error)}`);
      }
    },
    /** Queues a save; returns its job at once (state "queued"). */
    save(change: Change): PublishJob {
      return enqueue(change.summary, async () => change.files);
    },
    /** Queues a change the server was publishing when it stopped (`takeBackInterrupted`). */
    resume(change: Change): PublishJob {
      const job = enqueue(change.summary, async () => change.files);
      job.resumed = true;
      return job;
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
    /** Resolves when every queued job has finished and been reported (tests, shutdown). */
    async idle(): Promise<void> {
      await queue;
      await reports;
    },
  };
}

export type Publisher = ReturnType<typeof createPublisher>;

// The publish journal: the change a job is publishing, in renders/, from before its files are written until it ends.
// A stop in between (a restart, a crash, a power cut) leaves it; the next start puts the files back as git's HEAD has
// them, serves that, and publishes the change again, so the owner's change is neither lost nor half-made.
type Journal = { summary: string; files: { path: string; base64: string | null }[] };

const journalFile = (buildsDir: string) => path.join(buildsDir, "publishing.json");

function writeJournal(buildsDir: string, change: Change) {
  mkdirSync(buildsDir, { recursive: true });
  const journal: Journal = {
    summary: change.summary,
    files: change.files.map((f) => ({
      path: f.path,
      base64: f.content === null ? null : Buffer.from(f.content).toString("base64"),
    })),
  };
  writeAtomically(journalFile(buildsDir), JSON.stringify(journal));
}

/**
 * At start, before the content is read: a change left half-published by a stop goes back to HEAD's files (a
 * commit the stop cut short included) and is returned, to be published again; null when there is none.
 */
export async function takeBackInterrupted(repoDir: string, buildsDir: string): Promise<Change | null> {
  const file = journalFile(buildsDir);
  if (!existsSync(file)) return null;
  let journal: Journal;
  try {
    journal = JSON.parse(readFileSync(file, "utf8")) as Journal;
    if (!Array.isArray(journal.files) || typeof journal.summary !== "string") throw new Error("not a journal");
  } catch (error) {
    // Unreadable (a disk error, a hand edit): gone, so it cannot trouble every start after this one.
    rmSync(file, { force: true });
    throw new Error(`${file} could not be read, so it was removed: ${errorText(error)}`);
  }
  const paths = journal.files.map((f) => f.path).filter(isContentPath);
  // A commit the stop interrupted leaves git's lock; no other git runs in this working copy before the server is up.
  rmSync(path.join(repoDir, ".git", "index.lock"), { force: true });
  if (paths.length > 0) {
    await git(repoDir, ["reset", "-q", "--", ...paths]);
    for (const p of paths) {
      const inHead = (await git(repoDir, ["ls-tree", "--name-only", "HEAD", "--", p])).trim() !== "";
      if (inHead) await git(repoDir, ["checkout", "-q", "HEAD", "--", p]);
      else rmSync(path.join(repoDir, p), { force: true });
    }
  }
  rmSync(file, { force: true });
  return {
    summary: journal.summary,
    files: journal.files
      .filter((f) => isContentPath(f.path))
      .map((f) => ({ path: f.path, content: f.base64 === null ? null : Buffer.from(f.base64, "base64") })),
  };
}
