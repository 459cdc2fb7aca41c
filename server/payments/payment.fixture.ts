// Tests only: an accepted quote with a deposit paid by card on the site at the fixture's clock, written through the
// payment store as the webhook's transaction writes it (server/payments/record-event.ts).
import type { Fixture } from "../quotes/quote.fixture.ts";
import type { OnlinePaymentState } from "../store/payments.ts";

export function paidDeposit(fx: Fixture, { state = "paid" }: { state?: OnlinePaymentState } = {}) {
  const { estimateId, quoteId } = fx.draft();
  fx.quotes.send(quoteId, { ip: null, userAgent: null });
  fx.quotes.accept(
    fx.link(quoteId),
    { optionKey: "a", addonKeys: [], name: "Dana Whitfield", consent: true, pamphlet: true, version: 1 },
    { ip: "203.0.113.9", userAgent: "Mobile Safari", inHome: false },
  );
  const acceptance = fx.store.quotes.acceptance(quoteId);
  if (!acceptance) throw new Error("not accepted");
  const cents = acceptance.deposit_cents;
  const sessionId = `cs_test_${quoteId}`;
  fx.store.payments.addSession({
    quoteId,
    acceptanceId: acceptance.id,
    cents,
    providerSessionId: sessionId,
    url: `https://checkout.stripe.com/c/pay/${sessionId}`,
    expiresAt: new Date(fx.clock.at.getTime() + 86_400_000).toISOString(),
    idempotencyKey: `deposit:${quoteId}:0:0`,
  });
  const session = fx.store.payments.sessionByProvider(sessionId);
  if (!session) throw new Error("no session");
  fx.store.payments.closeSession(session.id, "complete");
  const { payment } = fx.store.payments.paymentFor({
    quoteId,
    sessionId: session.id,
    providerPaymentId: `pi_test_${quoteId}`,
    cents,
    method: "card",
    state,
  });
  fx.store.payments.firstSight(`evt_test_${quoteId}`, "checkout.session.completed");
  return { estimateId, quoteId, acceptance, session, payment, cents };
}
