// The HTTP app: the outer wall (http-guards.ts), prerendered pages and static files from memory (compressed
// once), everything else through React Router, with a byte-bounded cache of server-rendered pages.
import { existsSync, readdirSync, realpathSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import type { ServerBuild } from "react-router";
import {
  compressedFile,
  compressedFileRead,
  createPageCache,
  sendCached,
  type CachedResponse,
} from "./http/compressed-cache.ts";
import type { EstimateStore } from "./requests/estimate-store.ts";
import {
  errorHandler,
  hostGuard,
  guardLocations,
  methodGate,
  pathGuard,
  sendError,
  trailingSlashRedirect,
} from "./http/http-guards.ts";
import { CONSOLE_MANIFEST_PATH, CONSOLE_WORKER_PATH, consoleManifest, serviceWorkerSource } from "./owner/owner-app.ts";
import { createOwnerConsole, type OwnerConsole } from "./owner/owner-console.ts";
import { cacheRenderedPages, isOwnerRoute, matcher } from "./http/page-cache.ts";
import { PHOTO_COPY_NAME } from "./photos/photo-copies.ts";
import { PublishError } from "./publishing/owner-words.ts";
import type { Publisher } from "./publishing/publish.ts";
import type { PushNotifier } from "./owner/push.ts";
import { createQuoteService, type QuoteService } from "./quotes/quote-service.ts";
import { createPayments, type Payments } from "./payments/payments.ts";
import { createJobs, type Jobs } from "./jobs/jobs.ts";
import type { Marketing } from "./marketing/marketing.ts";
import { STRIPE_WEBHOOK_PATH } from "./payments/stripe-webhook.ts";
import { readQuoteWords } from "./quotes/quote-words.ts";
import { business } from "../app/content/business.ts";
import type { VisitorCounter } from "./visitors/visitor-counter.ts";
import { createBooking, type Booking } from "./booking/booking.ts";
import { createCalendars, type Calendars } from "./calendars/calendars.ts";
import { createCalendarParser } from "./calendars/parse-in-worker.ts";
import { estimateGuard, originOf, partnerOrigins, postGuard, securityHeaders, visitGuard } from "./http/security.ts";
import type { CriticalCssPruner } from "./http/critical-css-in-worker.ts";
import { REFUSED_PAGE_PATH } from "../app/lib/refused-page.ts";

const HTML_CACHE = "public, max-age=300, must-revalidate";
const ASSET_CACHE = "public, max-age=31536000, immutable";
const STATIC_CACHE = "public, max-age=86400";
/** After a publish's switch, when this process's bundle takes the new content (switchPendingContent). */
const CONTENT_SWITCH_DELAY_MS = 200;

/** Content type, and whether it is worth compressing. */
const TYPES: Record<string, [string, boolean]> = {
  ".html": ["text/html; charset=utf-8", true],
  ".js": ["text/javascript; charset=utf-8", true],
  ".css": ["text/css; charset=utf-8", true],
  ".svg": ["image/svg+xml", true],
  ".json": ["application/json", true],
  ".webmanifest": ["application/manifest+json", true],
  ".xml": ["application/xml; charset=utf-8", true],
  ".txt": ["text/plain; charset=utf-8", true],
  ".png": ["image/png", false],
  ".jpg": ["image/jpeg", false],
  ".jpeg": ["image/jpeg", false],
  ".webp": ["image/webp", false],
  ".avif": ["image/avif", false],
  ".ico": ["image/x-icon", false],
  ".woff2": ["font/woff2", false],
};

/**
 * Every file the build serves as-is, by URL: prerendered pages ("/faq" from faq/index.html) and static files.
 * React Router's .data files are left out: pages are plain documents.
 */
/** The files a render makes (server/publishing/render-pages.ts) and replaces: every page, the sitemap and robots.txt. */
function isRendered(url: string, file: CachedResponse): boolean {
  return file.headers["Cache-Control"] === HTML_CACHE || url === "/sitemap.xml" || url === "/robots.txt";
}

/** The build's static files with its pages replaced by a render's (a folder of `<path>/index.html`, sitemap, robots). */
export function withRenderedPages(
  files: ReadonlyMap<string, CachedResponse>,
  pagesDir: string,
): Map<string, CachedResponse> {
  return mergeRendered(files, loadStaticFiles(pagesDir));
}

/** The same, read off the event loop: a publish's render is read while visitors are served. */
export async function withRenderedPagesRead(
  files: ReadonlyMap<string, CachedResponse>,
  pagesDir: string,
): Promise<Map<string, CachedResponse>> {
  const found = staticFilesIn(pagesDir);
  const read = await Promise.all(
    found.map(async ({ file, headers, compress }) => compressedFileRead(file, 200, headers, { compress })),
  );
  return mergeRendered(files, new Map(found.map(({ url }, i) => [url, read[i] as CachedResponse])));
}

function mergeRendered(files: ReadonlyMap<string, CachedResponse>, rendered: Map<string, CachedResponse>) {
  const merged = new Map([...files].filter(([url, file]) => !isRendered(url, file)));
  for (const [url, file] of rendered) merged.set(url, file);
  return merged;
}

type StaticFile = { url: string; file: string; headers: Record<string, string>; compress: boolean };

/** The files under `clientDir` the server serves, by URL, with their headers. */
function staticFilesIn(clientDir: string): StaticFile[] {
  const found: StaticFile[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(full);
        continue;
      }
      const type = TYPES[path.extname(entry.name).toLowerCase()];
      if (!type) continue;
      const rel = "/" + path.relative(clientDir, full).split(path.sep).join("/");
      const isPage = entry.name === "index.html";
      const url = isPage ? rel.replace(/\/?index\.html$/, "") || "/" : rel;
      const cache = isPage ? HTML_CACHE : rel.startsWith("/assets/") ? ASSET_CACHE : STATIC_CACHE;
      found.push({ url, file: full, headers: { "Content-Type": type[0], "Cache-Control": cache }, compress: type[1] });
    }
  };
  if (existsSync(clientDir)) walk(clientDir);
  return found;
}

export function loadStaticFiles(clientDir: string): Map<string, CachedResponse> {
  return new Map(
    staticFilesIn(clientDir).map(({ url, file, headers, compress }) => [
      url,
      compressedFile(file, 200, headers, { compress }),
    ]),
  );
}

/** TRUST_PROXY as Express understands it: a hop count ("1"), true/false, or addresses/subnets ("loopback, 10.0.0.0/8"). */
export function trustProxySetting(value: string | undefined): boolean | number | string {
  const v = value?.trim();
  if (!v || v === "false") return false;
  if (v === "true") return true;
  return /^\d+$/.test(v) ? Number(v) : v;
}

/** What the built app exports for the server, beyond React Router's own build (see app/entry.server.tsx). */
export type EntryExports = {
  inlineScripts?: readonly string[];
  buildSiteUrl?: string | null;
  readContentFiles?: (dir: string) => unknown;
  switchContent?: (files: never) => void;
  warmUp?: () => Promise<void>;
};

export async function loadServerBuild(buildDir: string): Promise<ServerBuild> {
  // The build is JavaScript that React Router wrote; its shape is React Router's ServerBuild. A published build
  // lives in its own folder (builds/<id>/), so its URL is new and Node evaluates it afresh, never from cache.
  return (await import(pathToFileURL(path.join(realpathSync(buildDir), "server", "index.js")).href)) as ServerBuild;
}

/** Builds from before entry.server exported `inlineScripts`: the island loader from the root module. */
function legacyInlineScripts(build: ServerBuild): string[] {
  const root: unknown = build.routes.root?.module;
  const loader = root && typeof root === "object" && "islandLoaderSource" in root ? root.islandLoaderSource : undefined;
  return typeof loader === "function" ? [String(loader(build.assets.entry.module))] : [];
}

export type AppOptions = {
  store: EstimateStore;
  /** The owner's address for alerts (read per request: the console may change it); null when no mail is configured. */
  notifyTo?: string | null | (() => string | null);
  confirmations?: { enabled: boolean; periodHours: number };
  rateLimitPerMinute?: number;
  /** How long an estimate upload may send nothing before it is given up. */
  uploadIdleMs?: number;
  /** Origins allowed to post the form besides the site's own (ALLOWED_ORIGINS). */
  allowedOrigins?: readonly string[];
  /** The public origin set at run time (SITE_URL); falls back to the one the site was built with. */
  siteUrl?: string | null;
  buildDir?: string;
  /** The content/ folder the pages rendered here are made from (decision 0027); by default the bundle's own choice. */
  contentDir?: string;
  /** A publish's rendered pages to serve instead of the build's own (renders/current). */
  pagesDir?: string;
  /** The photos' web copies (server/photos/photo-copies.ts), served under /photos/. */
  photoCopiesDir?: string;
  trustProxy?: string;
  estimateEndpoint?: string;
  /** Bytes of server-rendered pages kept in memory. */
  pageCacheBytes?: number;
  now?: () => number;
  /** The owner console's publisher; null when the console cannot publish (tests, read-only deployments). */
  publisher?: Publisher | null;
  /** The owner console's stores; by default built over the estimate store's connection. */
  owner?: OwnerConsole;
  /** Web Push to the owner's devices; null sends none. */
  push?: PushNotifier | null;
  /** Counts public page views (server/visitors/visitor-counter.ts); null counts none. */
  visits?: VisitorCounter | null;
  /** Booking the estimate visit; by default one over the store that queues no e-mail. */
  booking?: Booking;
  /** The owner's own calendars and his visits' feed; by default one over the store that reads nothing by itself. */
  calendars?: Calendars;
  /** The server's clock for dates the pages show and check (booking windows, cut-offs). */
  clock?: () => Date;
  /** Quotes (server/quotes/); by default built over the estimate store, its words read from the working folder. */
  quotes?: QuoteService;
  /** Deposits paid on the site (server/payments/); by default one with no Stripe client: no Pay button, no webhook. */
  payments?: Payments;
  /** Jobs (server/jobs/); by default one over the store, its e-mail on when the owner's is. */
  jobs?: Jobs;
  /** Reminders, campaigns, unsubscribe and booking links (server/marketing/); null where the server has none. */
  marketing?: Marketing | null;
  /** Prunes the CSS of pages rendered on request off the event loop (server/start.ts); by default on the loop. */
  criticalCss?: CriticalCssPruner | null;
};

export async function createApp({
  store,
  notifyTo = null,
  confirmations = { enabled: false, periodHours: 24 },
  rateLimitPerMinute = 5,
  uploadIdleMs = 20_000,
  allowedOrigins = [],
  siteUrl = null,
  buildDir = path.resolve("build"),
  contentDir,
  pagesDir,
  photoCopiesDir,
  trustProxy,
  estimateEndpoint,
  pageCacheBytes = 8 * 1024 * 1024,
  now,
  publisher,
  owner = createOwnerConsole({ db: store.db }),
  push = null,
  visits = null,
  clock = () => new Date(),
  booking,
  calendars,
  quotes,
  payments,
  jobs,
  marketing = null,
  criticalCss = null,
}: AppOptions) {
  const firstBuild = await loadServerBuild(buildDir);
  const firstEntry = firstBuild.entry.module as typeof firstBuild.entry.module & EntryExports;
  // The origin is settled once: SITE_URL, else the one the first build was made with.
  const siteOrigin = originOf(siteUrl) ?? originOf(firstEntry.buildSiteUrl);
  const pageCache = createPageCache(pageCacheBytes);
  const visitBooking =
    booking ?? createBooking({ store, now: clock, siteUrl: siteOrigin ?? siteUrl ?? "http://localhost:3000" });
  const ownerCalendars =
    calendars ??
    createCalendars({
      store: store.calendars,
      parser: createCalendarParser(),
      clock,
      timeZone: () => business.timeZone,
      siteHost: new URL(siteOrigin || siteUrl || "http://localhost").hostname,
    });
  const notifyAddress = () => (typeof notifyTo === "function" ? notifyTo() : notifyTo);
  const quoteService =
    quotes ??
    createQuoteService({
      store,
      audit: owner.audit,
      push,
      words: () => readQuoteWords(process.cwd()),
      business: () => business,
      siteUrl: siteOrigin ?? "http://localhost:3000",
      ownerAddress: notifyAddress,
      mail: notifyTo !== null,
    });
  const deposits =
    payments ??
    createPayments({
      store,
      quotes: quoteService,
      client: null,
      siteUrl: siteOrigin ?? "http://localhost:3000",
      ownerAddress: notifyAddress,
      mail: notifyTo !== null,
    });
  const jobService =
    jobs ??
    createJobs({
      store,
      now: clock,
      siteUrl: siteOrigin ?? "http://localhost:3000",
      mail: notifyTo !== null,
      booking: visitBooking,
      busy: () => ownerCalendars.busy(),
      makeInvoice: (quoteId) => deposits.invoices.make(quoteId),
    });
  const guardEstimate = estimateGuard({
    perMinute: rateLimitPerMinute,
    configuredOrigins: allowedOrigins,
    siteOrigin,
    now,
  });
  const guardVisit = visitGuard({ perMinute: rateLimitPerMinute, siteOrigin, now });

  /** Everything that comes from one build; the console's publish swaps it whole (decision 0015). */
  function siteFrom(serverBuild: ServerBuild, dir: string, pages?: string) {
    const entry = serverBuild.entry.module as typeof serverBuild.entry.module & EntryExports;
    // The words this bundle renders come from the site's content folder, read now, not from the build.
    if (contentDir && entry.switchContent && entry.readContentFiles) {
      entry.switchContent(entry.readContentFiles(contentDir) as never);
    }
    const match = matcher(serverBuild);
    const files = loadStaticFiles(path.join(dir, "client"));
    return {
      dir,
      serverBuild,
      match,
      entry,
      pages,
      files: pages ? withRenderedPages(files, pages) : files,
      cachePages: cacheRenderedPages(pageCache, match, HTML_CACHE),
      headers: securityHeaders({
        // The only inline scripts our pages run, pinned by hash.
        inlineScripts: entry.inlineScripts ?? legacyInlineScripts(serverBuild),
        https: siteOrigin?.startsWith("https://") ?? false,
        estimateEndpoint,
        checkoutOrigins: deposits.checkoutOrigins,
        isolates: (url) => isOwnerRoute(match(url).routeId),
      }),
      handler: createRequestHandler({
        build: serverBuild,
        mode: "production",
        getLoadContext: (req) => ({
          estimates: store,
          quotes: quoteService,
          payments: deposits,
          jobs: jobService,
          marketing,
          notifyTo: notifyAddress(),
          confirmations,
          // The site's own origin, else the one this request was addressed to.
          siteOrigin: siteOrigin ?? `${req.protocol}://${req.get("host") ?? "localhost"}`,
          clientIp: req.ip ?? null,
          guardEstimate,
          guardVisit,
          uploads: { idleMs: uploadIdleMs },
          owner,
          publisher: publisher ?? null,
          push,
          booking: visitBooking,
          calendars: ownerCalendars,
          now: clock,
          criticalCss: criticalCss?.inline,
        }),
      }),
    };
  }
  let site = siteFrom(firstBuild, buildDir, pagesDir);

  const app = express();
  app.disable("x-powered-by");
  app.disable("etag");
  app.set("env", "production");
  app.set("trust proxy", trustProxySetting(trustProxy));

  app.use(guardLocations(deposits.checkoutOrigins));
  app.use((req, res, next) => site.headers(req, res, next));
  app.use(hostGuard, methodGate, pathGuard);

  app.get("/healthz", (_req, res) => {
    const ok = store.writable();
    res
      .status(ok ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json({ ok });
  });

  app.use(trailingSlashRedirect);

  // The console's manifest and worker: no personal data, and fetched without cookies (a manifest always is).
  app.get(CONSOLE_MANIFEST_PATH, (_req, res) => {
    res.type("application/manifest+json").set("Cache-Control", "no-cache").send(JSON.stringify(consoleManifest()));
  });
  app.get(CONSOLE_WORKER_PATH, (_req, res) => {
    res
      .type("text/javascript")
      .set({ "Cache-Control": "no-cache", "Service-Worker-Allowed": "/owner/" })
      .send(serviceWorkerSource);
  });

  // Past every guard, before the pages: a view is counted once its answer has gone (decision 0029).
  if (visits?.enabled) {
    const siteHost = siteOrigin ? new URL(siteOrigin).host : null;
    app.use(
      visits.middleware({
        knownPage: (key) => {
          const file = site.files.get(key);
          return file !== undefined && file.headers["Cache-Control"] === HTML_CACHE;
        },
        ownerSignedIn: (token) => owner.sessions.isLive(token),
        siteHost: (req) => siteHost ?? req.get("host") ?? "",
      }),
    );
  }

  app.use((req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const file = site.files.get(req.path);
    if (file) return sendCached(req, res, file);
    // A missing fingerprinted asset is a plain 404, not a page.
    if (req.path.startsWith("/assets/")) return sendError(res, 404);
    next();
  });

  // The photos' web copies: named by content hash, read from disk (they can be many), cached for good.
  app.get("/photos/:name", (req, res, next) => {
    const name = req.params.name;
    if (!photoCopiesDir || !PHOTO_COPY_NAME.test(name)) return sendError(res, 404);
    const type = TYPES[path.extname(name)];
    res.sendFile(
      name,
      {
        root: photoCopiesDir,
        dotfiles: "deny",
        lastModified: false,
        etag: false,
        headers: { "Content-Type": type?.[0] ?? "application/octet-stream", "Cache-Control": ASSET_CACHE },
      },
      (error) => {
        if (!error) return;
        if (res.headersSent) return next(error);
        sendError(res, 404);
      },
    );
  });

  // Stripe's signed events: the raw body, before any parser or the POST guard (Stripe's servers send no Origin); the
  // signature is the check (server/payments/stripe-webhook.ts).
  app.post(STRIPE_WEBHOOK_PATH, ...deposits.webhook());

  app.use(compression());
  app.use(
    postGuard({
      siteOrigin,
      partners: partnerOrigins(allowedOrigins),
      routeOf: (url) => site.match(url).routeId,
      // The site's own 403 page, rendered as the 404 page is (app/routes/not-found.tsx), in answer to the POST.
      refusedPage: (req, res, next) => {
        req.method = "GET";
        req.url = req.originalUrl = REFUSED_PAGE_PATH;
        site.handler(req, res, next);
      },
    }),
  );
  app.use((req, res, next) => site.cachePages(req, res, next));
  app.all("/{*splat}", (req, res, next) => {
    if (pendingContent === null) return site.handler(req, res, next);
    // Only when a request came before the timer above: the switch, then the page in the loop's next check phase.
    switchPendingContent();
    setImmediate(() => site.handler(req, res, next));
  });
  app.use(errorHandler);

  /**
   * A publish's render (decision 0027): its pages over the build's files, and this process's content switched to
   * the one they were rendered from (`contentFrom`, a content/ folder). Returns the switch; the served code stays as it is.
   */
  async function prepareRender(pages: string, contentFrom: string | undefined = contentDir): Promise<() => void> {
    const files = await withRenderedPagesRead(site.files, pages);
    if (!files.has("/")) throw new PublishError("the new version has no home page");
    const content = contentFrom && site.entry.readContentFiles ? site.entry.readContentFiles(contentFrom) : null;
    const from = site;
    return () => {
      site = { ...from, pages, files };
      pendingContent = content;
      pageCache.clear();
      // Soon after, in a task of its own: not in the owner's next page, which would pay for both (issue 51).
      setTimeout(switchPendingContent, CONTENT_SWITCH_DELAY_MS).unref();
    };
  }

  /**
   * The new content reaches this process's React Router bundle in a task of its own shortly after the switch, or
   * before the first request that needs it (a page rendered on request: the console, a 404) if that comes first.
   * Not in the switch's own task: deriving every content module again took about 100 ms of the event loop when this
   * was written (issue 38), and 7-22 ms with the caches of load.ts; the owner's next console page after a publish
   * took it on top of its own render, 26-49 ms on Node 24 (issue 51).
   */
  let pendingContent: unknown = null;
  function switchPendingContent() {
    if (pendingContent === null) return;
    const content = pendingContent;
    pendingContent = null;
    try {
      site.entry.switchContent?.(content as never);
    } catch (error) {
      // The render took the same files; should this refuse them, the pages rendered on request keep the old words.
      console.error(
        `The published content could not be put in force here: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  /**
   * The render's files read again (its brotli copies were made again at quality 11): served from now on when those
   * pages still are. False when other pages are served by now.
   */
  async function refreshPages(pages: string): Promise<boolean> {
    if (site.pages !== pages) return false;
    const files = await withRenderedPagesRead(site.files, pages);
    if (site.pages !== pages) return false;
    site = { ...site, files };
    return true;
  }

  return Object.assign(app, {
    pageCache,
    prepareRender,
    refreshPages,
    servedBuild: () => site.dir,
  });
}
