// The reads an import makes for every row, one key at a time. They find what the customers' own reads find
// (`matches` is server/store/customer-links.ts's, rule for rule; import-lookups.test.ts holds them to it), but never
// with `IN (SELECT value FROM json_each(?))`: SQLite answers that with an ephemeral table, a new page cache whose first
// 20 pages (88 KB) are one allocation, and under the server's allocator settings (MALLOC_MMAP_THRESHOLD_=32768,
// server/server-env.ts) each is a fresh mapping: 3.7 ms a query on this machine instead of 0.02 ms, minutes for 5,000
// rows (decision 0053). A recursive UNION (customers.group) is one too.
import type { Db } from "../db/database.ts";
import type { CustomerLinks, Match, MatchKeys, MatchReason } from "../store/customer-links.ts";
import { MATCH_REASONS } from "../store/customer-links.ts";
import type { ContactRow, CustomerStore, PropertyRow } from "../store/customers.ts";
import type { FlueRow } from "../store/flues.ts";

/** What a running commit has written so far: its rows are planned without them, as its dry run planned them. */
export type OwnWrites = {
  customers: Set<number>;
  contacts: Set<number>;
  properties: Set<number>;
  /** Suppression entries it made (their hashes). */
  suppressions: Set<string>;
};

export const noOwnWrites = (): OwnWrites => ({
  customers: new Set(),
  contacts: new Set(),
  properties: new Set(),
  suppressions: new Set(),
});

export function createImportLookups(db: Db, customers: CustomerStore, links: CustomerLinks) {
  const byContact = db.prepare<[string, string], { id: number; customer_id: number }>(
    "SELECT id, customer_id FROM customer_contacts WHERE kind = ? AND key = ?",
  );
  const byEmailMatch = db.prepare<[string], { id: number; customer_id: number; key: string }>(
    "SELECT id, customer_id, key FROM customer_contacts WHERE kind = 'email' AND match_key = ?",
  );
  const byAddress = db.prepare<[string], { id: number; customer_id: number; zip5: string | null; town_key: string }>(
    "SELECT id, customer_id, zip5, town_key FROM properties WHERE address_key = ? AND customer_id IS NOT NULL",
  );
  const contactsStmt = db.prepare<[number], ContactRow>(
    "SELECT * FROM customer_contacts WHERE customer_id = ? ORDER BY id",
  );
  const propertiesStmt = db.prepare<[number], PropertyRow>(
    "SELECT * FROM properties WHERE customer_id = ? ORDER BY id",
  );
  const fluesStmt = db.prepare<[number], FlueRow>("SELECT * FROM flues WHERE property_id = ? ORDER BY id");
  const mergedInto = db.prepare<[number], { id: number }>("SELECT id FROM customers WHERE merged_into = ?");

  /** An e-mail already on two customers the owner keeps apart is a household's: not a key. */
  function sharedEmail(key: string): boolean {
    const roots = [...new Set(byContact.all("email", key).map((h) => customers.root(h.customer_id)))];
    for (let i = 0; i < roots.length; i++)
      for (let j = i + 1; j < roots.length; j++) if (links.toldApart(roots[i] ?? 0, roots[j] ?? 0)) return true;
    return false;
  }

  return {
    /**
     * Survivors whose keys meet these, with why; never on a name alone. What the running commit has written itself
     * (`own`) is left out, so its rows are planned as its dry run planned them.
     */
    matches(keys: MatchKeys, own: OwnWrites | null = null): Match[] {
      const found = new Map<number, Set<MatchReason>>();
      const add = (customerId: number, reason: MatchReason) => {
        if (own?.customers.has(customerId)) return;
        const r = customers.root(customerId);
        found.set(r, (found.get(r) ?? new Set()).add(reason));
      };
      const mine = (row: { id: number }) => own?.contacts.has(row.id) ?? false;
      for (const phone of keys.phones)
        for (const c of byContact.all("phone", phone)) if (!mine(c)) add(c.customer_id, "phone");
      for (const email of keys.emails) {
        if (sharedEmail(email)) continue;
        for (const c of byContact.all("email", email)) if (!mine(c)) add(c.customer_id, "email");
      }
      for (const alias of keys.emailMatches)
        for (const c of byEmailMatch.all(alias))
          if (!mine(c) && !keys.emails.includes(c.key) && !sharedEmail(c.key)) add(c.customer_id, "email-alias");
      for (const a of keys.addresses)
        for (const p of byAddress.all(a.key)) {
          if (own?.properties.has(p.id)) continue;
          const sameZip = a.zip5 !== null && p.zip5 === a.zip5;
          const sameTown = a.townKey !== "" && p.town_key === a.townKey;
          if (sameZip || sameTown) add(p.customer_id, "address");
        }
      return [...found].map(([customerId, reasons]) => ({
        customerId,
        reasons: MATCH_REASONS.filter((r) => reasons.has(r)),
      }));
    },
    /** A customer's survivor and everyone merged into it, however deep (customers.group, without its UNION). */
    group(id: number): number[] {
      const ids = [customers.root(id)];
      for (let i = 0; i < ids.length && i < 10_000; i++)
        for (const m of mergedInto.all(ids[i] ?? 0)) if (!ids.includes(m.id)) ids.push(m.id);
      return ids.sort((a, b) => a - b);
    },
    /** Whether any customer has this e-mail key or E.164 phone. */
    held(kind: "email" | "phone", key: string): boolean {
      return byContact.get(kind, key) !== undefined;
    },
    contactsOf(ids: readonly number[]): ContactRow[] {
      return ids.flatMap((id) => contactsStmt.all(id));
    },
    propertiesOf(ids: readonly number[]): PropertyRow[] {
      return ids.flatMap((id) => propertiesStmt.all(id));
    },
    fluesOf(propertyId: number): FlueRow[] {
      return fluesStmt.all(propertyId);
    },
  };
}

export type ImportLookups = ReturnType<typeof createImportLookups>;
