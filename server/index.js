// Production entry: `npm start`. See README "Configuration" for the environment it reads.
import { existsSync } from "node:fs";
import { createApp } from "./app.js";
import { openEstimateStore } from "./estimate-store.js";
import { createOutbox } from "./outbox.js";

// Settings may live in a .env file beside package.json (see .env.example); the real environment wins.
if (existsSync(".env")) process.loadEnvFile(".env");

const port = Number(process.env.PORT || 3000);
const host = process.env.HOST ?? "0.0.0.0";
const smtpUrl = process.env.SMTP_URL?.trim();

const store = openEstimateStore();
const outbox = smtpUrl
  ? createOutbox({ store, smtpUrl, from: process.env.MAIL_FROM ?? "Website <no-reply@localhost>" })
  : null;
const siteUrl = process.env.SITE_URL?.trim();
const app = await createApp({
  store,
  notifyOwner: outbox !== null,
  notifyTo: process.env.NOTIFY_EMAIL?.trim() || null,
  rateLimitPerMinute: Number(process.env.RATE_LIMIT_PER_MINUTE || 5),
  // Cross-site posts are refused once the site knows its own origin(s).
  allowedOrigins: (process.env.ALLOWED_ORIGINS ?? (siteUrl ? new URL(siteUrl).origin : ""))
    .split(",")
    .map((o) => o.trim())
    .filter(Boolean),
  siteUrl: siteUrl || undefined,
});
const server = app.listen(port, host, () => {
  console.log(`Site ready at http://localhost:${port} (estimates stored in ${store.file})`);
});
outbox?.start();

// Stop accepting, let requests in flight finish, then close the database and exit.
let stopping = false;
/** @param {string} signal */
function shutdown(signal) {
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
