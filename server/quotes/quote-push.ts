// The owner's pushes about quotes (accepted, declined, changes asked): queued as events in the transaction that made
// them, sent after it. A push is a hint; the e-mail and the console are the record.
import type { PushNotifier } from "../owner/push.ts";
import type { EstimateStore } from "../requests/estimate-store.ts";

/** The push's title for each event the owner is told of at once (deposits: server/payments/record-event.ts). */
const PUSH_TITLES: Partial<Record<string, string>> = {
  accepted: "Quote accepted",
  declined: "Quote declined",
  "changes requested": "Changes asked",
  "deposit pending": "Bank payment started",
  "deposit paid": "Deposit paid",
  "deposit failed": "Bank payment failed",
  "deposit refunded": "Deposit refunded",
  "deposit disputed": "Payment disputed",
  "deposit dispute won": "Dispute won",
  "deposit dispute lost": "Dispute lost",
  "deposit amount wrong": "Payment needs a look",
  "invoice pending": "Bank payment started",
  "invoice paid": "Invoice payment",
  "invoice failed": "Bank payment failed",
  "invoice refunded": "Invoice payment refunded",
  "invoice disputed": "Payment disputed",
  "invoice dispute won": "Dispute won",
  "invoice dispute lost": "Dispute lost",
  "invoice amount wrong": "Payment needs a look",
  "invoice opened": "Invoice opened",
};

type PushDeps = Pick<EstimateStore, "db" | "quotes" | "durable"> & { push: PushNotifier | null };

async function pushPending({ db, quotes, durable, push }: PushDeps) {
  if (!push) return;
  // Taken off the list in one write, then sent: a push is a hint, the e-mail and the console are the record. The
  // write's fsync runs off the event loop (it followed every payment event and acceptance on the loop before).
  const events = await durable.commit(
    db.transaction(() => {
      const pending = quotes.pendingPushes();
      for (const event of pending) quotes.pushed(event.id);
      return pending;
    }),
  );
  for (const event of events) {
    const q = quotes.get(event.quote_id);
    if (!q) continue;
    const title = PUSH_TITLES[event.kind] ?? "Changes asked";
    // Like a new request's push: no customer's name on a lock screen.
    await push.notify(
      { title, body: `${q.reference}${event.detail ? `, ${event.detail}` : ""}`, path: `/owner/quotes/${q.id}` },
      q.estimate_id,
    );
  }
}

/**
 * Sends the owner's pushes after the transaction that queued them (and any a stop left behind, at start): once per
 * turn of the event loop, however many acceptances that turn committed.
 */
export function pushFlusher(deps: PushDeps): () => void {
  let pushScheduled = false;
  return function flushPushes() {
    if (pushScheduled) return;
    pushScheduled = true;
    setImmediate(() => {
      pushScheduled = false;
      void pushPending(deps).catch((error: unknown) =>
        console.error(`quote push: ${error instanceof Error ? error.message : String(error)}`),
      );
    });
  };
}
