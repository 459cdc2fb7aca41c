// POST /payments/stripe/webhook: Stripe's signed events. The body is read raw (no parser runs before this route,
// server/app.ts) and its Stripe-Signature checked before anything else: a bad, missing or stale one is a 400 in our
// words with nothing recorded. Then one transaction (record-event.ts), and a fast 200.
import express, { type Request, type Response } from "express";
import type Stripe from "stripe";
import type { PaymentsContext } from "./payments-context.ts";
import { recordEvent } from "./record-event.ts";

export const STRIPE_WEBHOOK_PATH = "/payments/stripe/webhook";

/**
 * Stripe's events are a few kilobytes (a checkout session's, with its metadata, about 3 KB here); a body past this
 * is not one, and is refused before it is read (tests/server/webhook-flood.test.ts).
 */
const MAX_BODY = "64kb";

function answer(res: Response, status: number, text: string) {
  res.status(status).set({ "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" }).end(`${text}\n`);
}

export function stripeWebhook(ctx: PaymentsContext) {
  const raw = express.raw({ type: () => true, limit: MAX_BODY });
  return [
    raw,
    async (req: Request, res: Response) => {
      const client = ctx.client;
      if (!client) return answer(res, 404, "Payments are not set up on this site.");
      const signature = req.get("stripe-signature");
      const body: unknown = req.body;
      if (!signature || !Buffer.isBuffer(body)) return answer(res, 400, "That is not a signed event.");
      let event: Stripe.Event;
      try {
        // Stripe's 300-second tolerance, on the real clock: a signature's age is not the business's time.
        event = client.stripe.webhooks.constructEvent(body, signature, client.webhookSecret);
      } catch {
        return answer(res, 400, "That event's signature does not check out.");
      }
      try {
        const outcome = await recordEvent(ctx, event);
        answer(res, 200, outcome === "repeat" ? "Seen before." : "Recorded.");
      } catch (error) {
        // Stripe delivers it again later; nothing of it was kept.
        console.error(`stripe: event ${event.id} (${event.type}) not recorded: ${(error as Error).message}`);
        answer(res, 500, "Not recorded; send it again later.");
      }
    },
  ] as const;
}
