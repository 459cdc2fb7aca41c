// Finding a customer (decision 0051): one box for a name, a street, a phone or an e-mail, through migration 19's
// contentless FTS5 index (customer_search, kept by triggers). A phone is read however it is typed: a whole number as
// its E.164 digits, a part of one as the start of its last 7 or 4 digits. A street word also matches its Publication
// 28 abbreviation ("street" finds "ST"). Every hit resolves to the surviving customer.
import type { Db } from "../db/database.ts";
import { pub28Word } from "../customers/address-key.ts";
import { emailKey, nameKey, phoneKey } from "../customers/contact-keys.ts";
import type { CustomerKind, CustomerStore } from "./customers.ts";

/** A customer as a list shows them. */
export type CustomerSummary = {
  id: number;
  displayName: string;
  kind: CustomerKind;
  emails: string[];
  phones: string[];
  /** "1204 N Main St, Bloomington" or the town alone. */
  places: string[];
  requests: number;
  /** The newest request's instant, or null. */
  lastRequestAt: string | null;
};

const quote = (term: string) => `"${term.replace(/"/g, '""')}"`;

/** The FTS5 query for what the owner typed; null when there is nothing to look for. */
export function searchQuery(typed: string): string | null {
  const text = typed.normalize("NFKC").trim().slice(0, 200);
  if (!text) return null;
  const digits = text.replace(/\D/g, "");
  if (/^[\d\s().+\-/#]+((x|ext\.?)\s*\d+)?$/i.test(text) && digits.length >= 3) {
    const phone = phoneKey(text);
    if (phone) return quote(phone.e164.slice(-10));
    return `${quote(digits.slice(-10))}*`;
  }
  const words = nameKey(text).split(" ").filter(Boolean).slice(0, 12);
  if (words.length === 0) return null;
  // "O'Neil" is indexed as "o", "neil" and "oneil": the folded word finds it; so do its parts.
  return words
    .map((w) => {
      const abbreviation = pub28Word(w);
      return abbreviation ? `(${quote(w)}* OR ${quote(abbreviation.toLowerCase())})` : `${quote(w)}*`;
    })
    .join(" AND ");
}

export function createCustomerSearch(db: Db, customers: CustomerStore) {
  const json = (values: readonly unknown[]) => JSON.stringify(values);
  const matchStmt = db.prepare<[string, number], { rowid: number }>(
    "SELECT rowid FROM customer_search WHERE customer_search MATCH ? ORDER BY rank LIMIT ?",
  );
  const contactOwners = db.prepare<[string], { id: number; customer_id: number }>(
    "SELECT id, customer_id FROM customer_contacts WHERE id IN (SELECT value FROM json_each(?))",
  );
  const propertyOwners = db.prepare<[string], { id: number; customer_id: number | null }>(
    "SELECT id, customer_id FROM properties WHERE id IN (SELECT value FROM json_each(?))",
  );
  const byEmail = db.prepare<[string], { customer_id: number }>(
    "SELECT customer_id FROM customer_contacts WHERE kind = 'email' AND key = ?",
  );
  const rows = db.prepare<[string], { id: number; display_name: string; kind: CustomerKind }>(
    "SELECT id, display_name, kind FROM customers WHERE id IN (SELECT value FROM json_each(?))",
  );
  const requestFigures = db.prepare<[string], { customer_id: number; n: number; last: string }>(
    `SELECT customer_id, count(*) AS n, max(received_at) AS last FROM estimates
     WHERE customer_id IN (SELECT value FROM json_each(?)) GROUP BY customer_id`,
  );
  const recentStmt = db.prepare<[number, number], { id: number }>(
    "SELECT id FROM customers WHERE merged_into IS NULL ORDER BY updated_at DESC, id DESC LIMIT ? OFFSET ?",
  );
  const countStmt = db.prepare<[], { n: number }>(
    "SELECT (SELECT count(*) FROM customers) - (SELECT count(*) FROM customers WHERE merged_into IS NOT NULL) AS n",
  );

  /** The survivors behind these index rows, in the order found. */
  function owners(rowids: readonly number[]): number[] {
    const contacts = rowids.filter((r) => r % 4 === 1).map((r) => (r - 1) / 4);
    const properties = rowids.filter((r) => r % 4 === 2).map((r) => (r - 2) / 4);
    const contactOf = new Map(contactOwners.all(json(contacts)).map((c) => [c.id, c.customer_id]));
    const propertyOf = new Map(propertyOwners.all(json(properties)).map((p) => [p.id, p.customer_id]));
    const found: number[] = [];
    for (const r of rowids) {
      const id = r % 4 === 0 ? r / 4 : r % 4 === 1 ? contactOf.get((r - 1) / 4) : propertyOf.get((r - 2) / 4);
      if (id !== undefined && id !== null) found.push(customers.root(id));
    }
    return [...new Set(found)];
  }

  /** Summaries of survivors, in the order given. */
  function summaries(ids: readonly number[]): CustomerSummary[] {
    const groups = customers.groupsOf(ids);
    const members = [...groups.values()].flat();
    const rootOf = new Map<number, number>();
    for (const [root, group] of groups) for (const m of group) rootOf.set(m, root);
    const names = new Map(rows.all(json(ids)).map((r) => [r.id, r]));
    const contacts = customers.contactsOf(members);
    const properties = customers.propertiesOf(members);
    const figures = requestFigures.all(json(members));
    return ids.flatMap((id) => {
      const row = names.get(id);
      if (!row) return [];
      const mine = (c: { customer_id: number | null }) => c.customer_id !== null && rootOf.get(c.customer_id) === id;
      const ownFigures = figures.filter(mine);
      const places = properties
        .filter(mine)
        .map((p) => [p.street, p.town].filter(Boolean).join(", "))
        .filter(Boolean);
      // One line per number or address, however many ways it was typed.
      const typed = (kind: string) => {
        const first = new Map<string, string>();
        for (const c of contacts)
          if (mine(c) && c.kind === kind && !first.has(c.key ?? c.value)) first.set(c.key ?? c.value, c.value);
        return [...first.values()];
      };
      return [
        {
          id,
          displayName: row.display_name,
          kind: row.kind,
          emails: typed("email"),
          phones: typed("phone"),
          places: [...new Set(places)],
          requests: ownFigures.reduce((n, f) => n + f.n, 0),
          lastRequestAt: ownFigures.reduce<string | null>((a, f) => (a === null || f.last > a ? f.last : a), null),
        },
      ];
    });
  }

  return {
    /** Survivors matching what the owner typed, best first, at most `limit`. */
    search(typed: string, limit = 30): CustomerSummary[] {
      const query = searchQuery(typed);
      const exact = emailKey(typed);
      const first = exact ? byEmail.all(exact).map((c) => customers.root(c.customer_id)) : [];
      let hits: number[] = [];
      // A whole address that is on file is found by its key; the index is for parts of one.
      if (query && first.length === 0) {
        try {
          // A customer is a few rows of the index (a name, contacts, a property): four a customer is room enough.
          hits = owners(matchStmt.all(query, limit * 4).map((r) => r.rowid));
        } catch {
          // A query FTS5 cannot read (it should not happen: every term is quoted) finds nothing.
          hits = [];
        }
      }
      return summaries([...new Set([...first, ...hits])].slice(0, limit));
    },
    /** The survivors changed most recently. */
    recent(limit = 30, offset = 0): CustomerSummary[] {
      return summaries(recentStmt.all(limit, offset).map((r) => r.id));
    },
    summaries,
    /** How many customers there are (merged ones counted in their survivor). */
    count(): number {
      return countStmt.get()?.n ?? 0;
    },
  };
}

export type CustomerSearch = ReturnType<typeof createCustomerSearch>;
