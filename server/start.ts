// Starts the production server (loaded by server/index.ts once the environment is settled).
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import { monitorEventLoopDelay } from "node:perf_hooks";
import path from "node:path";
import nodemailer from "nodemailer";
import { createApp } from "./app.ts";
import { loadServerBuild, type EntryExports } from "./http/server-build.ts";
import { backupDatabase, lastBackupAgeMs, removePidFile, writePidFile } from "./backup/backup.ts";
import { readConfig, type Config } from "./config.ts";
import { openEstimateStore } from "./requests/estimate-store.ts";
import { createOutbox, purgeExpired } from "./requests/outbox.ts";
import { reportComposers } from "./reports/report-composers.ts";
import { readReportWords } from "./reports/report-page-words.ts";
import { holdReportPdfWarmUps } from "./reports/report-pdfs.ts";
import { createPublisher } from "./publishing/publish.ts";
import { stepTimes } from "./publishing/publish-job.ts";
import { currentBuild, pointCurrent } from "./publishing/current-link.ts";
import { runGitOffThread } from "./publishing/git.ts";
import { takeBackInterrupted } from "./publishing/publish-journal.ts";
import { publishingProblem } from "./publishing/publishing-problem.ts";
import { createOwnerConsole } from "./owner/owner-console.ts";
import { createPushNotifier } from "./owner/push.ts";
import { business } from "../app/content/business.ts";
import { contentFiles, readContentFiles, switchContent } from "../app/content/files.ts";
import { startContent } from "./publishing/start-content.ts";
import { siteLockHolder } from "./publishing/site-lock.ts";
import { buildContentId, contentId, markBrotliFinal, renderInto, servableRender } from "./publishing/renders.ts";
import { createBrotliUpgrader } from "./publishing/brotli-upgrade.ts";
import { ensurePhotoCopies, photoCopiesDir } from "./photos/photo-copies.ts";
import { createRenderer } from "./publishing/render-in-worker.ts";
import { buildSiteUrl } from "../app/lib/site-url.ts";
import type { EstimateStore } from "./requests/estimate-store.ts";
import { createIncidents } from "./owner/incidents.ts";
import { readReviewSettings } from "./requests/review-words.ts";
import { createVisitorCounter } from "./visitors/visitor-counter.ts";
import { createBooking } from "./booking/booking.ts";
import { createCalendars } from "./calendars/calendars.ts";
import { createCalendarParser } from "./calendars/parse-in-worker.ts";
import { clockFrom } from "./time/clock.ts";
import { visitLabel } from "../app/lib/visit-labels.ts";
import { createQuoteService } from "./quotes/quote-service.ts";
import { readQuoteWords } from "./quotes/quote-words.ts";
import { createQuotePdfMaker } from "./quotes/quote-pdfs.ts";
import { createPayments } from "./payments/payments.ts";
import { createJobs } from "./jobs/jobs.ts";
import { createMarketing } from "./marketing/marketing.ts";
import { readMarketingWords } from "./marketing/marketing-words.ts";
import { dueSettings } from "./customers/due-settings.ts";
import { closedDayName } from "../app/content/closed-days.ts";
import { createStripeClient } from "./payments/stripe-client.ts";
import { createCriticalCssPruner } from "./http/critical-css-in-worker.ts";
import { warmBundle, warmConsolePages, warmSignIn } from "./http/warm-up.ts";
import { WARM_UP_AGENT } from "./store/owner-sessions.ts";

const HOUR = 3_600_000;
const BACKUP_EVERY = 6 * HOUR;
let stopping = false;

/** Says loudly, at every start, what would otherwise fail silently: no mail at all, or mail that keeps failing. */
function warnAtStart(store: EstimateStore, mailConfigured: boolean, backupDir: string | null) {
  if (!mailConfigured) {
    console.warn(
      "\nWARNING: no e-mail is configured (SMTP_URL is not set). Estimate requests are stored, but NOBODY IS TOLD.\n" +
        "         Set SMTP_URL (see README, Deployment) and check them meanwhile with `npm run leads`.\n",
    );
  }
  const troubled = store.troubledDeliveries();
  if (troubled.length > 0) {
    console.error(`\n!!! ${troubled.length} e-mail(s) could not be delivered:`);
    for (const row of troubled) {
      console.error(
        `    ${row.kind} for request #${row.estimate_id} to ${row.recipient}: ${row.attempts} attempt(s), last error: ${row.last_error ?? "?"}`,
      );
    }
    console.error(
      "    Fix the mail settings, then run `npm run leads -- --retry-mail`. `npm run leads` shows each request's mail.\n",
    );
  }
  if (backupDir === null) {
    console.warn("\nWARNING: BACKUP_DIR=off: the database is NOT BACKED UP by the server.\n");
    return;
  }
  const age = lastBackupAgeMs(backupDir, new Date());
  if (age === null || age > 24 * HOUR) {
    console.warn(
      `\nWARNING: no backup in the last 24 hours in ${backupDir} (newest: ${age === null ? "none" : `${Math.floor(age / HOUR)} hours old`}).\n` +
        "         One is taken now; if this repeats, check that folder and the log for 'BACKUP FAILED'.\n",
    );
  }
}
import { answerClientError } from "./http/http-guards.ts";
import { recoverImports } from "./customer-import/undo.ts";
import { serverImportDeps } from "./customer-import/import-deps.ts";

let config: Config;
try {
  config = readConfig(process.env);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
}

// The server's clock: the system's, or a test's (TEST_CLOCK_FILE, server/time/clock.ts).
const clock = clockFrom(config.TEST_CLOCK_FILE);
if (config.TEST_CLOCK_FILE)
  console.warn(`WARNING: the clock reads ${config.TEST_CLOCK_FILE} (TEST_CLOCK_FILE, tests only).`);
const store = openEstimateStore({ ...(config.DATA_DIR ? { dataDir: config.DATA_DIR } : {}), now: clock });
const dataDir = path.dirname(store.file);
// Requests stored before customers existed (migration 19) get theirs once; a later start finds none (decision 0051).
try {
  const filled = store.customerIntake.backfill();
  if (filled.requests > 0)
    console.log(`Customers: ${filled.requests} earlier request(s) put on ${filled.customers} customer(s).`);
} catch (error) {
  console.error(`Customers: the earlier requests were not linked (${(error as Error).message}); the site runs on.`);
}
// An import a stopped server left half-written is rolled back, one left half-undone is undone (decision 0053).
try {
  for (const line of await recoverImports(serverImportDeps(store, clock))) console.log(`Customer import: ${line}.`);
} catch (error) {
  console.error(
    `Customer import: a stopped import was not rolled back (${(error as Error).message}); the site runs on.`,
  );
}
const backupDir = config.BACKUP_DIR === "off" ? null : path.resolve(config.BACKUP_DIR ?? path.join(dataDir, "backups"));
// A function: the console may publish a new e-mail address (server restarts are not needed for it).
const ownerAddress = () => config.NOTIFY_EMAIL ?? business.email;
const siteUrl = config.SITE_URL ?? (buildSiteUrl || "http://localhost:3000");
const owner = createOwnerConsole({ db: store.db, clock });
const consoleUrl = siteUrl.replace(/\/+$/, "");
// VAPID keys are made at the first start and kept in the database (a restore keeps every device subscribed).
const push = createPushNotifier({
  store: owner.pushDevices,
  audit: owner.audit,
  subject: () => (consoleUrl.startsWith("https://") ? new URL(consoleUrl).origin : `mailto:${ownerAddress()}`),
});
// The owner's own calendars (decision 0031): read every CALENDAR_READ_SECONDS, parsed in a worker; their busy
// times close booking windows. CALENDAR_TEST_HOSTS (tests and the drill only) lets `.test` names stand for public
// hosts served on this machine.
if (config.CALENDAR_TEST_HOSTS.size > 0) {
  console.warn(
    `WARNING: calendars at ${[...config.CALENDAR_TEST_HOSTS.keys()].join(", ")} are read from this machine (CALENDAR_TEST_HOSTS, tests only).`,
  );
}
const calendars = createCalendars({
  store: store.calendars,
  parser: createCalendarParser(),
  clock,
  timeZone: () => business.timeZone,
  siteHost: new URL(siteUrl).hostname || "localhost",
  readEveryMs: config.CALENDAR_READ_SECONDS * 1000,
  fetchOptions: {
    testHosts: config.CALENDAR_TEST_HOSTS,
    ...(config.CALENDAR_TEST_CA ? { ca: readFileSync(config.CALENDAR_TEST_CA) } : {}),
  },
});
// Booking the estimate visit (decision 0030): its e-mails go through the outbox, the owner's phone buzzes for a
// homeowner's change; the owner's busy times close windows.
const booking = createBooking({
  store,
  now: clock,
  siteUrl,
  busy: () => calendars.busy(),
  ownerAddress: () => (config.SMTP_URL ? ownerAddress() : null),
  notify: ({ change, visit, lead }) =>
    push.visit({ change, estimateId: lead.id, when: visitLabel(visit, business.timeZone), town: visit.town }),
});
// Deposits paid on the site (decision 0040): only with both Stripe settings; STRIPE_API_BASE (tests) is loopback only.
const stripeClient = createStripeClient(config);
if (config.STRIPE_API_BASE) {
  console.warn(`WARNING: Stripe's API is answered by ${config.STRIPE_API_BASE.host} (STRIPE_API_BASE, tests only).`);
}
// Quotes (server/quotes/): their e-mails are composed by the outbox when due, so a decision stops a follow-up.
const quotes = createQuoteService({
  store,
  audit: owner.audit,
  push,
  now: clock,
  words: () => readQuoteWords(path.resolve(config.SITE_REPO ?? ".")),
  business: () => business,
  siteUrl,
  ownerAddress,
  mail: Boolean(config.SMTP_URL),
  // PDFs are drawn in a worker thread, started on the first one (server/quotes/quote-pdfs.ts).
  pdfs: createQuotePdfMaker(),
  paysOnline: () => stripeClient !== null,
});
const payments = createPayments({
  store,
  quotes,
  client: stripeClient,
  now: clock,
  siteUrl,
  ownerAddress,
  mail: Boolean(config.SMTP_URL),
});
// Jobs (decision 0045): work days with their invites, "on my way", done with its invoice; mail through the outbox.
const jobs = createJobs({
  store,
  now: clock,
  siteUrl,
  mail: Boolean(config.SMTP_URL),
  booking,
  busy: () => calendars.busy(),
  makeInvoice: (quoteId) => payments.invoices.make(quoteId),
});
// Marketing mail (decision 0052): reminders before a chimney is due and the owner's campaigns, from a send ledger the
// outbox paces after its own messages; the one-click unsubscribe and the booking link are pages.
const marketing = createMarketing({
  store,
  now: clock,
  siteUrl,
  mailFrom: config.MAIL_FROM,
  booking,
  notifyTo: () => (config.SMTP_URL ? ownerAddress() : null),
  words: () => readMarketingWords(path.resolve(config.SITE_REPO ?? ".")),
  facts: () => ({
    name: business.name,
    phone: business.phone,
    email: business.email,
    postalAddress: business.marketing.postalAddress.value,
  }),
  settings: () => business.marketing,
  dueSettings: () => dueSettings(business, quotes.words().presets),
  sendRules: () => ({
    timeZone: business.timeZone,
    closed: (day) => closedDayName(day, business.closedDays) !== null,
  }),
  paceMs: config.MARKETING_SEND_INTERVAL_MS,
  passEveryMs: config.REMINDER_PASS_SECONDS * 1000,
});
const outbox = config.SMTP_URL
  ? createOutbox({
      store,
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      ownerAddress,
      siteUrl,
      consoleLinks: (id) => ({
        request: `${consoleUrl}/owner/requests/${id}`,
        markContacted: `${consoleUrl}/owner/act/${owner.actionTokens.create(id, "mark-contacted")}`,
      }),
      review: () => readReviewSettings(path.resolve(config.SITE_REPO ?? ".")),
      reminderAfterBusinessHours: config.REMINDER_AFTER_BUSINESS_HOURS,
      timeoutMs: config.SMTP_TIMEOUT_SECONDS * 1000,
      composers: {
        ...booking.composers,
        ...quotes.composers,
        ...payments.composers,
        ...jobs.composers,
        // A condition report's e-mail (decision 0054): a fresh link, and the stored PDF up to 5 MB.
        ...reportComposers({
          store,
          siteUrl,
          words: () => readReportWords(path.resolve(config.SITE_REPO ?? ".")),
        }),
      },
      visitLink: (id) =>
        booking.settings().enabled && !store.visits.forLead(id) ? booking.manageUrl(booking.newLink(id)) : null,
      now: clock,
      paced: marketing.sender,
    })
  : null;
warnAtStart(store, outbox !== null, backupDir);
// One e-mail to the owner per incident (server/owner/incidents.ts), sent directly: the outbox lives in the database,
// which may be what failed.
const alertTransport = config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : null;
const incidents = createIncidents({
  send: async (subject, text) => {
    if (!alertTransport) return;
    await alertTransport.sendMail({ from: config.MAIL_FROM, to: ownerAddress(), subject, text });
  },
});
// A promise nobody caught is a bug of ours, not a reason to take the public site down: log it in our words and
// tell the owner once (Node's default would end the process). Uncaught exceptions keep Node's default.
process.on("unhandledRejection", (reason) => {
  const text = reason instanceof Error ? (reason.stack ?? reason.message) : String(reason);
  console.error(`!!! An error nothing caught (the server keeps running): ${text}`);
  void incidents
    .report("unexpected", false, `The server log has it: ${reason instanceof Error ? reason.message : text}`)
    .catch(() => {});
});

// The console publishes by rendering the pages again into renders/<id>/ with the code being served, and points
// renders/current at the one served (decisions 0015, 0027); a restart serves that one. The code is the build in
// builds/current (`npm run update`) or build/. BUILD_DIR (tests, a second copy) serves a fixed build and turns
// publishing off, and so does a working copy this process cannot write (tried for real at start): the console then
// says why instead of failing.
const repoDir = path.resolve(config.SITE_REPO ?? ".");
const buildsDir = path.join(repoDir, "builds");
const rendersDir = path.join(repoDir, "renders");
const contentDir = path.join(repoDir, "content");
const copiesDir = photoCopiesDir(repoDir);
// Photos' web copies lost with a restore (or never made) are made again before any page needs them.
try {
  const made = await ensurePhotoCopies(contentDir, copiesDir, { prune: true });
  if (made > 0) console.log(`Made the web copies of ${made} photo(s).`);
} catch (error) {
  console.error(`Could not make the photos' web copies: ${error instanceof Error ? error.message : String(error)}`);
}
// A change the last run was publishing when it stopped: back to HEAD's files now, published again below.
let interrupted: Awaited<ReturnType<typeof takeBackInterrupted>> = null;
if (!config.BUILD_DIR && existsSync(path.join(repoDir, ".git"))) {
  try {
    interrupted = await takeBackInterrupted(repoDir, rendersDir);
  } catch (error) {
    console.error(
      `Could not take back the change left half-published: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
// The words the server itself writes (e-mails, the console) come from the site's own content folder; a file there
// left invalid by hand gives way to the last committed words, and the owner is told (server/publishing/start-content.ts).
const codeDir = config.BUILD_DIR ? path.resolve(config.BUILD_DIR) : (currentBuild(buildsDir) ?? path.resolve("build"));
const appEntry = (await loadServerBuild(codeDir)).entry.module as EntryExports;
let startWords;
try {
  startWords = startContent(contentDir, repoDir, path.join(rendersDir, "committed"), [
    (dir) => switchContent(readContentFiles(dir)),
    (dir) => appEntry.switchContent?.(appEntry.readContentFiles?.(dir) as never),
  ]);
} catch (error) {
  console.error(
    `The site's words cannot be read, so the server cannot start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
}
if (startWords.problem) {
  console.error(`\n!!! A CONTENT FILE IS NOT VALID: ${startWords.problem}\n`);
}
const pagesContentDir = startWords.dir;
// The last publish's pages, when they were rendered by this code from this content (server/publishing/renders.ts).
const served = config.BUILD_DIR
  ? {}
  : servableRender(rendersDir, { buildDir: codeDir, content: contentId(contentFiles()) });
let pagesDir = served.pages;
let quickBrotli = served.quickBrotli === true;
// `npm start` after a change to content/ alone, or a restore: the build's pages are of other words. They are
// rendered now, with this code, instead of building again (decision 0027).
const content = contentId(contentFiles());
if (!config.BUILD_DIR && !pagesDir && buildContentId(codeDir) !== content) {
  const id = `${new Date().toISOString().replace(/\D/g, "").slice(0, 14)}-000000`;
  try {
    const started = Date.now();
    mkdirSync(rendersDir, { recursive: true });
    const starter = createRenderer({ heapMb: config.RENDER_HEAP_MB });
    try {
      await renderInto(path.join(rendersDir, id), {
        renderer: starter,
        buildDir: codeDir,
        contentDir: pagesContentDir,
      });
    } finally {
      starter.close();
    }
    pointCurrent(rendersDir, id);
    pagesDir = path.join(rendersDir, id, "pages");
    quickBrotli = true;
    console.log(`Rendered the pages from the content in ${Date.now() - started} ms (the build's were of other words).`);
  } catch (error) {
    console.error(
      `Could not render the pages from the content, so the build's own are served: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
} else if (served.why) {
  console.warn(`Serving the build's own pages, not the last publish's render: ${served.why}.`);
}
const wantsPublishing = !config.BUILD_DIR && existsSync(path.join(repoDir, ".git"));
const publishingOff = wantsPublishing ? publishingProblem(repoDir) : null;
if (publishingOff) {
  owner.publishing.off = `${publishingOff}; see README, Put it on a server, step 4`;
  console.warn(
    `\nWARNING: publishing from the console is OFF: ${publishingOff}.\n` +
      `         The public site is served as usual. Make ${repoDir} the site user's own (README, Put it on a server, step 4).\n`,
  );
}
// Renders run in a worker, started when the owner opens the Site page or an editor and ended after a quiet while
// (decisions 0027, and its amendment for issue 45: it warms up meanwhile).
/** Whether another process (`npm run update`) holds the site's lock: while it builds, the memory is the build's. */
const othersHoldTheSite = () => (siteLockHolder(repoDir)?.pid ?? process.pid) !== process.pid;
const renderer = createRenderer({
  heapMb: config.RENDER_HEAP_MB,
  idleMs: config.RENDER_IDLE_SECONDS * 1000,
  yieldTo: othersHoldTheSite,
});
// While the render's worker is up, the publish's git commands start from its thread, not the event loop's.
runGitOffThread((file, args, options) => renderer.run(file, args, options));
// A render's quick brotli copies are made again at quality 11 once its pages are served (server/publishing/brotli-upgrade.ts).
const upgrader = createBrotliUpgrader();
function upgradeBrotli(pages: string) {
  void upgrader
    .upgrade(pages)
    .then((outcome) => {
      if (outcome !== "done") return;
      try {
        markBrotliFinal(pages);
      } catch (error) {
        console.error(`The quality-11 brotli copies of ${pages} are made but not recorded: ${String(error)}`);
      }
      return app.refreshPages(pages);
    })
    .catch((error: unknown) => {
      console.error(`The quality-11 brotli copies of ${pages} are made but not served: ${String(error)}`);
    });
}
/** True while the start's warm-up asks for the console's pages (warmConsole). */
let consoleWarming = false;
/** The render's worker starts this long after an editor's page asked for it. */
const WORKER_WARM_DELAY_MS = 400;
let workerWarmSoon: NodeJS.Timeout | null = null;
/** What the last publish's render said of its time, for the log line of the publish. */
let lastRender = "";
const publisher =
  wantsPublishing && !publishingOff
    ? createPublisher({
        repoDir,
        rendersDir,
        // The worker starts, then renders the working copy once for nothing, so the owner's tap finds it warm.
        // Not while an update builds: no publish can run before it ends, and the worker would take its memory.
        // Not for the start's own warm-up of the console (warmConsole below): a worker for a save nobody is making.
        // And a moment after the page that asked for it is sent, not while that page renders: the worker's start
        // keeps both cores busy for a second, and the page would wait for its share of them (issue 51).
        warm: () => {
          if (consoleWarming || workerWarmSoon) return;
          workerWarmSoon = setTimeout(() => {
            workerWarmSoon = null;
            try {
              if (!othersHoldTheSite()) renderer.warm(path.join(app.servedBuild(), "server", "index.js"), contentDir);
            } catch (error) {
              console.error(`publish: could not get the render ready: ${String(error)}`);
            }
          }, WORKER_WARM_DELAY_MS);
          workerWarmSoon.unref();
        },
        // Words and photos change without a build: a new photo's web copies are made first (decision 0028), then
        // every prerendered page is rendered again with the code being served.
        render: async (outDir) => {
          // The last publish's quality-11 brotli copies wait: this render needs the CPU, and makes new pages anyway.
          upgrader.cancel();
          await ensurePhotoCopies(contentDir, copiesDir);
          const { manifest, waitedMs, cssAfresh } = await renderInto(outDir, {
            renderer,
            buildDir: app.servedBuild(),
            contentDir,
          });
          lastRender =
            `waited ${waitedMs} for the worker, pages ${manifest.renderMs}, compression ${manifest.compressMs}, ` +
            `css afresh ${cssAfresh ?? "?"} of ${manifest.paths}`;
        },
        // With the new pages, the words the server's own e-mails quote (phone, address, hours).
        prepare: async (outDir) => {
          const pages = path.join(outDir, "pages");
          const switchOver = await app.prepareRender(pages, contentDir);
          const files = readContentFiles(contentDir);
          return () => {
            switchOver();
            switchContent(files);
            upgradeBrotli(pages);
          };
        },
        // A failure that is not the owner's own content mistake opens the "publish" incident; a publish closes it.
        report: (outcome) => {
          if (outcome.ok && outcome.job.durationMs !== undefined) {
            const { job } = outcome;
            console.log(
              `Published "${job.summary}" in ${job.durationMs} ms (${stepTimes(job)}` +
                `${job.stepsMs?.render === undefined ? "" : `; render: ${lastRender}`}; ` +
                `queued ${(job.startedAt ?? job.queuedAt) - job.queuedAt}).`,
            );
          }
          return incidents.report("publish", outcome.ok, outcome.ok ? "" : outcome.detail);
        },
      })
    : null;
const visits = createVisitorCounter({
  store: store.visitorFigures,
  timeZone: business.timeZone,
  now: clock,
  enabled: config.VISITOR_COUNTING,
});
visits.start();
const app = await createApp({
  store,
  visits,
  owner,
  notifyTo: outbox ? ownerAddress : null,
  confirmations: {
    enabled: outbox !== null && config.CONFIRMATION_EMAIL,
    periodHours: config.CONFIRMATION_PERIOD_HOURS,
  },
  rateLimitPerMinute: config.RATE_LIMIT_PER_MINUTE,
  uploadIdleMs: config.UPLOAD_IDLE_SECONDS * 1000,
  allowedOrigins: config.ALLOWED_ORIGINS,
  siteUrl: config.SITE_URL ?? null,
  trustProxy: config.TRUST_PROXY,
  estimateEndpoint: config.ESTIMATE_ENDPOINT,
  buildDir: codeDir,
  contentDir: pagesContentDir,
  pagesDir,
  photoCopiesDir: copiesDir,
  publisher,
  push,
  booking,
  calendars,
  clock,
  quotes,
  payments,
  jobs,
  marketing,
  // Pages rendered on request get their CSS pruned off the event loop (issue 51, decision 0037).
  criticalCss: createCriticalCssPruner(),
});
// An owner's push a stop left unsent (decision 0032: queued in the acceptance's transaction).
quotes.flushPushes();
if (pagesDir && quickBrotli) upgradeBrotli(pagesDir);
if (interrupted) {
  if (publisher) {
    publisher.resume(interrupted);
    console.warn(`The server stopped while publishing "${interrupted.summary}": publishing it again now.`);
  } else console.error(`The server stopped while publishing "${interrupted.summary}"; it was not published.`);
}
const warmStart = performance.now();

/** The pages the owner opens first, the newest of each kind of record among them. */
function consolePagesToWarm(): string[] {
  const newest = (table: string) =>
    (store.db.prepare(`SELECT max(id) AS id FROM ${table}`).get() as { id: number | null }).id;
  const pages = ["/owner", "/owner/quotes", "/owner/visits", "/owner/visits/calendars", "/owner/visits/settings"];
  // The editor, the heaviest page, four times: after one render its form's code is still cold (46 ms on the owner's
  // first open on Node 24, 28-35 ms after four).
  const editor = "/owner/site/edit/business";
  pages.push("/owner/site", editor, editor, editor, editor, "/owner/site/photos", "/owner/reports", "/owner/money");
  pages.push("/owner/spam", "/owner/security", "/owner/help");
  const records = { estimates: "requests", quotes: "quotes", visits: "visits", invoices: "invoices", jobs: "jobs" };
  for (const [table, route] of Object.entries(records)) {
    const id = newest(table);
    if (id !== null) pages.push(`/owner/${route}/${id}`);
  }
  // A condition report's page (the newest report's visit, else the newest visit's): its words libraries' first parse
  // held the loop 260-470 ms when the owner opened one (decision 0057). Its PDF's thread is not warmed by this.
  const reportVisit = store.db
    .prepare("SELECT visit_id FROM condition_reports WHERE visit_id IS NOT NULL ORDER BY id DESC LIMIT 1")
    .pluck()
    .get();
  const visit = reportVisit ?? store.db.prepare("SELECT max(id) FROM visits WHERE status <> 'cancelled'").pluck().get();
  if (typeof visit === "number") pages.push(`/owner/visits/${visit}/report`);
  return pages;
}

/**
 * The sign-in page, then every console page the owner opens first, signed in as a session made for this alone
 * (issue 51, server/http/warm-up.ts). Told in the log; a failure only warms less.
 */
async function warmConsole() {
  const signIn = await warmSignIn(server, config.SITE_URL);
  let pages: string[] = [];
  let statuses: number[] = [];
  consoleWarming = true;
  holdReportPdfWarmUps(true);
  try {
    owner.sessions.endWarmUps();
    pages = consolePagesToWarm();
    const { token, id } = owner.sessions.create({ ip: null, userAgent: WARM_UP_AGENT, passkeyId: null });
    statuses = await warmConsolePages(server, config.SITE_URL, { token, end: () => owner.sessions.revoke(id) }, pages);
  } catch (error) {
    console.warn(`Warming up the console failed (it still works): ${error instanceof Error ? error.message : error}`);
  } finally {
    consoleWarming = false;
    holdReportPdfWarmUps(false);
  }
  const ok = statuses.filter((s) => s === 200).length;
  const odd = pages.flatMap((page, i) => (statuses[i] === 200 ? [] : [`${page}: ${statuses[i] ?? "not asked"}`]));
  console.log(
    `Warmed up for the owner's first taps in ${Math.round(performance.now() - warmStart)} ms ` +
      `(sign-in page: ${signIn.page}; its first step: ${signIn.challenge}; console pages: ${ok} of ${pages.length}${odd.length ? `; ${odd.join(", ")}` : ""}).`,
  );
}
if (config.WARM_UP) await warmBundle(appEntry);
// Host is checked by our own guard (http-guards.ts), so a request without one gets our answer, not Node's.
const server = createServer({ requireHostHeader: false }, app);
server.listen(config.PORT, config.HOST, () => {
  // `npm run restore` refuses while this file names a live process.
  writePidFile(dataDir);
  console.log(`Site ready at http://localhost:${config.PORT} (estimates stored in ${store.file})`);
  if (config.WARM_UP) void warmConsole();
});
// Requests Node cannot parse never reach Express: answer them in our words too.
server.on("clientError", answerClientError);
outbox?.start();
calendars.start();
// Without mail nothing is queued: the Campaigns page says why.
if (outbox) marketing.start();
if (startWords.problem) void incidents.report("publish", false, startWords.problem).catch(() => {});

async function checkHealth() {
  await incidents.report("database", store.writable(), `The database file is ${store.file}.`);
  const troubled = outbox ? store.troubledDeliveries().length : 0;
  await incidents.report("mail", troubled === 0, `${troubled} e-mail(s) not delivered; see \`npm run leads\`.`);
}
setInterval(() => void checkHealth(), 60_000).unref();

// Backups every 6 hours (and at start when the newest is older), verified before they count.
let backingUp = false;
async function backupIfDue() {
  if (!backupDir || backingUp || stopping) return;
  const age = lastBackupAgeMs(backupDir, new Date());
  if (age !== null && age < BACKUP_EVERY) return;
  backingUp = true;
  try {
    const result = await backupDatabase({
      databaseFile: store.file,
      dir: backupDir,
      retention: business.leads.backups,
      // The owner's edits live in the working copy's history: bundled beside it (decision 0018).
      repoDir: publisher ? repoDir : null,
    });
    console.log(
      `Backup ${path.basename(result.file)}: ${result.counts.requests} requests, ${result.bytes} bytes, verified.`,
    );
    if (result.site && "error" in result.site) {
      console.error(`!!! SITE HISTORY NOT BACKED UP (the database was): ${result.site.error}`);
      await incidents.report(
        "backup",
        false,
        `The requests were backed up, but the site's words and photos were not: ${result.site.error}`,
      );
    } else {
      if (result.site) console.log(`Backup ${path.basename(result.site.file)}: the site's history, verified.`);
      await incidents.report("backup", true);
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`!!! BACKUP FAILED: ${message}`);
    await incidents.report("backup", false, `The last attempt said: ${message}`);
  } finally {
    backingUp = false;
  }
}
void backupIfDue();
setInterval(() => void backupIfDue(), 15 * 60_000).unref();
// Requests past their retention period go at start and then daily (and ended owner sessions with them).
purgeExpired(store, clock());
owner.sessions.purgeExpired();
quotes.purgeContracts();
setInterval(() => {
  purgeExpired(store, clock());
  owner.sessions.purgeExpired();
  quotes.purgeContracts();
}, 24 * 3_600_000).unref();

// EVENT_LOOP_MONITOR=1: `kill -USR2 <pid>` prints the event loop's delay since the last ask (tools/bench-publish.ts,
// tools/bench-event-loop.ts); EVENT_LOOP_RESOLUTION_MS (10) is its timer's interval. Never on a route.
if (process.env.EVENT_LOOP_MONITOR === "1") {
  const resolution = Math.max(1, Number(process.env.EVENT_LOOP_RESOLUTION_MS) || 10);
  const delay = monitorEventLoopDelay({ resolution });
  delay.enable();
  process.on("SIGUSR2", () => {
    const ms = (ns: number) => (ns / 1e6).toFixed(1);
    // Node's histogram records the time between its timer's turns, so each value includes the interval itself
    // (an idle loop reads p50 10 ms at 10 ms): both readings are printed.
    const beyond = (ns: number) => ms(Math.max(0, ns - resolution * 1e6));
    const [p50, p99] = [delay.percentile(50), delay.percentile(99)];
    console.log(
      `event-loop delay: p50 ${ms(p50)} ms, p99 ${ms(p99)} ms, max ${ms(delay.max)} ms ` +
        `(beyond the ${resolution} ms timer: p50 ${beyond(p50)}, p99 ${beyond(p99)}, max ${beyond(delay.max)} ms)`,
    );
    delay.reset();
  });
}

// Stop accepting, let requests in flight finish, then close the database and exit.
function shutdown(signal: string, exitCode = 0) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received: finishing requests in flight`);
  calendars.stop();
  marketing.stop();
  server.close(async () => {
    push.stop();
    visits.stop();
    await outbox?.stop();
    alertTransport?.close();
    store.close();
    removePidFile(dataDir);
    process.exit(exitCode);
  });
  // Keep-alive connections go as soon as they fall idle, so a finished request does not hold the exit.
  server.closeIdleConnections();
  setInterval(() => server.closeIdleConnections(), 100).unref();
  setTimeout(() => {
    visits.stop();
    store.close();
    removePidFile(dataDir);
    process.exit(1);
  }, 10_000).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
