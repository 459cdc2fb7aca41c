// The e-mails a deposit paid on the site sets off: the homeowner's receipt (once per payment: its outbox key is the
// payment's), word that a bank payment failed with a link to pay again, and the owner's notices. The homeowner's
// are composed when due (a link is made then: only its hash is stored); the owner's are stored when queued.
import { escapeHtml, withSubject, type Mail } from "../requests/lead-mail.ts";
import type { OutboxItem } from "../requests/estimate-store.ts";
import type { QuoteVersion } from "../quotes/document.ts";
import { invoicePaymentMail } from "../invoices/invoice-mail.ts";
import { homeownerMail, METHOD } from "./homeowner-mail.ts";
import { formatCents } from "../quotes/money.ts";
import { dayText } from "../quotes/quote-view.ts";
import { dayAt } from "../time/wall-time.ts";
import type { OnlinePaymentRow } from "../store/payments.ts";
import { acceptedQuote, type PaymentsContext } from "./payments-context.ts";

export function receiptMail(version: QuoteVersion, payment: OnlinePaymentRow): Mail {
  const amount = formatCents(payment.cents);
  const day = dayText(dayAt(new Date(payment.paid_at ?? payment.updated_at), version.timeZone));
  return homeownerMail(version, `Receipt: deposit of ${amount} for quote ${version.reference}`, [
    `We received your deposit of ${amount} for quote ${version.reference} on ${day}, by ${METHOD[payment.method]}.`,
    `Payment reference: ${payment.provider_payment_id}`,
    "Keep this e-mail as your receipt. We will be in touch to schedule the work.",
  ]);
}

export function failedMail(version: QuoteVersion, payment: OnlinePaymentRow, link: string): Mail {
  const amount = formatCents(payment.cents);
  return homeownerMail(
    version,
    `Your bank payment of ${amount} did not go through`,
    [
      `Your bank payment of ${amount}, the deposit for quote ${version.reference}, did not go through: your bank returned it.`,
      "The deposit is still due. You can pay it again by card or bank on your quote's page, or call us.",
    ],
    ["Pay the deposit", link],
  );
}

export type OwnerNotice = "paid" | "failed" | "refunded" | "disputed" | "dispute won" | "dispute lost" | "amount";

/** What was paid, in the owner's notices: the deposit, or an invoice by its number. */
export type PaidFor = { kind: "deposit" } | { kind: "invoice"; label: string };

const OWNER_WORDS: Record<OwnerNotice, (amount: string, what: string, owed: string) => [string, string]> = {
  paid: (a, w) => [
    `${w === "the deposit" ? "Deposit" : "Invoice payment"} paid: ${a}`,
    `${a} was paid on the site for ${w}. The homeowner has a receipt.`,
  ],
  failed: (a, w, owed) => [
    `Bank payment failed: ${a}`,
    `The bank payment of ${a} for ${w} failed. The homeowner is told and can pay again; ${owed} is owed.`,
  ],
  refunded: (a, w) => [`Refunded: ${a}`, `A refund of ${a} was made in Stripe for ${w}.`],
  disputed: (a) => [
    `Payment disputed: ${a}`,
    `The homeowner's bank disputed the payment of ${a}. Answer it in Stripe's dashboard before its deadline.`,
  ],
  "dispute won": (a, w) => [
    `Dispute won: ${a}`,
    `The bank decided the dispute of ${a} for ${w} in your favour: the payment counts as paid again.`,
  ],
  "dispute lost": (a, w) => [
    `Dispute lost: ${a}`,
    `The bank decided the dispute of ${a} for ${w} against you: the money went back to the homeowner.`,
  ],
  amount: (a, w) => [
    `Payment needs a look: ${a}`,
    `Stripe reported a payment of ${a} that is not what we asked for ${w}. Nothing was recorded; check it in Stripe.`,
  ],
};

export function ownerPaymentMail(
  version: QuoteVersion,
  notice: OwnerNotice,
  cents: number,
  consoleUrl: string,
  paidFor: PaidFor = { kind: "deposit" },
): Mail {
  const what = paidFor.kind === "deposit" ? "the deposit" : `invoice ${paidFor.label}`;
  const [head, line] = OWNER_WORDS[notice](formatCents(cents), what, paidFor.kind === "deposit" ? "the deposit" : "it");
  const subject = `${head} (${paidFor.kind === "deposit" ? version.reference : paidFor.label}, ${version.customer.name})`;
  const text = [line, "", `Open it in the console: ${consoleUrl}`, ""].join("\n");
  const html = `<p>${escapeHtml(line)}</p><p><a href="${escapeHtml(consoleUrl)}">Open it in the console</a></p>`;
  return withSubject(subject, { replyTo: version.customer.email, text, html });
}

/** The homeowner's mail, composed when due from its key (`payment-receipt:<id>` or `payment-failed:<id>`). */
export function paymentComposers(ctx: PaymentsContext) {
  return {
    "payment-homeowner": (item: OutboxItem): Mail | null => {
      const [kind, id] = item.dedupe.split(":");
      const payment = ctx.store.payments.get(Number(id));
      const accepted = payment && acceptedQuote(ctx, payment.quote_id);
      if (!payment || !accepted) return null;
      if (payment.invoice_id !== null) return invoicePaymentMail(ctx, payment, kind === "payment-receipt");
      if (kind === "payment-receipt") return receiptMail(accepted.version, payment);
      return failedMail(accepted.version, payment, ctx.quotes.homeownerLink(payment.quote_id));
    },
  };
}
