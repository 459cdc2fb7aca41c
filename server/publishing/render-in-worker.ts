// Runs renders (render-pages.ts) in a worker thread, so the server's event loop goes on serving meanwhile
// (decision 0027), and, while it is up, the publish's git commands (git.ts `runGitOffThread`). One worker at a time,
// for the code being served: it is started when the owner opens an editor (`warm`), so the bundle is imported before
// the tap on Save, kept between publishes, and ended after a quiet while or when other code is served. What it
// imported goes with it.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { LearnedCriticalCss } from "../../app/lib/critical-css.ts";
import { PublishError, RENDER_OUT_OF_MEMORY } from "./owner-words.ts";
import type { RenderRequest, RenderResult } from "./render-pages.ts";
import type { RenderWorkerData } from "./render-worker.ts";

type Reply =
  | { ready: true }
  | { commandId: number; stdout: Uint8Array; failure: (Record<string, unknown> & { message: string }) | null }
  | { warmed: { pages: number; ms: number } | null; learned?: LearnedCriticalCss | null; message?: string }
  | { ok: true; result: RenderResult; learned?: LearnedCriticalCss | null }
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
  isReady: boolean;
  replies: ((reply: Reply) => void)[];
  /** Commands it is running for the server (git.ts `runGitOffThread`), by id. */
  commands: Map<number, { resolve: (stdout: Buffer) => void; reject: (error: Error) => void }>;
  /** Renders asked of it and not yet answered, those still waiting for it to be ready included. */
  busy: number;
  /** 1 once a real render was asked of it: its warm-up, if any, stops at the next page (render-worker.ts). */
  realRenderAsked: Int32Array;
  /** Its warm-up, once ended: the pages it rendered for nothing, in how long. */
  warmedUp: { pages: number; ms: number } | null;
  /** The content it is to warm up on, from its start until its warm-up ends. */
  warming: string | null;
  /** The most its heap may take, in MB. */
  heap: number;
};

export function createRenderer({
  heapMb = 192,
  firstHeapMb = 64,
  idleMs = 5 * 60_000,
  yieldTo,
  log = console.warn,
}: {
  /** The most a render's heap may take (RENDER_HEAP_MB). */
  heapMb?: number;
  /**
   * What a worker's heap may take until a render needs more: a smaller limit makes V8 collect the render's garbage
   * sooner, about 20 MB less at a publish's peak for about a third more render time (issue 38, docs/benchmarks.md).
   * 64, not 48, since the bundle grew: at 48 a warm render spent half its time collecting garbage (issue 53).
   * A render that runs out of it is done again at `heapMb`, which every worker gets from then on.
   */
  firstHeapMb?: number;
  log?: (message: string) => void;
  idleMs?: number;
  /**
   * Asked every 2 s while a worker idles: true ends it at once. On a 1 GB server, `npm run update`'s build needs
   * the memory a warm worker holds (about 200 MB), and the update holds the site's lock, so no publish can need
   * the worker meanwhile.
   */
  yieldTo?: () => boolean;
} = {}) {
  let running: Running | null = null;
  let heap = Math.min(firstHeapMb, heapMb);
  // What the workers learned of the CSS, for the code they rendered: the next worker starts with it (issue 45).
  let learned: { build: string; css: LearnedCriticalCss } | null = null;
  const keepLearned = (build: string, css: LearnedCriticalCss | null | undefined) => {
    if (css) learned = { build, css };
  };
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
    const workerHeap = heap;
    const realRenderAsked = new Int32Array(new SharedArrayBuffer(4));
    const workerData: RenderWorkerData = {
      serverBuildPath: build,
      learned: learned?.build === build ? learned.css : undefined,
      realRenderAsked,
    };
    const worker = new Worker(workerScript(), {
      workerData,
      // A runaway render ends its worker, not the server. A young generation of 8 MB, not V8's default: less at the
      // peak, and with the render's critical CSS remembered, no slower (issue 38, docs/benchmarks.md).
      resourceLimits: { maxOldGenerationSizeMb: workerHeap, maxYoungGenerationSizeMb: 8 },
      stdout: false,
      stderr: false,
    });
    worker.unref();
    const replies: ((reply: Reply) => void)[] = [];
    const self: Running = {
      worker,
      build,
      replies,
      ready: Promise.resolve(),
      isReady: false,
      busy: 0,
      commands: new Map(),
      realRenderAsked,
      warmedUp: null,
      warming: null,
      heap: workerHeap,
    };
    self.ready = new Promise<void>((resolve, reject) => {
      worker.on("message", (reply: Reply) => {
        if ("commandId" in reply) return answerCommand(self, reply);
        if ("warmed" in reply) {
          keepLearned(build, reply.learned);
          self.warming = null;
          self.warmedUp = reply.warmed;
          if (!reply.warmed) log(`The render's warm-up stopped: ${reply.message ?? "?"}`);
          return;
        }
        if ("learned" in reply) keepLearned(build, reply.learned);
        if ("ready" in reply) {
          self.isReady = true;
          return resolve();
        }
        if (!reply.ok && replies.length === 0) return reject(failure(reply));
        replies.shift()?.(reply);
      });
      const fail = (error: Error) => {
        end(self);
        reject(error);
        for (const command of self.commands.values()) command.reject(error);
        self.commands.clear();
        for (const answer of replies.splice(0)) answer({ ok: false, content: false, message: error.message });
      };
      worker.on("error", (error) => {
        const outOfMemory = (error as { code?: string }).code === "ERR_WORKER_OUT_OF_MEMORY";
        fail(outOfMemory ? new PublishError(RENDER_OUT_OF_MEMORY) : error);
        // A warm-up that outgrew the first heap, with no real render asked yet: the worker that publishes will need
        // the larger one too, so it starts now with it, and warms up again (issue 45).
        const content = self.warming;
        if (outOfMemory && content !== null && self.heap < heapMb && Atomics.load(realRenderAsked, 0) === 0) {
          log(
            `The render's warm-up needed more than ${self.heap} MB of heap: warming up again with up to ${heapMb} MB.`,
          );
          heap = heapMb;
          if (!running) api.warm(build, content);
        }
      });
      worker.on("exit", (code) => fail(new Error(`the render's worker ended (exit code ${code})`)));
    });
    // Nobody may be waiting yet (a warm-up): a failure is seen by the next render.
    self.ready.catch(() => {});
    return self;
  }

  function quiet() {
    clearTimeout(idle);
    idle = setTimeout(() => (running && running.busy > 0 ? quiet() : end(running)), idleMs);
    idle.unref();
  }

  function answerCommand(which: Running, reply: Extract<Reply, { commandId: number }>) {
    const command = which.commands.get(reply.commandId);
    which.commands.delete(reply.commandId);
    which.busy -= 1;
    if (!command) return;
    if (reply.failure) {
      const { message, ...rest } = reply.failure;
      command.reject(Object.assign(new Error(message), rest));
    } else command.resolve(Buffer.from(reply.stdout.buffer, reply.stdout.byteOffset, reply.stdout.byteLength));
  }
  async function renderOnce({ serverBuildPath, ...job }: RenderRequest): Promise<RenderResult> {
    const which = workerFor(serverBuildPath);
    Atomics.store(which.realRenderAsked, 0, 1);
    which.busy += 1;
    let reply: Reply;
    const asked = performance.now();
    let waitedMs = 0;
    try {
      await which.ready;
      waitedMs = Math.round(performance.now() - asked);
      reply = await new Promise<Reply>((resolve) => {
        which.replies.push(resolve);
        which.worker.postMessage(job);
      });
    } finally {
      which.busy -= 1;
    }
    quiet();
    if (!("ok" in reply)) throw new Error("the render's worker answered out of turn");
    if (!reply.ok) {
      // A worker that failed for any reason but the content starts afresh next time.
      if (!reply.content) end(which);
      throw failure(reply);
    }
    return { ...reply.result, waitedMs };
  }

  let commandIds = 0;

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

  const api = {
    /**
     * Starts the worker for `build` ahead of a render (it imports the bundle meanwhile). Given `contentDir`, a worker
     * it starts then renders that content once for nothing, unless a real render comes first: the code's first run,
     * the content's checks and the CSS are then behind it when the owner taps Save (issue 45).
     */
    warm(build: string, contentDir?: string): void {
      const fresh = running?.build !== build;
      const which = workerFor(build);
      if (!fresh || contentDir === undefined) return;
      which.warming = contentDir;
      void which.ready.then(
        () => {
          if (running !== which || Atomics.load(which.realRenderAsked, 0) === 1) return;
          which.worker.postMessage({ warmUp: { contentDir } });
        },
        () => {},
      );
    },
    async render(request: RenderRequest): Promise<RenderResult> {
      const triedWith = running?.build === request.serverBuildPath ? running.heap : heap;
      try {
        return await renderOnce(request);
      } catch (error) {
        if (triedWith >= heapMb || !(error instanceof Error) || error.message !== RENDER_OUT_OF_MEMORY) throw error;
        log(`The render needed more than ${triedWith} MB of heap: rendering again with up to ${heapMb} MB.`);
        heap = heapMb;
        if (running && running.heap < heapMb) end(running);
        return renderOnce(request);
      }
    },
    /**
     * Runs a command from the worker's thread, so that starting it does not hold this one (git.ts
     * `runGitOffThread`); null when no worker is up and ready: the caller runs it itself.
     */
    run(file: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv; maxBuffer: number }) {
      const which = running;
      if (!which?.isReady) return null;
      // Only a publish runs commands: its warm-up gives way at the next page, or the command's answer would wait
      // for the thread until the warm-up ended (1.4 s of a photo publish's "git" step, issue 53).
      Atomics.store(which.realRenderAsked, 0, 1);
      const id = ++commandIds;
      which.busy += 1;
      return new Promise<Buffer>((resolve, reject) => {
        which.commands.set(id, { resolve, reject });
        which.worker.postMessage({ command: { id, file, args, ...options } });
      });
    },
    /** The warm-up of the worker that is up, once it has ended (tests). */
    warmedUp(): { pages: number; ms: number } | null {
      return running?.warmedUp ?? null;
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
  return api;
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
