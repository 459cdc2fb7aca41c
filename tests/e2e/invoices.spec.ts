// The owner invoices a finished job and the homeowner pays it, at 375 px and 1280 px. The owner, signed in with a
// passkey on a phone (375 px), opens the accepted quote, taps "Make the invoice", adds a change order and taps "Send
// the invoice"; the homeowner opens the link in the e-mail, taps "Pay $X", pays on the checkout (the loopback stand-in
// for Stripe's), comes back to "Payment received, confirming…", and sees Paid once Stripe's signed event arrives. A
// server of its own, with a local mail server and Stripe's settings pointed at the stand-in.
import { expect, test } from "@playwright/test";
import { simpleParser } from "mailparser";
import { openEstimateStore } from "../../server/requests/estimate-store.ts";
import { acceptOnline } from "../support/homeowner-post.ts";
import { seedQuote } from "../support/seed-quote.ts";
import { startStripeStandIn, type StripeStandIn } from "../support/stripe-stand-in.ts";
import { startSmtp } from "../server/smtp";
import { addAuthenticator, enrol, ownServer } from "./owner-support";

const WEBHOOK_SECRET = "whsec_e2e_invoices";
const env: Record<string, string> = {
  STRIPE_SECRET_KEY: "sk_test_e2e",
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  NOTIFY_EMAIL: "owner@example.com",
};
const own = ownServer("invoices", env);
let stripe: StripeStandIn;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  stripe = await startStripeStandIn({ webhookSecret: WEBHOOK_SECRET });
  smtp = await startSmtp();
  env.STRIPE_API_BASE = stripe.url;
  env.SMTP_URL = smtp.url;
  env.SITE_URL = own.server.origin;
  await own.start();
  stripe.target(`http://127.0.0.1:${own.port}`);
});
test.afterAll(async () => {
  own.stop();
  await Promise.all([stripe?.close(), smtp?.close()]);
});

/** A quote accepted by the homeowner, its $250 deposit received by check. */
async function acceptedQuote(): Promise<{ quoteId: number; email: string }> {
  const { token, quoteId, estimateId } = seedQuote(own.server.dataDir ?? "");
  expect((await acceptOnline(`${own.server.origin}/quote/${token}`)).status).toBe(303);
  const store = openEstimateStore({ dataDir: own.server.dataDir });
  try {
    store.quotes.addPayment(quoteId, { cents: 25_000, method: "check", receivedOn: "2026-11-30", note: "" });
    return { quoteId, email: store.get(estimateId)?.email ?? "" };
  } finally {
    store.close();
  }
}

/** The link in the homeowner's invoice e-mail, once the outbox has sent it. */
async function invoiceLink(email: string): Promise<string> {
  for (let i = 0; i < 150; i++) {
    for (const m of smtp.received.filter((r) => r.to.includes(email))) {
      const mail = await simpleParser(m.raw);
      const link = /^Invoice INV-\d{4} from/.test(mail.subject ?? "")
        ? /http:\/\/\S+\/invoice\/[A-Za-z0-9_-]{32,64}/.exec(mail.text ?? "")?.[0]
        : undefined;
      if (link) return link;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("no invoice e-mail");
}

test("owner invoices the job at 375 px; the homeowner pays it and sees confirming, then Paid", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  page.setDefaultTimeout(15_000);
  const width = testInfo.project.name === "mobile" ? 375 : 1280;
  const { quoteId, email } = await acceptedQuote();

  // The owner, on the phone.
  await page.setViewportSize({ width: 375, height: 812 });
  await addAuthenticator(page);
  await enrol(page, "Phone", own.server);
  await page.goto(`${own.server.origin}/owner/quotes/${quoteId}`);
  await page.getByRole("button", { name: "Make the invoice" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Invoice (draft)" })).toBeVisible();
  await expect(page.getByText("Less deposit paid")).toBeVisible();
  await page.getByLabel("Description").fill("Replace the damper");
  await page.getByLabel("Unit price ($)").fill("385.50");
  await page.getByRole("button", { name: "Add the line" }).click();
  await expect(page.getByRole("status")).toHaveText("Line added.");
  await expect(page.getByText("Replace the damper")).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("owner-draft-375.png"), fullPage: true });
  await page.getByRole("button", { name: "Send the invoice" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Sent. The homeowner's e-mail goes out now, with the link to see and pay it.",
  );
  const heading = page.getByRole("heading", { level: 1, name: /^Invoice INV-\d{4}$/ });
  await expect(heading).toBeVisible();
  const number = ((await heading.textContent()) ?? "").replace("Invoice ", "");
  await expect(page.getByLabel("State")).toHaveText("Sent");
  await expect(page.getByRole("button", { name: "Record a payment" })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("owner-sent-375.png"), fullPage: true });

  // The homeowner, from the e-mail.
  const link = (await invoiceLink(email)).replace(/^http:\/\/[^/]+/, own.server.origin);
  await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: `Invoice ${number}` })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^Invoice ${number} \\| `));
  await expect(page.locator("script")).toHaveCount(0);
  const pay = page.getByRole("button", { name: /^Pay \$[\d,]+\.\d{2}$/ });
  await expect(pay).toBeVisible();
  expect((await pay.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
  const owed = ((await pay.textContent()) ?? "").replace("Pay ", "");
  await expect(page.locator("dl")).toContainText(`Owed${owed}`);
  await page.screenshot({ path: testInfo.outputPath(`invoice-${width}.png`), fullPage: true });
  await pay.click();

  await expect(page).toHaveURL(new RegExp(`^${stripe.url}/pay/cs_test_`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Pay ${owed.replace(/[$,]/g, "")} USD`);
  await page.getByRole("button", { name: "Pay" }).click();

  await expect(page).toHaveURL(`${link}?paid=1`);
  await expect(page.getByRole("status").filter({ hasText: "Payment received, confirming…" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Pay \$/ })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath(`confirming-${width}.png`), fullPage: true });

  expect(await stripe.deliverQueued()).toEqual([200]);
  await page.reload();
  await expect(page.getByRole("status").filter({ hasText: "Paid in full. Thank you." })).toBeVisible();
  await expect(page.getByText("Sent", { exact: false }).first()).toContainText("Paid");
  await expect(page.locator("dl")).toContainText("Owed$0.00");
  await expect(page.getByRole("button", { name: /^Pay \$/ })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath(`paid-${width}.png`), fullPage: true });
});
