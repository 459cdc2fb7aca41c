// The publish journal: the change a job is publishing, in renders/, from before its files are written until it ends.
// A stop in between (a restart, a crash, a power cut) leaves it; the next start puts the files back as git's HEAD has
// them, serves that, and publishes the change again, so the owner's change is neither lost nor half-made.
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { type Change, isContentPath } from "./change.ts";
import { git } from "./git.ts";
import { errorText } from "./owner-words.ts";
import { writeAtomically } from "./write-atomically.ts";

type Journal = { summary: string; files: { path: string; base64: string | null }[] };

export const journalFile = (rendersDir: string) => path.join(rendersDir, "publishing.json");

export function writeJournal(rendersDir: string, change: Change) {
  mkdirSync(rendersDir, { recursive: true });
  const journal: Journal = {
    summary: change.summary,
    files: change.files.map((f) => ({
      path: f.path,
      base64: f.content === null ? null : Buffer.from(f.content).toString("base64"),
    })),
  };
  writeAtomically(journalFile(rendersDir), JSON.stringify(journal));
}

/**
 * At start, before the content is read: a change left half-published by a stop goes back to HEAD's files (a
 * commit the stop cut short included) and is returned, to be published again; null when there is none.
 */
export async function takeBackInterrupted(repoDir: string, rendersDir: string): Promise<Change | null> {
  const file = journalFile(rendersDir);
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
