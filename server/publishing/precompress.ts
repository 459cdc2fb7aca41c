// Brotli (quality 11) and gzip (level 9) copies beside every compressible file, so the server reads them at start
// instead of compressing the site again. React Router's .data files go: pages are plain documents and nothing reads
// them. Used after `react-router build` (scripts/precompress.ts) and by each publish's render (render-pages.ts),
// which writes quick brotli copies first and has them made again at quality 11 afterwards (brotli-upgrade.ts).
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from "node:zlib";

export const COMPRESSIBLE = /\.(html|js|css|svg|json|webmanifest|xml|txt)$/i;

const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } };
/**
 * A publish's first brotli copies: about 1 ms a page against 60 ms at quality 11, and about 10% larger (issue 38,
 * docs/benchmarks.md). They are served for the few seconds until the quality-11 copies replace them.
 */
export const BROTLI_QUICK = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };
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

/** The copies of one file at once, the brotli one quick (a publish's render; see BROTLI_QUICK). */
export function compressQuickly(file: string, body: Buffer): void {
  writeFileSync(`${file}.gz`, gzipSync(body, GZIP));
  writeFileSync(`${file}.br`, brotliCompressSync(body, BROTLI_QUICK));
}

/** Every compressible file under `dir` (React Router's .data files excepted). */
export function compressibleFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...compressibleFiles(full));
    else if (COMPRESSIBLE.test(entry.name)) files.push(full);
  }
  return files.sort();
}

/**
 * Makes `file`'s brotli copy again at quality 11 (the bytes `precompress` makes) on libuv's thread pool, replacing
 * the quick one in a single rename: a reader sees one or the other, whole.
 */
export async function finalBrotli(file: string): Promise<void> {
  const temporary = `${file}.br.${process.pid}.tmp`;
  try {
    await writeFile(temporary, await brotliAsync(await readFile(file), BROTLI));
    await rename(temporary, `${file}.br`);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
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
