// The one SQLite connection every store module shares (WAL, synchronous=FULL: a request is on disk before it is
// answered), with the schema brought up to date by the numbered migrations.
import { mkdirSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { MIGRATIONS, type Migration } from "./migrations.ts";

export type Db = Database.Database;

export const BUSY_TIMEOUT_MS = 5000;

export function openDatabase({ dataDir, fileName }: { dataDir: string; fileName: string }): { db: Db; file: string } {
  mkdirSync(dataDir, { recursive: true });
  const file = path.resolve(dataDir, fileName);
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = FULL");
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  // Deleted rows are overwritten with zeros, so an erased lead leaves nothing readable in the file.
  db.pragma("secure_delete = ON");
  migrate(db);
  db.pragma("foreign_keys = ON");
  return { db, file };
}

/** Applies each migration newer than the file's user_version, in order, each in its own transaction. */
export function migrate(db: Db, migrations: readonly Migration[] = MIGRATIONS): number {
  const current = Number(db.pragma("user_version", { simple: true }));
  const pending = migrations.filter((m) => m.version > current).sort((a, b) => a.version - b.version);
  if (pending.length === 0) return current;
  // Table rebuilds (v2's outbox) need foreign keys off; the pragma is a no-op inside a transaction.
  db.pragma("foreign_keys = OFF");
  for (const m of pending) {
    db.transaction(() => {
      db.exec(m.up);
      db.pragma(`user_version = ${m.version}`);
    })();
  }
  return pending.at(-1)?.version ?? current;
}
