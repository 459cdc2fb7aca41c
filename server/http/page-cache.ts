// Which router route a request reaches, decided on the path exactly as React Router matches it (decoded, dot
// segments resolved, case-insensitive), and a byte-bounded cache of the pages the server renders.
import type { RequestHandler } from "express";
import { LRUCache } from "lru-cache";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { compressResponse, sendCached, type CachedResponse } from "./compressed-cache.ts";

export const NOT_FOUND_ROUTE = "routes/not-found";
export const LOCATION_ROUTE = "routes/location";
/** Routes whose answers depend on the request, never cached and never stored by a browser. */
export const UNCACHED_ROUTES: ReadonlySet<string> = new Set([
  "routes/api.estimate",
  "routes/contact-received",
  "routes/visit",
  "routes/calendar-feed",
  "routes/quote",
  "routes/quote-photo",
  "routes/quote-pdf",
  "routes/invoice",
  "routes/invoice-pdf",
  "routes/job",
  "routes/job-photo",
  "routes/job-photo-consent",
  "routes/report",
  "routes/report-pdf",
  "routes/report-photo",
  "routes/unsubscribe",
  "routes/rebook",
]);

/**
 * Routes whose URL carries a homeowner's secret link: no Referer leaves them for another site, and no search engine
 * keeps them. "same-origin", not "no-referrer": under no-referrer a browser sends `Origin: null` with the page's own
 * form posts, which the origin checks (React Router's and ours) rightly refuse.
 */
export const PRIVATE_ROUTES: ReadonlySet<string> = new Set([
  "routes/contact-received",
  "routes/visit",
  "routes/calendar-feed",
  "routes/unsubscribe",
  "routes/rebook",
]);

/**
 * The homeowner's quote (invoice, job) and what they link to: a secret link's pages, never stored, never indexed, and never named
 * in a Referer, not even to this site (the link is the key; decision 0032). Its forms post with `Origin: null`, so
 * the quote page checks where a post comes from itself.
 */
export function isQuoteRoute(routeId: string): boolean {
  return (
    routeId === "routes/quote" ||
    routeId === "routes/quote-photo" ||
    routeId === "routes/quote-pdf" ||
    routeId === "routes/invoice" ||
    routeId === "routes/invoice-pdf" ||
    routeId === "routes/job" ||
    routeId === "routes/job-photo" ||
    routeId === "routes/job-photo-consent" ||
    routeId.startsWith("routes/report")
  );
}

/** The owner console's routes (app/routes/owner/): never cached, never stored, never indexed. */
export function isOwnerRoute(routeId: string): boolean {
  return routeId.startsWith("routes/owner/");
}

function uncached(routeId: string): boolean {
  return UNCACHED_ROUTES.has(routeId) || isOwnerRoute(routeId);
}

/** Longest path the site answers with a page of its own; anything longer is the 404 page. */
export const MAX_PATH_LENGTH = 512;

export function routeTree(routes: ServerBuild["routes"], parentId?: string): RouteObject[] {
  return Object.values(routes)
    .filter((route) => route?.parentId === parentId)
    .map((route) => {
      if (!route) throw new Error("unreachable");
      const children = routeTree(routes, route.id);
      return route.index
        ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
        : {
            id: route.id,
            path: route.path,
            caseSensitive: route.caseSensitive,
            ...(children.length ? { children } : {}),
          };
    });
}

/**
 * A town name is letters in a few hyphenated words, never 15,000 characters. Anything else under /locations/
 * is answered with the 404 page rather than a page titled with whatever the client sent.
 */
export function isPlausibleCitySlug(slug: string): boolean {
  return slug.length <= 40 && /^[a-z0-9]+(?:-[a-z0-9]+){0,4}$/i.test(slug);
}

export type RouteMatch = { routeId: string; notFound: boolean };

/** Every static segment of the URL table, in lower case (React Router matches them case-insensitively). */
function staticSegments(tree: readonly RouteObject[], into = new Set<string>()): Set<string> {
  for (const route of tree) {
    for (const segment of (route.path ?? "").split("/")) {
      if (segment && !segment.startsWith(":") && segment !== "*") into.add(segment.replace(/\?$/, "").toLowerCase());
    }
    if (route.children) staticSegments(route.children, into);
  }
  return into;
}

const decoded = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

export function matcher(build: ServerBuild) {
  const tree = routeTree(build.routes);
  const statics = staticSegments(tree);
  // React Router flattens and ranks the whole tree on every call (0.3 ms here), and every response asks (its
  // headers depend on the route): the answers are kept, by the path's shape. A segment that is none of the table's
  // static words can only fill a dynamic segment, whatever it says, so it is kept as one placeholder: every
  // visit's, quote's and feed's secret link shares one entry. Bounded, as clients choose paths.
  const known = new LRUCache<string, RouteMatch>({ max: 1000 });
  const towns = new LRUCache<string, RouteMatch>({ max: 1000 });
  return (rawUrl: string): RouteMatch => {
    let pathname: string;
    try {
      pathname = new URL(rawUrl, "http://site.invalid").pathname;
    } catch {
      return { routeId: NOT_FOUND_ROUTE, notFound: true };
    }
    if (pathname.length > MAX_PATH_LENGTH) return { routeId: NOT_FOUND_ROUTE, notFound: true };
    const shape = pathname
      .split("/")
      .map(decoded)
      .map((s) => (s === "" || statics.has(s.toLowerCase()) ? s.toLowerCase() : "\u0001"))
      .join("/");
    let answer = known.get(shape);
    if (!answer) {
      answer = matchPath(tree, shape);
      known.set(shape, answer);
    }
    // The one rule that reads a dynamic segment's words (a town's name must look like one): the path itself is
    // matched, as before shapes.
    if (answer.routeId === LOCATION_ROUTE) {
      let town = towns.get(pathname);
      if (!town) towns.set(pathname, (town = exactIn(tree, pathname)));
      return town;
    }
    return answer;
  };
}

function matchPath(tree: RouteObject[], pathname: string): RouteMatch {
  const routeId = matchRoutes(tree, pathname)?.at(-1)?.route.id ?? NOT_FOUND_ROUTE;
  return { routeId, notFound: routeId === NOT_FOUND_ROUTE };
}

/** The route as React Router matches the path itself, with no shape or cache: what `matcher` must agree with (tests). */
export function exactMatch(build: ServerBuild, rawUrl: string): RouteMatch {
  const pathname = new URL(rawUrl, "http://site.invalid").pathname;
  if (pathname.length > MAX_PATH_LENGTH) return { routeId: NOT_FOUND_ROUTE, notFound: true };
  return exactIn(routeTree(build.routes), pathname);
}

function exactIn(tree: RouteObject[], pathname: string): RouteMatch {
  const matches = matchRoutes(tree, pathname);
  const leaf = matches?.at(-1);
  const routeId = leaf?.route.id ?? NOT_FOUND_ROUTE;
  if (routeId === LOCATION_ROUTE && !isPlausibleCitySlug(leaf?.params.city ?? "")) {
    return { routeId: NOT_FOUND_ROUTE, notFound: true };
  }
  return { routeId, notFound: routeId === NOT_FOUND_ROUTE };
}

/** Where the app renders the 404 page for a request that reached another route with absurd input. */
export const NOT_FOUND_URL = "/__not-found__";
const NOT_FOUND_KEY = "404";

/**
 * Serves a server-rendered page from the cache, or captures it as it is sent. The 404 page does not depend on
 * the URL, so every unknown path shares one entry: a flood of unknown paths costs no memory.
 */
export function cacheRenderedPages(
  cache: LRUCache<string, CachedResponse>,
  match: (rawUrl: string) => RouteMatch,
  htmlCacheControl: string,
): RequestHandler {
  return (req, res, next) => {
    const { routeId, notFound } = match(req.originalUrl);
    res.setHeader("Cache-Control", req.method === "GET" && !uncached(routeId) ? htmlCacheControl : "no-store");
    if (isOwnerRoute(routeId)) res.setHeader("X-Robots-Tag", "noindex, nofollow");
    if (PRIVATE_ROUTES.has(routeId)) {
      res.setHeader("X-Robots-Tag", "noindex, nofollow");
      res.setHeader("Referrer-Policy", "same-origin");
    }
    if (isQuoteRoute(routeId)) {
      res.setHeader("X-Robots-Tag", "noindex, nofollow");
      res.setHeader("Referrer-Policy", "no-referrer");
    }
    const key = notFound ? NOT_FOUND_KEY : req.originalUrl;
    // React Router reads originalUrl: the 404 page is rendered for one fixed URL, whatever was asked.
    if (notFound && req.method !== "POST") req.url = req.originalUrl = NOT_FOUND_URL;
    if ((req.method !== "GET" && req.method !== "HEAD") || uncached(routeId)) return next();
    const hit = cache.get(key);
    if (hit) return sendCached(req, res, hit);
    if (req.method === "HEAD") return next();

    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => typeof res;
    const keep = (chunk: unknown) => {
      if (typeof chunk === "string" || chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk);
      return write(chunk, ...rest);
    }) as typeof res.write;
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      keep(chunk);
      const type = String(res.getHeader("content-type") ?? "");
      if (
        (res.statusCode === 200 || res.statusCode === 404) &&
        type.startsWith("text/html") &&
        !res.getHeader("set-cookie")
      ) {
        const headers = {
          "Content-Type": type,
          "Cache-Control": String(res.getHeader("cache-control") ?? htmlCacheControl),
        };
        // The one shared 404 page gets brotli's best (about 55 ms, once); a page per URL a fast setting (about 1.5 ms),
        // so a client asking for many URLs cannot make each cost the server that much more.
        const quality = notFound ? 11 : 5;
        cache.set(key, compressResponse(res.statusCode, headers, Buffer.concat(chunks), { quality }));
      }
      return end(chunk, ...rest);
    }) as typeof res.end;
    next();
  };
}
