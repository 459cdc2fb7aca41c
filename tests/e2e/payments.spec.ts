// A homeowner pays the deposit, at 375 px and 1280 px: on the accepted quote's page they tap "Pay the $X deposit",
// land on the checkout (a loopback stand-in for Stripe's, tests/support/stripe-stand-in.ts), tap Pay, come back to
// the quote, which says "confirming" until Stripe's signed event arrives, and "paid" once it has. A server of its own,
// with Stripe's settings pointed at the stand-in.
import { expect, test } from "@playwright/test";
import { openEstimateStore } from "../../server/requests/estimate-store.ts";
import { formatCents } from "../../server/quotes/money.ts";
import { acceptOnline } from "../support/homeowner-post.ts";
import { seedQuote } from "../support/seed-quote.ts";
import { startStripeStandIn, type StripeStandIn } from "../support/stripe-stand-in.ts";
import { ownServer } from "./owner-support";

const WEBHOOK_SECRET = "whsec_e2e_payments";
// Filled in once the stand-in listens; read when the server starts.
const env: Record<string, string> = { STRIPE_SECRET_KEY: "sk_test_e2e", STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET };
const own = ownServer("payments", env);
let stripe: StripeStandIn;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  stripe = await startStripeStandIn({ webhookSecret: WEBHOOK_SECRET });
  env.STRIPE_API_BASE = stripe.url;
  // The checkout's return address is made on the site's public origin.
  env.SITE_URL = own.server.origin;
  await own.start();
  stripe.target(`http://127.0.0.1:${own.port}`);
});
test.afterAll(async () => {
  own.stop();
  await stripe?.close();
});

/** A quote sent and accepted by the homeowner; its link and the deposit the acceptance froze. */
async function acceptedQuote(): Promise<{ link: string; deposit: string }> {
  const { token, quoteId } = seedQuote(own.server.dataDir ?? "");
  const link = `${own.server.origin}/quote/${token}`;
  const accepted = await acceptOnline(link);
  expect(accepted.status).toBe(303);
  const store = openEstimateStore({ dataDir: own.server.dataDir });
  try {
    return { link, deposit: formatCents(store.quotes.acceptance(quoteId)?.deposit_cents ?? 0) };
  } finally {
    store.close();
  }
}

test("homeowner pays the deposit and sees it confirming, then paid", async ({ page }) => {
  const { link, deposit } = await acceptedQuote();
  await page.goto(link);
  await expect(page).toHaveTitle(/^Quote Q-\w+ \| /);
  const pay = page.getByRole("button", { name: `Pay the ${deposit} deposit` });
  await expect(pay).toBeVisible();
  const box = await pay.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  await page.screenshot({ path: test.info().outputPath("pay-button.png"), fullPage: true });
  await pay.click();

  await expect(page).toHaveURL(new RegExp(`^${stripe.url}/pay/cs_test_`));
  await page.getByRole("button", { name: "Pay" }).click();

  await expect(page).toHaveURL(`${link}?paid=1`);
  await expect(page.getByRole("status").filter({ hasText: "Payment received, confirming…" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Pay the / })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath("confirming.png"), fullPage: true });

  expect(await stripe.deliverQueued()).toEqual([200]);
  await page.reload();
  await expect(page.getByRole("status").filter({ hasText: `Deposit of ${deposit} paid on` })).toBeVisible();
  await expect(page.getByText("Payment received, confirming…")).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Pay the / })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath("paid.png"), fullPage: true });
});
