// Before the owner records money by hand (or sends the invoice that takes the deposit over), the Stripe Checkout pages
// still open for that deposit or invoice are closed at Stripe, so none of them can take the same money afterwards.
// Stripe decides the race between the homeowner's payment and the close: a session it expired can no longer be paid,
// and one it could not expire was paid (its event is on its way). The record itself is checked again in its own
// transaction, which refuses while any session of that document is still open here.
import { PaymentRefusal } from "./checkout-session.ts";
import type { PaymentsContext } from "./payments-context.ts";

/** The callers add "Nothing was recorded." (or sent). */
const UNREACHABLE =
  "We could not reach our card processor to close the payment page the homeowner opened. Try again in a minute.";

/** Closes this deposit's (invoiceId null) or invoice's open checkout pages at Stripe. Throws a PaymentRefusal. */
export async function closeCheckouts(ctx: PaymentsContext, quoteId: number, invoiceId: number | null): Promise<void> {
  const { client, store } = ctx;
  if (!client) return;
  for (const session of store.payments.openSessions(quoteId, invoiceId)) {
    let status: string | null;
    try {
      status = (await client.stripe.checkout.sessions.expire(session.provider_session_id)).status;
    } catch {
      // Not expirable: already complete (paid, or a bank payment started) or expired. Ask which.
      try {
        status = (await client.stripe.checkout.sessions.retrieve(session.provider_session_id)).status;
      } catch (error) {
        console.error(
          `stripe: checkout ${session.provider_session_id} could not be closed: ${(error as Error).message}`,
        );
        throw new PaymentRefusal(502, UNREACHABLE);
      }
    }
    // A complete one stays open here until its event records the payment; the record is refused meanwhile.
    if (status === "expired") store.payments.closeSession(session.id, "expired");
  }
}
