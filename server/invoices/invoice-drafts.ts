// "Make the invoice" and the owner's changes to its draft. The draft starts from the accepted version's lines (its
// chosen option and add-ons, and its tax when it had any), less the deposit paid (the owner's records and the card or
// bank payments settled), so its total is the contract's balance; change-order lines follow. A sent invoice never
// changes (the store and migration 13's triggers refuse it).
import { choiceOf, totalsOf } from "../quotes/quote-view.ts";
import { acceptedQuote, type PaymentsContext } from "../payments/payments-context.ts";
import type { InvoiceRow } from "../store/invoices.ts";
import { moneyState } from "../store/payments.ts";
import { MAX_INVOICE_LINES, parseDraft, type InvoiceDraft, type InvoiceDraftLine } from "./invoice-document.ts";
import { InvoiceRefusal } from "./invoice-refusal.ts";

const ONE = 1000;

/**
 * What has been paid on the deposit: the owner's records, and card or bank payments settled, less refunds (a payment
 * in a dispute, or whose dispute was lost, is not paid; sending waits while one is disputed).
 */
export function depositPaidCents({ store }: PaymentsContext, quoteId: number): number {
  const byOwner = store.quotes.payments(quoteId).reduce((sum, p) => sum + p.cents, 0);
  const online = store.payments
    .forQuote(quoteId)
    .filter((p) => moneyState(p) === "paid" || moneyState(p) === "refunded")
    .reduce((sum, p) => sum + p.cents - Math.min(p.refunded_cents, p.cents), 0);
  return byOwner + online;
}

/**
 * The lines with one "Less deposit paid" line for `cents` (none when nothing was paid), after the contract's lines:
 * made when the draft is, and again when it is sent, so a deposit paid meanwhile is taken off too.
 */
export function withDepositPaid(lines: readonly InvoiceDraftLine[], cents: number): InvoiceDraftLine[] {
  const rest = lines.filter((l) => l.kind !== "deposit");
  if (cents <= 0) return rest;
  const at = rest.filter((l) => l.kind === "contract").length;
  const deposit: InvoiceDraftLine = {
    kind: "deposit",
    description: "Less deposit paid",
    quantity: ONE,
    unitPrice: -cents,
  };
  return [...rest.slice(0, at), deposit, ...rest.slice(at)];
}

/** The accepted quote's invoice: the one it has, else a new draft. */
export function makeInvoice(ctx: PaymentsContext, quoteId: number): InvoiceRow {
  const accepted = acceptedQuote(ctx, quoteId);
  if (!accepted) throw new InvoiceRefusal(409, "Only an accepted quote can be invoiced.");
  const existing = ctx.store.invoices.forQuote(quoteId);
  if (existing) return existing;
  const { version, acceptance } = accepted;
  const choice = choiceOf(version, acceptance.option_key, JSON.parse(acceptance.addon_keys) as string[]);
  if (!choice) throw new InvoiceRefusal(409, "The accepted choice could not be read.");
  const totals = totalsOf(version, choice);
  const option = version.options[choice.option];
  const contract = [...(option?.lines ?? []), ...totals.chosenAddons.flatMap((i) => version.addons[i] ?? [])];
  const lines: InvoiceDraftLine[] = contract.map((l) => ({
    kind: "contract",
    description: l.name,
    quantity: l.quantity,
    unitPrice: l.unitPrice,
  }));
  if (totals.tax > 0) lines.push({ kind: "contract", description: "Sales tax", quantity: ONE, unitPrice: totals.tax });
  const draft: InvoiceDraft = { lines: withDepositPaid(lines, depositPaidCents(ctx, quoteId)) };
  return ctx.store.invoices.create(quoteId, JSON.stringify(draft), acceptance.at);
}

function draftOf(ctx: PaymentsContext, invoiceId: number): { row: InvoiceRow; draft: InvoiceDraft } {
  const row = ctx.store.invoices.get(invoiceId);
  if (!row) throw new InvoiceRefusal(404, "There is no such invoice.");
  if (row.number !== null) throw new InvoiceRefusal(409, "This invoice was sent: it can no longer change.");
  return { row, draft: parseDraft(row.draft) };
}

function save(ctx: PaymentsContext, invoiceId: number, draft: InvoiceDraft) {
  if (!ctx.store.invoices.saveDraft(invoiceId, JSON.stringify(draft))) {
    throw new InvoiceRefusal(409, "This invoice was sent: it can no longer change.");
  }
}

/** Adds a change-order line (already checked by the form: description, thousandths, cents). */
export function addChangeLine(
  ctx: PaymentsContext,
  invoiceId: number,
  line: { description: string; quantity: number; unitPrice: number },
): void {
  const { draft } = draftOf(ctx, invoiceId);
  if (draft.lines.length >= MAX_INVOICE_LINES) {
    throw new InvoiceRefusal(400, `An invoice holds at most ${MAX_INVOICE_LINES} lines.`);
  }
  save(ctx, invoiceId, { lines: [...draft.lines, { kind: "change", ...line }] });
}

/** Removes a change-order line by its position; the contract's and the deposit's lines stay. */
export function removeChangeLine(ctx: PaymentsContext, invoiceId: number, index: number): void {
  const { draft } = draftOf(ctx, invoiceId);
  if (draft.lines[index]?.kind !== "change") throw new InvoiceRefusal(400, "Only a change-order line can be removed.");
  save(ctx, invoiceId, { lines: draft.lines.filter((_, i) => i !== index) });
}

/** Deletes a draft: it never had a number, so no number is lost. */
export function deleteDraft(ctx: PaymentsContext, invoiceId: number): number {
  const { row } = draftOf(ctx, invoiceId);
  if (!ctx.store.invoices.deleteDraft(invoiceId)) throw new InvoiceRefusal(409, "This invoice was sent meanwhile.");
  return row.quote_id;
}
