// One publish job's steps, in order: write the owner's files, ask git what changed, render the pages into their own
// folder, check and load them, make the link, commit, point renders/current at the render, switch in memory.
// Everything that can fail on disk comes before the change shows anywhere; a failure at any step puts back what the
// job had made (put-back.ts) and says why in the owner's words. It never throws. See decision 0015.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, unlinkSync } from "node:fs";
import path from "node:path";
import { type FileChange, isContentPath } from "./change.ts";
import { readCurrent } from "./current-link.ts";
import { git } from "./git.ts";
import { BUILD_FAILED, BUILD_OUT_OF_MEMORY } from "./npm-build.ts";
import {
  currentLinkName,
  errorText,
  ownerWords,
  PublishError,
  RENDER_OUT_OF_MEMORY,
  type Step,
  stepWords,
} from "./owner-words.ts";
import { journalFile, writeJournal } from "./publish-journal.ts";
import { attempt, type Made, putBack } from "./put-back.ts";
import { writeAtomically } from "./write-atomically.ts";

export type JobState = "queued" | "rendering" | "checking" | "published" | "failed" | "unchanged";

export type PublishJob = {
  readonly id: string;
  summary: string;
  state: JobState;
  queuedAt: number;
  startedAt?: number;
  finishedAt?: number;
  /** From the job's start to the switch (or failure), in milliseconds. */
  durationMs?: number;
  /** Plain words for the owner when it failed. */
  error?: string;
  commit?: string;
  /** Set on a change the server was publishing when it stopped, published again at its next start. */
  resumed?: true;
  /** How long each step it reached took, in milliseconds (the server's log). */
  stepsMs?: Partial<Record<Step, number>>;
};

/** How a job ended: the owner's words, and whether it is trouble to e-mail about (not a content mistake). */
export type PublishOutcome = { ok: true; job: PublishJob } | { ok: false; job: PublishJob; detail: string };

/** What a job works with: the publisher's options, and where its outcome is told. */
export type JobContext = {
  repoDir: string;
  rendersDir: string;
  render: (renderDir: string) => Promise<void>;
  prepare: (renderDir: string) => Promise<() => void>;
  now: () => number;
  log: (message: string) => void;
  tell: (outcome: PublishOutcome) => void;
};

/** Where a job's time went, step by step, for the log: "write 2, git 25, render 910, …". */
export function stepTimes(job: PublishJob): string {
  return Object.entries(job.stepsMs ?? {})
    .map(([step, ms]) => `${step} ${ms}`)
    .join(", ");
}

/** True for words about the content (the owner's own mistake, shown on screen, not e-mailed). */
function isContentMistake(message: string): boolean {
  // A build's words too: a `render` may build (tests stand in with one).
  return (
    message !== BUILD_FAILED &&
    message !== BUILD_OUT_OF_MEMORY &&
    message !== RENDER_OUT_OF_MEMORY &&
    !message.startsWith("the build was stopped")
  );
}

/** Runs one job to its end: published, unchanged or failed (everything put back). */
export async function runPublishJob(
  job: PublishJob,
  changes: () => Promise<readonly FileChange[]>,
  { repoDir, rendersDir, render, prepare, now, log, tell }: JobContext,
): Promise<void> {
  job.startedAt = now();
  const before = new Map<string, Buffer | null>();
  const made: Made = {
    before,
    renderDir: path.join(rendersDir, job.id),
    link: path.join(rendersDir, `current.${job.id}`),
    staged: false,
  };
  let step: Step = "changes";
  const stepsMs: Partial<Record<Step, number>> = {};
  job.stepsMs = stepsMs;
  let stepStarted = performance.now();
  const next = (following: Step) => {
    stepsMs[step] = Math.round(performance.now() - stepStarted);
    step = following;
    stepStarted = performance.now();
  };
  try {
    const files = await changes();
    for (const f of files) {
      if (!isContentPath(f.path)) throw new PublishError(`${f.path} is not a file the console may change`);
    }
    // Should the server stop before this job ends, its next start takes the files back and publishes them again.
    writeJournal(rendersDir, { summary: job.summary, files });
    // Remember the files as they were, then write the new versions.
    next("write");
    for (const f of files) {
      const full = path.join(repoDir, f.path);
      before.set(f.path, existsSync(full) ? readFileSync(full) : null);
      if (f.content === null) {
        if (existsSync(full)) unlinkSync(full);
      } else writeAtomically(full, f.content);
    }
    next("git");
    const paths = files.map((f) => f.path);
    const changed = paths.length > 0 && (await git(repoDir, ["status", "--porcelain", "--", ...paths])).trim() !== "";
    if (!changed) {
      // A resumed change already committed before the stop: the start rendered it, so it is live.
      job.state = job.resumed ? "published" : "unchanged";
      return;
    }

    job.state = "rendering";
    next("render");
    mkdirSync(rendersDir, { recursive: true });
    await render(made.renderDir);
    job.state = "checking";
    next("prepare");
    const switchOver = await prepare(made.renderDir);

    // Everything that can fail on disk happens before the change shows anywhere: the link is made beside
    // renders/current, then the commit, then one rename points renders/current at the new render and the server
    // switches in memory. A failure after the commit takes the commit back (decision 0015).
    next("link");
    rmSync(made.link, { force: true });
    symlinkSync(job.id, made.link);
    next("commit");
    made.headBefore = (await git(repoDir, ["rev-parse", "HEAD"])).trim();
    await git(repoDir, ["add", "-A", "--", ...paths]);
    made.staged = true;
    await git(repoDir, ["commit", "-q", "-m", job.summary, "--", ...paths]);
    job.commit = (await git(repoDir, ["rev-parse", "HEAD"])).trim();
    next("point");
    made.previous = readCurrent(rendersDir);
    renameSync(made.link, path.join(rendersDir, "current"));
    next("switch");
    switchOver();
    job.state = "published";
  } catch (error) {
    job.state = "failed";
    job.error = ownerWords(error, step, currentLinkName(rendersDir));
    const mistake =
      error instanceof PublishError && (step === "changes" || (step === "render" && isContentMistake(error.message)));
    const where = stepWords(step, currentLinkName(rendersDir));
    if (!mistake) log(`publish ${job.id} failed while ${where}: ${errorText(error)}`);
    const problems = await putBack({ id: job.id, log }, { repoDir, rendersDir }, step, made);
    if (problems.length > 0) job.error += " (and not everything could be put back; the server log has the details)";
    if (!mistake) {
      tell({
        ok: false,
        job,
        detail:
          `The change "${job.summary}" was not published: ${job.error}.\n` +
          `It stopped while ${where}: ${errorText(error).split("\n").slice(0, 3).join(" ")}\n` +
          (problems.length > 0 ? `Putting things back also failed: ${problems.join("; ")}\n` : "") +
          "The public site still shows the previous version.",
      });
    }
    delete job.commit;
  } finally {
    stepsMs[step] = Math.round(performance.now() - stepStarted);
    job.finishedAt = now();
    job.durationMs = job.finishedAt - (job.startedAt ?? job.finishedAt);
    await attempt({ id: job.id, log }, [], "remove the publish journal", () =>
      rmSync(journalFile(rendersDir), { force: true }),
    );
  }
}
