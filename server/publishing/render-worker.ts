// The worker a publish renders in (render-pages.ts): it imports the server bundle once, says it is ready, then
// renders each content folder it is sent, one at a time, and starts the commands it is sent (the publish's git, so
// the server's own thread never waits for a process to start). Before the first publish it may be asked to warm up:
// a render kept nowhere, given up as soon as a real one is asked for. It ends when the server ends it (idle, or other
// code).
import { execFile } from "node:child_process";
import { parentPort, workerData } from "node:worker_threads";
import type { LearnedCriticalCss } from "../../app/lib/critical-css.ts";
import { loadPageRenderer, RenderContentError, type PageRenderer } from "./render-pages.ts";
import { lowerThisThread } from "../http/thread-priority.ts";

// At the lowest priority, as the calendars' reads, and so are the publish's git commands it starts: when both cores
// are busy, the event loop comes first. Publishes were no slower for it (0.94-1.25 s tap to served, Node 24).
lowerThisThread(19);

type Job = { contentDir: string; outDir: string; quick?: boolean };
type WarmUp = { warmUp: { contentDir: string } };

/** What the server gives a new worker (render-in-worker.ts). */
export type RenderWorkerData = {
  serverBuildPath: string;
  /** What the workers before it learned of the CSS (app/lib/critical-css.ts). */
  learned?: LearnedCriticalCss;
  /** Set to 1 by the server when a real render is asked for: a warm-up stops at the next page. */
  realRenderAsked: Int32Array;
};

const data = workerData as RenderWorkerData;
let renderer: PageRenderer;
try {
  renderer = await loadPageRenderer(data.serverBuildPath, data.learned);
  parentPort?.postMessage({ ready: true });
} catch (error) {
  parentPort?.postMessage({ ok: false, content: false, message: String(error), stack: (error as Error)?.stack });
  process.exit(1);
}

/** A command the server has this thread start (git.ts `runGitOffThread`), answered by its id. */
type Command = {
  command: { id: number; file: string; args: string[]; cwd: string; env: NodeJS.ProcessEnv; maxBuffer: number };
};

function runCommand({ id, file, args, ...options }: Command["command"]) {
  execFile(file, args, { ...options, encoding: "buffer" }, (error, stdout, stderr) => {
    const failure = error && {
      message: error.message,
      code: (error as { code?: unknown }).code,
      syscall: (error as { syscall?: unknown }).syscall,
      path: (error as { path?: unknown }).path,
      signal: error.signal,
      killed: error.killed,
      stderr: stderr.toString("utf8"),
    };
    parentPort?.postMessage({ commandId: id, stdout, failure });
  });
}

function render(job: Job) {
  return renderer.render(job).then(
    (result) => parentPort?.postMessage({ ok: true, result, learned: renderer.newlyLearned() }),
    (error: unknown) =>
      parentPort?.postMessage({
        ok: false,
        content: error instanceof RenderContentError,
        message: error instanceof Error ? error.message : String(error),
        stack: error instanceof Error ? error.stack : undefined,
      }),
  );
}

function warmUp({ contentDir }: WarmUp["warmUp"]) {
  const stop = () => Atomics.load(data.realRenderAsked, 0) === 1;
  return renderer.warmUp(contentDir, stop).then(
    (warmed) => parentPort?.postMessage({ warmed, learned: renderer.newlyLearned() }),
    // Only a head start: a content file broken by hand is the real render's to report.
    (error: unknown) => parentPort?.postMessage({ warmed: null, message: String(error) }),
  );
}

// One render at a time: a real one asked for during a warm-up starts when the warm-up has stopped.
let turn: Promise<unknown> = Promise.resolve();
parentPort?.on("message", (job: Job | Command | WarmUp) => {
  if ("command" in job) return runCommand(job.command);
  turn = turn.then(() => ("warmUp" in job ? warmUp(job.warmUp) : render(job)));
});
