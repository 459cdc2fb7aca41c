// Starts the production server (loaded by server/index.ts once the environment is settled).
import { existsSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { createApp } from "./app.ts";
import { readConfig } from "./config.ts";
import { openEstimateStore } from "./estimate-store.ts";
import { createOutbox, purgeExpired } from "./outbox.ts";
import { createPublisher, currentBuild } from "./publish.ts";
import { createOwnerConsole } from "./owner-console.ts";
import { business } from "../app/content/business.ts";
import { buildSiteUrl } from "../app/lib/site-url.ts";
import type { EstimateStore } from "./estimate-store.ts";

/** Says loudly, at every start, what would otherwise fail silently: no mail at all, or mail that keeps failing. */
function warnAtStart(store: EstimateStore, mailConfigured: boolean) {
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
}
import { answerClientError } from "./http-guards.ts";

let config;
try {
  config = readConfig(process.env);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
}

const store = openEstimateStore(config.DATA_DIR ? { dataDir: config.DATA_DIR } : {});
const ownerAddress = config.NOTIFY_EMAIL ?? business.email;
const siteUrl = config.SITE_URL ?? (buildSiteUrl || "http://localhost:3000");
const owner = createOwnerConsole({ db: store.db });
const consoleUrl = siteUrl.replace(/\/+$/, "");
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
      reminderAfterBusinessHours: config.REMINDER_AFTER_BUSINESS_HOURS,
      timeoutMs: config.SMTP_TIMEOUT_SECONDS * 1000,
    })
  : null;
warnAtStart(store, outbox !== null);
// The console publishes into builds/<id>/ and points builds/current at the one served (decision 0015); a restart
// serves that one. BUILD_DIR (tests, a second copy) serves a fixed build and turns publishing off.
const repoDir = path.resolve(config.SITE_REPO ?? ".");
const buildsDir = path.join(repoDir, "builds");
const publisher =
  !config.BUILD_DIR && existsSync(path.join(repoDir, ".git"))
    ? createPublisher({
        repoDir,
        buildsDir,
        prepare: (dir) => app.prepareBuild(dir),
      })
    : null;
const app = await createApp({
  store,
  owner,
  notifyTo: outbox ? ownerAddress : null,
  confirmations: {
    enabled: outbox !== null && config.CONFIRMATION_EMAIL,
    periodHours: config.CONFIRMATION_PERIOD_HOURS,
  },
  rateLimitPerMinute: config.RATE_LIMIT_PER_MINUTE,
  allowedOrigins: config.ALLOWED_ORIGINS,
  siteUrl: config.SITE_URL ?? null,
  trustProxy: config.TRUST_PROXY,
  estimateEndpoint: config.ESTIMATE_ENDPOINT,
  buildDir: config.BUILD_DIR ? path.resolve(config.BUILD_DIR) : (currentBuild(buildsDir) ?? path.resolve("build")),
  publisher,
});
// Host is checked by our own guard (http-guards.ts), so a request without one gets our answer, not Node's.
const server = createServer({ requireHostHeader: false }, app);
server.listen(config.PORT, config.HOST, () => {
  console.log(`Site ready at http://localhost:${config.PORT} (estimates stored in ${store.file})`);
});
// Requests Node cannot parse never reach Express: answer them in our words too.
server.on("clientError", answerClientError);
outbox?.start();
// Requests past their retention period go at start and then daily (and ended owner sessions with them).
purgeExpired(store, new Date());
owner.sessions.purgeExpired();
setInterval(() => {
  purgeExpired(store, new Date());
  owner.sessions.purgeExpired();
}, 24 * 3_600_000).unref();

// Stop accepting, let requests in flight finish, then close the database and exit.
let stopping = false;
function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received: finishing requests in flight`);
  server.close(async () => {
    await outbox?.stop();
    store.close();
    process.exit(0);
  });
  // Keep-alive connections go as soon as they fall idle, so a finished request does not hold the exit.
  server.closeIdleConnections();
  setInterval(() => server.closeIdleConnections(), 100).unref();
  setTimeout(() => {
    store.close();
    process.exit(1);
  }, 10_000).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
