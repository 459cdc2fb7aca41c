// The HTTP app: the outer wall (http-guards.ts), prerendered pages and static files from memory (compressed
// once), everything else through React Router, with a byte-bounded cache of server-rendered pages. The parts live
// beside it: the services (app-services.ts), one build's site (http/site.ts) and its changes while the server runs
// (http/served-site.ts), the static files (http/static-files.ts) and the server's own answers (http/own-routes.ts).
import path from "node:path";
import compression from "compression";
import express, { type Request } from "express";
import type { AppLoadContext } from "react-router";
import { createPageCache, sendCached } from "./http/compressed-cache.ts";
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
import { createOwnerConsole, type OwnerConsole } from "./owner/owner-console.ts";
import type { Publisher } from "./publishing/publish.ts";
import type { PushNotifier } from "./owner/push.ts";
import type { QuoteService } from "./quotes/quote-service.ts";
import type { Payments } from "./payments/payments.ts";
import type { Jobs } from "./jobs/jobs.ts";
import type { Marketing } from "./marketing/marketing.ts";
import { STRIPE_WEBHOOK_PATH } from "./payments/stripe-webhook.ts";
import type { VisitorCounter } from "./visitors/visitor-counter.ts";
import type { Booking } from "./booking/booking.ts";
import type { Calendars } from "./calendars/calendars.ts";
import { estimateGuard, originOf, partnerOrigins, postGuard, visitGuard } from "./http/security.ts";
import type { CriticalCssPruner } from "./http/critical-css-in-worker.ts";
import { REFUSED_PAGE_PATH } from "../app/lib/refused-page.ts";
import { appServices, type AppServices } from "./app-services.ts";
import { mountConsoleApp, mountHealthCheck, mountPhotoCopies } from "./http/own-routes.ts";
import { servedSite } from "./http/served-site.ts";
import { entryOf, loadServerBuild } from "./http/server-build.ts";
import { siteFrom } from "./http/site.ts";
import { isPageFile } from "./http/static-files.ts";
import { reportPdfMaker } from "./reports/report-pdfs.ts";

/** TRUST_PROXY as Express understands it: a hop count ("1"), true/false, or addresses/subnets ("loopback, 10.0.0.0/8"). */
export function trustProxySetting(value: string | undefined): boolean | number | string {
  const v = value?.trim();
  if (!v || v === "false") return false;
  if (v === "true") return true;
  return /^\d+$/.test(v) ? Number(v) : v;
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

/** What every request's loaders and actions get (app/load-context.ts). */
function loadContextFor(
  options: AppOptions & { owner: OwnerConsole; clock: () => Date },
  services: AppServices,
  siteOrigin: string | null,
): (req: Request) => AppLoadContext {
  const { store, rateLimitPerMinute = 5, allowedOrigins = [], now } = options;
  const fixed = {
    estimates: store,
    quotes: services.quotes,
    payments: services.payments,
    jobs: services.jobs,
    // Made here, in the compiled server, so the worker's script is found beside it (build/bin/report-pdf-worker.js).
    reportPdfs: reportPdfMaker(),
    marketing: options.marketing ?? null,
    confirmations: options.confirmations ?? { enabled: false, periodHours: 24 },
    guardEstimate: estimateGuard({
      perMinute: rateLimitPerMinute,
      configuredOrigins: allowedOrigins,
      siteOrigin,
      now,
    }),
    guardVisit: visitGuard({ perMinute: rateLimitPerMinute, siteOrigin, now }),
    uploads: { idleMs: options.uploadIdleMs ?? 20_000 },
    owner: options.owner,
    publisher: options.publisher ?? null,
    push: options.push ?? null,
    booking: services.booking,
    calendars: services.calendars,
    now: options.clock,
    criticalCss: options.criticalCss?.inline,
  };
  return (req) => ({
    ...fixed,
    notifyTo: services.notifyAddress(),
    // The site's own origin, else the one this request was addressed to.
    siteOrigin: siteOrigin ?? `${req.protocol}://${req.get("host") ?? "localhost"}`,
    clientIp: req.ip ?? null,
  });
}

export async function createApp(appOptions: AppOptions) {
  const owner = appOptions.owner ?? createOwnerConsole({ db: appOptions.store.db });
  const clock = appOptions.clock ?? (() => new Date());
  const options = { ...appOptions, owner, clock };
  const { store, allowedOrigins = [], buildDir = path.resolve("build"), contentDir, visits = null } = options;
  const firstBuild = await loadServerBuild(buildDir);
  // The origin is settled once: SITE_URL, else the one the first build was made with.
  const siteOrigin = originOf(options.siteUrl) ?? originOf(entryOf(firstBuild).buildSiteUrl);
  const services = appServices({
    ...options,
    push: options.push ?? null,
    notifyTo: options.notifyTo ?? null,
    siteOrigin,
    siteUrl: options.siteUrl ?? null,
  });
  const pageCache = createPageCache(options.pageCacheBytes ?? 8 * 1024 * 1024);
  const served = servedSite(
    siteFrom(firstBuild, buildDir, options.pagesDir, {
      contentDir,
      pageCache,
      siteOrigin,
      estimateEndpoint: options.estimateEndpoint,
      checkoutOrigins: services.payments.checkoutOrigins,
      loadContext: loadContextFor(options, services, siteOrigin),
    }),
    { pageCache, contentDir },
  );
  const site = served.current;

  const app = express();
  app.disable("x-powered-by");
  app.disable("etag");
  app.set("env", "production");
  app.set("trust proxy", trustProxySetting(options.trustProxy));

  app.use(guardLocations(services.payments.checkoutOrigins));
  app.use((req, res, next) => site().headers(req, res, next));
  app.use(hostGuard, methodGate, pathGuard);
  mountHealthCheck(app, () => store.writable());
  app.use(trailingSlashRedirect);
  mountConsoleApp(app);

  // Past every guard, before the pages: a view is counted once its answer has gone (decision 0029).
  if (visits?.enabled) {
    const siteHost = siteOrigin ? new URL(siteOrigin).host : null;
    app.use(
      visits.middleware({
        knownPage: (key) => {
          const file = site().files.get(key);
          return file !== undefined && isPageFile(file);
        },
        ownerSignedIn: (token) => owner.sessions.isLive(token),
        siteHost: (req) => siteHost ?? req.get("host") ?? "",
      }),
    );
  }

  app.use((req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const file = site().files.get(req.path);
    if (file) return sendCached(req, res, file);
    // A missing fingerprinted asset is a plain 404, not a page.
    if (req.path.startsWith("/assets/")) return sendError(res, 404);
    next();
  });
  mountPhotoCopies(app, options.photoCopiesDir);

  // Stripe's signed events: the raw body, before any parser or the POST guard (Stripe's servers send no Origin); the
  // signature is the check (server/payments/stripe-webhook.ts).
  app.post(STRIPE_WEBHOOK_PATH, ...services.payments.webhook());

  app.use(compression());
  app.use(
    postGuard({
      siteOrigin,
      partners: partnerOrigins(allowedOrigins),
      routeOf: (url) => site().match(url).routeId,
      // The site's own 403 page, rendered as the 404 page is (app/routes/not-found.tsx), in answer to the POST.
      refusedPage: (req, res, next) => {
        req.method = "GET";
        req.url = req.originalUrl = REFUSED_PAGE_PATH;
        site().handler(req, res, next);
      },
    }),
  );
  app.use((req, res, next) => site().cachePages(req, res, next));
  app.all("/{*splat}", served.handle);
  app.use(errorHandler);

  return Object.assign(app, {
    pageCache,
    prepareRender: served.prepareRender,
    refreshPages: served.refreshPages,
    servedBuild: () => site().dir,
  });
}
