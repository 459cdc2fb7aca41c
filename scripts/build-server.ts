// Part of `npm run build`: compiles the Node server (server/index.ts and what it imports from server/ and app/)
// into one JavaScript file set in build/bin/, so `npm start` runs plain `node` with no TypeScript loader
// (decision 0010). Packages stay external: node_modules is loaded as it is, native better-sqlite3 included.
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { asciiSource } from "./ascii-source.ts";

// SITE_URL may live in .env, as for the site build (react-router.config.ts).
if (existsSync(".env")) process.loadEnvFile(".env");
const outdir = path.resolve(process.env.BUILD_DIR || "build", "bin");
const started = Date.now();
// Chunk names carry a hash: clear the last build's.
rmSync(outdir, { recursive: true, force: true });
await build({
  // The publish's render, the calendars' parse and the quotes' PDFs run in workers of their own
  // (server/publishing/render-in-worker.ts, server/calendars/parse-in-worker.ts, server/documents/pdf-in-worker.ts), and
  // the CSS of pages rendered on request is pruned in one (server/http/critical-css-in-worker.ts).
  entryPoints: {
    server: "server/index.ts",
    "render-worker": "server/publishing/render-worker.ts",
    "calendar-worker": "server/calendars/calendar-worker.ts",
    "pdf-worker": "server/quotes/pdf-worker.ts",
    "invoice-pdf-worker": "server/invoices/invoice-pdf-worker.ts",
    "report-pdf-worker": "server/reports/report-pdf-worker.ts",
    "critical-css-worker": "server/http/critical-css-worker.ts",
  },
  outdir,
  bundle: true,
  // index.ts settles NODE_ENV before it imports start.ts; splitting keeps that import (and React's) lazy.
  splitting: true,
  format: "esm",
  platform: "node",
  // The oldest Node in package.json "engines": one artifact for every supported version.
  target: "node20.19",
  packages: "external",
  // The same value Vite bakes into the site (vite.config.ts), so the server's e-mails link to the built origin.
  define: { __BUILD_SITE_URL__: JSON.stringify(process.env.SITE_URL?.trim() ?? "") },
  logLevel: "warning",
});
// ASCII, so every process that loads them holds their source at one byte a character (scripts/ascii-source.ts).
for (const name of readdirSync(outdir)) {
  if (!name.endsWith(".js")) continue;
  const file = path.join(outdir, name);
  const code = readFileSync(file, "utf8");
  const ascii = asciiSource(code, path.relative(process.cwd(), file));
  if (ascii !== code) writeFileSync(file, ascii);
}
// The condition report's PDF embeds its font (server/reports/report-pdf.ts reads it beside the compiled worker).
cpSync("server/reports/fonts", path.join(outdir, "fonts"), { recursive: true });
console.log(`Compiled the server into ${path.relative(process.cwd(), outdir)}/ in ${Date.now() - started} ms`);
