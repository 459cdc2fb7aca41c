// Erasing a person who paid a deposit on the site (decision 0033, 0040's addendum): the payment stays with the
// detached contract (the books need it), the checkout session's address (Stripe's page with their e-mail filled in)
// goes and an open session is closed, Stripe's event ids stay (nothing personal), and a backup's check counts the
// payments.
import { afterEach, expect, it } from "vitest";
import { verifyDatabaseFile } from "../backup/backup.ts";
import { quoteFixture, type Fixture } from "../quotes/quote.fixture.ts";
import { paidDeposit } from "./payment.fixture.ts";

let f: Fixture | undefined;
afterEach(() => f?.close());

it("keeps a paid deposit with the detached contract, forgets the checkout's address, and keeps the event ids", () => {
  const fx = (f = quoteFixture());
  const paid = paidDeposit(fx);
  const pending = paidDeposit(fx, { state: "pending" });
  // A second, still open session for the same person's quote (Pay tapped again) is closed by the erasure.
  fx.store.db.prepare("UPDATE checkout_sessions SET state = 'open' WHERE id = ?").run(pending.session.id);
  const email = fx.store.get(paid.estimateId)?.email ?? "";
  fx.store.db.prepare("UPDATE estimates SET email = ? WHERE id = ?").run(email, pending.estimateId);
  expect(fx.store.erase(email)).toBe(2);

  for (const { quoteId, payment } of [paid, pending]) {
    expect(fx.store.quotes.get(quoteId)?.estimate_id).toBeNull();
    expect(fx.store.payments.forQuote(quoteId)).toEqual([payment]);
  }
  const sessions = fx.store.db
    .prepare("SELECT url, state FROM checkout_sessions WHERE quote_id IN (?, ?) ORDER BY id")
    .all(paid.quoteId, pending.quoteId);
  expect(sessions).toEqual([
    { url: "", state: "complete" },
    { url: "", state: "expired" },
  ]);
  expect(fx.store.db.prepare("SELECT count(*) AS n FROM provider_events").get()).toEqual({ n: 2 });
  // Nothing of the person in the provider's rows: ids, types, times and amounts only.
  const rows = JSON.stringify(
    fx.store.db
      .prepare("SELECT * FROM provider_events")
      .all()
      .concat(fx.store.db.prepare("SELECT * FROM checkout_sessions").all()),
  );
  expect(rows).not.toContain(email);
  expect(rows).not.toContain("Dana");
  expect(verifyDatabaseFile(fx.store.file).payments).toBe(2);
});
