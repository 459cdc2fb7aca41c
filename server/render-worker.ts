// The worker a publish renders in (render-pages.ts): it imports the server bundle once, says it is ready, then
// renders each content folder it is sent, one at a time. It ends when the server ends it (idle, or other code).
import { parentPort, workerData } from "node:worker_threads";
import { loadPageRenderer, RenderContentError, type PageRenderer } from "./render-pages.ts";

type Job = { contentDir: string; outDir: string };

let render: PageRenderer;
try {
  render = await loadPageRenderer((workerData as { serverBuildPath: string }).serverBuildPath);
  parentPort?.postMessage({ ready: true });
} catch (error) {
  parentPort?.postMessage({ ok: false, content: false, message: String(error), stack: (error as Error)?.stack });
  process.exit(1);
}

parentPort?.on("message", (job: Job) => {
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
