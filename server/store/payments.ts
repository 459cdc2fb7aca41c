// Deposits and invoices paid on the site (migrations 12 and 13, decisions 0040 and 0042): the checkout sessions the server made, the provider's
// events seen (by id: a second delivery changes nothing), and the card or bank payments. A payment moves only
// forward, each move one conditional UPDATE, so events arriving in any order, or twice at once, end in one state.
import type { Db } from "../db/database.ts";

export type CheckoutSessionRow = {
  id: number;
  quote_id: number;
  acceptance_id: number;
  purpose: PaymentPurpose;
  /** The invoice paid, for purpose "invoice"; null for a deposit. */
  invoice_id: number | null;
  cents: number;
  provider_session_id: string;
  state: "open" | "complete" | "expired";
  url: string;
  expires_at: string;
  idempotency_key: string;
  created_at: string;
};

export type PaymentPurpose = "deposit" | "invoice";

export type OnlinePaymentState = "pending" | "paid" | "failed" | "refunded";

export type OnlinePaymentRow = {
  id: number;
  quote_id: number;
  session_id: number;
  purpose: PaymentPurpose;
  invoice_id: number | null;
  provider_payment_id: string;
  cents: number;
  method: "card" | "bank";
  state: OnlinePaymentState;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
  failed_at: string | null;
  refunded_cents: number;
  disputed_at: string | null;
  /** A dispute by the homeowner's bank (migration 18): open until Stripe closes it won or lost; null when none. */
  dispute_state: DisputeState | null;
  dispute_closed_at: string | null;
};

export type DisputeState = "open" | "won" | "lost";

/**
 * A payment's state as money (the books, the invoices' figures, the pages): its state, unless a dispute is open
 * ("disputed": the bank holds the money until it decides) or was lost ("lost": the money went back). A dispute won
 * leaves the payment as it was: paid again.
 */
export type MoneyState = OnlinePaymentState | "disputed" | "lost";

export function moneyState(p: Pick<OnlinePaymentRow, "state" | "dispute_state">): MoneyState {
  if (p.dispute_state === "open") return "disputed";
  if (p.dispute_state === "lost") return "lost";
  return p.state;
}

/** The moves a payment may make: anything else (a late "pending" after "paid") is left as it is. */
const MOVES: Record<OnlinePaymentState, readonly OnlinePaymentState[]> = {
  pending: [],
  paid: ["pending"],
  failed: ["pending"],
  refunded: ["paid"],
};

/** How long past its end a session still counts as open: Stripe's clock and ours may differ by this much. */
const SESSION_GRACE_MS = 5 * 60_000;

export function createPaymentStore(db: Db, now: () => Date) {
  const iso = () => now().toISOString();
  const insertSession = db.prepare(
    `INSERT INTO checkout_sessions (quote_id, acceptance_id, purpose, invoice_id, cents, provider_session_id, url,
       expires_at, idempotency_key, created_at)
     VALUES (@quoteId, @acceptanceId, CASE WHEN @invoiceId IS NULL THEN 'deposit' ELSE 'invoice' END, @invoiceId,
       @cents, @providerSessionId, @url, @expiresAt, @idempotencyKey, @at)
     ON CONFLICT (provider_session_id) DO NOTHING`,
  );
  // A deposit's sessions and payments are the quote's with no invoice; an invoice's carry its id.
  const openSessionStmt = db.prepare<[number, number | null, number, string], CheckoutSessionRow>(
    `SELECT * FROM checkout_sessions WHERE quote_id = ? AND invoice_id IS ? AND cents = ? AND state = 'open'
       AND expires_at > ?
     ORDER BY id DESC LIMIT 1`,
  );
  const sessionCountStmt = db.prepare<[number, number | null], { n: number }>(
    "SELECT count(*) AS n FROM checkout_sessions WHERE quote_id = ? AND invoice_id IS ?",
  );
  const sessionByProviderStmt = db.prepare<[string], CheckoutSessionRow>(
    "SELECT * FROM checkout_sessions WHERE provider_session_id = ?",
  );
  const sessionStateStmt = db.prepare("UPDATE checkout_sessions SET state = ? WHERE id = ? AND state = 'open'");
  const insertEvent = db.prepare(
    "INSERT INTO provider_events (event_id, type, received_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
  );
  const insertPayment = db.prepare(
    `INSERT INTO online_payments (quote_id, session_id, purpose, invoice_id, provider_payment_id, cents, method, state,
       created_at, updated_at, paid_at, failed_at)
     VALUES (@quoteId, @sessionId, CASE WHEN @invoiceId IS NULL THEN 'deposit' ELSE 'invoice' END, @invoiceId,
       @providerPaymentId, @cents, @method, @state, @at, @at,
       CASE WHEN @state = 'paid' THEN @at END, CASE WHEN @state = 'failed' THEN @at END)
     ON CONFLICT DO NOTHING`,
  );
  const paymentBySessionStmt = db.prepare<[number], OnlinePaymentRow>(
    "SELECT * FROM online_payments WHERE session_id = ?",
  );
  const paymentByProviderStmt = db.prepare<[string], OnlinePaymentRow>(
    "SELECT * FROM online_payments WHERE provider_payment_id = ?",
  );
  // One statement per target state, its allowed starting states written in (MOVES is ours, not input).
  const moveStmts = new Map(
    (Object.keys(MOVES) as OnlinePaymentState[]).map((to) => [
      to,
      db.prepare(
        `UPDATE online_payments SET state = @to, updated_at = @at,
           paid_at = CASE WHEN @to = 'paid' THEN @at ELSE paid_at END,
           failed_at = CASE WHEN @to = 'failed' THEN @at ELSE failed_at END
         WHERE id = @id AND state IN (${MOVES[to].map((from) => `'${from}'`).join(", ")})`,
      ),
    ]),
  );
  const refundStmt = db.prepare(
    `UPDATE online_payments SET refunded_cents = @cents, updated_at = @at,
       state = CASE WHEN @cents >= cents AND state = 'paid' THEN 'refunded' ELSE state END
     WHERE id = @id AND refunded_cents < @cents`,
  );
  // A dispute moves only forward: none -> open -> won or lost, or none -> won or lost when the closing event comes
  // first. A late "created" after "closed" finds it closed and changes nothing.
  const disputeOpenStmt = db.prepare(
    `UPDATE online_payments SET dispute_state = 'open', disputed_at = COALESCE(disputed_at, @at), updated_at = @at
     WHERE id = @id AND dispute_state IS NULL`,
  );
  const disputeCloseStmt = db.prepare(
    `UPDATE online_payments SET dispute_state = @outcome, disputed_at = COALESCE(disputed_at, @at),
       dispute_closed_at = @at, updated_at = @at
     WHERE id = @id AND (dispute_state IS NULL OR dispute_state = 'open')`,
  );
  // Open for the homeowner to pay on: open here and not past its end (a few minutes' grace for the clocks).
  const openSessionsStmt = db.prepare<[number, number | null, string], CheckoutSessionRow>(
    `SELECT * FROM checkout_sessions WHERE quote_id = ? AND invoice_id IS ? AND state = 'open' AND expires_at > ?
     ORDER BY id`,
  );
  const forQuoteStmt = db.prepare<[number], OnlinePaymentRow>(
    "SELECT * FROM online_payments WHERE quote_id = ? AND invoice_id IS NULL ORDER BY id",
  );
  const forInvoiceStmt = db.prepare<[number], OnlinePaymentRow>(
    "SELECT * FROM online_payments WHERE invoice_id = ? ORDER BY id",
  );
  const getStmt = db.prepare<[number], OnlinePaymentRow>("SELECT * FROM online_payments WHERE id = ?");

  return {
    /** The newest open session for this deposit (or invoice) still good at `until`, to send the homeowner back to. */
    openSession(quoteId: number, cents: number, until: Date, invoiceId: number | null = null) {
      return openSessionStmt.get(quoteId, invoiceId, cents, until.toISOString());
    },
    /** How many sessions this deposit (or invoice) ever had: the next one's idempotency key counts from it. */
    sessionCount(quoteId: number, invoiceId: number | null = null): number {
      return sessionCountStmt.get(quoteId, invoiceId)?.n ?? 0;
    },
    /** Keeps a session made (a twin that got the same one from the provider's idempotency adds nothing). */
    addSession(row: {
      quoteId: number;
      acceptanceId: number;
      cents: number;
      providerSessionId: string;
      url: string;
      expiresAt: string;
      idempotencyKey: string;
      invoiceId?: number | null;
    }): void {
      insertSession.run({ invoiceId: null, ...row, at: iso() });
    },
    sessionByProvider(providerSessionId: string): CheckoutSessionRow | undefined {
      return sessionByProviderStmt.get(providerSessionId);
    },
    closeSession(id: number, state: "complete" | "expired"): boolean {
      return sessionStateStmt.run(state, id).changes > 0;
    },
    /** Notes an event as seen; false when it was seen before (a repeat delivery: do nothing). */
    firstSight(eventId: string, type: string): boolean {
      return insertEvent.run(eventId, type, iso()).changes > 0;
    },
    /** The payment a session became, made on its first event; the existing one when there is one. */
    paymentFor(row: {
      quoteId: number;
      sessionId: number;
      providerPaymentId: string;
      cents: number;
      method: OnlinePaymentRow["method"];
      state: OnlinePaymentState;
      invoiceId?: number | null;
    }): { payment: OnlinePaymentRow; created: boolean } {
      const created = insertPayment.run({ invoiceId: null, ...row, at: iso() }).changes > 0;
      const payment = paymentBySessionStmt.get(row.sessionId) ?? paymentByProviderStmt.get(row.providerPaymentId);
      if (!payment) throw new Error("the payment was neither made nor found");
      return { payment, created };
    },
    paymentBySession(sessionId: number): OnlinePaymentRow | undefined {
      return paymentBySessionStmt.get(sessionId);
    },
    paymentByProvider(providerPaymentId: string): OnlinePaymentRow | undefined {
      return paymentByProviderStmt.get(providerPaymentId);
    },
    /** Moves a payment forward to `to`; false when it was not in a state that moves there. */
    move(id: number, to: OnlinePaymentState): boolean {
      return (moveStmts.get(to)?.run({ id, to, at: iso() }).changes ?? 0) > 0;
    },
    /** Records the total refunded so far; false when it was known already. */
    refunded(id: number, cents: number): boolean {
      return refundStmt.run({ id, cents, at: iso() }).changes > 0;
    },
    /** Notes a dispute opened; false when one was known already (open, or closed by an earlier event). */
    disputeOpened(id: number): boolean {
      return disputeOpenStmt.run({ id, at: iso() }).changes > 0;
    },
    /** Notes a dispute closed, won or lost; false when it was closed already. */
    disputeClosed(id: number, outcome: "won" | "lost"): boolean {
      return disputeCloseStmt.run({ id, outcome, at: iso() }).changes > 0;
    },
    /**
     * The sessions of this deposit (or invoice) a homeowner may still pay on: open here and not past their end, less
     * `graceMs` for the clocks (Stripe's and ours).
     */
    openSessions(quoteId: number, invoiceId: number | null, graceMs = SESSION_GRACE_MS): CheckoutSessionRow[] {
      return openSessionsStmt.all(quoteId, invoiceId, new Date(now().getTime() - graceMs).toISOString());
    },
    get(id: number): OnlinePaymentRow | undefined {
      return getStmt.get(id);
    },
    /** A quote's deposit payments (an invoice's are under forInvoice). */
    forQuote(quoteId: number): OnlinePaymentRow[] {
      return forQuoteStmt.all(quoteId);
    },
    forInvoice(invoiceId: number): OnlinePaymentRow[] {
      return forInvoiceStmt.all(invoiceId);
    },
  };
}

export type PaymentStore = ReturnType<typeof createPaymentStore>;
