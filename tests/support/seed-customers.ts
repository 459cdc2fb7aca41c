// Customers with a chimney due on a given day, for the marketing tests and figures: each with an e-mail, a phone, a
// property in a town and one flue last served a year before its due day (server/customers/next-due.ts counts 12
// months), written through the store's own modules, as the console and the import write them.
import type { EstimateStore } from "../../server/requests/estimate-store.ts";

export type SeededCustomer = { id: number; propertyId: number; email: string; name: string };

/** Phones never shared between seeded customers: (309) 230-0000 onwards, all valid numbers. */
let nextPhone = 2_300_000 + Math.floor(Math.random() * 100_000);
const phone = () => {
  const d = String(nextPhone++);
  return `(309) ${d.slice(0, 3)}-${d.slice(3)}`;
};

/** Streets never shared either: one address is one place (store/flue-dues.ts), whoever owns it now. */
let nextStreet = 100 + Math.floor(Math.random() * 10_000) * 10;

/** One year before a day, on the calendar: the service day that makes `due` due. */
const yearBefore = (due: string) => `${Number(due.slice(0, 4)) - 1}${due.slice(4)}`;

export function seedDueCustomers(
  store: EstimateStore,
  {
    count,
    due,
    town = "Bloomington",
    prefix,
    domain = "example.com",
  }: { count: number; due: string; town?: string; prefix: string; domain?: string },
): SeededCustomer[] {
  const made: SeededCustomer[] = [];
  store.db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const name = `${prefix} Homeowner ${i + 1}`;
      const email = `${prefix}.${i + 1}@${domain}`.toLowerCase();
      const created = store.customers.create({
        displayName: name,
        source: "owner",
        contacts: [
          { kind: "email", value: email },
          { kind: "phone", value: phone() },
        ],
        properties: [{ street: `${nextStreet++} N Main St`, town, state: "IL", zip: "61701", source: "owner" }],
      });
      const propertyId = created.propertyIds[0] ?? 0;
      store.flues.add(propertyId, {
        appliance: "fireplace",
        fuel: "wood",
        useLevel: "regular",
        lastServiceDay: yearBefore(due),
      });
      made.push({ id: created.id, propertyId, email, name });
    }
  })();
  return made;
}
