// Deposits paid on the site (decision 0040), put together: the homeowner's page reads `view`, its Pay button calls
// `checkoutUrl`, Stripe's events come in through `webhook`, and the outbox composes the homeowner's mail with
// `composers`. Each step is a module of its own over payments-context.ts.
import { paymentsContext, type PaymentsOptions } from "./payments-context.ts";
import { depositCheckoutUrl, PaymentRefusal } from "./deposit-checkout.ts";
import { depositView } from "./deposit-status.ts";
import { paymentComposers } from "./payment-mail.ts";
import { stripeWebhook } from "./stripe-webhook.ts";

export function createPayments(options: PaymentsOptions) {
  const ctx = paymentsContext(options);
  return {
    /** The refusal class, for `instanceof` in the routes (the app's bundle has its own copy of this module). */
    PaymentRefusal,
    /** Whether deposits can be paid here (both Stripe settings given). */
    enabled: ctx.client !== null,
    /** Where the Pay button's 303 may lead off the site (server/http/http-guards.ts guardLocations). */
    checkoutOrigins: ctx.client?.checkoutOrigins ?? [],
    view: (quoteId: number, returned: boolean) => depositView(ctx, quoteId, returned),
    checkoutUrl: (quoteId: number, token: string) => depositCheckoutUrl(ctx, quoteId, token),
    webhook: () => stripeWebhook(ctx),
    composers: paymentComposers(ctx),
  };
}

export type Payments = ReturnType<typeof createPayments>;
