// Tests of the built server as a whole process: headers, abuse limits, bad input, crashes. Run after the build.
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/server/**/*.test.ts"],
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 90_000,
    fileParallelism: false,
  },
});
