// Durable storage of estimate requests (SQLite, WAL, synchronous=FULL): a request is on disk before it is answered.
import { mkdirSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";

/**
 * @typedef {object} NewEstimate
 * @property {string} name
 * @property {string} email
 * @property {string} phone
 * @property {string} service
 * @property {string} message
 * @property {string | null} city
 * @property {boolean} spam
 * @property {string | null} idempotencyKey
 * @property {string | null} ip
 * @property {string | null} userAgent
 *
 * @typedef {object} StoredEstimate
 * @property {number} id
 * @property {string} received_at
 * @property {string} name
 * @property {string} email
 * @property {string} phone
 * @property {string} service
 * @property {string} message
 * @property {string | null} city
 * @property {number} spam
 * @property {string | null} idempotency_key
 *
 * @typedef {object} OutboxItem
 * @property {number} id
 * @property {number} estimate_id
 * @property {number} attempts
 * @property {string} recipient
 */

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
`;

/** @param {{ dataDir?: string, fileName?: string }} [options] */
export function openEstimateStore({ dataDir = process.env.DATA_DIR ?? "data", fileName = "estimates.db" } = {}) {
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
  const findByKey = db.prepare("SELECT id FROM estimates WHERE idempotency_key = ?");
  const enqueue = db.prepare("INSERT INTO outbox (estimate_id, recipient) VALUES (?, ?)");

  /** @type {(estimate: NewEstimate, notifyTo: string | null) => { id: number, duplicate: boolean }} */
  const save = db.transaction((estimate, notifyTo) => {
    const result = insertEstimate.run({ ...estimate, spam: estimate.spam ? 1 : 0 });
    if (result.changes === 0) {
      const existing = /** @type {{ id: number } | undefined} */ (findByKey.get(estimate.idempotencyKey));
      return { id: existing?.id ?? 0, duplicate: true };
    }
    const id = Number(result.lastInsertRowid);
    if (notifyTo && !estimate.spam) enqueue.run(id, notifyTo);
    return { id, duplicate: false };
  });

  const listStmt = db.prepare(
    `SELECT id, received_at, name, email, phone, service, message, city, spam, idempotency_key
     FROM estimates WHERE (@includeSpam = 1 OR spam = 0) ORDER BY id DESC LIMIT @limit`,
  );
  const dueStmt = db.prepare(
    `SELECT id, estimate_id, attempts, recipient FROM outbox
     WHERE sent_at IS NULL AND next_attempt_at <= @now AND attempts < @maxAttempts ORDER BY id LIMIT @limit`,
  );
  const getStmt = db.prepare("SELECT * FROM estimates WHERE id = ?");
  const sentStmt = db.prepare("UPDATE outbox SET sent_at = @now, attempts = attempts + 1, last_error = NULL WHERE id = @id");
  const failStmt = db.prepare(
    "UPDATE outbox SET attempts = attempts + 1, last_error = @error, next_attempt_at = @next WHERE id = @id",
  );
  const outboxStmt = db.prepare("SELECT * FROM outbox ORDER BY id");

  return {
    file,
    /**
     * Stores a request, and queues an e-mail about it to `notifyTo`; a repeated idempotency key stores nothing new.
     * @param {NewEstimate} estimate
     * @param {{ notifyTo?: string | null }} [options]
     */
    save(estimate, { notifyTo = null } = {}) {
      return save(estimate, notifyTo);
    },
    /** @param {{ limit?: number, includeSpam?: boolean }} [options] @returns {StoredEstimate[]} */
    list({ limit = 50, includeSpam = false } = {}) {
      return /** @type {StoredEstimate[]} */ (listStmt.all({ limit, includeSpam: includeSpam ? 1 : 0 }));
    },
    /** @param {number} id @returns {StoredEstimate | undefined} */
    get(id) {
      return /** @type {StoredEstimate | undefined} */ (getStmt.get(id));
    },
    /** @param {{ now?: Date, limit?: number, maxAttempts?: number }} [options] @returns {OutboxItem[]} */
    dueMail({ now = new Date(), limit = 10, maxAttempts = 10 } = {}) {
      return /** @type {OutboxItem[]} */ (dueStmt.all({ now: now.toISOString(), limit, maxAttempts }));
    },
    /** @param {number} id */
    markSent(id) {
      sentStmt.run({ id, now: new Date().toISOString() });
    },
    /** @param {number} id @param {string} error @param {Date} next */
    markFailed(id, error, next) {
      failStmt.run({ id, error: error.slice(0, 1000), next: next.toISOString() });
    },
    /** @returns {Record<string, unknown>[]} */
    outbox() {
      return /** @type {Record<string, unknown>[]} */ (outboxStmt.all());
    },
    close() {
      if (db.open) db.close();
    },
  };
}

/** @typedef {ReturnType<typeof openEstimateStore>} EstimateStore */
