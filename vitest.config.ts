// One configuration, three projects: `npm run test:unit`, `test:server` (needs a build) and `test:photos` pick one
// with --project; `npx vitest run <file>` finds the project a file belongs to.
import { defineConfig } from "vitest/config";

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
        },
      },
      {
        // The built server as a whole process: headers, abuse limits, bad input, crashes. One file at a time.
        extends: true,
        test: {
          name: "server",
          include: ["tests/server/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 90_000,
          fileParallelism: false,
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
