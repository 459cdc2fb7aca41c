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
 * next, on the other core. The same bytes as `precompress`.
 */
export async function compressBeside(file: string, body: Buffer): Promise<void> {
  const [br, gz] = await Promise.all([brotliAsync(body, BROTLI), gzipAsync(body, GZIP)]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
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
