// A quote's status as the owner and the homeowner see it, and what the owner may do in each. Pure.
import type { QuoteRow, StoredQuoteStatus } from "../store/quotes.ts";

/** What the owner and the homeowner see a quote as: its stored status, or "expired" once its day has ended. */
export type QuoteStatus = StoredQuoteStatus | "expired";

export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  draft: "Draft",
  sent: "Sent",
  changes_requested: "Changes requested",
  accepted: "Accepted",
  declined: "Declined",
  expired: "Expired",
  withdrawn: "Withdrawn",
};

export function quoteStatus(row: Pick<QuoteRow, "status" | "expires_at">, now: Date): QuoteStatus {
  if (
    (row.status === "sent" || row.status === "changes_requested") &&
    row.expires_at !== null &&
    now.getTime() >= Date.parse(row.expires_at)
  ) {
    return "expired";
  }
  return row.status;
}

/** What the owner may do with a quote in this state; an accepted quote allows nothing but recording money received. */
export function ownerActions(status: QuoteStatus) {
  const open = status === "sent" || status === "changes_requested";
  const live = status !== "accepted" && status !== "withdrawn";
  return {
    edit: live,
    send: live,
    withdraw: live,
    pause: open,
    /** "Accepted in person or on paper", also after the valid-until day (a late yes). */
    recordAcceptance: open || status === "expired",
    showOnDevice: open,
    recordPayment: status === "accepted",
  };
}

export type OwnerAction = keyof ReturnType<typeof ownerActions>;
