// git in the site's working copy, as the console's author (decision 0015), started off the event loop's thread while
// the render's worker is up.
import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

export const CONSOLE_AUTHOR = { name: "Owner (console)", email: "owner@console.invalid" };

/** How a command is run: stdout as bytes, or a rejection as execFile's (code, stderr and all). */
export type CommandRunner = (
  file: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; maxBuffer: number },
) => Promise<Buffer>;

/**
 * Where git runs, when not on this thread: a thread that starts a process waits until it has started (fork and exec),
 * and on a busy 2-core server that held the event loop 20–40 ms for each of a publish's five git commands (issue 38).
 * The render's worker runs them while it is up (render-in-worker.ts); null is "not now", and this thread does.
 */
let offThread: ((...args: Parameters<CommandRunner>) => Promise<Buffer> | null) | null = null;
export function runGitOffThread(runner: typeof offThread): void {
  offThread = runner;
}

/** Runs git as the console's author; stdout as bytes. */
export async function gitBytes(repoDir: string, args: string[]): Promise<Buffer> {
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

export async function git(repoDir: string, args: string[]): Promise<string> {
  return (await gitBytes(repoDir, args)).toString("utf8");
}
