// The one suppression list (migration 20, decision 0052): addresses that get no marketing mail, kept only as keyed
// hashes (server/marketing/address-keys.ts), and the key itself, made the first time it is asked for. Every marketing
// send reads the list in the transaction that claims it; the campaign screen's count leaves them out.
import { randomBytes } from "node:crypto";
import type { Db } from "../db/database.ts";
import type { AddressKind } from "../marketing/address-keys.ts";
import type { Clock } from "./secrets.ts";

export type SuppressionSource = "unsubscribe" | "owner" | "erasure" | "import";

export function createSuppressionStore(db: Db, now: Clock) {
  const keyStmt = db.prepare<[], { hmac_key: Buffer }>("SELECT hmac_key FROM marketing_secret WHERE id = 1");
  const insertKey = db.prepare("INSERT OR IGNORE INTO marketing_secret (id, hmac_key, created_at) VALUES (1, ?, ?)");
  // The first reason an address was suppressed is kept, except the import's: a person's own unsubscribe, the owner's
  // word or an erasure replaces it, so an import's undo (which lifts only its own entries) never lifts theirs.
  const addStmt = db.prepare(
    `INSERT INTO suppressions (address_hash, kind, source, created_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (address_hash) DO UPDATE SET source = excluded.source, created_at = excluded.created_at
     WHERE suppressions.source = 'import' AND excluded.source <> 'import'`,
  );
  const hasStmt = db.prepare<[string], { n: number }>("SELECT count(*) AS n FROM suppressions WHERE address_hash = ?");
  const allStmt = db.prepare<[], { address_hash: string }>("SELECT address_hash FROM suppressions");
  const countStmt = db.prepare<[], { source: SuppressionSource; n: number }>(
    "SELECT source, count(*) AS n FROM suppressions GROUP BY source",
  );
  let key: Buffer | null = null;

  return {
    /** The server's marketing key (32 bytes), made once and kept in the database: a restore keeps every link working. */
    secret(): Buffer {
      if (key) return key;
      let row = keyStmt.get();
      if (!row) {
        insertKey.run(randomBytes(32), now().toISOString());
        row = keyStmt.get();
      }
      if (!row) throw new Error("the marketing key could not be stored");
      key = Buffer.from(row.hmac_key);
      return key;
    },
    /** Suppresses an address by its hash; true when it was not suppressed before, or only by an import. */
    add(hash: string, kind: AddressKind, source: SuppressionSource): boolean {
      return addStmt.run(hash, kind, source, now().toISOString()).changes > 0;
    },
    has(hash: string): boolean {
      return (hasStmt.get(hash)?.n ?? 0) > 0;
    },
    /** Whether any of these hashes is on the list (a customer's e-mails and phones: the strictest wins). */
    any(hashes: readonly string[]): boolean {
      return hashes.some((h) => (hasStmt.get(h)?.n ?? 0) > 0);
    },
    /** Every hash on the list, for counting an audience without one query per person. */
    all(): Set<string> {
      return new Set(allStmt.all().map((r) => r.address_hash));
    },
    /** How many addresses, by why they are on the list. */
    counts(): Record<SuppressionSource, number> {
      const counts: Record<SuppressionSource, number> = { unsubscribe: 0, owner: 0, erasure: 0, import: 0 };
      for (const row of countStmt.all()) counts[row.source] = row.n;
      return counts;
    },
  };
}

export type SuppressionStore = ReturnType<typeof createSuppressionStore>;
