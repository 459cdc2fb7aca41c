// Brotli (quality 11) and gzip (level 9) copies beside every compressible file, so the server reads them at start
// instead of compressing the site again. React Router's .data files go: pages are plain documents and nothing reads
// them. Used after `react-router build` (scripts/precompress.ts) and by each publish's render (render-pages.ts).
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from "node:zlib";

export const COMPRESSIBLE = /\.(html|js|css|svg|json|webmanifest|xml|txt)$/i;

const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } };
const GZIP = { level: 9 };
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The same copies for one file, made on libuv's thread pool: a render compresses each page while it renders the
 * next. One at a time (brotli, then gzip), so a render keeps at most two cores busy, its own thread and this one, and
 * a 2-core server still has the main thread's share for visitors. The same bytes as `precompress`.
 */
export async function compressBeside(file: string, body: Buffer): Promise<void> {
  await writeFile(`${file}.br`, await brotliAsync(body, BROTLI));
  await writeFile(`${file}.gz`, await gzipAsync(body, GZIP));
}

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
    writeFileSync(`${full}.br`, brotliCompressSync(body, BROTLI));
    writeFileSync(`${full}.gz`, gzipSync(body, GZIP));
    count += 1;
  }
  return count;
}
