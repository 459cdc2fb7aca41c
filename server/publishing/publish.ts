// Publishing the owner's edits: every save is a git commit and a fresh render of the pages in its own folder; the
// server switches to it only when the render and its checks pass, so the old pages serve the whole time. One job at a
// time: saves made during a render wait their turn. A job that fails, at any step, puts everything back and says why
// in the owner's words; it never throws out of the queue (a crash would take the public site down with it).
// See docs/decisions/0015-publish-pipeline.md and 0027-content-read-at-run-time.md.
import { type Change, type FileChange } from "./change.ts";
import { CONSOLE_AUTHOR, git, gitBytes } from "./git.ts";
import { errorText, ownerWords, PublishError } from "./owner-words.ts";
import { type PublishJob, type PublishOutcome, runPublishJob } from "./publish-job.ts";
import { attempt } from "./put-back.ts";
import { pruneRenders } from "./renders.ts";
import { acquireSiteLock, SiteBusyError } from "./site-lock.ts";

export type PublisherOptions = {
  /** The site's git repository (the server's working copy). */
  repoDir: string;
  /** Where each render gets its own folder; `current` points at the one being served. */
  rendersDir: string;
  /** Renders the pages from repoDir's content into renderDir; throws PublishError (or any error) when it fails. */
  render: (renderDir: string) => Promise<void>;
  /**
   * Checks a finished render and loads it, without serving it yet; returns the switch. Throws when the render is
   * not fit to serve. The switch itself must not fail.
   */
  prepare: (renderDir: string) => Promise<() => void>;
  now?: () => number;
  /** Old render folders kept besides the one being served. */
  keepRenders?: number;
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

export function createPublisher({
  repoDir,
  rendersDir,
  render,
  prepare,
  now = Date.now,
  keepRenders = 2,
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

  /** Hands an outcome to `report` without waiting on it or letting it throw into the queue. */
  function tell(outcome: PublishOutcome) {
    reports = reports
      .then(() => report(outcome))
      .then(
        () => {},
        (error: unknown) => log(`publish ${outcome.job.id}: could not report it: ${errorText(error)}`),
      );
  }

  function enqueue(summary: string, files: () => Promise<readonly FileChange[]>): PublishJob {
    const job: PublishJob = { id: nextId(), summary, state: "queued", queuedAt: now() };
    jobs.push(job);
    if (jobs.length > 50) jobs.shift();
    // The job catches everything itself; this is the last guard, so one job can never stop the ones after it.
    queue = queue
      .then(() => runLocked(job, files))
      .catch((error: unknown) => {
        job.state = "failed";
        job.error ??= "the site could not be published; the server log has the details";
        log(`publish ${job.id}: unexpected: ${errorText(error)}`);
      });
    return job;
  }

  // `npm run update` changes the same working copy from another process (decision 0018): a job waits for it.
  async function runLocked(job: PublishJob, files: () => Promise<readonly FileChange[]>) {
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
      await runPublishJob(job, files, { repoDir, rendersDir, render, prepare, now, log, tell });
      if (job.state === "published") {
        tell({ ok: true, job });
        // Old folders are only tidying: a failure here leaves them, the publish stands.
        await attempt({ id: job.id, log }, [], "remove old render folders", () =>
          pruneRenders(rendersDir, job.id, keepRenders),
        );
      }
    } finally {
      try {
        lock.release();
      } catch (error) {
        log(`publish ${job.id}: could not release the site's lock: ${errorText(error)}`);
      }
    }
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
