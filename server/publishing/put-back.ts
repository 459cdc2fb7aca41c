// What a failed publish job did, undone in reverse (decision 0015, "a publish can fail; the site cannot"): the
// current link back, the commit taken back, the files as they were, the render's folder removed. Each step is tried
// on its own, logged and never thrown: the job has already failed, and the queue must go on.
import { existsSync, readFileSync, renameSync, rmSync, symlinkSync } from "node:fs";
import path from "node:path";
import { git } from "./git.ts";
import { currentLinkName, errorText, type Step } from "./owner-words.ts";
import { writeAtomically } from "./write-atomically.ts";

/** Where a job's failure is logged: its id and the server's log. */
export type JobLog = { readonly id: string; readonly log: (message: string) => void };

/** Runs one undo step; a failure is logged and noted in `problems`, never thrown. */
export function attempt(job: JobLog, problems: string[], what: string, step: () => void | Promise<void>) {
  return Promise.resolve()
    .then(step)
    .catch((error: unknown) => {
      problems.push(`${what}: ${errorText(error).split("\n")[0]}`);
      job.log(`publish ${job.id}: could not ${what}: ${errorText(error)}`);
    });
}

/** What a job had made by the time it failed. */
export type Made = {
  /** The files as they were before the job wrote them (null: there was none). */
  before: ReadonlyMap<string, Buffer | null>;
  renderDir: string;
  link: string;
  headBefore?: string;
  /** What `current` named before the job pointed it at its render (set once the job reached that step). */
  previous?: string | null;
  staged: boolean;
};

/** Puts back what a job failing at `step` had made; returns what could not be done. */
export async function putBack(
  job: JobLog,
  { repoDir, rendersDir }: { repoDir: string; rendersDir: string },
  step: Step,
  made: Made,
): Promise<string[]> {
  const problems: string[] = [];
  if (step === "switch" && made.previous !== undefined) {
    const current = path.join(rendersDir, "current");
    await attempt(job, problems, `point ${currentLinkName(rendersDir)} back`, () => {
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
  for (const [p, bytes] of made.before) {
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
      await git(repoDir, ["reset", "-q", "--", ...made.before.keys()]);
    });
  }
  // The server may have loaded the new render when the switch itself failed: keep its folder then.
  if (step !== "switch") {
    await attempt(job, problems, "remove the render's folder", () =>
      rmSync(made.renderDir, { recursive: true, force: true }),
    );
  }
  return problems;
}
