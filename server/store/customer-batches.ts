// Many new customers written at once (the import's commit, decision 0053): each table's rows in one INSERT … SELECT
// from a JSON array, not one INSERT a row. Why: the search index (customer_search, FTS5) is fed by triggers, and FTS5
// writes what it holds to disk as a new segment at every statement savepoint (fts5SavepointMethod), which SQLite opens
// for each write with a trigger inside a transaction. One row a statement made a segment for every customer, contact
// and property, then merged them: some 90% of a 5,000-row commit's CPU (docs/benchmarks.md). One statement a table
// makes a segment a table per slice. The ids are given here (the next after the largest, as SQLite would choose), so
// each contact and property is written with its customer's id in the same statements.
import type { Db } from "../db/database.ts";
import { nameKey } from "../customers/contact-keys.ts";
import { addressColumns, contactColumns, type CreatedCustomer, type NewCustomer } from "./customers.ts";

export function createCustomerBatches(db: Db, now: () => Date) {
  const lastIds = db.prepare<[], { customer: number; contact: number; property: number }>(
    `SELECT (SELECT coalesce(max(id), 0) FROM customers) AS customer,
       (SELECT coalesce(max(id), 0) FROM customer_contacts) AS contact,
       (SELECT coalesce(max(id), 0) FROM properties) AS property`,
  );
  // Each row a JSON array in the columns' order; `->>` gives SQL's text, integer or NULL.
  const from = (columns: number) =>
    `SELECT ${Array.from({ length: columns }, (_, i) => `value ->> ${i}`).join(", ")} FROM json_each(@rows)`;
  const insertCustomers = db.prepare(
    `INSERT INTO customers (id, display_name, name_key, kind, notes, source, source_id, import_batch, created_at,
       updated_at)
     SELECT *, @at, @at FROM (${from(8)})`,
  );
  const insertContacts = db.prepare(
    `INSERT INTO customer_contacts (id, customer_id, kind, value, key, match_key, extension, label, created_at)
     SELECT *, @at FROM (${from(8)})`,
  );
  const insertProperties = db.prepare(
    `INSERT INTO properties (id, customer_id, street, street2, town, state, zip, address_key, zip5, town_key, notes,
       source, source_id, import_batch, created_at, updated_at)
     SELECT *, @at, @at FROM (${from(14)})`,
  );

  const insert = (statement: typeof insertCustomers, rows: unknown[][], at: string) => {
    if (rows.length === 0) return;
    const written = statement.run({ rows: JSON.stringify(rows), at }).changes;
    if (written !== rows.length) throw new Error(`${written} of ${rows.length} rows were written`);
  };

  /** Makes these customers with their contacts and properties, in three statements; what each got, in order. */
  const createMany = db.transaction((inputs: readonly NewCustomer[]): CreatedCustomer[] => {
    const at = now().toISOString();
    const last = lastIds.get() ?? { customer: 0, contact: 0, property: 0 };
    const customers: unknown[][] = [];
    const contacts: unknown[][] = [];
    const properties: unknown[][] = [];
    const made = inputs.map((input): CreatedCustomer => {
      const id = last.customer + customers.length + 1;
      const displayName = input.displayName.trim();
      const batch = input.importBatch ?? null;
      customers.push([
        id,
        displayName,
        nameKey(displayName),
        input.kind ?? "person",
        input.notes ?? "",
        input.source ?? "owner",
        input.sourceId ?? null,
        batch,
      ]);
      // One e-mail or phone key once a customer, as customer_contacts_once keeps it (addContact skips a second).
      const keys = new Set<string>();
      const contactIds: number[] = [];
      for (const contact of input.contacts ?? []) {
        const c = contactColumns(contact);
        if (!c) continue;
        if (c.key !== null) {
          if (keys.has(`${contact.kind} ${c.key}`)) continue;
          keys.add(`${contact.kind} ${c.key}`);
        }
        const contactId = last.contact + contacts.length + 1;
        contacts.push([contactId, id, contact.kind, c.value, c.key, c.match_key, c.extension, contact.label ?? ""]);
        contactIds.push(contactId);
      }
      const propertyIds = (input.properties ?? []).map((p) => {
        const propertyId = last.property + properties.length + 1;
        const a = addressColumns(p);
        properties.push([
          propertyId,
          id,
          (p.street ?? "").trim(),
          (p.street2 ?? "").trim(),
          (p.town ?? "").trim(),
          (p.state ?? "").trim(),
          (p.zip ?? "").trim(),
          a.address_key,
          a.zip5,
          a.town_key,
          p.notes ?? "",
          p.source ?? "owner",
          p.sourceId ?? null,
          p.importBatch ?? batch,
        ]);
        return propertyId;
      });
      return { id, contactIds, propertyIds };
    });
    insert(insertCustomers, customers, at);
    insert(insertContacts, contacts, at);
    insert(insertProperties, properties, at);
    return made;
  });

  return {
    /** Makes new customers as `CustomerStore.create` makes one, each table's rows in one statement. */
    createMany(inputs: readonly NewCustomer[]): CreatedCustomer[] {
      return inputs.length === 0 ? [] : createMany(inputs);
    },
  };
}

export type CustomerBatches = ReturnType<typeof createCustomerBatches>;
