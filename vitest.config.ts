// One configuration, four projects: `npm run test:unit`, `test:server` (needs a build: server and server-alone) and
// `test:photos` pick them with --project; `npx vitest run <file>` finds the project a file belongs to.
import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

/**
 * Vitest's own default is one worker less than the cores: one worker on CI's 2 cores, which left a core idle through
 * the unit tests (the main process only hands out files and gathers results). At least two (issue 64).
 */
const WORKERS = Math.max(2, availableParallelism() - 1);

/** Server tests that measure memory or time, or flood the server: alone on the machine, so they measure the code. */
const ALONE = [
  "alert-latency",
  "bad-input",
  "calendars",
  "critical-css-memo",
  "critical-css-worker",
  "errors",
  "estimate-photos",
  "memory",
  "owner-guard",
  "owner-isolation",
  "publish-failures",
  "publish-render",
  "push",
  "quotes",
  "render-heap",
  "render-warm-up",
  "render-worker-yield",
  "route-shapes",
  "visitor-counting",
  "webhook-flood",
].map((name) => `tests/server/${name}.test.ts`);

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    environment: "node",
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.{js,ts}", "tests/unit/**/*.test.{ts,tsx}"],
          maxWorkers: WORKERS,
        },
      },
      {
        // The built server as a whole process: headers, abuse limits, bad input, crashes. Two files at a time: most
        // of their time is waiting (a start, a timeout, a mail), not the machine's 2 cores (decision 0041).
        extends: true,
        test: {
          name: "server",
          include: ["tests/server/**/*.test.ts"],
          exclude: ALONE,
          testTimeout: 60_000,
          hookTimeout: 90_000,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        // Then, one at a time, the files that measure (memory, time budgets) or flood the server.
        extends: true,
        test: {
          name: "server-alone",
          include: ALONE,
          testTimeout: 60_000,
          hookTimeout: 90_000,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        // The photo pipeline end to end: builds a temporary copy of the site with generated phone photos.
        extends: true,
        test: { name: "photos", include: ["tests/photos/**/*.test.ts"], testTimeout: 60_000 },
      },
    ],
  },
});
