// What every step of a deposit paid on the site works with (payments.ts hands it to each): the store, the clock, the
// Stripe client (null: payments are off), the quote service's links and pushes, and the mail settings.
import type { EstimateStore } from "../requests/estimate-store.ts";
import type { QuoteService } from "../quotes/quote-service.ts";
import { readVersion, type QuoteVersion } from "../quotes/document.ts";
import type { AcceptanceRow } from "../store/quotes.ts";
import type { StripeClient } from "./stripe-client.ts";
import { business as siteBusiness } from "../../app/content/business.ts";
import type { OpeningHours } from "../../app/lib/business-hours.ts";
import type { ClosedDay } from "../../app/content/closed-days.ts";
import { limitedLookups, type LinkLookups } from "../documents/secret-links.ts";
import { LOOKUP_LIMIT } from "../quotes/quote-context.ts";

/** The business's facts an invoice's reminders need: when it is open. */
export type BusinessHours = { timeZone: string; hours: OpeningHours; closedDays?: readonly ClosedDay[] };

export type PaymentsOptions = {
  store: EstimateStore;
  quotes: Pick<QuoteService, "homeownerLink" | "flushPushes">;
  /** Null when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are not both set: no Pay button, no webhook. */
  client: StripeClient | null;
  now?: () => Date;
  /** The public origin the return addresses and the owner's console links are made with. */
  siteUrl: string;
  ownerAddress: () => string | null;
  /** Whether e-mail goes out at all (SMTP_URL). */
  mail: boolean;
  /** The business's hours and closed days in force; by default the site's (app/content/business.ts). */
  business?: () => BusinessHours;
};

export type PaymentsContext = Required<Omit<PaymentsOptions, "siteUrl">> & {
  origin: string;
  /** The invoice links' failure limiter. */
  lookups: LinkLookups;
};

export function paymentsContext({
  now = () => new Date(),
  siteUrl,
  business = () => siteBusiness,
  ...rest
}: PaymentsOptions): PaymentsContext {
  return {
    ...rest,
    now,
    business,
    origin: siteUrl.replace(/\/+$/, ""),
    lookups: limitedLookups(now, LOOKUP_LIMIT),
  };
}

/**
 * An accepted quote with the version its acceptance froze: where every amount comes from. One row, and the version's
 * body only when its hash has not been read before (a payment's webhook runs this on every event).
 */
export type AcceptedQuote = {
  quote: { id: number; estimate_id: number | null; reference: string };
  acceptance: Pick<AcceptanceRow, "id" | "option_key" | "addon_keys" | "deposit_cents" | "at">;
  version: QuoteVersion;
};

export function acceptedQuote({ store }: Pick<PaymentsContext, "store">, quoteId: number): AcceptedQuote | null {
  const row = store.quotes.accepted(quoteId);
  if (!row) return null;
  return {
    quote: { id: row.quote_id, estimate_id: row.estimate_id, reference: row.reference },
    acceptance: {
      id: row.acceptance_id,
      option_key: row.option_key,
      addon_keys: row.addon_keys,
      deposit_cents: row.deposit_cents,
      at: row.accepted_at,
    },
    version: readVersion(() => store.quotes.versionBody(row.version_id), row.version_sha256),
  };
}
