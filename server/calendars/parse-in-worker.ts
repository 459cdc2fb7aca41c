// Parses the owner's calendars in a worker thread (calendar-worker.ts), one at a time, never on the event loop that
// answers visitors (decision 0031). Each read gets a fresh worker with a capped heap, ended when it has answered:
// a huge or hostile calendar ends its worker, never the server, and nothing stays in memory after a read. A
// repeating rule that makes ical.js loop for ever is noticed (the walk stops moving), left out, and the read done
// again without it.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";

export type WorkerJob = {
  bytes: Uint8Array;
  from: number;
  to: number;
  timeZone: string;
  /** The site's host: events with a visit's UID (visit-<uuid>@host) are the site's own. */
  visitUidHost: string;
  skip: number[];
  progress: SharedArrayBuffer;
};

export type WorkerReply =
  { ok: true; busy: Float64Array; events: number; notes: string[] } | { ok: false; problem: string; detail?: string };

export type ParseJob = Omit<WorkerJob, "bytes" | "skip" | "progress"> & { bytes: Buffer };
export type ParseOutcome =
  { ok: true; busy: Float64Array; events: number; notes: string[] } | { ok: false; problem: string };

/** The worker's script: compiled beside the server (build/bin), or the TypeScript source under tsx and Vitest. */
function workerScript(): URL {
  const compiled = new URL("./calendar-worker.js", import.meta.url);
  if (existsSync(fileURLToPath(compiled))) return compiled;
  const source = new URL("./calendar-worker.ts", import.meta.url).href;
  const tsx = import.meta.resolve("tsx/esm/api");
  const boot = `import { register } from ${JSON.stringify(tsx)}; register(); await import(${JSON.stringify(source)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(boot)}`);
}

export const PARSE_LIMITS = {
  /**
   * The worker's heap: a 9.2 MB calendar (48,000 events) is read within 160 MB and not within 128 (docs/benchmarks.md);
   * one that needs more is refused in words, and the worker's end gives it all back.
   */
  heapMb: 160,
  /** The longest one read may take, retries included. */
  totalMs: 30_000,
  /** A walk that has not moved for this long is a rule ical.js cannot finish. */
  stallMs: 5_000,
  /** Rules left out before the read gives up. */
  maxSkips: 3,
};

export function createCalendarParser(options: Partial<typeof PARSE_LIMITS> & { log?: (message: string) => void } = {}) {
  const limits = { ...PARSE_LIMITS, ...options };
  const log = options.log ?? console.error;
  let queue: Promise<unknown> = Promise.resolve();

  function once(job: ParseJob, skip: number[], deadline: number): Promise<WorkerReply | { stalled: number }> {
    return new Promise((resolve) => {
      const progress = new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT);
      const view = new Int32Array(progress);
      const worker = new Worker(workerScript(), {
        resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: 16 },
        stdout: false,
        stderr: false,
      });
      let settled = false;
      let beat = -1;
      let still = Date.now();
      const finish = (reply: WorkerReply | { stalled: number }) => {
        if (settled) return;
        settled = true;
        clearInterval(watch);
        void worker.terminate();
        resolve(reply);
      };
      const watch = setInterval(() => {
        const now = Date.now();
        if (now > deadline) {
          return finish({
            ok: false,
            problem: "The calendar took too long to read (over 30 seconds), so it was left as it was.",
          });
        }
        const current = Atomics.load(view, 2);
        if (Atomics.load(view, 0) !== 2 || current !== beat) {
          beat = current;
          still = now;
        } else if (now - still > limits.stallMs) finish({ stalled: Atomics.load(view, 1) });
      }, 250);
      watch.unref();
      worker.on("message", (reply: WorkerReply) => finish(reply));
      worker.on("error", (error: Error & { code?: string }) => {
        if (error.code !== "ERR_WORKER_OUT_OF_MEMORY") log(`The calendar reader failed: ${error.message}`);
        finish({
          ok: false,
          problem:
            error.code === "ERR_WORKER_OUT_OF_MEMORY"
              ? "The calendar is too large to read in the memory the site gives it, so it was left as it was."
              : "The calendar could not be read.",
        });
      });
      worker.on("exit", () => finish({ ok: false, problem: "The calendar could not be read." }));
      const bytes = new Uint8Array(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength).slice();
      const message: WorkerJob = { ...job, bytes, skip, progress };
      worker.postMessage(message, [bytes.buffer]);
    });
  }

  async function run(job: ParseJob): Promise<ParseOutcome> {
    const deadline = Date.now() + limits.totalMs;
    const skip: number[] = [];
    for (;;) {
      const reply = await once(job, skip, deadline);
      if (!("stalled" in reply)) {
        if (!reply.ok && reply.detail) log(`A calendar could not be read: ${reply.detail}`);
        return reply.ok
          ? { ok: true, busy: reply.busy, events: reply.events, notes: reply.notes }
          : { ok: false, problem: reply.problem };
      }
      if (skip.length >= limits.maxSkips) {
        return {
          ok: false,
          problem: `The calendar has more than ${limits.maxSkips} repeating events whose rules never give a next time, so it was left as it was.`,
        };
      }
      skip.push(reply.stalled);
    }
  }

  return {
    /** Parses one calendar; calls wait for the one before (one worker, one calendar's memory, at a time). */
    parse(job: ParseJob): Promise<ParseOutcome> {
      const result = queue.then(() => run(job));
      queue = result.catch(() => {});
      return result;
    },
  };
}

export type CalendarParser = ReturnType<typeof createCalendarParser>;
