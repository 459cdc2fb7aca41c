// The day a deposit was paid is the business's day (America/Chicago), whatever zone the server runs in: at 7:30 pm
// in Illinois it is already the next day in UTC, Kolkata and Auckland, and the page and the receipt must not say so.
import { afterEach, expect, it } from "vitest";
import { formatCents } from "../quotes/money.ts";
import { readVersion } from "../quotes/document.ts";
import { quoteFixture, type Fixture } from "../quotes/quote.fixture.ts";
import { depositView } from "./deposit-status.ts";
import { receiptMail } from "./payment-mail.ts";
import { paymentsContext } from "./payments-context.ts";
import { paidDeposit } from "./payment.fixture.ts";

let f: Fixture | undefined;
afterEach(() => f?.close());

it.each(["UTC", "America/Chicago", "Asia/Kolkata", "Pacific/Auckland"])(
  "says a deposit paid at 7:30 pm Central on Nov 26 was paid on Nov 26 (TZ=%s)",
  (zone) => {
    const before = process.env.TZ;
    process.env.TZ = zone;
    try {
      const fx = (f = quoteFixture({ start: new Date("2026-11-26T15:00:00Z") }));
      // 7:30 pm CST on Thursday Nov 26 is 01:30 UTC on Friday the 27th (and 14:30 on the 27th in Auckland).
      fx.clock.at = new Date("2026-11-27T01:30:00Z");
      const { quoteId, acceptance, payment, cents } = paidDeposit(fx);
      expect(payment.paid_at).toBe("2026-11-27T01:30:00.000Z");
      const ctx = paymentsContext({
        store: fx.store,
        quotes: fx.quotes,
        client: null,
        now: () => fx.clock.at,
        siteUrl: "https://chimney.example",
        ownerAddress: () => "owner@example.com",
        mail: true,
      });
      expect(depositView(ctx, quoteId, true).message).toBe(
        `Deposit of ${formatCents(cents)} paid on Nov 26, 2026. Thank you.`,
      );
      const row = fx.store.quotes.versionById(acceptance.version_id);
      const mail = receiptMail(readVersion(row?.body ?? "", row?.sha256 ?? ""), payment);
      expect(mail.text).toContain(" on Nov 26, 2026, by card.");
    } finally {
      process.env.TZ = before;
    }
  },
);
