// The HTTP app: prerendered pages and static files from memory (compressed once), everything else through
// React Router, with a bounded cache of server-rendered pages.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import { compressResponse, Lru, sendCached } from "./compressed-cache.js";
import { estimateGuards, securityHeaders } from "./security.js";

const HTML_CACHE = "public, max-age=300, must-revalidate";
const ASSET_CACHE = "public, max-age=31536000, immutable";
const STATIC_CACHE = "public, max-age=86400";

const TYPES = /** @type {Record<string, [string, boolean]>} */ ({
  ".html": ["text/html; charset=utf-8", true],
  ".js": ["text/javascript; charset=utf-8", true],
  ".css": ["text/css; charset=utf-8", true],
  ".svg": ["image/svg+xml", true],
  ".json": ["application/json", true],
  ".webmanifest": ["application/manifest+json", true],
  ".xml": ["application/xml; charset=utf-8", true],
  ".txt": ["text/plain; charset=utf-8", true],
  ".png": ["image/png", false],
  ".ico": ["image/x-icon", false],
  ".woff2": ["font/woff2", false],
});

/**
 * Every file the build serves as-is, by URL: prerendered pages ("/faq" from faq/index.html) and static files.
 * React Router's .data files are left out: pages are plain documents (docs/decisions/0001-islands.md).
 * @param {string} clientDir
 * @returns {Map<string, import("./compressed-cache.js").CachedResponse>}
 */
export function loadStaticFiles(clientDir) {
  const files = new Map();
  /** @param {string} dir */
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(full);
        continue;
      }
      const ext = path.extname(entry.name);
      const type = TYPES[ext];
      if (!type || ext === ".data") continue;
      const rel = "/" + path.relative(clientDir, full).split(path.sep).join("/");
      const isPage = entry.name === "index.html";
      const url = isPage ? rel.replace(/\/?index\.html$/, "") || "/" : rel;
      const cache = isPage ? HTML_CACHE : rel.startsWith("/assets/") ? ASSET_CACHE : STATIC_CACHE;
      files.set(url, compressResponse(200, { "Content-Type": type[0], "Cache-Control": cache }, readFileSync(full), { compress: type[1] }));
    }
  };
  if (existsSync(clientDir)) walk(clientDir);
  return files;
}

/**
 * TRUST_PROXY as Express understands it: a hop count ("1"), true/false, or addresses/subnets ("loopback, 10.0.0.0/8").
 * @param {string | undefined} value
 * @returns {boolean | number | string}
 */
export function trustProxySetting(value) {
  const v = value?.trim();
  if (!v || v === "false") return false;
  if (v === "true") return true;
  return /^\d+$/.test(v) ? Number(v) : v;
}

/** Server-rendered pages worth caching: deterministic per URL (unknown city slugs, the 404 page). */
const UNCACHED = /^\/(api\/|contact\/received)/;

/**
 * Captures a server-rendered HTML response so the next request for the same URL is served from memory.
 * @param {Lru<import("./compressed-cache.js").CachedResponse>} cache
 * @returns {import("express").RequestHandler}
 */
function cacheRenderedPages(cache) {
  return (req, res, next) => {
    if (req.method !== "GET" || UNCACHED.test(req.path)) return next();
    const key = req.originalUrl;
    const hit = cache.get(key);
    if (hit) return sendCached(req, res, hit);
    /** @type {Buffer[]} */
    const chunks = [];
    const write = res.write.bind(res);
    const end = res.end.bind(res);
    res.write = /** @type {typeof res.write} */ (
      (/** @type {any} */ chunk, /** @type {any[]} */ ...rest) => {
        if (chunk) chunks.push(Buffer.from(chunk));
        return write(chunk, ...rest);
      }
    );
    res.end = /** @type {typeof res.end} */ (
      (/** @type {any} */ chunk, /** @type {any[]} */ ...rest) => {
        if (chunk && typeof chunk !== "function") chunks.push(Buffer.from(chunk));
        const type = String(res.getHeader("content-type") ?? "");
        if ((res.statusCode === 200 || res.statusCode === 404) && type.startsWith("text/html") && !res.getHeader("set-cookie")) {
          cache.set(
            key,
            compressResponse(res.statusCode, { "Content-Type": type, "Cache-Control": String(res.getHeader("cache-control") ?? HTML_CACHE) }, Buffer.concat(chunks), {
              quality: 5,
            }),
          );
        }
        return end(chunk, ...rest);
      }
    );
    next();
  };
}

/**
 * @param {{
 *   store: import("./estimate-store.js").EstimateStore,
 *   notifyOwner?: boolean,
 *   notifyTo?: string | null,
 *   rateLimitPerMinute?: number,
 *   allowedOrigins?: readonly string[],
 *   siteUrl?: string,
 *   buildDir?: string,
 * }} options
 */
export async function createApp({
  store,
  notifyOwner = false,
  notifyTo = null,
  rateLimitPerMinute = 5,
  allowedOrigins = [],
  siteUrl = "http://localhost:3000",
  buildDir = path.resolve("build"),
}) {
  const clientDir = path.join(buildDir, "client");
  const serverBuild = await import(path.join(buildDir, "server", "index.js"));
  const files = loadStaticFiles(clientDir);

  const app = express();
  app.disable("x-powered-by");
  app.disable("etag");
  app.set("trust proxy", trustProxySetting(process.env.TRUST_PROXY));
  app.use(
    securityHeaders({
      // The inline scripts our pages may run (app/entry.server.tsx), pinned by hash in the CSP.
      inlineScripts: serverBuild.entry.module.inlineScripts,
      siteUrl,
      estimateEndpoint: process.env.ESTIMATE_ENDPOINT,
    }),
  );
  app.post("/api/estimate", ...estimateGuards({ perMinute: rateLimitPerMinute, allowedOrigins }));

  // Canonical URLs have no trailing slash: /faq/ -> /faq.
  app.use((req, res, next) => {
    if ((req.method === "GET" || req.method === "HEAD") && req.path.length > 1 && req.path.endsWith("/")) {
      const query = req.url.slice(req.path.length);
      return res.redirect(301, req.path.replace(/\/+$/, "") + query);
    }
    next();
  });

  app.use((req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const file = files.get(req.path);
    if (file) return sendCached(req, res, file);
    // A missing fingerprinted asset is a plain 404, not a page.
    if (req.path.startsWith("/assets/")) return res.status(404).type("text/plain").send("Not found");
    next();
  });

  app.use(compression());
  app.use(cacheRenderedPages(new Lru(500)));
  app.all(
    "/{*splat}",
    (req, res, next) => {
      res.setHeader("Cache-Control", req.method === "GET" && !UNCACHED.test(req.path) ? HTML_CACHE : "no-store");
      next();
    },
    createRequestHandler({
      build: serverBuild,
      getLoadContext: (req) => ({ estimates: store, notifyOwner, notifyTo, clientIp: req.ip ?? null }),
    }),
  );

  return app;
}
