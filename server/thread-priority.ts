// A publish's work (the render's thread, and the compression on libuv's thread pool) runs at a lower scheduling
// priority than the thread that answers visitors, so on a 2-core server a publish takes the cores only while nobody
// asks for a page (issue 38). Linux applies a nice value per thread; Node 24 names its pool's threads
// "libuv-worker" (Node 20 leaves them unnamed, and they keep their priority there). Best effort: a failure changes
// nothing else.
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { setPriority } from "node:os";

export const PUBLISH_NICE = 10;

/** Lowers the calling thread's priority and the thread pool's; returns how many threads were lowered. */
export function lowerPublishPriority(nice = PUBLISH_NICE): number {
  let lowered = 0;
  const lower = (tid: number) => {
    try {
      setPriority(tid, nice);
      lowered += 1;
    } catch {
      // Not Linux, or a sandbox that refuses it: the work runs at the usual priority.
    }
  };
  try {
    // "<pid>/task/<tid>": this thread, whichever it is.
    lower(Number(readlinkSync("/proc/thread-self").split("/").pop()));
    for (const tid of readdirSync("/proc/self/task")) {
      if (readFileSync(`/proc/self/task/${tid}/comm`, "utf8").trim() === "libuv-worker") lower(Number(tid));
    }
  } catch {
    // No /proc: nothing to do.
  }
  return lowered;
}
