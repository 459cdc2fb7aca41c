// The one place the site talks to Stripe from (decision 0040): the API version pinned, so an SDK update cannot change
// the shape of what the webhook reads; the keys from the server's settings. No keys, no client: payments stay off.
import { createRequire } from "node:module";
import type Stripe from "stripe";
import type { Config } from "../config.ts";

/** The API version every request and every webhook endpoint we register is read with (stripe 23.1.0's own). */
export const STRIPE_API_VERSION = "2026-10-28.endive";

export type StripeSettings = Pick<Config, "STRIPE_SECRET_KEY" | "STRIPE_WEBHOOK_SECRET" | "STRIPE_API_BASE">;

/** Where Stripe's hosted Checkout pages live: the only addresses off the site a POST may redirect to. */
export const STRIPE_CHECKOUT_ORIGIN = "https://checkout.stripe.com";

export type StripeClient = { stripe: Stripe; webhookSecret: string; checkoutOrigins: string[] };

/** The settings Stripe needs that are missing: both or neither make sense. */
export function missingStripeSettings(env: Record<string, string | undefined>): string[] {
  return ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"].filter((name) => !env[name]?.trim());
}

export function createStripeClient(settings: StripeSettings): StripeClient | null {
  const key = settings.STRIPE_SECRET_KEY;
  const webhookSecret = settings.STRIPE_WEBHOOK_SECRET;
  if (!key || !webhookSecret) return null;
  const base = settings.STRIPE_API_BASE;
  const standIn = base
    ? `${base.protocol}://${base.host.includes(":") ? `[${base.host}]` : base.host}:${base.port}`
    : null;
  let stripe: Stripe | null = null;
  return {
    // The SDK is made at the first checkout, webhook or closing, not at the start: loaded, it is some 6 MB of the
    // heap on Node 24, which the idle server does not need (issue 65, memory at rest). Every use is in a try.
    get stripe() {
      stripe ??= new (stripeSdk())(key, {
        apiVersion: STRIPE_API_VERSION,
        // The homeowner waits on the POST: a slow Stripe gets a clean "try again", not a hung page.
        timeout: 15_000,
        telemetry: false,
        ...(base ? { host: base.host, port: base.port, protocol: base.protocol } : {}),
      });
      return stripe;
    },
    webhookSecret,
    checkoutOrigins: standIn ? [standIn] : [STRIPE_CHECKOUT_ORIGIN],
  };
}

/** The stripe package, loaded once; a package that cannot load is said in the server's log, in words. */
function stripeSdk(): typeof Stripe {
  try {
    return createRequire(import.meta.url)("stripe") as typeof Stripe;
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    console.error(`stripe: card payments cannot start: the stripe package did not load (${why}).`);
    throw new Error("Card payments cannot start: the stripe package did not load.", { cause: error });
  }
}
