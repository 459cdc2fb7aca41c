// The homeowner's invoice link: the link is the key (its token's SHA-256 is all that is stored). A lookup never
// writes; "opened" is noted only when a person's browser opened it (server/documents/scanner-safe.ts), once.
import { openedByPerson } from "../documents/scanner-safe.ts";
import { linkTokenHash, newLinkToken } from "../documents/secret-links.ts";
import type { PaymentsContext } from "../payments/payments-context.ts";
import type { InvoiceRow } from "../store/invoices.ts";

export function findInvoice({ store }: PaymentsContext, token: string | undefined): InvoiceRow | null {
  const hash = linkTokenHash(token);
  return (hash && store.invoices.byLink(hash)) || null;
}

/** The invoice a link opens, null for an unknown one, "limited" when this address failed too often. */
export function lookupInvoice(ctx: PaymentsContext, token: string | undefined, ip: string | null) {
  return ctx.lookups.lookup(ip, () => findInvoice(ctx, token));
}

/** A new link for a mail: made when the mail is composed, stored as its hash. */
export function invoiceLink(ctx: PaymentsContext, invoiceId: number): string {
  const { token, hash } = newLinkToken();
  ctx.store.invoices.addLink(invoiceId, hash);
  return `${ctx.origin}/invoice/${token}`;
}

export function noteInvoiceOpened(
  { store }: PaymentsContext,
  invoice: InvoiceRow,
  request: { secFetchUser: string | null; userAgent: string | null },
): void {
  if (!openedByPerson(request)) return;
  if (store.quotes.events(invoice.quote_id).some((e) => e.kind === "invoice opened")) return;
  store.quotes.addEvent(invoice.quote_id, null, "invoice opened", "", true);
}
