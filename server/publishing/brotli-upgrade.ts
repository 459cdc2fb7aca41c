// A publish serves its pages with quick brotli copies (render-pages.ts `quick`) and has them made again at quality 11
// right after, one file at a time on libuv's thread pool, so the owner's tap does not wait for a second of
// compression and the work never takes more than one core from visitors (issue 38, decision 0027). A newer upgrade
// supersedes an older one: those pages are no longer served.
import { compressibleFiles, finalBrotli } from "./precompress.ts";

export type BrotliUpgrader = ReturnType<typeof createBrotliUpgrader>;

export function createBrotliUpgrader({ log = console.error }: { log?: (message: string) => void } = {}) {
  let newest = 0;
  let running: Promise<unknown> = Promise.resolve();

  return {
    /**
     * Makes the brotli copies under `dir` again at quality 11, after any upgrade still running. "done" once all are;
     * "superseded" when a newer upgrade was asked for first; "failed" (logged) when one could not be made: the quick
     * copies are still served, and are correct, only larger.
     */
    upgrade(dir: string): Promise<"done" | "superseded" | "failed"> {
      const id = ++newest;
      const result = running.then(async () => {
        try {
          for (const file of compressibleFiles(dir)) {
            if (id !== newest) return "superseded" as const;
            await finalBrotli(file);
          }
          return "done" as const;
        } catch (error) {
          if (id !== newest) return "superseded" as const;
          log(`The brotli copies of ${dir} were not made again at quality 11: ${String(error)}`);
          return "failed" as const;
        }
      });
      running = result;
      return result;
    },
    /** Stops any upgrade at its next file: a publish is starting, and its render needs the CPU. */
    cancel(): void {
      newest += 1;
    },
  };
}
