// Security headers (helmet) for every response, and the estimate endpoint's guards: where a post may come from,
// and how many an address may send. The guards run inside the endpoint's action (app/routes/api.estimate.ts),
// so they hold for every spelling of its URL that the router matches, not for one literal path.
import { createHash } from "node:crypto";
import type { RequestHandler } from "express";
import helmet from "helmet";
import { LRUCache } from "lru-cache";
import { isOwnerRoute, isQuoteRoute } from "./page-cache.ts";

export function scriptHash(source: string): string {
  return `'sha256-${createHash("sha256").update(source).digest("base64")}'`;
}

/** The origin of an absolute http(s) URL, or null for a path or anything else. */
export function originOf(url: string | undefined | null): string | null {
  try {
    return url && /^https?:\/\//i.test(url) ? new URL(url).origin : null;
  } catch {
    return null;
  }
}

export function securityHeaders({
  inlineScripts,
  https,
  estimateEndpoint,
  checkoutOrigins = [],
  isolates = () => true,
}: {
  inlineScripts: readonly string[];
  https: boolean;
  estimateEndpoint?: string;
  /** The payment provider's checkout: the quote page's Pay answers 303 there, which form-action must allow. */
  checkoutOrigins?: readonly string[];
  /**
   * Whether a request's page gets its own browsing context group (Cross-Origin-Opener-Policy: same-origin): the
   * owner's console, where a signed-in session lives. A public page holds nothing an opener could take, and the
   * header costs a visitor's browser a new renderer process for it (decision 0025).
   */
  isolates?: (originalUrl: string) => boolean;
}): RequestHandler {
  const formOrigin = originOf(estimateEndpoint);
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        // Fonts and manifests fall back to this, so they need no directive of their own: every byte of a page's
        // headers counts against its first round trip.
        "default-src": ["'self'"],
        // No inline script runs unless it is one of ours, pinned by hash.
        "script-src": ["'self'", ...inlineScripts.map(scriptHash)],
        // Inlined critical CSS and a few style attributes in server-rendered markup.
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:"],
        "connect-src": ["'self'", ...(formOrigin ? [formOrigin] : [])],
        "form-action": ["'self'", ...(formOrigin ? [formOrigin] : []), ...checkoutOrigins],
        "frame-ancestors": ["'none'"],
        "base-uri": ["'self'"],
        "object-src": ["'none'"],
        ...(https ? { "upgrade-insecure-requests": [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    // Headers no current browser reads: every byte of a page's headers counts against its first round trip.
    xXssProtection: false,
    xDownloadOptions: false,
    xDnsPrefetchControl: false,
    xPermittedCrossDomainPolicies: false,
  });
  return (req, res, next) => {
    // helmet has no Permissions-Policy; the site needs none of these features.
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()");
    if (isolates(req.originalUrl)) res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    headers(req, res, next);
  };
}

/** Why the endpoint refuses a request before reading it. */
export type Refusal = { status: 403 | 429; error: string; retryAfterSeconds?: number };

export const CROSS_SITE_ERROR = "Requests from other sites are not accepted.";
export const RATE_LIMIT_ERROR = "Too many requests. Please wait a minute and try again, or call us.";

/** A request's headers, as a Fetch Request or an Express request gives them. */
export type PostHeaders = { get(name: string): string | null | undefined };

export type PostSourcePolicy = {
  /** The site's own origin (SITE_URL, else the build's); null: wherever the request was addressed (its Host). */
  siteOrigin: string | null;
  /** Other sites allowed to post here (ALLOWED_ORIGINS, the estimate form only): cross-site by nature. */
  partners?: ReadonlySet<string>;
  /** "Origin: null" is one of ours: a page sent with no-referrer posts with it (the quote page, decision 0032). */
  nullOrigin?: boolean;
};

/**
 * Whether a POST comes from one of this site's own pages (decision 0038). A browser says where a post comes from
 * twice: Sec-Fetch-Site, refused when it is anything but same-origin or none (cross-site or same-site: a subdomain is
 * not ours) whatever the Origin claims; and Origin, refused unless it is ours. Without an Origin, a Referer from
 * elsewhere refuses it. A client that sends none of them is no browser another site could make post here.
 */
export function fromOurPages(headers: PostHeaders, requestHost: string, policy: PostSourcePolicy): boolean {
  const origin = headers.get("origin")?.trim() ?? null;
  const normalised = origin === null ? null : originOf(origin);
  if (normalised !== null && policy.partners?.has(normalised)) return true;
  const site = headers.get("sec-fetch-site")?.trim().toLowerCase() ?? null;
  if (site !== null && site !== "same-origin" && site !== "none") return false;
  const ours = (value: string) =>
    policy.siteOrigin !== null ? value === policy.siteOrigin : new URL(value).host === requestHost.toLowerCase();
  if (origin !== null) {
    if (origin === "null") return policy.nullOrigin === true;
    return normalised !== null && ours(normalised);
  }
  const from = originOf(headers.get("referer"));
  return from === null || ours(from);
}

/** The origins of ALLOWED_ORIGINS that are origins at all. */
export function partnerOrigins(configured: readonly string[]): ReadonlySet<string> {
  return new Set(configured.map((o) => originOf(o)).filter((o): o is string => o !== null));
}

/**
 * Which origins may post the form. Safe by default: the explicitly configured origins, plus the site's own:
 * the build's SITE_URL, or, when the build had none, the origin the request was addressed to (its Host).
 */
export function originPolicy({ configured, siteOrigin }: { configured: readonly string[]; siteOrigin: string | null }) {
  const partners = partnerOrigins(configured);
  return (request: Request): boolean =>
    fromOurPages(request.headers, new URL(request.url).host, { siteOrigin, partners });
}

/** The estimate endpoint's route: the one other sites may post to (ALLOWED_ORIGINS). */
export const ESTIMATE_ROUTE = "routes/api.estimate";

/**
 * The one-click unsubscribe (RFC 8058, decision 0052): its POST comes from a mail provider's servers, or a mail app,
 * from anywhere, and "MUST NOT include cookies, HTTP authorization, or any other context information". The one route
 * a POST reaches from anywhere; what it may change is one address's "no more marketing", named by its own token.
 */
export const UNSUBSCRIBE_ROUTE = "routes/unsubscribe";

/** The headers that tell where a request comes from or who sends it: dropped from a one-click unsubscribe. */
const CONTEXT_HEADERS: ReadonlySet<string> = new Set([
  "origin",
  "referer",
  "cookie",
  "authorization",
  "sec-fetch-site",
  "sec-fetch-mode",
  "sec-fetch-dest",
  "sec-fetch-user",
]);

/**
 * Every POST, before any page code runs and on every spelling of every path: one that did not come from this site's
 * own pages (fromOurPages) is refused with a 403, and nothing behind it runs; the one-click unsubscribe alone is taken
 * from anywhere, stripped of every header that says where it came from or who sent it. The console answers in its plain words,
 * a client that asks for JSON gets the endpoint's JSON, everyone else the site's own 403 page (`refusedPage`).
 */
export function postGuard({
  siteOrigin,
  partners,
  routeOf,
  refusedPage,
}: {
  siteOrigin: string | null;
  partners: ReadonlySet<string>;
  /** The router's route id for a request target. */
  routeOf: (url: string) => string;
  refusedPage: RequestHandler;
}): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "POST") return next();
    const route = routeOf(req.originalUrl);
    if (route === UNSUBSCRIBE_ROUTE) {
      // Taken from anywhere, and with no context: nothing behind (React Router's own origin check, the page) sees any.
      req.headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !CONTEXT_HEADERS.has(name)));
      return next();
    }
    const fromUs = fromOurPages({ get: (name) => req.get(name) }, req.get("host") ?? "", {
      siteOrigin,
      partners: route === ESTIMATE_ROUTE ? partners : undefined,
      nullOrigin: isQuoteRoute(route),
    });
    if (fromUs) return next();
    res.status(403).set("Cache-Control", "no-store");
    if (isOwnerRoute(route)) {
      res.set("Content-Type", "text/plain; charset=utf-8").end(CROSS_SITE_ERROR);
    } else if ((req.get("accept") ?? "").includes("application/json")) {
      res
        .set("Content-Type", "application/json; charset=utf-8")
        .end(JSON.stringify({ error: CROSS_SITE_ERROR, errors: [] }));
    } else refusedPage(req, res, next);
  };
}

/**
 * A fixed one-minute window per client address. Bounded: at most `maxClients` addresses are tracked, the least
 * recently seen forgotten first, so a flood of addresses cannot grow memory.
 */
export function rateLimiter({
  perMinute,
  now = Date.now,
  maxClients = 10_000,
}: {
  perMinute: number;
  now?: () => number;
  maxClients?: number;
}) {
  const windows = new LRUCache<string, { start: number; count: number }>({ max: maxClients });
  return (client: string): { ok: true } | { ok: false; retryAfterSeconds: number } => {
    const time = now();
    let window = windows.get(client);
    if (!window || time - window.start >= 60_000) {
      window = { start: time, count: 0 };
      windows.set(client, window);
    }
    window.count += 1;
    if (window.count <= perMinute) return { ok: true };
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((window.start + 60_000 - time) / 1000)) };
  };
}

/** Both guards, in order: a cross-site post is refused without counting against anyone's allowance. */
export function estimateGuard(options: {
  perMinute: number;
  configuredOrigins: readonly string[];
  siteOrigin: string | null;
  now?: () => number;
}) {
  const allowedOrigin = originPolicy({ configured: options.configuredOrigins, siteOrigin: options.siteOrigin });
  const limit = rateLimiter({ perMinute: options.perMinute, now: options.now });
  return (request: Request, clientIp: string | null): Refusal | null => {
    if (!allowedOrigin(request)) return { status: 403, error: CROSS_SITE_ERROR };
    const verdict = limit(clientIp ?? "unknown");
    if (!verdict.ok) return { status: 429, error: RATE_LIMIT_ERROR, retryAfterSeconds: verdict.retryAfterSeconds };
    return null;
  };
}

export type EstimateGuard = ReturnType<typeof estimateGuard>;

/**
 * The homeowner's visit page (app/routes/visit.tsx): its POSTs come from this site only, bookings at most
 * `perMinute` an address (a scripted flood gets that many through), its other changes at four times that, and
 * links that do not exist at 20 a minute, so nobody can guess at links.
 */
export function visitGuard(options: { perMinute: number; siteOrigin: string | null; now?: () => number }) {
  // ALLOWED_ORIGINS is for the estimate form: no other site has a reason to post a homeowner's visit page.
  const allowedOrigin = originPolicy({ configured: [], siteOrigin: options.siteOrigin });
  const bookings = rateLimiter({ perMinute: options.perMinute, now: options.now });
  const changes = rateLimiter({ perMinute: options.perMinute * 4, now: options.now });
  const misses = rateLimiter({ perMinute: 20, now: options.now });
  const verdict = (limit: ReturnType<typeof rateLimiter>, ip: string | null): Refusal | null => {
    const answer = limit(ip ?? "unknown");
    return answer.ok ? null : { status: 429, error: RATE_LIMIT_ERROR, retryAfterSeconds: answer.retryAfterSeconds };
  };
  return {
    post(request: Request, clientIp: string | null, booking: boolean): Refusal | null {
      if (!allowedOrigin(request)) return { status: 403, error: CROSS_SITE_ERROR };
      return verdict(booking ? bookings : changes, clientIp);
    },
    /** Counts a link that does not exist; a refusal once there have been too many. */
    miss(clientIp: string | null): Refusal | null {
      return verdict(misses, clientIp);
    },
  };
}

export type VisitGuard = ReturnType<typeof visitGuard>;
