// The HTTP app: prerendered pages and fingerprinted assets from disk, everything else through React Router.
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import { estimateGuards, securityHeaders } from "./security.js";

const HTML_CACHE = "public, max-age=300, must-revalidate";
const STATIC_MAX_AGE_MS = 86_400_000;

/**
 * Maps each prerendered URL ("/faq") to its file ("<client>/faq/index.html").
 * @param {string} clientDir
 */
export function prerenderedPages(clientDir) {
  /** @type {Map<string, string>} */
  const pages = new Map();
  /** @param {string} dir */
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === "index.html") {
        const url = "/" + path.relative(clientDir, dir).split(path.sep).join("/");
        pages.set(url === "/" ? "/" : url.replace(/\/$/, ""), full);
      }
    }
  };
  if (existsSync(clientDir)) walk(clientDir);
  return pages;
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

/**
 * @param {{
 *   store: import("./estimate-store.js").EstimateStore,
 *   notifyOwner?: boolean,
 *   notifyTo?: string | null,
 *   rateLimitPerMinute?: number,
 *   allowedOrigins?: readonly string[],
 *   siteUrl?: string,
 *   buildDir?: string,
 *   beforeRoutes?: (app: import("express").Express) => void,
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
  beforeRoutes,
}) {
  const clientDir = path.join(buildDir, "client");
  const serverBuild = await import(path.join(buildDir, "server", "index.js"));
  const pages = prerenderedPages(clientDir);

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", trustProxySetting(process.env.TRUST_PROXY));
  app.use(compression());
  app.use(
    securityHeaders({
      // The one inline script our pages run: the island loader, pinned by hash in the CSP.
      inlineScripts: [serverBuild.routes.root.module.islandLoaderSource(serverBuild.assets.entry.module)],
      siteUrl,
      estimateEndpoint: process.env.ESTIMATE_ENDPOINT,
    }),
  );
  app.post("/api/estimate", ...estimateGuards({ perMinute: rateLimitPerMinute, allowedOrigins }));

  beforeRoutes?.(app);

  // Canonical URLs have no trailing slash: /faq/ -> /faq.
  app.use((req, res, next) => {
    if ((req.method === "GET" || req.method === "HEAD") && req.path.length > 1 && req.path.endsWith("/")) {
      const query = req.url.slice(req.path.length);
      return res.redirect(301, req.path.replace(/\/+$/, "") + query);
    }
    next();
  });

  app.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false, fallthrough: false }));

  app.use((req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const file = pages.get(req.path);
    if (!file) return next();
    res.setHeader("Cache-Control", HTML_CACHE);
    res.sendFile(file, { headers: { "Content-Type": "text/html; charset=utf-8" } });
  });

  app.use(
    express.static(clientDir, {
      index: false,
      redirect: false,
      maxAge: STATIC_MAX_AGE_MS,
      setHeaders(res, filePath) {
        if (filePath.endsWith(".html")) res.setHeader("Cache-Control", HTML_CACHE);
      },
    }),
  );

  app.all(
    "/{*splat}",
    (req, res, next) => {
      res.setHeader("Cache-Control", req.method === "GET" ? HTML_CACHE : "no-store");
      next();
    },
    createRequestHandler({
      build: serverBuild,
      getLoadContext: (req) => ({ estimates: store, notifyOwner, notifyTo, clientIp: req.ip ?? null }),
    }),
  );

  return app;
}

