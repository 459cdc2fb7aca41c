// Worker threads that work for later (a publish's render, a calendar's read) run below the event loop's thread. On
// two cores, when such a worker and V8's helpers want both, the loop that answers visitors and the owner should get
// a core first: the editor's page waited 30-40 ms for one while the render's worker started (issue 51).
import { readlinkSync } from "node:fs";
import { setPriority } from "node:os";

/**
 * Lowers the calling thread's CPU priority to `nice` (0 is the server's, 19 the lowest). Linux keeps a nice value
 * per thread, and setpriority on this thread's own id changes this thread alone; elsewhere, or where the system
 * refuses, the thread runs at the server's priority. Threads and processes it starts later inherit it.
 */
export function lowerThisThread(nice: number): boolean {
  try {
    setPriority(Number(readlinkSync("/proc/thread-self").split("/").pop()), nice);
    return true;
  } catch {
    return false;
  }
}
