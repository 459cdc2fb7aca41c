// Production entry: `npm start`. PORT (default 3000) and HOST choose where it listens.
import { createApp } from "./app.js";

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";

const app = await createApp();
const server = app.listen(port, host, () => {
  console.log(`Site ready at http://localhost:${port}`);
});

// Stop accepting, let requests in flight finish, then exit.
/** @param {string} signal */
function shutdown(signal) {
  console.log(`${signal} received: closing`);
  server.close(() => process.exit(0));
  server.closeIdleConnections?.();
  setTimeout(() => process.exit(1), 10_000).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
