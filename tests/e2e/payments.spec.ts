// A homeowner pays the deposit, at 375 px and 1280 px: on the accepted quote's page they tap "Pay the $X deposit",
// land on the checkout (a loopback stand-in for Stripe's, tests/support/stripe-stand-in.ts), tap Pay, come back to
// the quote, which says "confirming" until Stripe's signed event arrives, and "paid" once it has. Then the owner sees
// a deposit paid online with no form to record it again, its dispute in Money, and, the dispute lost, records the
// check the homeowner pays instead (issue 64). A server of its own, with Stripe's settings pointed at the stand-in.
import { expect, test, type Page } from "@playwright/test";
import { openEstimateStore } from "../../server/requests/estimate-store.ts";
import { dollarsInput, formatCents } from "../../server/quotes/money.ts";
import { acceptOnline, homeownerPost } from "../support/homeowner-post.ts";
import { seedQuote } from "../support/seed-quote.ts";
import { startStripeStandIn, type StripeStandIn } from "../support/stripe-stand-in.ts";
import { addAuthenticator, enrol, ownServer } from "./owner-support";

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
async function acceptedQuote(): Promise<{ link: string; deposit: string; cents: number; quoteId: number }> {
  const { token, quoteId } = seedQuote(own.server.dataDir ?? "");
  const link = `${own.server.origin}/quote/${token}`;
  const accepted = await acceptOnline(link);
  expect(accepted.status).toBe(303);
  const store = openEstimateStore({ dataDir: own.server.dataDir });
  try {
    const cents = store.quotes.acceptance(quoteId)?.deposit_cents ?? 0;
    return { link, deposit: formatCents(cents), cents, quoteId };
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

/** A figure at the top of Money ("Paid", "Disputed"). */
const figure = (page: Page, label: string) =>
  page
    .locator("dl > div")
    .filter({ has: page.locator("dt > span:first-child", { hasText: new RegExp(`^${label}$`) }) })
    .locator("dd");

test("the owner sees a deposit paid online with no form to record it again, then its dispute in Money", async ({
  page,
}, info) => {
  page.setDefaultTimeout(15_000);
  const width = page.viewportSize()?.width ?? 0;
  const q = await acceptedQuote();
  // The homeowner pays by card on Stripe's page; Stripe's signed event follows.
  const pay = await homeownerPost(q.link, { intent: "pay" });
  const sessionId = (pay.headers.get("location") ?? "").split("/").pop() ?? "";
  expect(await stripe.payOnPage(sessionId)).toBe(303);
  expect(await stripe.deliverQueued()).toEqual([200]);

  await addAuthenticator(page);
  await enrol(page, "Phone", own.server);
  await page.goto(`${own.server.origin}/owner/quotes/${q.quoteId}`);
  const deposits = page
    .locator("section, div")
    .filter({ has: page.getByRole("heading", { name: "Deposits received" }) })
    .last();
  await expect(deposits.getByRole("list", { name: "Paid on the site" })).toContainText(
    `${q.deposit} by card on the site: paid`,
  );
  await expect(deposits).toContainText(`The deposit of ${q.deposit} is paid.`);
  await expect(page.getByRole("button", { name: "Record a deposit received" })).toHaveCount(0);
  await deposits.scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath(`quote-deposit-paid-${width}.png`) });

  // The homeowner's bank disputes the card payment.
  const dispute = {
    id: `dp_${sessionId}`,
    object: "dispute",
    payment_intent: `pi_${sessionId.slice(3)}`,
    charge: `ch_${sessionId}`,
    amount: q.cents,
    currency: "usd",
    status: "needs_response",
  };
  expect((await stripe.deliver(stripe.event("charge.dispute.created", dispute))).status).toBe(200);
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Money" }).click();
  await expect(figure(page, "Disputed")).toHaveText(q.deposit);
  const row = page
    .getByRole("list", { name: /^Payments in / })
    .getByRole("listitem")
    .filter({ hasText: "Disputed" });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(q.deposit);
  await expect(row).toContainText("card");
  await expect(row).toContainText("holds the money until it decides: not counted as paid. Net $0.00.");
  await row.scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath(`money-disputed-${width}.png`), fullPage: true });

  // The bank decides for the homeowner: the money goes out, the deposit is owed again, and the owner records the
  // check they pay instead, on the quote's own form.
  const lost = stripe.event("charge.dispute.closed", { ...dispute, status: "lost" });
  expect((await stripe.deliver(lost)).status).toBe(200);
  await page.reload();
  await expect(figure(page, "Disputed")).toHaveCount(0);
  await expect(
    page
      .getByRole("list", { name: /^Payments in / })
      .getByRole("listitem")
      .filter({ hasText: "Dispute lost" }),
  ).toContainText("the money went back. Net $0.00.");
  await page.goto(`${own.server.origin}/owner/quotes/${q.quoteId}`);
  await expect(page.getByText("dispute lost: the money went back")).toBeVisible();
  const amount = page.getByLabel("Amount ($)");
  await expect(amount).toHaveValue(dollarsInput(q.cents));
  await amount.fill(dollarsInput(q.cents + 100));
  await page.getByRole("button", { name: "Record a deposit received" }).click();
  // Refused at the field, what was typed kept.
  await expect(page.getByRole("alert")).toHaveText(
    `${formatCents(q.cents + 100)} is more than the ${q.deposit} still owed on the deposit. Nothing was recorded.`,
  );
  await expect(page.getByLabel("Amount ($)")).toHaveValue(dollarsInput(q.cents + 100));
  await page.getByLabel("Amount ($)").fill(dollarsInput(q.cents));
  await page.getByRole("button", { name: "Record a deposit received" }).click();
  await expect(page.getByText("Deposit recorded.")).toBeVisible();
  await expect(page.getByText(`The deposit of ${q.deposit} is paid.`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Record a deposit received" })).toHaveCount(0);
});
