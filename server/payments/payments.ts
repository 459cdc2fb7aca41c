// Deposits and invoices paid on the site (decisions 0040 and 0042), put together: the homeowner's pages read `view`
// and `invoices.page`, their Pay buttons call `checkoutUrl` and `invoices.checkoutUrl`, Stripe's events come in
// through `webhook`, and the outbox composes the homeowner's mail with `composers`. The owner's invoice steps are
// under `invoices`. Each step is a module of its own over payments-context.ts.
import { paymentsContext, type PaymentsOptions } from "./payments-context.ts";
import { depositCheckoutUrl, PaymentRefusal } from "./deposit-checkout.ts";
import { depositView } from "./deposit-status.ts";
import { paymentComposers } from "./payment-mail.ts";
import { stripeWebhook } from "./stripe-webhook.ts";
import { closeCheckouts } from "./close-checkouts.ts";
import { invoiceComposers } from "../invoices/invoice-mail.ts";
import { addChangeLine, deleteDraft, makeInvoice, removeChangeLine } from "../invoices/invoice-drafts.ts";
import { sendInvoice } from "../invoices/invoice-sending.ts";
import { findInvoice, lookupInvoice, noteInvoiceOpened } from "../invoices/invoice-link.ts";
import { invoicePage } from "../invoices/invoice-page.ts";
import { invoiceCheckoutUrl } from "../invoices/invoice-checkout.ts";
import { invoiceFigures } from "../invoices/invoice-figures.ts";
import { InvoiceRefusal } from "../invoices/invoice-refusal.ts";
import { recordInvoicePayment, type OwnerPayment } from "../invoices/record-invoice-payment.ts";
import type { InvoiceRow } from "../store/invoices.ts";
import { invoicePdfFile } from "../invoices/invoice-pdfs.ts";

export function createPayments(options: PaymentsOptions) {
  const ctx = paymentsContext(options);
  return {
    /** The refusal class, for `instanceof` in the routes (the app's bundle has its own copy of this module). */
    PaymentRefusal,
    /** Whether deposits can be paid here (both Stripe settings given). */
    enabled: ctx.client !== null,
    /** Where the Pay button's 303 may lead off the site (server/http/http-guards.ts guardLocations). */
    checkoutOrigins: ctx.client?.checkoutOrigins ?? [],
    view: (quoteId: number, returned: boolean) => depositView(ctx, quoteId, returned),
    /**
     * Before the owner records a deposit by hand (quotes.recordPayment, which checks and writes in one transaction):
     * the deposit's checkout pages still open are closed at Stripe. Throws a PaymentRefusal.
     */
    closeDepositCheckouts: (quoteId: number) => closeCheckouts(ctx, quoteId, null),
    checkoutUrl: (quoteId: number, token: string) => depositCheckoutUrl(ctx, quoteId, token),
    webhook: () => stripeWebhook(ctx),
    composers: { ...paymentComposers(ctx), ...invoiceComposers(ctx) },
    invoices: {
      InvoiceRefusal,
      make: (quoteId: number) => makeInvoice(ctx, quoteId),
      addLine: (id: number, line: Parameters<typeof addChangeLine>[2]) => addChangeLine(ctx, id, line),
      removeLine: (id: number, index: number) => removeChangeLine(ctx, id, index),
      deleteDraft: (id: number) => deleteDraft(ctx, id),
      send: (id: number) => sendInvoice(ctx, id),
      recordPayment: (id: number, payment: OwnerPayment) => recordInvoicePayment(ctx.store, id, payment),
      /** Before recordPayment: the invoice's checkout pages still open are closed at Stripe. */
      closeCheckouts: async (id: number) => {
        const invoice = ctx.store.invoices.get(id);
        if (invoice) await closeCheckouts(ctx, invoice.quote_id, id);
      },
      pause: (id: number, paused: boolean) => ctx.store.invoices.pause(id, paused),
      get: (id: number) => ctx.store.invoices.get(id),
      forQuote: (quoteId: number) => ctx.store.invoices.forQuote(quoteId),
      figures: (invoice: InvoiceRow) => invoiceFigures(ctx.store, invoice, ctx.business().timeZone),
      lookup: (token: string | undefined, ip: string | null) => lookupInvoice(ctx, token, ip),
      find: (token: string | undefined) => findInvoice(ctx, token),
      retryAfter: (ip: string | null) => ctx.lookups.retryAfter(ip),
      noteOpened: (invoice: InvoiceRow, request: Parameters<typeof noteInvoiceOpened>[2]) =>
        noteInvoiceOpened(ctx, invoice, request),
      page: (invoice: InvoiceRow, returned: boolean) => invoicePage(ctx, invoice, returned),
      checkoutUrl: (invoice: InvoiceRow, token: string) => invoiceCheckoutUrl(ctx, invoice, token),
      pdf: (invoice: InvoiceRow) => invoicePdfFile(ctx.store, invoice, ctx.business().timeZone),
    },
  };
}

export type Payments = ReturnType<typeof createPayments>;
