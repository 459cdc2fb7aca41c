// "Pay $X" on the homeowner's invoice: a Checkout session for what is owed now, from the frozen version and the
// payments recorded (invoiceMoney), never an amount from the browser. A bank payment still clearing counts as on its
// way: nothing more is asked while it is pending.
import { acceptedQuote, type PaymentsContext } from "../payments/payments-context.ts";
import { checkoutSessionUrl, PaymentRefusal } from "../payments/checkout-session.ts";
import { invoiceFigures, type InvoiceFigures } from "./invoice-figures.ts";
import type { InvoiceRow } from "../store/invoices.ts";

/**
 * What can be paid now, online or by the owner's record: owed less what is clearing and what a dispute holds; 0 when
 * nothing. Asking for more would have the same money paid twice once they settle or the bank decides.
 */
export function payableCents(figures: Pick<InvoiceFigures, "version" | "money">): number {
  if (figures.version === null) return 0;
  return Math.max(0, figures.money.owed - figures.money.pending - figures.money.disputed);
}

export async function invoiceCheckoutUrl(ctx: PaymentsContext, invoice: InvoiceRow, token: string): Promise<string> {
  if (!ctx.client) throw new PaymentRefusal(404, "Paying online is not available. Call us to pay.");
  const accepted = acceptedQuote(ctx, invoice.quote_id);
  const figures = invoiceFigures(ctx.store, invoice, ctx.business().timeZone);
  const cents = payableCents(figures);
  if (!accepted || !figures.version || cents <= 0) {
    throw new PaymentRefusal(409, "There is nothing to pay on this invoice now.");
  }
  return checkoutSessionUrl(ctx, {
    quoteId: invoice.quote_id,
    acceptanceId: accepted.acceptance.id,
    invoiceId: invoice.id,
    cents,
    purpose: "invoice",
    name: `Invoice ${figures.version.number}`,
    page: `${ctx.origin}/invoice/${token}`,
    reference: `invoice ${figures.version.number}`,
    email: figures.version.customer.email,
    stillPayable: () => {
      const now = ctx.store.invoices.get(invoice.id);
      return now !== undefined && payableCents(invoiceFigures(ctx.store, now, ctx.business().timeZone)) === cents;
    },
    notPayable: "There is nothing to pay on this invoice now.",
  });
}
