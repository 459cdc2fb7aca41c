// After `react-router build`: write brotli (quality 11) and gzip (level 9) copies beside every compressible file
// in build/client, so the server starts by reading them instead of compressing the whole site again. It also drops
// the .data files React Router prerenders for client-side navigation: pages are plain documents and nothing reads them.
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

export const COMPRESSIBLE = /\.(html|js|css|svg|json|webmanifest|xml|txt)$/i;

export function precompress(dir: string): number {
  let count = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      count += precompress(full);
      continue;
    }
    if (entry.name.endsWith(".data")) {
      rmSync(full);
      continue;
    }
    if (!COMPRESSIBLE.test(entry.name)) continue;
    const body = readFileSync(full);
    writeFileSync(`${full}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${full}.gz`, gzipSync(body, { level: 9 }));
    count += 1;
  }
  return count;
}

const clientDir = path.resolve(process.env.BUILD_DIR || "build", "client");
if (statSync(clientDir, { throwIfNoEntry: false })?.isDirectory()) {
  const started = Date.now();
  console.log(`Precompressed ${precompress(clientDir)} files in ${Date.now() - started} ms`);
}
