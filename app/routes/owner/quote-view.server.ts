// The quote page's loader helpers: the editor's figures, the invoice's summary, the online payments' words and when
// the homeowner opened it.
import type { Route } from "./+types/quote";
import { localTime } from "../../../server/requests/lead-mail.ts";
import { formatCents } from "../../../server/quotes/money.ts";
import { pricedDraft, type Draft } from "../../../server/quotes/document.ts";
import { quoteTotals } from "../../../server/quotes/totals.ts";
import { STATE_LABEL } from "../../../server/invoices/invoice-figures.ts";

/** The editor's figures: each line's amount and each option's total, from the same function the homeowner's page uses. */
export function draftFigures(draft: Draft, rate: number) {
  const priced = pricedDraft(draft, rate);
  return {
    options: draft.options.map((o, i) => {
      const t = quoteTotals(priced, { option: i, addons: [] });
      return { id: o.id, total: formatCents(t.total), lines: t.lines.map(formatCents) };
    }),
    addons: quoteTotals(priced, { option: 0, addons: [] }).addonAmounts.map(formatCents),
  };
}

/** The accepted quote's invoice, if it has one: its number (or Draft) and state, for the link to its page. */
export function invoiceSummary(context: Route.LoaderArgs["context"], quoteId: number) {
  const invoice = context.payments.invoices.forQuote(quoteId);
  if (!invoice) return null;
  const f = context.payments.invoices.figures(invoice);
  return { id: invoice.id, label: f.label ?? "Draft", state: STATE_LABEL[f.state] };
}

export const ONLINE_STATE = {
  pending: "pending (bank payments take a few business days)",
  paid: "paid",
  failed: "failed: the deposit is owed again",
  refunded: "refunded",
} as const;

/**
 * When the homeowner opened the quote. A view counts only when the browser says a person opened it (not a mail
 * scanner), so an answer may come with none recorded: an answer through a link was opened by then. A yes the owner
 * recorded (no link) says nothing about the link.
 */
export function openedText(
  viewedAt: string | null,
  acceptance: { at: string; link_hash: string | null } | null,
  quote: { status: string; decided_at: string | null },
): string | null {
  if (viewedAt) return localTime(viewedAt);
  if (acceptance && acceptance.link_hash === null) return "Not online: accepted in person or on paper";
  if (acceptance) return `${localTime(acceptance.at)}, when they accepted`;
  if ((quote.status === "declined" || quote.status === "changes_requested") && quote.decided_at)
    return `${localTime(quote.decided_at)}, when they answered`;
  return null;
}
