import { readFileSync, readlinkSync } from "node:fs";
import { setPriority } from "node:os";
import { afterEach, expect, it } from "vitest";
import { lowerPublishPriority } from "./thread-priority.ts";

/** The nice value of the calling thread (field 19 of its stat line, after the command's parentheses). */
function niceOfThisThread(): number {
  const stat = readFileSync("/proc/thread-self/stat", "utf8");
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
}

const tid = Number(readlinkSync("/proc/thread-self").split("/").pop());
afterEach(() => {
  try {
    setPriority(tid, 0);
  } catch {
    // Only root may raise a priority again; a test process ends soon anyway.
  }
});

it("lowers the calling thread's priority, not the process's other threads", () => {
  expect(niceOfThisThread()).toBe(0);
  expect(lowerPublishPriority(7)).toBeGreaterThanOrEqual(1);
  expect(niceOfThisThread()).toBe(7);
  const main = readFileSync(`/proc/${process.pid}/task/${process.pid}/stat`, "utf8");
  if (tid !== process.pid) expect(Number(main.slice(main.lastIndexOf(")") + 2).split(" ")[16])).toBe(0);
});
