// Customers (migration 19, decision 0051): a person or a household, their e-mails and phones (each kept as typed, its
// key beside it), the properties they own now, and the requests linked to them. A merged customer keeps its rows and
// points at the survivor (`merged_into`); `root` and `group` resolve it, so every read shows the survivor's whole
// history. Keys are made here from what was typed (server/customers/), so every writer keys the same way.
import type { Db } from "../db/database.ts";
import { addressKey, townKey, zip5 } from "../customers/address-key.ts";
import { emailKey, emailMatchKey, nameKey, phoneKey } from "../customers/contact-keys.ts";

export const CUSTOMER_KINDS = ["person", "household"] as const;
export type CustomerKind = (typeof CUSTOMER_KINDS)[number];
export type ContactKind = "email" | "phone";

/**
 * Where a customer or property came from: "request" (made from an estimate request; its source_id the request's
 * id), "owner" (made in the console), or an import's tool ("jobber", "housecall-pro", "template") with the old
 * tool's id in source_id, so a second import finds it.
 */
export type RecordSource = string;

export type CustomerRow = {
  id: number;
  display_name: string;
  name_key: string;
  kind: CustomerKind;
  notes: string;
  created_at: string;
  updated_at: string;
  merged_into: number | null;
  source: RecordSource;
  source_id: string | null;
  import_batch: number | null;
};

export type ContactRow = {
  id: number;
  customer_id: number;
  kind: ContactKind;
  /** As typed. */
  value: string;
  /** The e-mail lowercased, the phone in E.164; null for a phone that is not a valid number (never a key). */
  key: string | null;
  /** The Gmail-canonical e-mail (suggests only); the phone's key. */
  match_key: string | null;
  extension: string | null;
  label: string;
  created_at: string;
};

export type PropertyRow = {
  id: number;
  /** Who owns it now (null once nobody on file does). */
  customer_id: number | null;
  street: string;
  street2: string;
  town: string;
  state: string;
  zip: string;
  /** The Publication 28 line with units as "#": "1204 N MAIN ST # 2"; null without a street. */
  address_key: string | null;
  zip5: string | null;
  town_key: string;
  /** 0 while a booking place's street waits for its key (rekeyProperties). */
  keyed: number;
  notes: string;
  created_at: string;
  updated_at: string;
  source: RecordSource;
  source_id: string | null;
  import_batch: number | null;
};

export type NewContact = { kind: ContactKind; value: string; label?: string };

export type NewProperty = {
  street?: string;
  street2?: string;
  town?: string;
  state?: string;
  zip?: string;
  notes?: string;
  source?: RecordSource;
  sourceId?: string | null;
  importBatch?: number | null;
};

export type NewCustomer = {
  displayName: string;
  kind?: CustomerKind;
  notes?: string;
  source?: RecordSource;
  sourceId?: string | null;
  importBatch?: number | null;
  contacts?: readonly NewContact[];
  properties?: readonly NewProperty[];
};

export type CreatedCustomer = { id: number; contactIds: number[]; propertyIds: number[] };

/** A contact's stored columns from what was typed; null when an e-mail is not one (refused, not stored). */
export function contactColumns(contact: NewContact) {
  const value = contact.value.trim();
  if (contact.kind === "email") {
    const key = emailKey(value);
    return key ? { value, key, match_key: emailMatchKey(key), extension: null } : null;
  }
  const phone = phoneKey(value);
  return { value, key: phone?.e164 ?? null, match_key: phone?.e164 ?? null, extension: phone?.extension ?? null };
}

/** A property's key columns from its typed address. */
export function addressColumns(p: Pick<NewProperty, "street" | "street2" | "town" | "zip">) {
  return {
    address_key: addressKey(p.street ?? "", p.street2 ?? ""),
    zip5: zip5(p.zip ?? ""),
    town_key: townKey(p.town ?? ""),
  };
}

export function createCustomerStore(db: Db, now: () => Date) {
  const iso = () => now().toISOString();
  const insertCustomer = db.prepare(
    `INSERT INTO customers (display_name, name_key, kind, notes, created_at, updated_at, source, source_id, import_batch)
     VALUES (@displayName, @nameKey, @kind, @notes, @at, @at, @source, @sourceId, @importBatch)`,
  );
  const insertContact = db.prepare(
    `INSERT INTO customer_contacts (customer_id, kind, value, key, match_key, extension, label, created_at)
     VALUES (@customerId, @kind, @value, @key, @match_key, @extension, @label, @at)
     ON CONFLICT (customer_id, kind, key) WHERE key IS NOT NULL DO NOTHING`,
  );
  const insertProperty = db.prepare(
    `INSERT INTO properties (customer_id, street, street2, town, state, zip, address_key, zip5, town_key, notes,
       created_at, updated_at, source, source_id, import_batch)
     VALUES (@customerId, @street, @street2, @town, @state, @zip, @address_key, @zip5, @town_key, @notes, @at, @at,
       @source, @sourceId, @importBatch)`,
  );
  const getStmt = db.prepare<[number], CustomerRow>("SELECT * FROM customers WHERE id = ?");
  const mergedIntoStmt = db.prepare<[number], { merged_into: number | null }>(
    "SELECT merged_into FROM customers WHERE id = ?",
  );
  // Everyone merged into a customer, however deep (C into B into A): the survivor's whole group.
  const groupStmt = db.prepare<[number], { id: number }>(
    `WITH RECURSIVE g(id) AS (SELECT ? UNION SELECT c.id FROM customers c JOIN g ON c.merged_into = g.id)
     SELECT id FROM g ORDER BY id`,
  );
  const bySourceStmt = db.prepare<[string, string], CustomerRow>(
    "SELECT * FROM customers WHERE source = ? AND source_id = ?",
  );
  const contactStmt = db.prepare<[number], ContactRow>("SELECT * FROM customer_contacts WHERE id = ?");
  const propertyStmt = db.prepare<[number], PropertyRow>("SELECT * FROM properties WHERE id = ?");
  const unkeyedStmt = db.prepare<[], PropertyRow>("SELECT * FROM properties WHERE keyed = 0 ORDER BY id LIMIT 500");
  const setKeysStmt = db.prepare(
    "UPDATE properties SET address_key = @address_key, zip5 = @zip5, town_key = @town_key, keyed = 1 WHERE id = @id",
  );
  const linkStmt = db.prepare("UPDATE estimates SET customer_id = ?, property_id = ? WHERE id = ?");
  const touchStmt = db.prepare("UPDATE customers SET updated_at = ? WHERE id = ?");
  const updateStmt = db.prepare(
    "UPDATE customers SET display_name = ?, name_key = ?, kind = ?, notes = ?, updated_at = ? WHERE id = ?",
  );
  const removeContactStmt = db.prepare("DELETE FROM customer_contacts WHERE id = ?");
  const updatePropertyStmt = db.prepare(
    `UPDATE properties SET street = @street, street2 = @street2, town = @town, state = @state, zip = @zip,
       notes = @notes, address_key = @address_key, zip5 = @zip5, town_key = @town_key, keyed = 1, updated_at = @at
     WHERE id = @id`,
  );
  const movePropertyStmt = db.prepare("UPDATE properties SET customer_id = ?, updated_at = ? WHERE id = ?");

  const contactsOfStmt = db.prepare<[string], ContactRow>(
    "SELECT * FROM customer_contacts WHERE customer_id IN (SELECT value FROM json_each(?)) ORDER BY id",
  );
  const propertiesOfStmt = db.prepare<[string], PropertyRow>(
    "SELECT * FROM properties WHERE customer_id IN (SELECT value FROM json_each(?)) ORDER BY id",
  );
  const mergedIntoAnyStmt = db.prepare<[string], { id: number; merged_into: number }>(
    "SELECT id, merged_into FROM customers WHERE merged_into IN (SELECT value FROM json_each(?))",
  );

  function addContact(customerId: number, contact: NewContact): number | null {
    const columns = contactColumns(contact);
    if (!columns) return null;
    const result = insertContact.run({
      customerId,
      kind: contact.kind,
      label: contact.label ?? "",
      at: iso(),
      ...columns,
    });
    if (result.changes === 0) return null;
    touchStmt.run(iso(), customerId);
    return Number(result.lastInsertRowid);
  }

  function addProperty(customerId: number | null, p: NewProperty): number {
    const result = insertProperty.run({
      customerId,
      street: (p.street ?? "").trim(),
      street2: (p.street2 ?? "").trim(),
      town: (p.town ?? "").trim(),
      state: (p.state ?? "").trim(),
      zip: (p.zip ?? "").trim(),
      notes: p.notes ?? "",
      source: p.source ?? "owner",
      sourceId: p.sourceId ?? null,
      importBatch: p.importBatch ?? null,
      at: iso(),
      ...addressColumns(p),
    });
    return Number(result.lastInsertRowid);
  }

  const createTx = db.transaction((input: NewCustomer): CreatedCustomer => {
    const displayName = input.displayName.trim();
    const result = insertCustomer.run({
      displayName,
      nameKey: nameKey(displayName),
      kind: input.kind ?? "person",
      notes: input.notes ?? "",
      source: input.source ?? "owner",
      sourceId: input.sourceId ?? null,
      importBatch: input.importBatch ?? null,
      at: iso(),
    });
    const id = Number(result.lastInsertRowid);
    const contactIds = (input.contacts ?? []).flatMap((c) => addContact(id, c) ?? []);
    const propertyIds = (input.properties ?? []).map((p) =>
      addProperty(id, { ...p, importBatch: p.importBatch ?? input.importBatch ?? null }),
    );
    return { id, contactIds, propertyIds };
  });

  /** The survivor a customer resolves to (itself unless merged). */
  function root(id: number): number {
    let current = id;
    for (let hops = 0; hops < 64; hops++) {
      const next = mergedIntoStmt.get(current)?.merged_into ?? null;
      if (next === null) return current;
      current = next;
    }
    return current;
  }

  /** The survivor's whole group, itself first among them by id. */
  function group(id: number): number[] {
    return groupStmt.all(root(id)).map((r) => r.id);
  }

  /** The groups of several survivors at once, a level of merges a query (a list of customers reads them so). */
  function groupsOf(roots: readonly number[]): Map<number, number[]> {
    const groups = new Map(roots.map((r): [number, number[]] => [r, [r]]));
    const rootOf = new Map(roots.map((r) => [r, r]));
    for (let frontier = [...roots]; frontier.length > 0;) {
      const next: number[] = [];
      for (const { id, merged_into } of mergedIntoAnyStmt.all(JSON.stringify(frontier))) {
        const r = rootOf.get(merged_into);
        if (r === undefined || rootOf.has(id)) continue;
        rootOf.set(id, r);
        groups.get(r)?.push(id);
        next.push(id);
      }
      frontier = next;
    }
    return groups;
  }

  return {
    /** Makes a customer with its contacts and properties in one transaction. */
    create(input: NewCustomer): CreatedCustomer {
      return createTx(input);
    },
    get(id: number): CustomerRow | undefined {
      return getStmt.get(id);
    },
    root,
    group,
    groupsOf,
    /** A customer an import made, by the old tool's name and id. */
    bySource(source: RecordSource, sourceId: string): CustomerRow | undefined {
      return bySourceStmt.get(source, sourceId);
    },
    update(id: number, fields: { displayName?: string; kind?: CustomerKind; notes?: string }): boolean {
      const row = getStmt.get(id);
      if (!row) return false;
      const displayName = fields.displayName?.trim() || row.display_name;
      const kind = fields.kind ?? row.kind;
      return updateStmt.run(displayName, nameKey(displayName), kind, fields.notes ?? row.notes, iso(), id).changes > 0;
    },
    /** Adds an e-mail or phone; null when it is already there, or an e-mail that is not one. */
    addContact,
    contact(id: number): ContactRow | undefined {
      return contactStmt.get(id);
    },
    removeContact(id: number): boolean {
      return removeContactStmt.run(id).changes > 0;
    },
    /** The contacts of these customers (a group), oldest first. */
    contactsOf(ids: readonly number[]): ContactRow[] {
      return contactsOfStmt.all(JSON.stringify(ids));
    },
    /** Adds a property owned by a customer (or by nobody on file: null). */
    addProperty,
    property(id: number): PropertyRow | undefined {
      return propertyStmt.get(id);
    },
    /** The properties these customers own now, oldest first. */
    propertiesOf(ids: readonly number[]): PropertyRow[] {
      return propertiesOfStmt.all(JSON.stringify(ids));
    },
    updateProperty(id: number, p: Omit<NewProperty, "source" | "sourceId" | "importBatch">): boolean {
      const row = propertyStmt.get(id);
      if (!row) return false;
      const next = {
        street: (p.street ?? row.street).trim(),
        street2: (p.street2 ?? row.street2).trim(),
        town: (p.town ?? row.town).trim(),
        state: (p.state ?? row.state).trim(),
        zip: (p.zip ?? row.zip).trim(),
        notes: p.notes ?? row.notes,
      };
      return updatePropertyStmt.run({ ...next, ...addressColumns(next), at: iso(), id }).changes > 0;
    },
    /** A house sold: the property (and its flues and history) goes to its new owner. */
    moveProperty(id: number, customerId: number | null): boolean {
      return movePropertyStmt.run(customerId, iso(), id).changes > 0;
    },
    /** Puts a request on a customer and property. */
    linkRequest(estimateId: number, customerId: number, propertyId: number | null): void {
      linkStmt.run(customerId, propertyId, estimateId);
    },
    /** Writes the keys of properties a booking place filled in (migration 19's trigger leaves them unkeyed). */
    rekeyProperties(): number {
      let done = 0;
      for (let batch = unkeyedStmt.all(); batch.length > 0; batch = unkeyedStmt.all()) {
        db.transaction(() => {
          for (const p of batch) setKeysStmt.run({ id: p.id, ...addressColumns(p) });
        })();
        done += batch.length;
      }
      return done;
    },
  };
}

export type CustomerStore = ReturnType<typeof createCustomerStore>;
