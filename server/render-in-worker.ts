// Runs renders (render-pages.ts) in a worker thread, so the server's event loop goes on serving meanwhile
// (decision 0027). One worker at a time, for the code being served: it is started when the owner opens an editor
// (`warm`), so the bundle is imported before the tap on Save, kept between publishes, and ended after a quiet
// while or when other code is served. What it imported goes with it.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { PublishError, RENDER_OUT_OF_MEMORY } from "./publish.ts";
import type { RenderRequest, RenderResult } from "./render-pages.ts";

type Reply =
  | { ready: true }
  | { ok: true; result: RenderResult }
  | { ok: false; content: boolean; message: string; stack?: string };

/**
 * The worker's script: compiled beside the server (build/bin); under tsx and Vitest the TypeScript source, loaded
 * through tsx's loader (a worker does not take `--import` from execArgv).
 */
function workerScript(): URL {
  const compiled = new URL("./render-worker.js", import.meta.url);
  if (existsSync(fileURLToPath(compiled))) return compiled;
  const source = new URL("./render-worker.ts", import.meta.url).href;
  const tsx = import.meta.resolve("tsx/esm/api");
  const boot = `import { register } from ${JSON.stringify(tsx)}; register(); await import(${JSON.stringify(source)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(boot)}`);
}

/** A failed render in words: a content mistake is the owner's (a PublishError); anything else is for the log. */
function failure(reply: Extract<Reply, { ok: false }>): Error {
  if (reply.content) return new PublishError(reply.message.replace(/\n\s*/g, " "));
  return Object.assign(new Error(reply.message), { stack: reply.stack ?? reply.message });
}

type Running = {
  worker: Worker;
  build: string;
  ready: Promise<void>;
  replies: ((reply: Reply) => void)[];
  /** Renders asked of it and not yet answered, those still waiting for it to be ready included. */
  busy: number;
};

export function createRenderer({
  heapMb = 192,
  idleMs = 5 * 60_000,
  yieldTo,
}: {
  heapMb?: number;
  idleMs?: number;
  /**
   * Asked every 2 s while a worker idles: true ends it at once. On a 1 GB server, `npm run update`'s build needs
   * the memory a warm worker holds (about 200 MB), and the update holds the site's lock, so no publish can need
   * the worker meanwhile.
   */
  yieldTo?: () => boolean;
} = {}) {
  let running: Running | null = null;
  let idle: NodeJS.Timeout | undefined;
  let watch: NodeJS.Timeout | undefined;

  function end(which: Running | null) {
    if (!which) return;
    if (running === which) {
      running = null;
      clearInterval(watch);
    }
    void which.worker.terminate();
  }

  function watchForOthers(which: Running) {
    if (!yieldTo) return;
    clearInterval(watch);
    watch = setInterval(() => {
      if (which.busy === 0 && yieldTo()) end(which);
    }, 2_000);
    watch.unref();
  }

  function start(build: string): Running {
    const worker = new Worker(workerScript(), {
      workerData: { serverBuildPath: build },
      // A runaway render ends its worker, not the server.
      // A smaller young generation than V8's default: 24 MB less at the peak for about 8% more render time (8 MB
      // saved 36 MB but cost 25%; issue 38, docs/benchmarks.md).
      resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 16 },
      stdout: false,
      stderr: false,
    });
    worker.unref();
    const replies: ((reply: Reply) => void)[] = [];
    const self: Running = { worker, build, replies, ready: Promise.resolve(), busy: 0 };
    self.ready = new Promise<void>((resolve, reject) => {
      worker.on("message", (reply: Reply) => {
        if ("ready" in reply) return resolve();
        if (!reply.ok && replies.length === 0) return reject(failure(reply));
        replies.shift()?.(reply);
      });
      const fail = (error: Error) => {
        end(self);
        reject(error);
        for (const answer of replies.splice(0)) answer({ ok: false, content: false, message: error.message });
      };
      worker.on("error", (error) =>
        fail(
          (error as { code?: string }).code === "ERR_WORKER_OUT_OF_MEMORY"
            ? new PublishError(RENDER_OUT_OF_MEMORY)
            : error,
        ),
      );
      worker.on("exit", (code) => fail(new Error(`the render's worker ended (exit code ${code})`)));
    });
    // Nobody may be waiting yet (a warm-up): a failure is seen by the next render.
    self.ready.catch(() => {});
    return self;
  }

  function quiet() {
    clearTimeout(idle);
    idle = setTimeout(() => end(running), idleMs);
    idle.unref();
  }

  /** The worker for this build, started if need be; another build's is ended. */
  function workerFor(build: string): Running {
    if (running && running.build !== build) end(running);
    if (!running) {
      running = start(build);
      watchForOthers(running);
    }
    quiet();
    return running;
  }

  return {
    /** Starts the worker for `build` ahead of a render (it imports the bundle meanwhile). */
    warm(build: string): void {
      workerFor(build);
    },
    async render({ serverBuildPath, contentDir, outDir }: RenderRequest): Promise<RenderResult> {
      const which = workerFor(serverBuildPath);
      which.busy += 1;
      let reply: Reply;
      try {
        await which.ready;
        reply = await new Promise<Reply>((resolve) => {
          which.replies.push(resolve);
          which.worker.postMessage({ contentDir, outDir });
        });
      } finally {
        which.busy -= 1;
      }
      quiet();
      if ("ready" in reply) throw new Error("the render's worker answered out of turn");
      if (!reply.ok) {
        // A worker that failed for any reason but the content starts afresh next time.
        if (!reply.content) end(which);
        throw failure(reply);
      }
      return reply.result;
    },
    /** Whether a worker is up (tests). */
    isWarm(): boolean {
      return running !== null;
    },
    /** Ends the worker (shutdown, tests). */
    close(): void {
      clearTimeout(idle);
      end(running);
    },
  };
}

export type Renderer = ReturnType<typeof createRenderer>;

/** One render in a worker of its own, ended after it (tests, tools). */
export async function renderInWorker(request: RenderRequest): Promise<RenderResult> {
  const renderer = createRenderer();
  try {
    return await renderer.render(request);
  } finally {
    renderer.close();
  }
}
