// How customers relate (migration 19, decision 0051): the site suggests, the owner decides. Keys that meet make a
// suggestion (never a name alone; never an e-mail two households share, that is one already on two customers the
// owner told apart); a merge is the owner's, one row, undone exactly; "Not the same person" is a pair that silences
// every suggestion between the two groups for good.
import type { Db } from "../db/database.ts";
import type { CustomerStore } from "./customers.ts";

/** Why two customers look alike: the same phone, e-mail, Gmail box spelled another way, or street address. */
export const MATCH_REASONS = ["phone", "email", "email-alias", "address"] as const;
export type MatchReason = (typeof MATCH_REASONS)[number];

export type Match = { customerId: number; reasons: MatchReason[] };

/** The keys to look for: e-mail keys, phone E.164s, and addresses with their ZIP5 or town. */
export type MatchKeys = {
  emails: readonly string[];
  emailMatches: readonly string[];
  phones: readonly string[];
  addresses: readonly { key: string; zip5: string | null; townKey: string }[];
};

export type MergeRow = { id: number; from_id: number; into_id: number; at: string; undone_at: string | null };

export type MergeOutcome = "merged" | "already" | "missing" | "told-apart" | "same";
export type UndoOutcome = "undone" | "already" | "missing";

/** A suggestion as the owner sees it: two survivors, and why. */
export type Suggestion = { a: number; b: number; reasons: MatchReason[]; createdAt: string };

/**
 * A key on this many contact rows or more is a switchboard's, a property manager's or a form-filler's, not one
 * person's: it suggests nothing. Without the bound one number typed on 10,000 requests made 50 million pairs.
 */
export const COMMON_KEY_ROWS = 64;

const pair = (x: number, y: number): [number, number] => (x < y ? [x, y] : [y, x]);

function reasonsOf(text: string): MatchReason[] {
  return text.split(",").filter((r): r is MatchReason => (MATCH_REASONS as readonly string[]).includes(r));
}

export function createCustomerLinks(db: Db, now: () => Date, customers: CustomerStore) {
  const iso = () => now().toISOString();
  const json = (values: readonly unknown[]) => JSON.stringify(values);
  const byContact = db.prepare<[string, string, number], { customer_id: number }>(
    "SELECT customer_id FROM customer_contacts WHERE kind = ? AND key = ? LIMIT ?",
  );
  const byEmailMatch = db.prepare<[string, number], { customer_id: number; key: string }>(
    "SELECT customer_id, key FROM customer_contacts WHERE kind = 'email' AND match_key = ? LIMIT ?",
  );
  const byAddress = db.prepare<
    [string, number],
    { customer_id: number | null; zip5: string | null; town_key: string }
  >("SELECT customer_id, zip5, town_key FROM properties WHERE address_key = ? AND customer_id IS NOT NULL LIMIT ?");
  const holdersOfEmail = db.prepare<[string], { customer_id: number }>(
    "SELECT DISTINCT customer_id FROM customer_contacts WHERE kind = 'email' AND key = ?",
  );
  const distinctAcross = db.prepare<[string, string, string, string], unknown>(
    `SELECT 1 FROM customer_distinct WHERE
       (a_id IN (SELECT value FROM json_each(?)) AND b_id IN (SELECT value FROM json_each(?)))
       OR (a_id IN (SELECT value FROM json_each(?)) AND b_id IN (SELECT value FROM json_each(?))) LIMIT 1`,
  );
  const upsertSuggestion = db.prepare(
    `INSERT INTO customer_suggestions (a_id, b_id, reasons, created_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (a_id, b_id) DO UPDATE SET reasons = excluded.reasons`,
  );
  const suggestionRow = db.prepare<[number, number], { reasons: string }>(
    "SELECT reasons FROM customer_suggestions WHERE a_id = ? AND b_id = ?",
  );
  const newestSuggestions = db.prepare<
    [number, number],
    { a_id: number; b_id: number; reasons: string; created_at: string }
  >("SELECT * FROM customer_suggestions ORDER BY created_at DESC, a_id DESC, b_id DESC LIMIT ? OFFSET ?");
  const suggestionsOf = db.prepare<
    [string, string],
    { a_id: number; b_id: number; reasons: string; created_at: string }
  >(
    `SELECT * FROM customer_suggestions WHERE a_id IN (SELECT value FROM json_each(?))
     UNION SELECT * FROM customer_suggestions WHERE b_id IN (SELECT value FROM json_each(?))`,
  );
  const setMerged = db.prepare(
    "UPDATE customers SET merged_into = ?, updated_at = ? WHERE id = ? AND merged_into IS NULL",
  );
  const insertMerge = db.prepare("INSERT INTO customer_merges (from_id, into_id, at) VALUES (?, ?, ?)");
  const mergeStmt = db.prepare<[number], MergeRow>("SELECT * FROM customer_merges WHERE id = ?");
  const clearMerged = db.prepare(
    "UPDATE customers SET merged_into = NULL, updated_at = ? WHERE id = ? AND merged_into = ?",
  );
  const markUndone = db.prepare("UPDATE customer_merges SET undone_at = ? WHERE id = ? AND undone_at IS NULL");
  const mergesOf = db.prepare<[string, string], MergeRow>(
    `SELECT * FROM customer_merges WHERE into_id IN (SELECT value FROM json_each(?))
       OR from_id IN (SELECT value FROM json_each(?)) ORDER BY id DESC`,
  );
  const allDistinct = db.prepare<[], { a_id: number; b_id: number }>("SELECT a_id, b_id FROM customer_distinct");
  const insertDistinct = db.prepare(
    "INSERT INTO customer_distinct (a_id, b_id, at) VALUES (?, ?, ?) ON CONFLICT (a_id, b_id) DO NOTHING",
  );

  /** True when the owner said some member of one group is not the same person as some member of the other. */
  function toldApart(rootA: number, rootB: number): boolean {
    const a = json(customers.group(rootA));
    const b = json(customers.group(rootB));
    return distinctAcross.get(a, b, b, a) !== undefined;
  }

  /** An e-mail already on two customers the owner keeps apart is a household's: not a key. */
  function sharedEmail(key: string): boolean {
    const roots = [...new Set(holdersOfEmail.all(key).map((h) => customers.root(h.customer_id)))];
    for (let i = 0; i < roots.length; i++)
      for (let j = i + 1; j < roots.length; j++) if (toldApart(roots[i] ?? 0, roots[j] ?? 0)) return true;
    return false;
  }

  /** Survivors whose keys meet these, with why; never on a name alone. `except` is a group to leave out. */
  function matches(keys: MatchKeys, except: readonly number[] = []): Match[] {
    const found = new Map<number, Set<MatchReason>>();
    const skip = new Set(except.map((id) => customers.root(id)));
    const add = (customerId: number, reason: MatchReason) => {
      const r = customers.root(customerId);
      if (skip.has(r)) return;
      found.set(r, (found.get(r) ?? new Set()).add(reason));
    };
    // Each key read with a bound: a common one (COMMON_KEY_ROWS rows or more) is left out.
    const holders = <T>(rows: T[]): T[] => (rows.length >= COMMON_KEY_ROWS ? [] : rows);
    for (const phone of keys.phones)
      for (const c of holders(byContact.all("phone", phone, COMMON_KEY_ROWS))) add(c.customer_id, "phone");
    for (const email of keys.emails) {
      const rows = holders(byContact.all("email", email, COMMON_KEY_ROWS));
      if (rows.length > 0 && !sharedEmail(email)) for (const c of rows) add(c.customer_id, "email");
    }
    for (const match of keys.emailMatches)
      for (const c of holders(byEmailMatch.all(match, COMMON_KEY_ROWS)))
        if (!keys.emails.includes(c.key) && !sharedEmail(c.key)) add(c.customer_id, "email-alias");
    for (const a of keys.addresses) {
      for (const p of holders(byAddress.all(a.key, COMMON_KEY_ROWS))) {
        const sameZip = a.zip5 !== null && p.zip5 === a.zip5;
        const sameTown = a.townKey !== "" && p.town_key === a.townKey;
        if (p.customer_id !== null && (sameZip || sameTown)) add(p.customer_id, "address");
      }
    }
    return [...found].map(([customerId, reasons]) => ({
      customerId,
      reasons: MATCH_REASONS.filter((r) => reasons.has(r)),
    }));
  }

  /** The keys a customer's group holds now. */
  function keysOf(id: number): MatchKeys {
    const ids = customers.group(id);
    const contacts = customers.contactsOf(ids);
    const keyed = (kind: string) => contacts.filter((c) => c.kind === kind && c.key !== null);
    return {
      emails: keyed("email").map((c) => c.key ?? ""),
      emailMatches: keyed("email").map((c) => c.match_key ?? ""),
      phones: keyed("phone").map((c) => c.key ?? ""),
      addresses: customers
        .propertiesOf(ids)
        .flatMap((p) => (p.address_key ? [{ key: p.address_key, zip5: p.zip5, townKey: p.town_key }] : [])),
    };
  }

  /** Records a suggestion for every survivor this customer's keys meet (kept apart ones left out); returns them. */
  function suggestFor(id: number): Match[] {
    const self = customers.root(id);
    const found = matches(keysOf(self), [self]).filter((m) => !toldApart(self, m.customerId));
    for (const m of found) {
      const [a, b] = pair(self, m.customerId);
      const before = reasonsOf(suggestionRow.get(a, b)?.reasons ?? "");
      const reasons = MATCH_REASONS.filter((r) => before.includes(r) || m.reasons.includes(r));
      upsertSuggestion.run(a, b, reasons.join(","), iso());
    }
    return found;
  }

  /**
   * Reads stored pairs as they stand now: both resolved to their survivors; null when they are one, or told apart.
   * One reader serves a whole list: survivors are looked up once each, and the owner's few "not the same person"
   * pairs are read once, as pairs of survivors.
   */
  function liveReader() {
    const roots = new Map<number, number>();
    const rootOf = (id: number) => {
      let r = roots.get(id);
      if (r === undefined) roots.set(id, (r = customers.root(id)));
      return r;
    };
    const apart = new Set(allDistinct.all().map((d) => pair(rootOf(d.a_id), rootOf(d.b_id)).join(":")));
    return (row: { a_id: number; b_id: number; reasons: string; created_at: string }): Suggestion | null => {
      const [a, b] = pair(rootOf(row.a_id), rootOf(row.b_id));
      if (a === b || apart.has(`${a}:${b}`)) return null;
      return { a, b, reasons: reasonsOf(row.reasons), createdAt: row.created_at };
    };
  }

  function dedupe(list: (Suggestion | null)[]): Suggestion[] {
    const seen = new Map<string, Suggestion>();
    for (const s of list) {
      if (!s) continue;
      const key = `${s.a}:${s.b}`;
      const had = seen.get(key);
      seen.set(
        key,
        had ? { ...had, reasons: MATCH_REASONS.filter((r) => had.reasons.includes(r) || s.reasons.includes(r)) } : s,
      );
    }
    return [...seen.values()];
  }

  const mergeTx = db.transaction((fromId: number, intoId: number): MergeOutcome => {
    const from = customers.get(fromId);
    const into = customers.get(intoId);
    if (!from || !into) return "missing";
    if (fromId === intoId) return "same";
    if (from.merged_into !== null) return "already";
    if (into.merged_into !== null) return "missing";
    if (toldApart(fromId, intoId)) return "told-apart";
    if (setMerged.run(intoId, iso(), fromId).changes === 0) return "already";
    insertMerge.run(fromId, intoId, iso());
    return "merged";
  });

  const undoTx = db.transaction((mergeId: number): UndoOutcome => {
    const m = mergeStmt.get(mergeId);
    if (!m) return "missing";
    if (m.undone_at !== null) return "already";
    if (clearMerged.run(iso(), m.from_id, m.into_id).changes === 0) return "already";
    markUndone.run(iso(), mergeId);
    return "undone";
  });

  return {
    matches,
    keysOf,
    suggestFor,
    /** Records one suggestion between two customers (an import's dry run found it). */
    suggest(x: number, y: number, reasons: readonly MatchReason[]): void {
      const [a, b] = pair(customers.root(x), customers.root(y));
      if (a === b) return;
      const before = reasonsOf(suggestionRow.get(a, b)?.reasons ?? "");
      upsertSuggestion.run(
        a,
        b,
        MATCH_REASONS.filter((r) => before.includes(r) || reasons.includes(r)).join(","),
        iso(),
      );
    },
    /** The newest suggestions still open, up to `limit`, and whether more may be waiting. */
    suggestions(limit = 20): { list: Suggestion[]; more: boolean } {
      const page = 100;
      const live = liveReader();
      const found: (Suggestion | null)[] = [];
      for (let offset = 0; ; offset += page) {
        const rows = newestSuggestions.all(page, offset);
        found.push(...rows.map(live));
        const list = dedupe(found);
        if (list.length > limit) return { list: list.slice(0, limit), more: true };
        if (rows.length < page) return { list, more: false };
      }
    },
    /** The open suggestions that involve this customer's group. */
    suggestionsFor(id: number): Suggestion[] {
      const ids = json(customers.group(id));
      return dedupe(suggestionsOf.all(ids, ids).map(liveReader()));
    },
    toldApart,
    /** "Not the same person": never suggested together again (both groups, as they are now). */
    tellApart(x: number, y: number): boolean {
      const [a, b] = pair(customers.root(x), customers.root(y));
      if (a === b || !customers.get(a) || !customers.get(b)) return false;
      insertDistinct.run(a, b, iso());
      return true;
    },
    /** Merges `fromId` into `intoId` (both survivors), once: 50 at a time make one merge. */
    merge(fromId: number, intoId: number): MergeOutcome {
      return mergeTx.immediate(fromId, intoId);
    },
    /** Undoes a merge exactly: the merged customer stands alone again with all it had; later rows stay put. */
    undo(mergeId: number): UndoOutcome {
      return undoTx.immediate(mergeId);
    },
    mergeRow(id: number): MergeRow | undefined {
      return mergeStmt.get(id);
    },
    /** Merges into or out of this group, newest first (the page's "merged" notes and their Undo). */
    mergesOf(id: number): MergeRow[] {
      const ids = json(customers.group(id));
      return mergesOf.all(ids, ids);
    },
  };
}

export type CustomerLinks = ReturnType<typeof createCustomerLinks>;
