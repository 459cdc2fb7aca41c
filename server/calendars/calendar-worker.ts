// The calendars' worker thread (parse-in-worker.ts starts one per read): parses and expands one calendar off the
// server's event loop, answers once, and ends, so whatever the parse took goes with it. It runs at the lowest CPU
// priority: on two cores, visitors' pages come first and a read may take longer (docs/benchmarks.md).
import { parentPort } from "node:worker_threads";
import { lowerThisThread } from "../http/thread-priority.ts";
import { CalendarProblem, expandCalendar } from "./expand.ts";
import type { WorkerJob, WorkerReply } from "./parse-in-worker.ts";

lowerThisThread(19);

parentPort?.once("message", (job: WorkerJob) => {
  let reply: WorkerReply;
  try {
    const text = new TextDecoder("utf-8").decode(job.bytes);
    const visit = job.visitUidHost
      ? new RegExp(`^visit-[0-9a-f-]{36}@${job.visitUidHost.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`, "i")
      : null;
    const expanded = expandCalendar(text, {
      from: job.from,
      to: job.to,
      timeZone: job.timeZone,
      ignoreUid: (uid) => visit?.test(uid) ?? false,
      skip: new Set(job.skip),
      progress: new Int32Array(job.progress),
    });
    reply = { ok: true, busy: expanded.busy, events: expanded.events, notes: expanded.notes };
  } catch (error) {
    reply =
      error instanceof CalendarProblem
        ? { ok: false, problem: error.message }
        : { ok: false, problem: "The calendar could not be read.", detail: String(error) };
  }
  parentPort?.postMessage(reply, reply.ok ? [reply.busy.buffer as ArrayBuffer] : []);
});
