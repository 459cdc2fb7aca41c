// The worker a publish renders in (render-pages.ts): it imports the server bundle once, says it is ready, then
// renders each content folder it is sent, one at a time, and starts the commands it is sent (the publish's git, so
// the server's own thread never waits for a process to start). It ends when the server ends it (idle, or other code).
import { execFile } from "node:child_process";
import { parentPort, workerData } from "node:worker_threads";
import { loadPageRenderer, RenderContentError, type PageRenderer } from "./render-pages.ts";

type Job = { contentDir: string; outDir: string; quick?: boolean };

let render: PageRenderer;
try {
  render = await loadPageRenderer((workerData as { serverBuildPath: string }).serverBuildPath);
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

parentPort?.on("message", (job: Job | Command) => {
  if ("command" in job) return runCommand(job.command);
  render(job).then(
    (result) => parentPort?.postMessage({ ok: true, result }),
    (error: unknown) =>
      parentPort?.postMessage({
        ok: false,
        content: error instanceof RenderContentError,
        message: error instanceof Error ? error.message : String(error),
        stack: error instanceof Error ? error.stack : undefined,
      }),
  );
});
