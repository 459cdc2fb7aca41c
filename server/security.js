// Security headers (helmet) and the estimate endpoint's abuse limits, in front of every route.
import { createHash } from "node:crypto";
import { rateLimit } from "express-rate-limit";
import helmet from "helmet";

/** @param {string} source */
export function scriptHash(source) {
  return `'sha256-${createHash("sha256").update(source).digest("base64")}'`;
}

/** The origin of an absolute URL, or null for a path. @param {string | undefined} url */
function originOf(url) {
  try {
    return url && /^https?:\/\//.test(url) ? new URL(url).origin : null;
  } catch {
    return null;
  }
}

/**
 * @param {{
 *   inlineScripts: readonly string[],
 *   siteUrl: string,
 *   estimateEndpoint?: string,
 * }} options
 */
export function securityHeaders({ inlineScripts, siteUrl, estimateEndpoint }) {
  const formOrigin = originOf(estimateEndpoint);
  const https = siteUrl.startsWith("https://");
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        // No inline script runs unless it is one of ours, pinned by hash.
        "script-src": ["'self'", ...inlineScripts.map(scriptHash)],
        // Radix and React set a few style attributes in server-rendered markup.
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'", ...(formOrigin ? [formOrigin] : [])],
        "form-action": ["'self'", ...(formOrigin ? [formOrigin] : [])],
        "frame-ancestors": ["'none'"],
        "base-uri": ["'self'"],
        "object-src": ["'none'"],
        "manifest-src": ["'self'"],
        ...(https ? { "upgrade-insecure-requests": [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
  });
  return /** @type {import("express").RequestHandler} */ (
    (req, res, next) => {
      // helmet has no Permissions-Policy; the site needs none of these features.
      res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()");
      headers(req, res, next);
    }
  );
}

/** @param {import("express").Response} res @param {number} status @param {string} error */
function refuse(res, status, error) {
  res.status(status).set("Cache-Control", "no-store").json({ error, errors: [] });
}

/**
 * Limits for POST /api/estimate: a few submissions a minute per address, and, when allowed origins are
 * configured, no cross-site posts from anywhere else.
 * @param {{ perMinute: number, allowedOrigins: readonly string[] }} options
 */
export function estimateGuards({ perMinute, allowedOrigins }) {
  const limiter = rateLimit({
    windowMs: 60_000,
    limit: perMinute,
    standardHeaders: "draft-7",
    legacyHeaders: false,
    handler: (_req, res, _next, options) => {
      res.setHeader("Retry-After", String(Math.ceil(options.windowMs / 1000)));
      refuse(res, 429, "Too many requests. Please wait a minute and try again, or call us.");
    },
  });
  /** @type {import("express").RequestHandler} */
  const sameOrigin = (req, res, next) => {
    if (allowedOrigins.length === 0) return next();
    const origin = req.get("origin");
    if (origin && !allowedOrigins.includes(origin)) return refuse(res, 403, "Requests from other sites are not accepted.");
    if (!origin && req.get("sec-fetch-site") === "cross-site") return refuse(res, 403, "Requests from other sites are not accepted.");
    next();
  };
  return [sameOrigin, limiter];
}
