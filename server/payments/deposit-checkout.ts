// "Pay the deposit": a Stripe Checkout session (checkout-session.ts) for what the acceptance froze, never an amount
// from the browser.
import { acceptedQuote, type PaymentsContext } from "./payments-context.ts";
import { depositOwed } from "./deposit-status.ts";
import { checkoutSessionUrl, PaymentRefusal } from "./checkout-session.ts";

export { PaymentRefusal } from "./checkout-session.ts";

/** The Checkout page's address for this quote's deposit; `token` is the homeowner's link the page was opened with. */
export async function depositCheckoutUrl(ctx: PaymentsContext, quoteId: number, token: string): Promise<string> {
  if (!ctx.client) throw new PaymentRefusal(404, "Paying online is not available. Call us to pay the deposit.");
  const owed = depositOwed(ctx, quoteId);
  if (!owed) {
    const accepted = acceptedQuote(ctx, quoteId);
    throw new PaymentRefusal(
      409,
      accepted ? "There is no deposit to pay here now." : "Accept the quote first; the deposit is due once you do.",
    );
  }
  const { version, quote, acceptance } = owed;
  return checkoutSessionUrl(ctx, {
    quoteId: quote.id,
    acceptanceId: acceptance.id,
    invoiceId: null,
    cents: owed.cents,
    purpose: "deposit",
    name: `Deposit, quote ${version.reference}`,
    page: `${ctx.origin}/quote/${token}`,
    reference: `quote ${quote.reference}`,
    email: version.customer.email,
    stillPayable: () => depositOwed(ctx, quoteId)?.cents === owed.cents,
    notPayable: "There is no deposit to pay here now.",
  });
}
