// The server's clock. In production it is the system's. A test may set TEST_CLOCK_FILE to a file holding an ISO
// instant: the clock then reads that instant plus the time since the file was written, so a test moves the server
// to the day before a visit by writing the file, without waiting. The launch check refuses it (scripts/launch-blockers.ts).
import { readFileSync, statSync } from "node:fs";

export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

export function clockFrom(file: string | undefined): Clock {
  if (!file) return systemClock;
  let cached: { mtimeMs: number; at: number } | null = null;
  let checked = 0;
  return () => {
    const real = Date.now();
    // Looked at no more than every 50 ms: the clock is read on every request.
    if (!cached || real - checked > 50) {
      checked = real;
      try {
        const { mtimeMs } = statSync(file);
        if (!cached || cached.mtimeMs !== mtimeMs) {
          const at = Date.parse(readFileSync(file, "utf8").trim());
          if (Number.isFinite(at)) cached = { mtimeMs, at };
        }
      } catch {
        // No file (yet): the system's time.
      }
    }
    return cached ? new Date(cached.at + Math.max(0, real - cached.mtimeMs)) : new Date(real);
  };
}
