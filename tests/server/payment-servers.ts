// Two built servers for the payment tests (deposits, invoices): one with a local mail server and Stripe's settings
// pointed at the loopback stand-in (its clock a file the test may move), and one bare (no mail, no Stripe).
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startStripeStandIn } from "../support/stripe-stand-in.ts";
import { startServer, stopServer } from "./harness";
import { startSmtp } from "./smtp";

export async function startPaymentServers(name: string, webhookSecret: string) {
  const smtp = await startSmtp();
  const stripe = await startStripeStandIn({ webhookSecret });
  const clockFile = path.join(mkdtempSync(path.join(tmpdir(), `${name}-clock-`)), "now");
  writeFileSync(clockFile, new Date().toISOString());
  const [server, bare] = await Promise.all([
    startServer({
      SMTP_URL: smtp.url,
      NOTIFY_EMAIL: "owner@example.com",
      RATE_LIMIT_PER_MINUTE: "100000",
      TEST_CLOCK_FILE: clockFile,
      BACKUP_DIR: "off",
      STRIPE_SECRET_KEY: `sk_test_${name}`,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_BASE: stripe.url,
    }),
    startServer({ RATE_LIMIT_PER_MINUTE: "100000", BACKUP_DIR: "off" }),
  ]);
  stripe.target(server.url);
  return {
    smtp,
    stripe,
    server,
    bare,
    async stop() {
      await Promise.all([stopServer(server), stopServer(bare)]);
      await Promise.all([smtp.close(), stripe.close()]);
    },
  };
}
