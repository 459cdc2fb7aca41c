// "Pay the deposit": a Stripe Checkout session for what the acceptance froze, never an amount from the browser. An
// open session for the same deposit is handed out again instead of a second; a new one is made with an idempotency
// key counted from the quote's sessions, so two taps at once get the one session from Stripe.
import type Stripe from "stripe";
import { acceptedQuote, type PaymentsContext } from "./payments-context.ts";
import { depositOwed } from "./deposit-status.ts";

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

/** The Checkout page's address for this quote's deposit; `token` is the homeowner's link the page was opened with. */
export async function depositCheckoutUrl(ctx: PaymentsContext, quoteId: number, token: string): Promise<string> {
  const { client, store, now, origin } = ctx;
  if (!client) throw new PaymentRefusal(404, "Paying online is not available. Call us to pay the deposit.");
  const owed = depositOwed(ctx, quoteId);
  if (!owed) {
    const accepted = acceptedQuote(ctx, quoteId);
    throw new PaymentRefusal(
      409,
      accepted ? "There is no deposit to pay here now." : "Accept the quote first; the deposit is due once you do.",
    );
  }
  const open = store.payments.openSession(quoteId, owed.cents, new Date(now().getTime() + REUSE_MARGIN_MS));
  if (open) return open.url;
  const page = `${origin}/quote/${token}`;
  const key = `deposit:${quoteId}:${store.payments.sessionCount(quoteId)}:${Math.floor(now().getTime() / KEY_PERIOD_MS)}`;
  const { version, quote, acceptance } = owed;
  const params: Stripe.Checkout.SessionCreateParams = {
    mode: "payment",
    allowed_payment_method_types: ["card", "us_bank_account"],
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: "usd",
          unit_amount: owed.cents,
          product_data: { name: `Deposit, quote ${version.reference}` },
        },
      },
    ],
    success_url: `${page}?paid=1`,
    cancel_url: page,
    client_reference_id: `quote-${quote.id}`,
    metadata: { quote_id: String(quote.id), purpose: "deposit" },
    ...(version.customer.email ? { customer_email: version.customer.email } : {}),
  };
  let session: Stripe.Checkout.Session;
  try {
    session = await client.stripe.checkout.sessions.create(params, { idempotencyKey: key });
  } catch (error) {
    console.error(`stripe: a checkout for quote ${quote.reference} failed: ${(error as Error).message}`);
    throw new PaymentRefusal(502, "We could not reach our card processor. Try again in a minute, or call us.");
  }
  const offsite = session.url ? new URL(session.url).origin : null;
  if (!session.url || !client.checkoutOrigins.includes(offsite ?? "") || session.amount_total !== owed.cents) {
    console.error(`stripe: checkout ${session.id} for quote ${quote.reference} came back without the right amount`);
    throw new PaymentRefusal(502, "We could not start the payment. Try again in a minute, or call us.");
  }
  store.payments.addSession({
    quoteId: quote.id,
    acceptanceId: acceptance.id,
    cents: owed.cents,
    providerSessionId: session.id,
    url: session.url,
    expiresAt: new Date(session.expires_at * 1000).toISOString(),
    idempotencyKey: key,
  });
  return session.url;
}
