// Starts the production server (loaded by server/index.ts once the environment is settled).
import { createServer } from "node:http";
import path from "node:path";
import { createApp } from "./app.ts";
import { readConfig } from "./config.ts";
import { openEstimateStore } from "./estimate-store.ts";
import { createOutbox } from "./outbox.ts";
import { answerClientError } from "./http-guards.ts";

let config;
try {
  config = readConfig(process.env);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
}

const store = openEstimateStore(config.DATA_DIR ? { dataDir: config.DATA_DIR } : {});
const outbox = config.SMTP_URL ? createOutbox({ store, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM }) : null;
const app = await createApp({
  store,
  notifyOwner: outbox !== null,
  notifyTo: config.NOTIFY_EMAIL ?? null,
  rateLimitPerMinute: config.RATE_LIMIT_PER_MINUTE,
  allowedOrigins: config.ALLOWED_ORIGINS,
  siteUrl: config.SITE_URL ?? null,
  trustProxy: config.TRUST_PROXY,
  estimateEndpoint: config.ESTIMATE_ENDPOINT,
  ...(config.BUILD_DIR ? { buildDir: path.resolve(config.BUILD_DIR) } : {}),
});
// Host is checked by our own guard (http-guards.ts), so a request without one gets our answer, not Node's.
const server = createServer({ requireHostHeader: false }, app);
server.listen(config.PORT, config.HOST, () => {
  console.log(`Site ready at http://localhost:${config.PORT} (estimates stored in ${store.file})`);
});
// Requests Node cannot parse never reach Express: answer them in our words too.
server.on("clientError", answerClientError);
outbox?.start();

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
