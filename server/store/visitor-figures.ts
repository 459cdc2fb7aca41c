// Visitor figures: daily aggregates only (decision 0029). No row names a person: the day's salt and the day's
// de-duplication keys are deleted when the day turns, and no address or user agent is ever written.
import { randomBytes } from "node:crypto";
import type Database from "better-sqlite3";

/** Migration 6. `kind` is one figure ("all", "page", "landing", "referrer", "utm_source", "utm_campaign", "device"). */
export const VISIT_KINDS = ["all", "page", "landing", "referrer", "utm_source", "utm_campaign", "device"] as const;
export type VisitKind = (typeof VISIT_KINDS)[number];

export type VisitRow = { day: string; kind: VisitKind; bucket: string; views: number; visitors: number };

export { VISIT_RETENTION_MONTHS } from "../../app/lib/visitor-figures.ts";

export function createVisitorFigureStore(db: Database.Database) {
  const saltOf = db.prepare<[string], { salt: string }>("SELECT salt FROM visit_salt WHERE day = ?");
  const addSalt = db.prepare("INSERT INTO visit_salt (day, salt) VALUES (?, ?)");
  const dropSalts = db.prepare("DELETE FROM visit_salt WHERE day <> ?");
  const dropSeen = db.prepare("DELETE FROM visit_seen");
  const seenAll = db.prepare<[], { key: string }>("SELECT key FROM visit_seen");
  const addSeen = db.prepare("INSERT OR IGNORE INTO visit_seen (key) VALUES (?)");
  const bucketsOf = db.prepare<[string], { kind: VisitKind; bucket: string }>(
    "SELECT kind, bucket FROM visit_days WHERE day = ?",
  );
  const add = db.prepare(
    `INSERT INTO visit_days (day, kind, bucket, views, visitors) VALUES (@day, @kind, @bucket, @views, @visitors)
     ON CONFLICT (day, kind, bucket) DO UPDATE SET views = views + excluded.views, visitors = visitors + excluded.visitors`,
  );
  const since = db.prepare<[string], VisitRow>(
    "SELECT day, kind, bucket, views, visitors FROM visit_days WHERE day >= ? ORDER BY day, kind, bucket",
  );
  const purge = db.prepare("DELETE FROM visit_days WHERE day < ?");
  let rotated = false;

  return {
    /**
     * The day's salt, made at the day's first view; yesterday's salt and de-duplication keys go with it, so no
     * hash made before can be made again.
     */
    saltFor(day: string): string {
      const row = saltOf.get(day);
      if (row) return row.salt;
      const salt = randomBytes(32).toString("base64url");
      db.transaction(() => {
        dropSalts.run(day);
        dropSeen.run();
        addSalt.run(day, salt);
      })();
      rotated = true;
      return salt;
    },
    /** What a restart needs to go on counting the same day: its de-duplication keys and its buckets. */
    today(day: string): { seen: string[]; buckets: { kind: VisitKind; bucket: string }[] } {
      return { seen: seenAll.all().map((r) => r.key), buckets: bucketsOf.all(day) };
    },
    /** One transaction per batch: the counts to add and the new de-duplication keys. */
    write(rows: readonly VisitRow[], seen: readonly string[]): void {
      db.transaction(() => {
        for (const row of rows) add.run(row);
        for (const key of seen) addSeen.run(key);
      })();
      // The old salt may still sit in the write-ahead log: fold it into the file (secure_delete zeroed it there).
      if (rotated) {
        rotated = false;
        db.pragma("wal_checkpoint(TRUNCATE)");
      }
    },
    /** Aggregates from `day` (YYYY-MM-DD) on. */
    since(day: string): VisitRow[] {
      return since.all(day);
    },
    /** Deletes the aggregates of days before `day`; returns how many rows went. */
    purgeBefore(day: string): number {
      return purge.run(day).changes;
    },
  };
}

export type VisitorFigureStore = ReturnType<typeof createVisitorFigureStore>;
