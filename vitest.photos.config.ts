// The photo pipeline end to end: builds a temporary copy of the site with generated phone photos (slow: one build).
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/photos/**/*.test.ts"],
    environment: "node",
    testTimeout: 60_000,
  },
});
