// One lock on the site's working copy, shared by the server's console publisher and `npm run update` (two
// processes), so an update never rebases or rebuilds under a publish, nor a publish under an update
// (decision 0018). A file created exclusively in git's own folder, naming its holder; one left by a crash (its
// process gone) is taken over.
import { openSync, readFileSync, rmSync, writeSync, closeSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

export const SITE_LOCK_FILE = "heartland-site.lock";

export type SiteLock = { readonly file: string; release(): void };
export type LockHolder = { pid: number; what: string };

/** Thrown when the lock stayed held for the whole wait; the message names the holder. */
export class SiteBusyError extends Error {
  override name = "SiteBusyError";
  constructor(readonly holder: LockHolder) {
    super(`${holder.what} (process ${holder.pid}) is changing the site`);
  }
}

/** git's own folder: `.git`, or the folder a `.git` file names (a worktree). */
function gitDir(repoDir: string): string {
  const dotGit = path.join(repoDir, ".git");
  try {
    const named = /^gitdir: (.+)$/m.exec(readFileSync(dotGit, "utf8"))?.[1];
    if (named) return path.resolve(repoDir, named.trim());
  } catch {
    // A folder (EISDIR): the usual case.
  }
  return dotGit;
}

const lockFile = (repoDir: string) => path.join(gitDir(repoDir), SITE_LOCK_FILE);

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Who holds the lock, or null when it is free (or held by a process that no longer exists). */
export function siteLockHolder(repoDir: string): LockHolder | null {
  let text: string;
  try {
    text = readFileSync(lockFile(repoDir), "utf8");
  } catch {
    return null;
  }
  const [pid = "", ...what] = text.trim().split(" ");
  const holder = { pid: Number(pid), what: what.join(" ") || "another process" };
  return Number.isInteger(holder.pid) && holder.pid > 0 && alive(holder.pid) ? holder : null;
}

/** Takes the lock now, or returns who holds it. */
export function tryAcquireSiteLock(repoDir: string, what: string): SiteLock | LockHolder {
  const file = lockFile(repoDir);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx");
      try {
        writeSync(fd, `${process.pid} ${what}\n`);
      } catch (error) {
        // A full disk: no half-made lock is left behind.
        rmSync(file, { force: true });
        throw error;
      } finally {
        closeSync(fd);
      }
      let released = false;
      return {
        file,
        release() {
          if (released) return;
          released = true;
          rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = siteLockHolder(repoDir);
      if (holder) return holder;
      // Left by a process that is gone: take it over.
      rmSync(file, { force: true });
    }
  }
  return siteLockHolder(repoDir) ?? { pid: 0, what: "another process" };
}

/** Waits (polling) up to `waitMs` for the lock; throws SiteBusyError when it is still held then. */
export async function acquireSiteLock(
  repoDir: string,
  what: string,
  { waitMs = 0, pollMs = 500 }: { waitMs?: number; pollMs?: number } = {},
): Promise<SiteLock> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const got = tryAcquireSiteLock(repoDir, what);
    if ("release" in got) return got;
    if (Date.now() >= deadline) throw new SiteBusyError(got);
    await sleep(Math.min(pollMs, Math.max(1, deadline - Date.now())));
  }
}
