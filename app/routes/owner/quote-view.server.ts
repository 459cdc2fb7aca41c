// The quote page's loader helpers: the editor's figures, the invoice's summary, the online payments' words and when
// the homeowner opened it.
import type { Route } from "./+types/quote";
import { localTime } from "../../../server/requests/lead-mail.ts";
import { dollarsInput, formatCents } from "../../../server/quotes/money.ts";
import { pricedDraft, type Draft } from "../../../server/quotes/document.ts";
import { quoteTotals } from "../../../server/quotes/totals.ts";
import { STATE_LABEL } from "../../../server/invoices/invoice-figures.ts";
import { depositFigures, depositSettledWords } from "../../../server/payments/deposit-money.ts";
import { moneyState, type OnlinePaymentRow } from "../../../server/store/payments.ts";
import { invoiceSent } from "../../../server/store/invoices.ts";

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

const ONLINE_STATE = {
  pending: "pending (bank payments take a few business days)",
  paid: "paid",
  failed: "failed: the deposit is owed again",
  refunded: "refunded",
  disputed: "disputed: the homeowner's bank holds it until it decides",
  lost: "dispute lost: the money went back, and the deposit is owed again",
} as const;

/** A card or bank payment made on the site, as the quote page lists it: its state as money (disputes included). */
export function onlinePaymentView(p: OnlinePaymentRow) {
  const state = moneyState(p);
  return {
    id: p.id,
    amount: formatCents(p.cents),
    method: p.method === "card" ? "card" : "bank (ACH)",
    state: p.dispute_state === "won" ? "paid (dispute won)" : ONLINE_STATE[state],
    refunded: p.refunded_cents > 0 && p.state !== "refunded" ? formatCents(p.refunded_cents) : null,
    reference: p.provider_payment_id,
    at: localTime(p.updated_at),
  };
}

/**
 * The deposit on the owner's quote page, from depositMoney (the books' own function): what it asked and is still
 * owed, and whether a record by hand could take anything; when not, why, in words (the form is not offered then).
 */
export function depositSummary(context: Route.LoaderArgs["context"], quoteId: number) {
  const store = context.estimates;
  const deposit = depositFigures(store, quoteId);
  const why = invoiceSent(store, quoteId)
    ? "The invoice was sent: record what the homeowner pays on the invoice, where it counts."
    : deposit.asked <= 0
      ? "No deposit was asked on this quote: record what the homeowner pays on the invoice."
      : deposit.owed <= 0
        ? depositSettledWords(deposit)
        : null;
  return {
    asked: deposit.asked > 0 ? formatCents(deposit.asked) : null,
    owed: formatCents(deposit.owed),
    owedInput: why === null ? dollarsInput(deposit.owed) : null,
    why,
    /** A checkout page the homeowner opened: a record by hand closes it at Stripe first. */
    payingOnline: store.payments.openSessions(quoteId, null).length > 0,
  };
}

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
