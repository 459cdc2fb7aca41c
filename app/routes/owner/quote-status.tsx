// How a quote's status looks in the console (its words: QUOTE_STATUS_LABELS, server/quotes/quote-service.ts).
import { Badge } from "./ui";
import { QUOTE_STATUS_LABELS, type QuoteStatus } from "../../../server/quotes/quote-status.ts";

const TONES: Record<QuoteStatus, string> = {
  draft: "bg-mortar-200 text-soot-950",
  sent: "bg-sky-100 text-soot-950",
  changes_requested: "bg-ember-300 text-soot-950",
  accepted: "bg-green-100 text-green-900",
  declined: "bg-mortar-200 text-soot-800",
  expired: "bg-mortar-200 text-soot-800",
  withdrawn: "bg-mortar-200 text-soot-800",
};

export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  return <Badge tone={TONES[status]}>{QUOTE_STATUS_LABELS[status]}</Badge>;
}
