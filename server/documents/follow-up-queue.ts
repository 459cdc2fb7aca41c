// A document's follow-ups in the outbox (follow-ups that stop): queued under one key prefix per document, so that a
// decision, a new version or a withdrawal withdraws those still waiting, and a new version counts those gone.
import type { EstimateStore } from "../requests/estimate-store.ts";

/** Follow-ups under a key prefix already sent, and the keys of those still waiting (store/quotes.ts followUps). */
export type FollowUpCounts = (estimateId: number, prefix: string) => { sent: number; waiting: string[] };

type Outbox = Pick<EstimateStore, "enqueue" | "withdraw">;

/** Queues a version's follow-ups at the times `schedule` gives, told how many went already. */
export function queueFollowUps(
  outbox: Outbox,
  counts: FollowUpCounts,
  f: { estimateId: number; kind: Parameters<Outbox["enqueue"]>[1]; to: string; prefix: string; version: number },
  schedule: (alreadySent: number) => Date[],
): void {
  const sent = counts(f.estimateId, f.prefix).sent;
  schedule(sent).forEach((due, i) => {
    outbox.enqueue(f.estimateId, f.kind, f.to, {
      key: `${f.prefix}v${f.version}:${i + 1}`,
      at: due,
    });
  });
}

/** Withdraws the follow-ups not sent yet. */
export function stopFollowUps(outbox: Outbox, counts: FollowUpCounts, estimateId: number, prefix: string): void {
  for (const key of counts(estimateId, prefix).waiting) outbox.withdraw(estimateId, key);
}
