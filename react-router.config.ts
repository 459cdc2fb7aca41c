import { existsSync } from "node:fs";
import type { Config } from "@react-router/dev/config";
import { prerenderPaths } from "./app/content/site-map";

// SITE_URL and the estimate settings are read while prerendering; a .env file may hold them.
if (existsSync(".env")) process.loadEnvFile(".env");

export default {
  // Server rendering stays on for what is not prerendered: unknown city slugs, the 404 page, the estimate endpoint.
  ssr: true,
  // BUILD_DIR lets a test build a second copy (e.g. with another SITE_URL) without touching build/.
  buildDirectory: process.env.BUILD_DIR || "build",
  prerender: prerenderPaths,
} satisfies Config;
