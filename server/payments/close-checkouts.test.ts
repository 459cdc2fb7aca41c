// Closing the homeowner's open checkout pages before the owner records money by hand (issue 64): a page Stripe
// expires is closed here too; one Stripe cannot expire because it was paid stays open here until its event, so the
// record waits; Stripe unreachable is a refusal in words, and nothing is closed.
import { afterEach, describe, expect, it } from "vitest";
import type Stripe from "stripe";
import { quoteFixture, type Fixture } from "../quotes/quote.fixture.ts";
import { PaymentRefusal } from "./checkout-session.ts";
import { closeCheckouts } from "./close-checkouts.ts";
import { paymentsContext } from "./payments-context.ts";
import type { StripeClient } from "./stripe-client.ts";

let f: Fixture | undefined;
afterEach(() => f?.close());

/** An accepted quote with the deposit's checkout page open (a Pay tapped, nothing paid yet). */
function openDeposit(fx: Fixture) {
  const { quoteId } = fx.draft();
  fx.quotes.send(quoteId, { ip: null, userAgent: null });
  fx.quotes.accept(
    fx.link(quoteId),
    { optionKey: "a", addonKeys: [], name: "Dana Whitfield", consent: true, pamphlet: true, version: 1 },
    { ip: null, userAgent: null, inHome: false },
  );
  const acceptance = fx.store.quotes.acceptance(quoteId);
  fx.store.payments.addSession({
    quoteId,
    acceptanceId: acceptance?.id ?? 0,
    cents: acceptance?.deposit_cents ?? 1,
    providerSessionId: `cs_test_${quoteId}`,
    url: "https://checkout.stripe.com/c/pay/cs_test",
    expiresAt: new Date(fx.clock.at.getTime() + 86_400_000).toISOString(),
    idempotencyKey: `deposit:${quoteId}:0:0`,
  });
  return quoteId;
}

/** A Stripe client whose expire and retrieve answer as told. */
function client(answers: { expire: () => Promise<string>; retrieve: () => Promise<string> }): StripeClient {
  const sessions = {
    expire: async () => ({ status: await answers.expire() }),
    retrieve: async () => ({ status: await answers.retrieve() }),
  };
  return {
    stripe: { checkout: { sessions } } as unknown as Stripe,
    webhookSecret: "whsec_test",
    checkoutOrigins: ["https://checkout.stripe.com"],
  };
}

function context(fx: Fixture, stripe: StripeClient) {
  return paymentsContext({
    store: fx.store,
    quotes: fx.quotes,
    client: stripe,
    now: () => fx.clock.at,
    siteUrl: "https://chimney.example",
    ownerAddress: () => null,
    mail: false,
  });
}

const refused = () => Promise.reject(new Error('Only Checkout Sessions with a status in ["open"] can be expired.'));

describe("closeCheckouts", () => {
  it("closes a page Stripe expired, so the owner's record may go on", async () => {
    const fx = (f = quoteFixture());
    const quoteId = openDeposit(fx);
    await closeCheckouts(context(fx, client({ expire: async () => "expired", retrieve: refused })), quoteId, null);
    expect(fx.store.payments.openSessions(quoteId, null)).toEqual([]);
  });

  it("leaves open a page Stripe could not expire because it was paid: the record waits for its event", async () => {
    const fx = (f = quoteFixture());
    const quoteId = openDeposit(fx);
    await closeCheckouts(context(fx, client({ expire: refused, retrieve: async () => "complete" })), quoteId, null);
    expect(fx.store.payments.openSessions(quoteId, null)).toHaveLength(1);
    expect(() =>
      fx.quotes.recordPayment(quoteId, { cents: 100, method: "check", receivedOn: "2026-11-30", note: "" }),
    ).toThrow("The homeowner is paying the deposit on the site right now. Look again in a few minutes.");
    expect(fx.store.quotes.payments(quoteId)).toEqual([]);
  });

  it("refuses in words when Stripe cannot be reached, and closes nothing", async () => {
    const fx = (f = quoteFixture());
    const quoteId = openDeposit(fx);
    const down = () => Promise.reject(new Error("connect ECONNREFUSED"));
    const errors: unknown[] = [];
    const log = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      const closing = closeCheckouts(context(fx, client({ expire: down, retrieve: down })), quoteId, null);
      await expect(closing).rejects.toBeInstanceOf(PaymentRefusal);
      await expect(closing).rejects.toMatchObject({
        status: 502,
        message:
          "We could not reach our card processor to close the payment page the homeowner opened. Try again in a minute.",
      });
    } finally {
      console.error = log;
    }
    expect(errors).toHaveLength(1);
    expect(fx.store.payments.openSessions(quoteId, null)).toHaveLength(1);
  });

  it("counts a page past its end as closed, after five minutes' grace for the clocks", () => {
    const fx = (f = quoteFixture());
    const quoteId = openDeposit(fx);
    fx.clock.at = new Date(fx.clock.at.getTime() + 86_400_000 + 4 * 60_000);
    expect(fx.store.payments.openSessions(quoteId, null)).toHaveLength(1);
    fx.clock.at = new Date(fx.clock.at.getTime() + 2 * 60_000);
    expect(fx.store.payments.openSessions(quoteId, null)).toEqual([]);
  });
});
