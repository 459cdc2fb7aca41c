// Responses kept in memory already compressed (brotli and gzip): prerendered pages and assets are compressed
// once at start-up, server-rendered pages once per URL, so no request pays for compression twice.
import { createHash } from "node:crypto";
import { readFileSync, statSync, type Stats } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Request, Response } from "express";
import { LRUCache } from "lru-cache";

export type CachedResponse = {
  status: number;
  headers: Record<string, string>;
  identity: Buffer;
  /** null when the type does not compress (images) */
  gzip: Buffer | null;
  br: Buffer | null;
  etag: string;
};

/** @param quality brotli quality: 11 at start-up, lower at run time */
export function compressResponse(
  status: number,
  headers: Record<string, string>,
  body: Buffer,
  { quality = 11, compress = true }: { quality?: number; compress?: boolean } = {},
): CachedResponse {
  return {
    status,
    headers,
    identity: body,
    gzip: compress ? gzipSync(body, { level: 9 }) : null,
    br: compress ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } }) : null,
    etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
  };
}

/**
 * A file of the build with its precompressed copies (scripts/precompress.ts writes `x.br` and `x.gz` beside `x`);
 * copies older than the file, or missing, are made now.
 */
export function compressedFile(
  file: string,
  status: number,
  headers: Record<string, string>,
  { compress = true }: { compress?: boolean } = {},
): CachedResponse {
  const body = readFileSync(file);
  if (!compress) return compressResponse(status, headers, body, { compress });
  const fresh = (copy: string) => {
    const stat = statSync(copy, { throwIfNoEntry: false });
    return stat !== undefined && stat.mtimeMs >= statSync(file).mtimeMs;
  };
  if (!fresh(`${file}.br`) || !fresh(`${file}.gz`)) return compressResponse(status, headers, body);
  return {
    status,
    headers,
    identity: body,
    gzip: readFileSync(`${file}.gz`),
    br: readFileSync(`${file}.br`),
    etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
  };
}

/** `compressedFile`, read on libuv's thread pool (a publish's pages, read while visitors are served). */
export async function compressedFileRead(
  file: string,
  status: number,
  headers: Record<string, string>,
  { compress = true }: { compress?: boolean } = {},
): Promise<CachedResponse> {
  const [body, stat, gz, br] = await Promise.all([
    readFile(file),
    statOf(file),
    compress ? statOf(`${file}.gz`) : null,
    compress ? statOf(`${file}.br`) : null,
  ]);
  const fresh = (copy: Stats | null | undefined) => copy && stat && copy.mtimeMs >= stat.mtimeMs;
  if (!compress || !fresh(gz) || !fresh(br)) return compressResponse(status, headers, body, { compress });
  const [gzip, brotli] = await Promise.all([readFile(`${file}.gz`), readFile(`${file}.br`)]);
  return {
    status,
    headers,
    identity: body,
    gzip,
    br: brotli,
    etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
  };
}

const statOf = (file: string) => stat(file).catch(() => undefined);

/** Bytes an entry holds in memory, with a little for its key and headers. */
export function entrySize(entry: CachedResponse, key: string): number {
  return entry.identity.length + (entry.gzip?.length ?? 0) + (entry.br?.length ?? 0) + key.length * 2 + 512;
}

/**
 * Server-rendered pages, bounded by the bytes they hold, not their count: an anonymous client chooses the URLs,
 * so it must not be able to choose how much memory they take.
 */
export function createPageCache(maxBytes: number): LRUCache<string, CachedResponse> {
  return new LRUCache<string, CachedResponse>({
    maxSize: maxBytes,
    // One page may take at most a tenth of the cache; a larger one is served but not kept.
    maxEntrySize: Math.max(1, Math.floor(maxBytes / 10)),
    sizeCalculation: entrySize,
  });
}

/** Sends a cached response in the best encoding the client accepts, or 304 when it has it already. */
export function sendCached(req: Request, res: Response, entry: CachedResponse): void {
  res.status(entry.status);
  for (const [name, value] of Object.entries(entry.headers)) res.setHeader(name, value);
  res.setHeader("Vary", "Accept-Encoding");
  res.setHeader("ETag", entry.etag);
  if (entry.status === 200 && req.get("if-none-match") === entry.etag) {
    res.status(304).end();
    return;
  }
  const accepts = req.get("accept-encoding") ?? "";
  const [encoding, body]: [string | null, Buffer] =
    entry.br && /\bbr\b/.test(accepts)
      ? ["br", entry.br]
      : entry.gzip && /\bgzip\b/.test(accepts)
        ? ["gzip", entry.gzip]
        : [null, entry.identity];
  if (encoding) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", String(body.length));
  res.end(req.method === "HEAD" ? undefined : body);
}
