// The send ledger of marketing mail (migration 20, decision 0052): one row per message, named by a unique key (a
// reminder: customer, due day and its number; a campaign: the campaign and the customer), so queueing twice queues
// once. A row moves queued → sending → sent, and only forward: `sending` is written (and synced) before the message is
// handed to the mail server, so a row found `sending` at a start was cut off mid-send and becomes `unknown`, shown to
// the owner and never sent again unless he says so. A refusal by the mail server puts it back to `queued` for later.
import type { Db } from "../db/database.ts";
import type { Clock } from "./secrets.ts";

export type SendPurpose = "reminder" | "campaign";
export type SendState = "queued" | "sending" | "sent" | "unknown" | "cancelled" | "failed";

export type SendRow = {
  id: number;
  send_key: string;
  purpose: SendPurpose;
  campaign_id: number | null;
  customer_id: number;
  property_id: number | null;
  due_day: string | null;
  state: SendState;
  reason: string | null;
  recipient: string | null;
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  message: string | null;
  created_at: string;
  claimed_at: string | null;
  done_at: string | null;
  booked_estimate_id: number | null;
};

export type NewSend = {
  key: string;
  purpose: SendPurpose;
  campaignId?: number | null;
  customerId: number;
  propertyId?: number | null;
  dueDay?: string | null;
  /** Not before this instant (the send window's next opening). */
  at: Date;
};

/** How many of a campaign's (or the reminders') rows are in each state. */
export type StateCounts = Record<SendState, number>;

export const NO_COUNTS: StateCounts = { queued: 0, sending: 0, sent: 0, unknown: 0, cancelled: 0, failed: 0 };

export function createMarketingSendStore(db: Db, now: Clock) {
  const iso = () => now().toISOString();
  const insertStmt = db.prepare(
    `INSERT INTO marketing_sends (send_key, purpose, campaign_id, customer_id, property_id, due_day, next_attempt_at,
       created_at)
     VALUES (@key, @purpose, @campaignId, @customerId, @propertyId, @dueDay, @at, @now)
     ON CONFLICT (send_key) DO NOTHING`,
  );
  const getStmt = db.prepare<[number], SendRow>("SELECT * FROM marketing_sends WHERE id = ?");
  const byKeyStmt = db.prepare<[string], SendRow>("SELECT * FROM marketing_sends WHERE send_key = ?");
  // The next row due, from marketing_sends_due (queued rows only, by time, then id).
  const nextStmt = db.prepare<[string], SendRow>(
    "SELECT * FROM marketing_sends WHERE state = 'queued' AND next_attempt_at <= ? ORDER BY next_attempt_at, id LIMIT 1",
  );
  const soonestStmt = db.prepare<[], { at: string | null }>(
    "SELECT min(next_attempt_at) AS at FROM marketing_sends WHERE state = 'queued'",
  );
  const claimStmt = db.prepare(
    `UPDATE marketing_sends SET state = 'sending', recipient = @recipient, message = @message, claimed_at = @now,
       attempts = attempts + 1 WHERE id = @id AND state = 'queued'`,
  );
  const cancelStmt = db.prepare(
    "UPDATE marketing_sends SET state = 'cancelled', reason = ?, done_at = ? WHERE id = ? AND state = 'queued'",
  );
  const laterStmt = db.prepare("UPDATE marketing_sends SET next_attempt_at = ? WHERE id = ? AND state = 'queued'");
  const laterAllStmt = db.prepare(
    "UPDATE marketing_sends SET next_attempt_at = ? WHERE state = 'queued' AND next_attempt_at <= ?",
  );
  const sentStmt = db.prepare(
    "UPDATE marketing_sends SET state = 'sent', last_error = NULL, done_at = ? WHERE id = ? AND state = 'sending'",
  );
  const retryStmt = db.prepare(
    `UPDATE marketing_sends SET state = 'queued', last_error = ?, next_attempt_at = ?
     WHERE id = ? AND state = 'sending'`,
  );
  const endStmt = db.prepare(
    "UPDATE marketing_sends SET state = ?, last_error = ?, done_at = ? WHERE id = ? AND state = 'sending'",
  );
  const interruptedStmt = db.prepare(
    `UPDATE marketing_sends SET state = 'unknown', last_error = 'the server stopped while it was being sent',
       done_at = ? WHERE state = 'sending'`,
  );
  const resendStmt = db.prepare(
    `UPDATE marketing_sends SET state = 'queued', reason = NULL, next_attempt_at = ?, done_at = NULL
     WHERE id = ? AND state = 'unknown'`,
  );
  const dropStmt = db.prepare(
    `UPDATE marketing_sends SET state = 'cancelled', reason = 'dropped by the owner', done_at = ?
     WHERE id = ? AND state = 'unknown'`,
  );
  const doubtStmt = db.prepare<[], SendRow>(
    "SELECT * FROM marketing_sends WHERE state IN ('sending', 'unknown') ORDER BY id",
  );
  const countsStmt = db.prepare<[number], { state: SendState; n: number }>(
    "SELECT state, count(*) AS n FROM marketing_sends WHERE campaign_id = ? GROUP BY state",
  );
  const reminderCountsStmt = db.prepare<[string], { state: SendState; n: number }>(
    "SELECT state, count(*) AS n FROM marketing_sends WHERE purpose = 'reminder' AND created_at >= ? GROUP BY state",
  );
  const bookedStmt = db.prepare("UPDATE marketing_sends SET booked_estimate_id = ? WHERE id = ?");
  const eraseStmt = db.prepare(
    "UPDATE marketing_sends SET recipient = NULL, message = NULL, last_error = NULL WHERE customer_id = ?",
  );
  const cancelCustomerStmt = db.prepare(
    `UPDATE marketing_sends SET state = 'cancelled', reason = ?, done_at = ?
     WHERE customer_id = ? AND state IN ('queued', 'unknown')`,
  );

  const counted = (rows: { state: SendState; n: number }[]): StateCounts => {
    const counts = { ...NO_COUNTS };
    for (const row of rows) counts[row.state] = row.n;
    return counts;
  };

  return {
    /** Queues a message once per key; false when that key was queued before (whatever became of it). */
    queue(send: NewSend): boolean {
      return (
        insertStmt.run({
          key: send.key,
          purpose: send.purpose,
          campaignId: send.campaignId ?? null,
          customerId: send.customerId,
          propertyId: send.propertyId ?? null,
          dueDay: send.dueDay ?? null,
          at: send.at.toISOString(),
          now: iso(),
        }).changes > 0
      );
    },
    get(id: number): SendRow | undefined {
      return getStmt.get(id);
    },
    byKey(key: string): SendRow | undefined {
      return byKeyStmt.get(key);
    },
    /** The next queued row due now, if any. */
    next(): SendRow | undefined {
      return nextStmt.get(iso());
    },
    /** When the soonest queued row is due (null when none is queued). */
    soonest(): Date | null {
      const at = soonestStmt.get()?.at;
      return at ? new Date(at) : null;
    },
    /** Marks a queued row as being sent, with the message as it goes; false when it was not queued any more. */
    claim(id: number, recipient: string, message: string): boolean {
      return claimStmt.run({ id, recipient, message, now: iso() }).changes > 0;
    },
    cancel(id: number, reason: string): boolean {
      return cancelStmt.run(reason, iso(), id).changes > 0;
    },
    later(id: number, at: Date): void {
      laterStmt.run(at.toISOString(), id);
    },
    /** Every queued row due now waits until `at` (the send window's next opening). */
    laterAll(at: Date): number {
      return laterAllStmt.run(at.toISOString(), iso()).changes;
    },
    sent(id: number): void {
      sentStmt.run(iso(), id);
    },
    /** The mail server refused it: queued again for `next`. */
    retry(id: number, error: string, next: Date): void {
      retryStmt.run(error.slice(0, 1000), next.toISOString(), id);
    },
    /** Ends a send that failed for good, or whose fate is unknown (it may have arrived). */
    end(id: number, state: "failed" | "unknown", error: string): void {
      endStmt.run(state, error.slice(0, 1000), iso(), id);
    },
    /** At a start: rows a stop caught in the middle of their send become unknown; how many. */
    markInterrupted(): number {
      return interruptedStmt.run(iso()).changes;
    },
    /** The owner's choice for an unknown row: send it again now, or drop it. False when it is not unknown. */
    resolve(id: number, choice: "send" | "drop"): boolean {
      return (choice === "send" ? resendStmt.run(iso(), id) : dropStmt.run(iso(), id)).changes > 0;
    },
    /** Rows being sent or of unknown fate, oldest first: what the owner must see. */
    inDoubt(): SendRow[] {
      return doubtStmt.all();
    },
    campaignCounts(campaignId: number): StateCounts {
      return counted(countsStmt.all(campaignId));
    },
    /** The reminders queued since an instant, by state. */
    reminderCounts(since: Date): StateCounts {
      return counted(reminderCountsStmt.all(since.toISOString()));
    },
    /** The request a send's booking link made (its second tap finds it). */
    booked(id: number, estimateId: number): void {
      bookedStmt.run(estimateId, id);
    },
    /** Erasure: the customer's rows keep their state and key, not the address or the words (decision 0052). */
    erase(customerId: number): void {
      cancelCustomerStmt.run("erased", iso(), customerId);
      eraseStmt.run(customerId);
    },
  };
}

export type MarketingSendStore = ReturnType<typeof createMarketingSendStore>;
