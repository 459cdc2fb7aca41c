import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.{js,ts}", "tests/unit/**/*.test.{ts,tsx}"],
    environment: "node",
  },
});
