// Counts public page views on the server, with no script and no cookie (decision 0029). A visitor is a day's hash
// of a random daily salt, the site, the address and the user agent; only daily aggregates are written, in one
// transaction every few seconds, after the response has gone. Nothing here may ever fail a response.
import { createHash } from "node:crypto";
import type { Request, RequestHandler } from "express";
import { isbot } from "isbot";
import {
  deviceClass,
  isNamedSource,
  isSameSite,
  NOT_FOUND_PAGE,
  OTHER_PAGES,
  OTHER_SITES,
  OTHER_TAG,
  pageKey,
  referrerSite,
  tagValue,
} from "../../app/lib/visitor-figures.ts";
import { dayAt } from "../../app/lib/business-day.ts";
import { zonedInstant } from "../../app/lib/business-hours.ts";
import { routerPath } from "../http/http-guards.ts";
import type { VisitKind, VisitRow, VisitorFigureStore } from "../store/visitor-figures.ts";

/** Distinct buckets one day may hold per figure; later ones count under `other`, so no table grows with abuse. */
export const DAY_CAPS: Readonly<Record<Exclude<VisitKind, "all" | "device">, { max: number; other: string }>> = {
  page: { max: 100, other: OTHER_PAGES },
  landing: { max: 100, other: OTHER_PAGES },
  referrer: { max: 100, other: OTHER_SITES },
  utm_source: { max: 50, other: OTHER_TAG },
  utm_campaign: { max: 50, other: OTHER_TAG },
};
/**
 * People one address may count as in a day: one, so a flood that varies its user agent counts as one visitor
 * (issue 40). A household behind one IPv4 address counts once; phones on IPv6 have addresses of their own.
 */
export const VISITORS_PER_ADDRESS = 1;
/** The day's de-duplication keys held at most; past it, views still count but new visitors do not. */
export const MAX_SEEN = 100_000;
export const FLUSH_EVERY_MS = 5_000;

export type PageView = {
  at: Date;
  /** The path asked for, decoded as the router reads it. */
  path: string;
  /** A page of the site's own (prerendered); other paths are counted under a capped bucket. */
  known: boolean;
  notFound: boolean;
  site: string;
  ip: string;
  userAgent: string;
  referrer: string | null;
  query: string;
};

/** Prefetches and prerenders a browser makes on a guess: not views (Chromium, Firefox, Safari's spellings). */
export function isPrefetch(req: Request): boolean {
  const purpose = `${req.get("sec-purpose") ?? ""} ${req.get("purpose") ?? ""} ${req.get("x-purpose") ?? ""} ${req.get("x-moz") ?? ""}`;
  return /prefetch|prerender|preview/i.test(purpose);
}

/**
 * Paths that are never pages: the console, a homeowner's quote (its link is a secret, never a bucket), built
 * assets, photos, React Router's data, files with an extension.
 */
export function isNeverAPage(path: string): boolean {
  const p = path.toLowerCase();
  return (
    p === "/owner" ||
    p.startsWith("/owner/") ||
    p === "/quote" ||
    p.startsWith("/quote/") ||
    p.startsWith("/assets/") ||
    p.startsWith("/photos/") ||
    /\.[a-z0-9]{1,12}$/.test(p)
  );
}

const OWNER_COOKIE = /(?:^|;\s*)(?:__Host-owner|owner)=([^;]+)/;

const digest = (text: string) => createHash("sha256").update(text).digest("base64url").slice(0, 16);

export function createVisitorCounter({
  store,
  timeZone,
  now = () => new Date(),
  enabled = true,
  log = console.error,
}: {
  store: VisitorFigureStore;
  timeZone: string;
  now?: () => Date;
  enabled?: boolean;
  log?: (message: string) => void;
}) {
  let day = "";
  let dayEnds = 0;
  let salt = "";
  let seen = new Set<string>();
  let buckets = new Map<VisitKind, Set<string>>();
  let addresses = new Map<string, string[]>();
  let pending = new Map<string, VisitRow>();
  let newSeen: string[] = [];
  let timer: NodeJS.Timeout | null = null;
  let failures = 0;

  function failed(what: string, error: unknown) {
    // One line per kind of trouble and then every hundredth: a broken disk must not flood the log.
    if (failures++ % 100 === 0)
      log(`Visitor counting: ${what} failed (${failures} so far): ${error instanceof Error ? error.message : error}`);
  }

  /** The business day of `at`; at its first view, yesterday's batch is written and the new salt made. */
  function turnTo(at: Date) {
    if (day && at.getTime() < dayEnds) return;
    const next = dayAt(at, timeZone);
    const [y, m, d] = next.split("-").map(Number);
    dayEnds = zonedInstant(y ?? 0, m ?? 0, (d ?? 0) + 1, 0, timeZone).getTime();
    if (next === day) return;
    flush();
    day = next;
    salt = store.saltFor(day);
    const today = store.today(day);
    seen = new Set(today.seen);
    buckets = new Map();
    for (const b of today.buckets) bucketSet(b.kind).add(b.bucket);
    addresses = new Map();
  }

  function bucketSet(kind: VisitKind): Set<string> {
    let set = buckets.get(kind);
    if (!set) buckets.set(kind, (set = new Set()));
    return set;
  }

  /** The bucket itself while the day has room for it, else the figure's "other". */
  function capped(kind: keyof typeof DAY_CAPS, bucket: string): string {
    const set = bucketSet(kind);
    if (set.has(bucket)) return bucket;
    if (set.size >= DAY_CAPS[kind].max) return DAY_CAPS[kind].other;
    set.add(bucket);
    return bucket;
  }

  /** The day's visitor: one of at most VISITORS_PER_ADDRESS per address. */
  function visitorOf(view: PageView): string {
    const visitor = digest(`${salt}\n${view.site}\n${view.ip}\n${view.userAgent}`);
    const address = digest(`${salt}\n${view.site}\n${view.ip}`);
    const known = addresses.get(address);
    if (!known) {
      if (addresses.size < MAX_SEEN) addresses.set(address, [visitor]);
      return visitor;
    }
    if (known.includes(visitor)) return visitor;
    if (known.length < VISITORS_PER_ADDRESS) {
      known.push(visitor);
      return visitor;
    }
    return known[0] ?? visitor;
  }

  function add(kind: VisitKind, bucket: string, visitor: string) {
    const key = `${kind}\u0000${bucket}`;
    let row = pending.get(key);
    if (!row || row.day !== day) pending.set(key, (row = { day, kind, bucket, views: 0, visitors: 0 }));
    row.views += 1;
    const seenKey = `${visitor}${VISIT_KIND_CODE[kind]}${bucket}`;
    if (seen.has(seenKey) || seen.size >= MAX_SEEN) return;
    seen.add(seenKey);
    newSeen.push(seenKey);
    row.visitors += 1;
  }

  /** Counts one view in memory; the next flush writes it. */
  function record(view: PageView): void {
    turnTo(view.at);
    const visitor = visitorOf(view);
    const page = view.notFound
      ? NOT_FOUND_PAGE
      : view.known
        ? (pageKey(view.path) ?? "/")
        : capped("page", pageKey(view.path) ?? "/");
    add("all", "", visitor);
    add("page", page, visitor);
    add("device", deviceClass(view.userAgent), visitor);
    // Where a visit came from is counted where it came in, not on every page after.
    const siteHost = view.site.split(":")[0] ?? "";
    if (!isSameSite(view.referrer, siteHost)) {
      add("landing", view.known || view.notFound ? page : capped("landing", page), visitor);
      const source = referrerSite(view.referrer, siteHost);
      add("referrer", isNamedSource(source) ? source : capped("referrer", source), visitor);
    }
    const query = new URLSearchParams(view.query);
    for (const kind of ["utm_source", "utm_campaign"] as const) {
      const value = tagValue(query.get(kind));
      if (value) add(kind, capped(kind, value), visitor);
    }
  }

  /** Writes what is pending in one transaction; a failure loses this batch, never a response. */
  function flush(): void {
    if (pending.size === 0 && newSeen.length === 0) return;
    const rows = [...pending.values()];
    const keys = newSeen;
    pending = new Map();
    newSeen = [];
    try {
      store.write(rows, keys);
    } catch (error) {
      failed("writing a batch", error);
    }
  }

  return {
    enabled,
    record,
    flush,
    start(): void {
      if (!enabled || timer) return;
      timer = setInterval(flush, FLUSH_EVERY_MS);
      timer.unref();
    },
    /** Writes the last batch (at shutdown). */
    stop(): void {
      if (timer) clearInterval(timer);
      timer = null;
      flush();
    },
    /**
     * Express middleware, after the guards: notes a public GET and counts it once the response has gone, if it
     * was a page (200, 304, or the 404 page) to someone other than a bot or the signed-in owner.
     */
    middleware({
      knownPage,
      ownerSignedIn,
      siteHost,
    }: {
      knownPage: (path: string) => boolean;
      ownerSignedIn: (token: string) => boolean;
      siteHost: (req: Request) => string;
    }): RequestHandler {
      return (req, res, next) => {
        if (!enabled || req.method !== "GET") return next();
        try {
          const userAgent = req.get("user-agent") ?? "";
          if (!userAgent || isbot(userAgent) || isPrefetch(req)) return next();
          const path = routerPath(req.originalUrl);
          if (path === null || isNeverAPage(path)) return next();
          // Read now: the 404 handling rewrites the URL on its way.
          const at = now();
          const url = req.originalUrl;
          const query = url.includes("?") ? url.slice(url.indexOf("?") + 1) : "";
          res.once("finish", () => {
            try {
              const status = res.statusCode;
              if (status !== 200 && status !== 304 && status !== 404) return;
              if (!String(res.getHeader("content-type") ?? "").startsWith("text/html")) return;
              const token = OWNER_COOKIE.exec(req.get("cookie") ?? "")?.[1];
              if (token && ownerSignedIn(token.trim())) return;
              const key = pageKey(path) ?? "/";
              record({
                at,
                path,
                known: status !== 404 && knownPage(key),
                notFound: status === 404,
                site: siteHost(req),
                ip: req.ip ?? "",
                userAgent,
                referrer: req.get("referer") ?? null,
                query,
              });
            } catch (error) {
              failed("counting a view", error);
            }
          });
        } catch (error) {
          failed("reading a request", error);
        }
        next();
      };
    },
  };
}

/** One character per figure in a de-duplication key. */
const VISIT_KIND_CODE: Readonly<Record<VisitKind, string>> = {
  all: "a",
  page: "p",
  landing: "l",
  referrer: "r",
  utm_source: "s",
  utm_campaign: "c",
  device: "d",
};

export type VisitorCounter = ReturnType<typeof createVisitorCounter>;
