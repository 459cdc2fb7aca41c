// Responses kept in memory already compressed (brotli and gzip): prerendered pages and assets are compressed
// once at start-up, server-rendered pages once per URL (bounded LRU), so no request pays for compression twice.
import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/**
 * @typedef {object} CachedResponse
 * @property {number} status
 * @property {Record<string, string>} headers
 * @property {Buffer} identity
 * @property {Buffer | null} gzip null when the type does not compress (images)
 * @property {Buffer | null} br
 * @property {string} etag
 */

/**
 * @param {number} status
 * @param {Record<string, string>} headers
 * @param {Buffer} body
 * @param {{ quality?: number, compress?: boolean }} [options] brotli quality: 11 at start-up, lower at run time
 * @returns {CachedResponse}
 */
export function compressResponse(status, headers, body, { quality = 11, compress = true } = {}) {
  return {
    status,
    headers,
    identity: body,
    gzip: compress ? gzipSync(body, { level: 9 }) : null,
    br: compress ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } }) : null,
    etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
  };
}

/** Sends a cached response in the best encoding the client accepts, or 304 when it has it already.
 * @param {import("express").Request} req
 * @param {import("express").Response} res
 * @param {CachedResponse} entry
 */
export function sendCached(req, res, entry) {
  res.status(entry.status);
  for (const [name, value] of Object.entries(entry.headers)) res.setHeader(name, value);
  res.setHeader("Vary", "Accept-Encoding");
  res.setHeader("ETag", entry.etag);
  if (entry.status === 200 && req.get("if-none-match") === entry.etag) {
    res.status(304).end();
    return;
  }
  const accepts = req.get("accept-encoding") ?? "";
  /** @type {[string | null, Buffer]} */
  const [encoding, body] =
    entry.br && /\bbr\b/.test(accepts)
      ? ["br", entry.br]
      : entry.gzip && /\bgzip\b/.test(accepts)
        ? ["gzip", entry.gzip]
        : [null, entry.identity];
  if (encoding) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", String(body.length));
  res.end(req.method === "HEAD" ? undefined : body);
}

/** A small least-recently-used map. @template V */
export class Lru {
  /** @param {number} limit */
  constructor(limit) {
    this.limit = limit;
    /** @type {Map<string, V>} */
    this.map = new Map();
  }
  /** @param {string} key */
  get(key) {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }
  /** @param {string} key @param {V} value */
  set(key, value) {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.limit) this.map.delete(/** @type {string} */ (this.map.keys().next().value));
  }
}
