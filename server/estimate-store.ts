// Durable storage of estimate requests (SQLite, WAL, synchronous=FULL): a request is on disk before it is answered.
import { mkdirSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";

export type NewEstimate = {
  name: string;
  email: string;
  phone: string;
  service: string;
  message: string;
  city: string | null;
  spam: boolean;
  idempotencyKey: string | null;
  ip: string | null;
  userAgent: string | null;
};

export type StoredEstimate = {
  id: number;
  received_at: string;
  name: string;
  email: string;
  phone: string;
  service: string;
  message: string;
  city: string | null;
  spam: number;
  idempotency_key: string | null;
};

export type OutboxItem = { id: number; estimate_id: number; attempts: number; recipient: string };

export type OutboxRow = OutboxItem & { next_attempt_at: string; last_error: string | null; sent_at: string | null };

const SCHEMA = `
CREATE TABLE IF NOT EXISTS estimates (
  id INTEGER PRIMARY KEY,
  received_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  phone TEXT NOT NULL,
  service TEXT NOT NULL DEFAULT '',
  message TEXT NOT NULL,
  city TEXT,
  spam INTEGER NOT NULL DEFAULT 0,
  idempotency_key TEXT UNIQUE,
  ip TEXT,
  user_agent TEXT
);
CREATE TABLE IF NOT EXISTS outbox (
  id INTEGER PRIMARY KEY,
  estimate_id INTEGER NOT NULL UNIQUE REFERENCES estimates(id),
  recipient TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  last_error TEXT,
  sent_at TEXT
);
CREATE INDEX IF NOT EXISTS outbox_pending ON outbox (next_attempt_at) WHERE sent_at IS NULL;
CREATE TABLE IF NOT EXISTS heartbeat (id INTEGER PRIMARY KEY CHECK (id = 1), at TEXT NOT NULL);
`;

export type ListOptions = {
  /** How many of the newest to return; null or omitted: all of them. */
  limit?: number | null;
  includeSpam?: boolean;
};

export function openEstimateStore({
  dataDir = process.env.DATA_DIR ?? "data",
  fileName = "estimates.db",
}: { dataDir?: string; fileName?: string } = {}) {
  mkdirSync(dataDir, { recursive: true });
  const file = path.resolve(dataDir, fileName);
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = FULL");
  db.pragma("busy_timeout = 5000");
  db.pragma("foreign_keys = ON");
  db.exec(SCHEMA);

  const insertEstimate = db.prepare(
    `INSERT INTO estimates (name, email, phone, service, message, city, spam, idempotency_key, ip, user_agent)
     VALUES (@name, @email, @phone, @service, @message, @city, @spam, @idempotencyKey, @ip, @userAgent)
     ON CONFLICT (idempotency_key) DO NOTHING`,
  );
  const findByKey = db.prepare<[string | null], { id: number }>("SELECT id FROM estimates WHERE idempotency_key = ?");
  const enqueue = db.prepare("INSERT INTO outbox (estimate_id, recipient) VALUES (?, ?)");

  const saveTx = db.transaction((estimate: NewEstimate, notifyTo: string | null) => {
    const result = insertEstimate.run({ ...estimate, spam: estimate.spam ? 1 : 0 });
    if (result.changes === 0) {
      const existing = findByKey.get(estimate.idempotencyKey);
      return { id: existing?.id ?? 0, duplicate: true };
    }
    const id = Number(result.lastInsertRowid);
    if (notifyTo && !estimate.spam) enqueue.run(id, notifyTo);
    return { id, duplicate: false };
  });

  // LIMIT -1 is SQLite's "no limit".
  const listStmt = db.prepare<{ includeSpam: number; limit: number }, StoredEstimate>(
    `SELECT id, received_at, name, email, phone, service, message, city, spam, idempotency_key
     FROM estimates WHERE (@includeSpam = 1 OR spam = 0) ORDER BY id DESC LIMIT @limit`,
  );
  const dueStmt = db.prepare<{ now: string; limit: number; maxAttempts: number }, OutboxItem>(
    `SELECT id, estimate_id, attempts, recipient FROM outbox
     WHERE sent_at IS NULL AND next_attempt_at <= @now AND attempts < @maxAttempts ORDER BY id LIMIT @limit`,
  );
  const getStmt = db.prepare<[number], StoredEstimate>("SELECT * FROM estimates WHERE id = ?");
  const sentStmt = db.prepare(
    "UPDATE outbox SET sent_at = @now, attempts = attempts + 1, last_error = NULL WHERE id = @id",
  );
  const failStmt = db.prepare(
    "UPDATE outbox SET attempts = attempts + 1, last_error = @error, next_attempt_at = @next WHERE id = @id",
  );
  const outboxStmt = db.prepare<[], OutboxRow>("SELECT * FROM outbox ORDER BY id");
  const heartbeatStmt = db.prepare(
    "INSERT INTO heartbeat (id, at) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET at = excluded.at",
  );

  return {
    file,
    /** Stores a request, and queues an e-mail about it to `notifyTo`; a repeated idempotency key stores nothing new. */
    save(estimate: NewEstimate, { notifyTo = null }: { notifyTo?: string | null } = {}) {
      return saveTx(estimate, notifyTo);
    },
    /** Newest first. */
    list({ limit = null, includeSpam = false }: ListOptions = {}): StoredEstimate[] {
      return listStmt.all({ limit: limit ?? -1, includeSpam: includeSpam ? 1 : 0 });
    },
    get(id: number): StoredEstimate | undefined {
      return getStmt.get(id);
    },
    dueMail({
      now = new Date(),
      limit = 10,
      maxAttempts = 10,
    }: { now?: Date; limit?: number; maxAttempts?: number } = {}) {
      return dueStmt.all({ now: now.toISOString(), limit, maxAttempts });
    },
    markSent(id: number) {
      sentStmt.run({ id, now: new Date().toISOString() });
    },
    markFailed(id: number, error: string, next: Date) {
      failStmt.run({ id, error: error.slice(0, 1000), next: next.toISOString() });
    },
    outbox(): OutboxRow[] {
      return outboxStmt.all();
    },
    /** True when a real write reaches the database file (for /healthz); never throws. */
    writable(): boolean {
      // A health check must answer quickly: wait at most a second for a lock, not the usual five.
      db.pragma("busy_timeout = 1000");
      try {
        heartbeatStmt.run(new Date().toISOString());
        return true;
      } catch {
        return false;
      } finally {
        db.pragma("busy_timeout = 5000");
      }
    },
    close() {
      if (db.open) db.close();
    },
  };
}

export type EstimateStore = ReturnType<typeof openEstimateStore>;
