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
  // The homeowner's quote page is sent with Referrer-Policy: no-referrer (its link is a secret), so a browser posts
  // its forms with "Origin: null", which React Router's own check would refuse. Allowed here; every action still
  // checks where a post comes from itself: the console's guard refuses "null" (decision 0009), the quote page takes
  // it only when Sec-Fetch-Site does not say cross-site, and its link is the key (decision 0032).
  allowedActionOrigins: ["null"],
} satisfies Config;
