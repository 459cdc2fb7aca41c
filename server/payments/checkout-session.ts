// A Stripe Checkout session for an amount the server took from a frozen document (a deposit's, an invoice's), never
// from the browser. An open session for the same amount is handed out again instead of a second; a new one is made
// with an idempotency key counted from the document's sessions, so two taps at once get the one session from Stripe.
import type Stripe from "stripe";
import type { PaymentsContext } from "./payments-context.ts";

/** A POST that cannot go on to a checkout, with the words for the homeowner. */
export class PaymentRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** A session with less than this left is not handed out again: the homeowner needs time to type a card. */
const REUSE_MARGIN_MS = 15 * 60_000;
/** A key whose create failed is refused by Stripe for 24 hours: a new hour gives the homeowner a new try. */
const KEY_PERIOD_MS = 3_600_000;

export type CheckoutFor = {
  quoteId: number;
  acceptanceId: number;
  /** Null for a deposit. */
  invoiceId: number | null;
  cents: number;
  /** "deposit" or "invoice": the key's and the metadata's first word. */
  purpose: "deposit" | "invoice";
  /** The line the homeowner sees on Stripe's page. */
  name: string;
  /** The homeowner's page to come back to. */
  page: string;
  reference: string;
  email: string;
  /**
   * Whether `cents` is still what can be paid, asked again in the transaction that keeps the session: the owner may
   * have recorded a check while Stripe made it. A session kept is one his records then wait for (close-checkouts.ts).
   */
  stillPayable: () => boolean;
  /** The words when it is not. */
  notPayable: string;
};

export async function checkoutSessionUrl(ctx: PaymentsContext, c: CheckoutFor): Promise<string> {
  const { client, store, now } = ctx;
  if (!client) throw new PaymentRefusal(404, "Paying online is not available. Call us to pay.");
  const open = store.payments.openSession(c.quoteId, c.cents, new Date(now().getTime() + REUSE_MARGIN_MS), c.invoiceId);
  if (open) return open.url;
  const owner = c.invoiceId ?? c.quoteId;
  const key = `${c.purpose}:${owner}:${store.payments.sessionCount(c.quoteId, c.invoiceId)}:${Math.floor(now().getTime() / KEY_PERIOD_MS)}`;
  const params: Stripe.Checkout.SessionCreateParams = {
    mode: "payment",
    allowed_payment_method_types: ["card", "us_bank_account"],
    line_items: [
      { quantity: 1, price_data: { currency: "usd", unit_amount: c.cents, product_data: { name: c.name } } },
    ],
    success_url: `${c.page}?paid=1`,
    cancel_url: c.page,
    client_reference_id: c.invoiceId === null ? `quote-${c.quoteId}` : `invoice-${c.invoiceId}`,
    metadata: {
      quote_id: String(c.quoteId),
      purpose: c.purpose,
      ...(c.invoiceId !== null ? { invoice_id: String(c.invoiceId) } : {}),
    },
    ...(c.email ? { customer_email: c.email } : {}),
  };
  let session: Stripe.Checkout.Session;
  try {
    session = await client.stripe.checkout.sessions.create(params, { idempotencyKey: key });
  } catch (error) {
    console.error(`stripe: a checkout for ${c.reference} failed: ${(error as Error).message}`);
    throw new PaymentRefusal(502, "We could not reach our card processor. Try again in a minute, or call us.");
  }
  const offsite = session.url ? new URL(session.url).origin : null;
  if (!session.url || !client.checkoutOrigins.includes(offsite ?? "") || session.amount_total !== c.cents) {
    console.error(`stripe: checkout ${session.id} for ${c.reference} came back without the right amount`);
    throw new PaymentRefusal(502, "We could not start the payment. Try again in a minute, or call us.");
  }
  const kept = store.db
    .transaction(() => {
      if (!c.stillPayable()) return false;
      store.payments.addSession({
        quoteId: c.quoteId,
        acceptanceId: c.acceptanceId,
        invoiceId: c.invoiceId,
        cents: c.cents,
        providerSessionId: session.id,
        url: session.url ?? "",
        expiresAt: new Date(session.expires_at * 1000).toISOString(),
        idempotencyKey: key,
      });
      return true;
    })
    .immediate();
  if (!kept) {
    // Paid meanwhile by other means: the page Stripe made is closed, so no one pays on it (best effort: it was never
    // handed out).
    client.stripe.checkout.sessions.expire(session.id).catch((error: unknown) => {
      console.error(`stripe: checkout ${session.id}, not needed, could not be closed: ${(error as Error).message}`);
    });
    throw new PaymentRefusal(409, c.notPayable);
  }
  return session.url;
}
