// The mail outbox: one row per request and kind of e-mail, with its attempts and final state (decision 0005).
import type { Db } from "../db/database.ts";
import type { MailKind, OutboxItem, OutboxRow, QueueOptions } from "./types.ts";

/**
 * A document's follow-ups of one kind (a quote's, an invoice's reminders), under a key prefix: how many went, and
 * the keys of those still waiting (server/documents/follow-up-queue.ts).
 */
export function followUpCounter(db: Db, kind: MailKind) {
  const sentStmt = db.prepare<[number, string, string], { n: number }>(
    `SELECT count(*) AS n FROM outbox WHERE estimate_id = ? AND kind = ? AND dedupe LIKE ? AND sent_at IS NOT NULL`,
  );
  const waitingStmt = db.prepare<[number, string, string], { dedupe: string }>(
    `SELECT dedupe FROM outbox WHERE estimate_id = ? AND kind = ? AND dedupe LIKE ?
       AND sent_at IS NULL AND failed_at IS NULL AND cancelled_at IS NULL`,
  );
  return (estimateId: number, prefix: string) => ({
    sent: sentStmt.get(estimateId, kind, `${prefix}%`)?.n ?? 0,
    waiting: waitingStmt.all(estimateId, kind, `${prefix}%`).map((r) => r.dedupe),
  });
}

/**
 * The order messages go in: 0 the owner's, 1 what a homeowner is waiting for, 2 the rest. Migration 17's outbox_due
 * index is on this expression; SQLite uses it only while the two match (server/db/database.test.ts).
 */
export const DUE_RANK = `CASE kind
    WHEN 'owner-alert' THEN 0 WHEN 'visit-owner' THEN 0 WHEN 'quote-owner' THEN 0
    WHEN 'confirmation' THEN 1 WHEN 'visit-invite' THEN 1 WHEN 'quote-sent' THEN 1 WHEN 'quote-accepted' THEN 1
    WHEN 'payment-homeowner' THEN 1 WHEN 'invoice-sent' THEN 1 WHEN 'job-day' THEN 1 WHEN 'job-on-my-way' THEN 1
    ELSE 2
  END`;

export function createOutboxStore(db: Db, now: () => Date) {
  const iso = () => now().toISOString();
  const enqueueStmt = db.prepare(
    `INSERT INTO outbox (estimate_id, kind, dedupe, recipient, created_at, next_attempt_at, message)
     VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (estimate_id, dedupe) DO NOTHING`,
  );
  const withdrawStmt = db.prepare(
    `UPDATE outbox SET cancelled_at = ? WHERE estimate_id = ? AND dedupe = ? AND sent_at IS NULL
       AND failed_at IS NULL AND cancelled_at IS NULL`,
  );
  const recentConfirmation = db.prepare<[string, string], { n: number }>(
    `SELECT count(*) AS n FROM outbox WHERE kind = 'confirmation' AND recipient = ? COLLATE NOCASE AND created_at >= ?`,
  );
  // The owner's alerts go first, then what the homeowner waits for, then the rest; by id within a rank. Read in that
  // order from migration 17's outbox_due, with no sort.
  const dueStmt = db.prepare<{ now: string; limit: number }, OutboxItem>(
    `SELECT id, estimate_id, kind, dedupe, attempts, recipient, message FROM outbox
     WHERE sent_at IS NULL AND failed_at IS NULL AND cancelled_at IS NULL AND next_attempt_at <= @now
     ORDER BY ${DUE_RANK}, id LIMIT @limit`,
  );
  const sentStmt = db.prepare(
    "UPDATE outbox SET sent_at = @now, attempts = attempts + 1, last_error = NULL WHERE id = @id",
  );
  const retryStmt = db.prepare(
    "UPDATE outbox SET attempts = attempts + 1, last_error = @error, next_attempt_at = @next WHERE id = @id",
  );
  const giveUpStmt = db.prepare(
    "UPDATE outbox SET attempts = attempts + 1, last_error = @error, failed_at = @now WHERE id = @id",
  );
  const outboxStmt = db.prepare<[], OutboxRow>("SELECT * FROM outbox ORDER BY id");
  const deliveriesStmt = db.prepare<[number], OutboxRow>("SELECT * FROM outbox WHERE estimate_id = ? ORDER BY id");
  const troubleStmt = db.prepare<[], OutboxRow>(
    `SELECT * FROM outbox WHERE sent_at IS NULL AND cancelled_at IS NULL AND (failed_at IS NOT NULL OR attempts >= 3)
     ORDER BY id`,
  );
  const retryFailedStmt = db.prepare(
    "UPDATE outbox SET failed_at = NULL, next_attempt_at = ? WHERE sent_at IS NULL AND failed_at IS NOT NULL",
  );

  const listeners = new Set<() => void>();

  /** Queues a message once per request and key (the kind by default); false when that one was queued before. */
  function enqueue(estimateId: number, kind: MailKind, recipient: string, options: QueueOptions = {}): boolean {
    const at = iso();
    const due = options.at ? options.at.toISOString() : at;
    const queued =
      enqueueStmt.run(estimateId, kind, options.key ?? kind, recipient, at, due, options.message ?? null).changes > 0;
    if (queued) for (const listener of listeners) listener();
    return queued;
  }

  return {
    enqueue,
    /** Withdraws a message not yet sent (a reminder for a visit that moved or was cancelled); true when one was. */
    withdraw(estimateId: number, key: string): boolean {
      return withdrawStmt.run(iso(), estimateId, key).changes > 0;
    },
    /** Calls `listener` whenever a message is queued (often inside a transaction); returns the unsubscribe. */
    onQueued(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Queues a confirmation unless this address had one within `periodHours`. */
    queueConfirmation(estimateId: number, email: string, periodHours: number): boolean {
      const since = new Date(now().getTime() - periodHours * 3_600_000).toISOString();
      if ((recentConfirmation.get(email, since)?.n ?? 0) > 0) return false;
      return enqueue(estimateId, "confirmation", email);
    },
    /** Messages due now, in the order they should go. */
    dueMail({ limit = 10 }: { limit?: number } = {}) {
      return dueStmt.all({ now: iso(), limit });
    },
    markSent(id: number) {
      sentStmt.run({ id, now: iso() });
    },
    /** A failed attempt: retried at `next`, or, with `next` null, failed for good. */
    markFailed(id: number, error: string, next: Date | null) {
      if (next) retryStmt.run({ id, error: error.slice(0, 1000), next: next.toISOString() });
      else giveUpStmt.run({ id, error: error.slice(0, 1000), now: iso() });
    },
    outbox(): OutboxRow[] {
      return outboxStmt.all();
    },
    deliveries(estimateId: number): OutboxRow[] {
      return deliveriesStmt.all(estimateId);
    },
    /** Messages that failed for good, or keep failing: the owner must hear about these. */
    troubledDeliveries(): OutboxRow[] {
      return troubleStmt.all();
    },
    /** Puts failed messages back in the queue (after the mail settings were fixed). */
    retryFailed(): number {
      return retryFailedStmt.run(iso()).changes;
    },
  };
}

export type OutboxStore = ReturnType<typeof createOutboxStore>;
