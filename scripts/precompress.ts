// After `react-router build`: precompressed copies of build/client (server/publishing/precompress.ts), and which content the
// pages were prerendered from (build/content-id), so the server can tell whether they are still the site's words.
import { statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { readContentFiles } from "../app/content/files.ts";
import { precompress } from "../server/publishing/precompress.ts";
import { contentId } from "../server/publishing/renders.ts";

const buildDir = path.resolve(process.env.BUILD_DIR || "build");
const clientDir = path.join(buildDir, "client");
if (statSync(clientDir, { throwIfNoEntry: false })?.isDirectory()) {
  const started = Date.now();
  console.log(`Precompressed ${precompress(clientDir)} files in ${Date.now() - started} ms`);
  writeFileSync(path.join(buildDir, "content-id"), contentId(readContentFiles(path.resolve("content"))));
}
