// PDFs (a quote's, an invoice's) drawn off the server's event loop (decision 0032): a worker thread started on the
// first PDF and ended after a quiet minute, so pdfkit's memory (about 30 MB) is held only while PDFs are being made,
// and an acceptance is never answered late because a PDF was being drawn. A worker that fails rejects its jobs; the
// outbox retries them. The thread itself is the document's own (server/quotes/pdf-worker.ts, with pdf-thread.ts).
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";

export type PdfMaker<Input> = {
  make(input: Input): Promise<Buffer>;
  /**
   * Starts the thread ahead of a PDF that is likely soon, and has it draw a page nobody keeps (its modules loaded, its
   * code compiled); the thread then stays `warmIdleMs` unless a PDF is made. Nothing happens if it is running.
   */
  warm(): void;
  close(): void;
};

/** The worker's script: `compiled` in the build (build/bin/, scripts/build-server.ts), else `source` through tsx. */
export type PdfWorkerScript = { compiled: URL; source: URL };

function workerScript(script: PdfWorkerScript): URL {
  const { compiled } = script;
  if (existsSync(fileURLToPath(compiled))) return compiled;
  const source = script.source.href;
  const tsx = import.meta.resolve("tsx/esm/api");
  const boot = `import { register } from ${JSON.stringify(tsx)}; register(); await import(${JSON.stringify(source)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(boot)}`);
}

type Reply = { id: number; ok: true; pdf: Uint8Array } | { id: number; ok: false; message: string };

export function createPdfMaker<Input>({
  script,
  message,
  idleMs = 60_000,
  warmIdleMs = idleMs,
  heapMb = 128,
}: {
  script: PdfWorkerScript;
  /** What is posted to the thread for one input (a structured clone of it). */
  message: (input: Input) => unknown;
  idleMs?: number;
  /** How long a thread started by `warm` waits for its first PDF. */
  warmIdleMs?: number;
  heapMb?: number;
}): PdfMaker<Input> {
  let worker: Worker | null = null;
  let idle: NodeJS.Timeout | undefined;
  let next = 0;
  /** How long the thread stays once nothing waits: warmIdleMs after a warm-up, idleMs after a PDF. */
  let lingerMs = idleMs;
  const waiting = new Map<number, { resolve: (pdf: Buffer) => void; reject: (error: Error) => void }>();

  const failAll = (error: Error) => {
    for (const job of waiting.values()) job.reject(error);
    waiting.clear();
  };

  function start(): Worker {
    const w = new Worker(workerScript(script), {
      resourceLimits: { maxOldGenerationSizeMb: heapMb },
      stdout: false,
      stderr: false,
    });
    w.unref();
    w.on("message", (reply: Reply) => {
      const job = waiting.get(reply.id);
      waiting.delete(reply.id);
      if (!job) return;
      if (reply.ok) job.resolve(Buffer.from(reply.pdf.buffer, reply.pdf.byteOffset, reply.pdf.byteLength));
      else job.reject(new Error(`the PDF could not be drawn: ${reply.message}`));
      if (waiting.size === 0) restartIdle();
    });
    w.on("error", (error) => {
      if (worker === w) worker = null;
      failAll(new Error(`the PDF worker stopped: ${error.message}`));
    });
    w.on("exit", () => {
      if (worker === w) worker = null;
      failAll(new Error("the PDF worker ended"));
    });
    return w;
  }

  function restartIdle() {
    clearTimeout(idle);
    idle = setTimeout(() => {
      if (waiting.size > 0) return;
      const w = worker;
      worker = null;
      void w?.terminate();
    }, lingerMs);
    idle.unref();
  }

  return {
    make(input) {
      clearTimeout(idle);
      lingerMs = idleMs;
      worker ??= start();
      const id = ++next;
      return new Promise<Buffer>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker?.postMessage({ id, input: message(input) });
      });
    },
    warm() {
      if (worker) return;
      clearTimeout(idle);
      lingerMs = warmIdleMs;
      worker = start();
      const id = ++next;
      // Its answer is no PDF; a failure is the next make's to tell (the thread is started again).
      waiting.set(id, { resolve: () => {}, reject: () => {} });
      worker.postMessage({ id, warmUp: true });
    },
    close() {
      clearTimeout(idle);
      const w = worker;
      worker = null;
      void w?.terminate();
    },
  };
}
