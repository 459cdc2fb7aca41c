// A request's statuses, in the order the owner works through them. The console's pages use this list; the store
// (server/requests/estimate-store.ts) keeps the same one, checked by lead-status.test.ts, so no server module reaches a
// browser bundle.
export const LEAD_STATUSES = ["new", "contacted", "scheduled", "quoted", "won", "lost", "out-of-area"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export function isLeadStatus(value: string): value is LeadStatus {
  return (LEAD_STATUSES as readonly string[]).includes(value);
}

/** "out-of-area" -> "Out of area": how a status reads on a button. */
export function statusLabel(status: string): string {
  const words = status.replace(/-/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}
