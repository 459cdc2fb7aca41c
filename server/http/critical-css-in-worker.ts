// The critical CSS of pages rendered on request (the console, the quote and visit pages, the 404 page) is pruned in a
// worker thread, not on the event loop (issue 51, decision 0037): the first console page after a start held the loop
// 300-760 ms while owner.css was pruned. The worker starts with the server and stays (about 16 MB; its learned
// sheets make the next page of a kind quick), and is started again if it fails; a page it cannot answer is pruned
// on the loop as before, so a page is never lost to it.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { CriticalCssJob, CriticalCssReply } from "./critical-css-worker.ts";

export type CriticalCssPruner = {
  /** `inlineCriticalCss(html, stylesheet)` (app/lib/critical-css.ts), in the worker. */
  inline(html: string, stylesheet: string): Promise<string>;
  close(): void;
};

/** The worker's script: compiled beside the server (build/bin), or the TypeScript source under tsx and Vitest. */
function workerScript(): URL {
  const compiled = new URL("./critical-css-worker.js", import.meta.url);
  if (existsSync(fileURLToPath(compiled))) return compiled;
  const source = new URL("./critical-css-worker.ts", import.meta.url).href;
  const tsx = import.meta.resolve("tsx/esm/api");
  const boot = `import { register } from ${JSON.stringify(tsx)}; register(); await import(${JSON.stringify(source)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(boot)}`);
}

export function createCriticalCssPruner({ heapMb = 64 }: { heapMb?: number } = {}): CriticalCssPruner {
  let worker: Worker | null = null;
  let next = 0;
  const waiting = new Map<number, { resolve: (document: string) => void; reject: (error: Error) => void }>();

  function start(): Worker {
    const w = new Worker(workerScript(), {
      // A page is at most a few hundred kilobytes; a small young generation keeps the worker's footprint small.
      resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 4 },
      stdout: false,
      stderr: false,
    });
    w.unref();
    w.on("message", (reply: CriticalCssReply) => {
      const job = waiting.get(reply.id);
      waiting.delete(reply.id);
      if (!job) return;
      if (reply.ok) job.resolve(reply.document);
      else job.reject(new Error(reply.message));
    });
    const failed = (error: Error) => {
      if (worker === w) worker = null;
      for (const job of waiting.values()) job.reject(error);
      waiting.clear();
    };
    w.on("error", (error) => failed(new Error(`the CSS worker stopped: ${error.message}`)));
    w.on("exit", () => failed(new Error("the CSS worker ended")));
    return w;
  }

  worker = start();
  return {
    inline(html, stylesheet) {
      worker ??= start();
      const id = ++next;
      const job: CriticalCssJob = { id, html, stylesheet };
      return new Promise<string>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker?.postMessage(job);
      });
    },
    close() {
      const w = worker;
      worker = null;
      void w?.terminate();
    },
  };
}
