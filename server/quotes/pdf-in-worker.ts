// Quote PDFs drawn off the server's event loop (decision 0032): a worker thread started on the first PDF and ended
// after a quiet minute, so pdfkit's memory (about 30 MB) is held only while PDFs are being made, and an acceptance is
// never answered late because a PDF was being drawn. A worker that fails rejects its jobs; the outbox retries them.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { PdfInput } from "./pdf.ts";

export type PdfMaker = { make(input: PdfInput): Promise<Buffer>; close(): void };

function workerScript(): URL {
  const compiled = new URL("./pdf-worker.js", import.meta.url);
  if (existsSync(fileURLToPath(compiled))) return compiled;
  const source = new URL("./pdf-worker.ts", import.meta.url).href;
  const tsx = import.meta.resolve("tsx/esm/api");
  const boot = `import { register } from ${JSON.stringify(tsx)}; register(); await import(${JSON.stringify(source)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(boot)}`);
}

type Reply = { id: number; ok: true; pdf: Uint8Array } | { id: number; ok: false; message: string };

export function createPdfMaker({ idleMs = 60_000, heapMb = 128 }: { idleMs?: number; heapMb?: number } = {}): PdfMaker {
  let worker: Worker | null = null;
  let idle: NodeJS.Timeout | undefined;
  let next = 0;
  const waiting = new Map<number, { resolve: (pdf: Buffer) => void; reject: (error: Error) => void }>();

  const failAll = (error: Error) => {
    for (const job of waiting.values()) job.reject(error);
    waiting.clear();
  };

  function start(): Worker {
    const w = new Worker(workerScript(), {
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
    }, idleMs);
    idle.unref();
  }

  return {
    make(input) {
      clearTimeout(idle);
      worker ??= start();
      const id = ++next;
      return new Promise<Buffer>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker?.postMessage({ id, input: { ...input, photos: [...input.photos] } });
      });
    },
    close() {
      clearTimeout(idle);
      const w = worker;
      worker = null;
      void w?.terminate();
    },
  };
}
