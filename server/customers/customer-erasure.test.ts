// Erasing a customer (issue 65, item 7): the person goes everywhere — record, e-mails, phones, notes, places and
// flues, requests with their messages, the search index, the file's free pages — while the accepted contract stays
// detached with its frozen version and payments, and each e-mail and phone stays on the suppression list as its keyed
// hash, found by the very function an import's marketing gate hashes with (addressKeys(secret).hash over emailKey and
// phoneKey's E.164), whatever the spelling the import's file brings.
import { existsSync, readFileSync } from "node:fs";
import { afterEach, expect, it } from "vitest";
import { LEAD, quoteFixture, type Fixture } from "../quotes/quote.fixture.ts";
import { paidDeposit } from "../payments/payment.fixture.ts";
import { addressKeys } from "../marketing/address-keys.ts";
import { createSuppressionStore } from "../store/suppressions.ts";
import { emailKey, phoneKey } from "./contact-keys.ts";
import { createCustomerErasure } from "./customer-erasure.ts";

let f: Fixture | undefined;
afterEach(() => f?.close());

const NOTE = "Side gate code 4417, beware of Biscuit";
const MESSAGE = "Please ring twice, the bell by the lilac hedge is broken";

it("removes the person everywhere, keeps the contract with its payment, and keeps their addresses as hashes alone", () => {
  const fx = (f = quoteFixture());
  const { store } = fx;
  const paid = paidDeposit(fx);
  const lead = store.get(paid.estimateId);
  if (!lead) throw new Error("seeded");
  const customerId = store.customers.root(
    (store.db.prepare("SELECT customer_id FROM estimates WHERE id = ?").get(paid.estimateId) as { customer_id: number })
      .customer_id,
  );
  // A second request of theirs, a note, a place with a flue; and a neighbour who stays.
  const second = store.save({
    ...LEAD,
    email: lead.email,
    message: MESSAGE,
  });
  store.db.prepare("UPDATE customers SET notes = ? WHERE id = ?").run(NOTE, customerId);
  const place = store.customers.addProperty(customerId, { street: "1207 Quillfeather Ln", town: "Normal" });
  store.flues.add(place, {
    label: "Living room",
    notes: "",
    appliance: "fireplace",
    fuel: "wood",
    useLevel: "regular",
  });
  const neighbour = store.customers.create({
    displayName: "Walter Neighbour",
    contacts: [{ kind: "email", value: "walter@example.com" }],
  });

  // An import had kept their phone off the marketing list before: the erasure makes the entry its own, so the import's
  // undo (which lifts only entries still the import's) cannot lift it.
  const early = createSuppressionStore(store.db, () => fx.clock.at);
  early.add(addressKeys(early.secret()).hash("phone", "+13095550177"), "phone", "import");

  const erasure = createCustomerErasure(store);
  const preview = erasure.preview(customerId);
  // Their second request came in on a record of its own (same e-mail, not merged yet): it goes too.
  expect(preview).toMatchObject({ customers: 2, requests: 2, contracts: 1, photosOnSite: 0 });
  expect(preview?.places).toBeGreaterThanOrEqual(1);
  expect(preview?.addresses).toBe(2);
  const versionBefore = store.db.prepare("SELECT * FROM quote_versions WHERE quote_id = ?").all(paid.quoteId);

  expect(erasure.erase(customerId)).toMatchObject({ customers: 2, requests: 2, contracts: 1 });
  expect(store.db.prepare("SELECT count(*) AS n FROM customers").get()).toEqual({ n: 1 });
  // The person: no record, contact, place, flue, request or search hit left.
  expect(store.customers.get(customerId)).toBeUndefined();
  expect(store.db.prepare("SELECT count(*) AS n FROM customer_contacts WHERE customer_id = ?").get(customerId)).toEqual(
    { n: 0 },
  );
  expect(store.customers.property(place)).toBeUndefined();
  expect(store.db.prepare("SELECT count(*) AS n FROM flues WHERE property_id = ?").get(place)).toEqual({ n: 0 });
  expect(store.get(paid.estimateId)).toBeUndefined();
  expect(store.get(second.id)).toBeUndefined();
  for (const typed of ["Whitfield", "Quillfeather", lead.email, "555-0177"]) {
    expect(store.customerSearch.search(typed).map((c) => c.id)).toEqual([]);
  }
  // The books: the contract, its frozen version and its payment, detached, unchanged.
  expect(store.quotes.get(paid.quoteId)?.estimate_id).toBeNull();
  expect(store.db.prepare("SELECT * FROM quote_versions WHERE quote_id = ?").all(paid.quoteId)).toEqual(versionBefore);
  expect(store.payments.forQuote(paid.quoteId)).toEqual([paid.payment]);
  // The neighbour is untouched.
  expect(store.customers.get(neighbour.id)?.display_name).toBe("Walter Neighbour");
  // Their note, their message and their street (in the search index's words too) are in no page of the file or its
  // log, free or not: secure_delete, the index's segments merged, the log folded in.
  const bytes = Buffer.concat([
    readFileSync(store.file),
    existsSync(`${store.file}-wal`) ? readFileSync(`${store.file}-wal`) : Buffer.alloc(0),
  ]);
  for (const gone of [NOTE, MESSAGE, "Quillfeather", "quillfeather"]) expect(bytes.includes(gone), gone).toBe(false);

  // The suppression list, as an import's marketing gate reads it: its own store over the file, the same key function.
  const list = createSuppressionStore(store.db, () => fx.clock.at);
  const keys = addressKeys(list.secret());
  const typedBack = [` ${lead.email.toUpperCase()} `, lead.email];
  for (const typed of typedBack) expect(list.has(keys.hash("email", emailKey(typed) ?? ""))).toBe(true);
  for (const typed of ["309.555.0177", "+1 (309) 555-0177", "3095550177"]) {
    expect(list.has(keys.hash("phone", phoneKey(typed)?.e164 ?? ""))).toBe(true);
  }
  expect(list.counts()).toMatchObject({ erasure: 2, import: 0 });
  store.db.prepare("DELETE FROM suppressions WHERE source = 'import'").run();
  expect(list.counts()).toMatchObject({ erasure: 2 });
  const kept = JSON.stringify(store.db.prepare("SELECT * FROM suppressions").all());
  expect(kept).not.toContain(lead.email);
  expect(kept).not.toContain("5550177");
  // Erased already: a second press changes nothing.
  expect(erasure.erase(customerId)).toBeNull();
  expect(erasure.preview(customerId)).toBeNull();
});

it("erases a merged group whole, whichever of them is asked for", () => {
  const fx = (f = quoteFixture());
  const { store } = fx;
  const a = store.customers.create({
    displayName: "Ann O'Neil",
    contacts: [{ kind: "email", value: "ann@example.com" }],
  });
  const b = store.customers.create({ displayName: "A. O'Neil", contacts: [{ kind: "phone", value: "309-287-6620" }] });
  expect(store.customerLinks.merge(b.id, a.id)).toBe("merged");
  expect(createCustomerErasure(store).erase(b.id)).toMatchObject({ customers: 2, addresses: 2 });
  expect(store.customers.get(a.id)).toBeUndefined();
  expect(store.customers.get(b.id)).toBeUndefined();
  expect(store.db.prepare("SELECT count(*) AS n FROM customer_merges").get()).toEqual({ n: 0 });
  const list = createSuppressionStore(store.db, () => fx.clock.at);
  const keys = addressKeys(list.secret());
  expect(list.has(keys.hash("email", "ann@example.com"))).toBe(true);
  expect(list.has(keys.hash("phone", "+13092876620"))).toBe(true);
});
