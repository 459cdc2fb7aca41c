import { describe, expect, it } from "vitest";
import { configSchema } from "../config.ts";
import { createStripeClient, missingStripeSettings, STRIPE_CHECKOUT_ORIGIN } from "./stripe-client.ts";

const settings = (env: Record<string, string>) => configSchema.parse(env);

describe("the Stripe client", () => {
  it("is made only with both the secret key and the webhook's secret", () => {
    expect(createStripeClient(settings({}))).toBeNull();
    expect(createStripeClient(settings({ STRIPE_SECRET_KEY: "rk_test_x" }))).toBeNull();
    expect(createStripeClient(settings({ STRIPE_WEBHOOK_SECRET: "whsec_x" }))).toBeNull();
    const client = createStripeClient(settings({ STRIPE_SECRET_KEY: "rk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_x" }));
    expect(client?.checkoutOrigins).toEqual([STRIPE_CHECKOUT_ORIGIN]);
    expect(missingStripeSettings({ STRIPE_SECRET_KEY: " " })).toEqual(["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"]);
  });

  it("points at a stand-in only on a loopback address, and redirects only there then", () => {
    const env = { STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_x" };
    const local = createStripeClient(settings({ ...env, STRIPE_API_BASE: "http://127.0.0.1:12111" }));
    expect(local?.checkoutOrigins).toEqual(["http://127.0.0.1:12111"]);
    for (const base of [
      "http://api.stripe.test:12111",
      "https://10.0.0.5:443",
      "http://127.0.0.1.evil.example:80",
      "http://127.0.0.1:12111/v1",
      "file:///tmp/x",
    ]) {
      expect(configSchema.safeParse({ ...env, STRIPE_API_BASE: base }).success, base).toBe(false);
    }
  });
});
