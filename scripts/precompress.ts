// After `react-router build`: precompressed copies of build/client (server/precompress.ts).
import { statSync } from "node:fs";
import path from "node:path";
import { precompress } from "../server/precompress.ts";

const clientDir = path.resolve(process.env.BUILD_DIR || "build", "client");
if (statSync(clientDir, { throwIfNoEntry: false })?.isDirectory()) {
  const started = Date.now();
  console.log(`Precompressed ${precompress(clientDir)} files in ${Date.now() - started} ms`);
}
