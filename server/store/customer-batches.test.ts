// New customers written together (the import's commit) are the customers `create` makes one at a time: the same
// columns and keys, a repeated e-mail kept once, an e-mail that is not one left out, each contact and property on its
// own customer, and the search index (fed by triggers) finding them by name, phone, e-mail and street.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { openEstimateStore, type EstimateStore } from "../requests/estimate-store.ts";
import { createCustomerBatches } from "./customer-batches.ts";
import type { NewCustomer } from "./customers.ts";

let dir: string;
let store: EstimateStore;
const now = () => new Date("2026-12-01T16:00:00Z");

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "customer-batches-"));
  store = openEstimateStore({ dataDir: dir, now });
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const meyers: NewCustomer = {
  displayName: " Harold & June Meyer ",
  kind: "household",
  notes: "Gate code 1234",
  source: "jobber",
  sourceId: "1041",
  importBatch: 7,
  contacts: [
    { kind: "email", value: "HMeyer@Example.com" },
    { kind: "email", value: "hmeyer@example.com " },
    { kind: "email", value: "not an address" },
    { kind: "phone", value: "(309) 828-4417 ext 12", label: "Mobile" },
    { kind: "phone", value: "828-1234", label: "Home" },
  ],
  properties: [{ street: "1204 North Main Street Apt 2", town: "Bloomington", state: "IL", zip: "61701-1234" }],
};
const ann: NewCustomer = {
  displayName: "Ann O'Neil",
  source: "jobber",
  sourceId: "1046",
  contacts: [{ kind: "phone", value: "309-555-0150" }],
};

const rowsOf = (id: number) => {
  const strip = <T extends { id: number; customer_id?: number | null }>(r: T) => ({ ...r, id: 0, customer_id: 0 });
  const customer = store.customers.get(id);
  return {
    customer: customer ? { ...customer, id: 0 } : null,
    contacts: store.customers.contactsOf([id]).map(strip),
    properties: store.customers.propertiesOf([id]).map(strip),
  };
};

it("writes what `create` writes, one customer at a time or several at once", () => {
  const one = [store.customers.create(meyers), store.customers.create(ann)];
  const made = createCustomerBatches(store.db, now).createMany([
    { ...meyers, sourceId: "2041" },
    { ...ann, sourceId: "2046" },
  ]);
  expect(made.map((m) => [m.contactIds.length, m.propertyIds.length])).toEqual([
    [3, 1],
    [1, 0],
  ]);
  for (const [i, m] of made.entries()) {
    const single = rowsOf(one[i]?.id ?? 0);
    const together = rowsOf(m.id);
    expect(together).toEqual({
      ...single,
      customer: single.customer ? { ...single.customer, source_id: i === 0 ? "2041" : "2046" } : null,
    });
    expect(store.customers.contactsOf([m.id]).map((c) => c.id)).toEqual(m.contactIds);
    expect(store.customers.propertiesOf([m.id]).map((p) => p.id)).toEqual(m.propertyIds);
  }
  expect(rowsOf(made[0]?.id ?? 0).contacts.map((c) => [c.kind, c.key, c.extension, c.label])).toEqual([
    ["email", "hmeyer@example.com", null, ""],
    ["phone", "+13098284417", "12", "Mobile"],
    ["phone", null, null, "Home"],
  ]);
});

it("puts each one in the search index, by name, e-mail, phone and street", () => {
  const [meyer, oneil] = createCustomerBatches(store.db, now).createMany([meyers, ann]);
  const found = (typed: string) => store.customerSearch.search(typed).map((c) => c.id);
  expect(found("meyer")).toEqual([meyer?.id]);
  expect(found("hmeyer@example.com")).toEqual([meyer?.id]);
  expect(found("4417")).toEqual([meyer?.id]);
  expect(found("1204 n main")).toEqual([meyer?.id]);
  expect(found("oneil")).toEqual([oneil?.id]);
  expect(found("0150")).toEqual([oneil?.id]);
});

it("writes nothing for an empty list", () => {
  expect(createCustomerBatches(store.db, now).createMany([])).toEqual([]);
  expect(store.customerSearch.count()).toBe(0);
});
