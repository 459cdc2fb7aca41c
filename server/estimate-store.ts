// Durable storage of estimate requests (SQLite, WAL, synchronous=FULL): a request is on disk before it is
// answered. Also the owner's worklist (status, notes), the mail outbox with each message's delivery, and
// erasure that leaves no copy in the database file (secure_delete, WAL truncated).
import { randomInt } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";

export const LEAD_STATUSES = ["new", "contacted", "scheduled", "quoted", "won", "lost", "out-of-area"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const MAIL_KINDS = ["owner-alert", "confirmation", "reminder"] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** Where a request came from, kept without cookies (see app/lib/attribution.ts). Every value is bounded. */
export type Attribution = {
  page: string | null;
  landingPage: string | null;
  referrer: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmTerm: string | null;
  utmContent: string | null;
  gclid: string | null;
  fbclid: string | null;
  cityParam: string | null;
};

export const NO_ATTRIBUTION: Attribution = {
  page: null,
  landingPage: null,
  referrer: null,
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
  utmTerm: null,
  utmContent: null,
  gclid: null,
  fbclid: null,
  cityParam: null,
};

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
  attribution?: Attribution;
};

export type StoredEstimate = {
  id: number;
  reference: string;
  received_at: string;
  name: string;
  email: string;
  phone: string;
  service: string;
  message: string;
  city: string | null;
  spam: number;
  idempotency_key: string | null;
  status: LeadStatus;
  status_at: string | null;
  reminded_at: string | null;
  page: string | null;
  landing_page: string | null;
  referrer: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  gclid: string | null;
  fbclid: string | null;
  city_param: string | null;
};

export type OutboxItem = { id: number; estimate_id: number; kind: MailKind; attempts: number; recipient: string };

export type OutboxRow = OutboxItem & {
  created_at: string;
  next_attempt_at: string;
  last_error: string | null;
  sent_at: string | null;
  failed_at: string | null;
};

export type Note = { id: number; estimate_id: number; at: string; text: string };

/** A message's state as the owner sees it. */
export function deliveryState(row: OutboxRow): "sent" | "failed" | "retrying" | "queued" {
  if (row.sent_at) return "sent";
  if (row.failed_at) return "failed";
  return row.attempts > 0 ? "retrying" : "queued";
}

const SCHEMA_V1 = `
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
`;

// Version 2: the worklist, attribution, reference numbers, mail of several kinds with a final state.
const MIGRATE_V2 = `
ALTER TABLE estimates ADD COLUMN reference TEXT;
ALTER TABLE estimates ADD COLUMN status TEXT NOT NULL DEFAULT 'new';
ALTER TABLE estimates ADD COLUMN status_at TEXT;
ALTER TABLE estimates ADD COLUMN reminded_at TEXT;
ALTER TABLE estimates ADD COLUMN page TEXT;
ALTER TABLE estimates ADD COLUMN landing_page TEXT;
ALTER TABLE estimates ADD COLUMN referrer TEXT;
ALTER TABLE estimates ADD COLUMN utm_source TEXT;
ALTER TABLE estimates ADD COLUMN utm_medium TEXT;
ALTER TABLE estimates ADD COLUMN utm_campaign TEXT;
ALTER TABLE estimates ADD COLUMN utm_term TEXT;
ALTER TABLE estimates ADD COLUMN utm_content TEXT;
ALTER TABLE estimates ADD COLUMN gclid TEXT;
ALTER TABLE estimates ADD COLUMN fbclid TEXT;
ALTER TABLE estimates ADD COLUMN city_param TEXT;
UPDATE estimates SET reference = 'R-' || id WHERE reference IS NULL;
CREATE UNIQUE INDEX estimates_reference ON estimates (reference);
CREATE INDEX estimates_status ON estimates (status, spam);
CREATE INDEX estimates_email ON estimates (email COLLATE NOCASE);
CREATE TABLE outbox_v2 (
  id INTEGER PRIMARY KEY,
  estimate_id INTEGER NOT NULL REFERENCES estimates(id) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  recipient TEXT NOT NULL,
  created_at TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT NOT NULL,
  last_error TEXT,
  sent_at TEXT,
  failed_at TEXT,
  UNIQUE (estimate_id, kind)
);
INSERT INTO outbox_v2 (id, estimate_id, kind, recipient, created_at, attempts, next_attempt_at, last_error, sent_at)
  SELECT id, estimate_id, 'owner-alert', recipient, next_attempt_at, attempts, next_attempt_at, last_error, sent_at FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_v2 RENAME TO outbox;
CREATE INDEX outbox_pending ON outbox (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL;
CREATE INDEX outbox_recipient ON outbox (recipient COLLATE NOCASE, kind, created_at);
CREATE TABLE notes (
  id INTEGER PRIMARY KEY,
  estimate_id INTEGER NOT NULL REFERENCES estimates(id) ON DELETE CASCADE,
  at TEXT NOT NULL,
  text TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS heartbeat (id INTEGER PRIMARY KEY CHECK (id = 1), at TEXT NOT NULL);
`;

const SCHEMA_VERSION = 2;

/** A reference the homeowner can quote on the phone: R- and six characters, no 0/O or 1/I to misread. */
function newReference(): string {
  const alphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
  let ref = "R-";
  for (let i = 0; i < 6; i++) ref += alphabet[randomInt(alphabet.length)];
  return ref;
}

export type ListOptions = {
  /** How many of the newest to return; null or omitted: all of them. */
  limit?: number | null;
  includeSpam?: boolean;
  spamOnly?: boolean;
  status?: LeadStatus | null;
  /** Only requests received at or after this instant. */
  since?: Date | null;
};

export type SaveOptions = {
  /** The owner's address, for the alert; null when no mail is configured. */
  notifyTo?: string | null;
  /** Queue a confirmation to the sender (never for spam), at most one per address per `confirmationPeriodHours`. */
  confirm?: boolean;
  confirmationPeriodHours?: number;
};

export function openEstimateStore({
  dataDir = process.env.DATA_DIR ?? "data",
  fileName = "estimates.db",
  now = () => new Date(),
}: { dataDir?: string; fileName?: string; now?: () => Date } = {}) {
  mkdirSync(dataDir, { recursive: true });
  const file = path.resolve(dataDir, fileName);
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = FULL");
  db.pragma("busy_timeout = 5000");
  // Deleted rows are overwritten with zeros, so an erased lead leaves nothing readable in the file.
  db.pragma("secure_delete = ON");
  migrate(db);
  db.pragma("foreign_keys = ON");
  const iso = () => now().toISOString();

  const insertEstimate = db.prepare(
    `INSERT INTO estimates (reference, received_at, name, email, phone, service, message, city, spam, idempotency_key, ip,
       user_agent, page, landing_page, referrer, utm_source, utm_medium, utm_campaign, utm_term, utm_content, gclid,
       fbclid, city_param)
     VALUES (@reference, @receivedAt, @name, @email, @phone, @service, @message, @city, @spam, @idempotencyKey, @ip,
       @userAgent, @page, @landingPage, @referrer, @utmSource, @utmMedium, @utmCampaign, @utmTerm, @utmContent, @gclid,
       @fbclid, @cityParam)
     ON CONFLICT (idempotency_key) DO NOTHING`,
  );
  const findByKey = db.prepare<[string | null], { id: number; reference: string }>(
    "SELECT id, reference FROM estimates WHERE idempotency_key = ?",
  );
  const enqueueStmt = db.prepare(
    `INSERT INTO outbox (estimate_id, kind, recipient, created_at, next_attempt_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (estimate_id, kind) DO NOTHING`,
  );
  const recentConfirmation = db.prepare<[string, string], { n: number }>(
    `SELECT count(*) AS n FROM outbox WHERE kind = 'confirmation' AND recipient = ? COLLATE NOCASE AND created_at >= ?`,
  );

  function enqueue(estimateId: number, kind: MailKind, recipient: string) {
    const at = iso();
    return enqueueStmt.run(estimateId, kind, recipient, at, at).changes > 0;
  }

  function queueConfirmation(estimateId: number, email: string, periodHours: number): boolean {
    const since = new Date(now().getTime() - periodHours * 3_600_000).toISOString();
    if ((recentConfirmation.get(email, since)?.n ?? 0) > 0) return false;
    return enqueue(estimateId, "confirmation", email);
  }

  const saveTx = db.transaction((estimate: NewEstimate, options: SaveOptions) => {
    let reference = newReference();
    while (db.prepare("SELECT 1 FROM estimates WHERE reference = ?").get(reference)) reference = newReference();
    const result = insertEstimate.run({
      ...NO_ATTRIBUTION,
      ...estimate.attribution,
      ...estimate,
      reference,
      receivedAt: iso(),
      spam: estimate.spam ? 1 : 0,
    });
    if (result.changes === 0) {
      const existing = findByKey.get(estimate.idempotencyKey);
      return {
        id: existing?.id ?? 0,
        reference: existing?.reference ?? "",
        duplicate: true,
        confirmationQueued: false,
      };
    }
    const id = Number(result.lastInsertRowid);
    let confirmationQueued = false;
    if (!estimate.spam) {
      if (options.notifyTo) enqueue(id, "owner-alert", options.notifyTo);
      if (options.confirm)
        confirmationQueued = queueConfirmation(id, estimate.email, options.confirmationPeriodHours ?? 24);
    }
    return { id, reference, duplicate: false, confirmationQueued };
  });

  const columns = `id, reference, received_at, name, email, phone, service, message, city, spam, idempotency_key, status,
    status_at, reminded_at, page, landing_page, referrer, utm_source, utm_medium, utm_campaign, utm_term, utm_content,
    gclid, fbclid, city_param`;
  // LIMIT -1 is SQLite's "no limit".
  const listStmt = db.prepare<
    { includeSpam: number; spamOnly: number; status: string | null; since: string | null; limit: number },
    StoredEstimate
  >(
    `SELECT ${columns} FROM estimates
     WHERE (@spamOnly = 1 AND spam = 1 OR @spamOnly = 0 AND (@includeSpam = 1 OR spam = 0))
       AND (@status IS NULL OR status = @status) AND (@since IS NULL OR received_at >= @since)
     ORDER BY id DESC LIMIT @limit`,
  );
  const dueStmt = db.prepare<{ now: string; limit: number }, OutboxItem>(
    `SELECT id, estimate_id, kind, attempts, recipient FROM outbox
     WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= @now ORDER BY id LIMIT @limit`,
  );
  const getStmt = db.prepare<[number], StoredEstimate>(`SELECT ${columns} FROM estimates WHERE id = ?`);
  const sentStmt = db.prepare(
    "UPDATE outbox SET sent_at = @now, attempts = attempts + 1, last_error = NULL WHERE id = @id",
  );
  const retryStmt = db.prepare(
    "UPDATE outbox SET attempts = attempts + 1, last_error = @error, next_attempt_at = @next WHERE id = @id",
  );
  const giveUpStmt = db.prepare(
    "UPDATE outbox SET attempts = attempts + 1, last_error = @error, failed_at = @now WHERE id = @id",
  );
  const outboxStmt = db.prepare<[], OutboxRow>("SELECT * FROM outbox ORDER BY id");
  const deliveriesStmt = db.prepare<[number], OutboxRow>("SELECT * FROM outbox WHERE estimate_id = ? ORDER BY id");
  const troubleStmt = db.prepare<[], OutboxRow>(
    "SELECT * FROM outbox WHERE sent_at IS NULL AND (failed_at IS NOT NULL OR attempts >= 3) ORDER BY id",
  );
  const heartbeatStmt = db.prepare(
    "INSERT INTO heartbeat (id, at) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET at = excluded.at",
  );
  const statusStmt = db.prepare("UPDATE estimates SET status = ?, status_at = ? WHERE id = ?");
  const noteStmt = db.prepare("INSERT INTO notes (estimate_id, at, text) VALUES (?, ?, ?)");
  const notesStmt = db.prepare<[number], Note>("SELECT * FROM notes WHERE estimate_id = ? ORDER BY id");
  const unremindedStmt = db.prepare<[], StoredEstimate>(
    `SELECT ${columns} FROM estimates WHERE status = 'new' AND spam = 0 AND reminded_at IS NULL ORDER BY id`,
  );
  const remindedStmt = db.prepare("UPDATE estimates SET reminded_at = ? WHERE id = ?");

  function checkpoint() {
    // Copies of erased rows may still sit in the write-ahead log; fold it into the file and truncate it.
    db.pragma("wal_checkpoint(TRUNCATE)");
  }

  return {
    file,
    /** The one shared connection, for the other stores (server/store/). */
    db,
    /** Stores a request and queues its e-mails; a repeated idempotency key stores nothing new. */
    save(estimate: NewEstimate, options: SaveOptions = {}) {
      return saveTx(estimate, options);
    },
    /** Newest first. */
    list({ limit = null, includeSpam = false, spamOnly = false, status = null, since = null }: ListOptions = {}) {
      return listStmt.all({
        limit: limit ?? -1,
        includeSpam: includeSpam ? 1 : 0,
        spamOnly: spamOnly ? 1 : 0,
        status,
        since: since?.toISOString() ?? null,
      });
    },
    get(id: number): StoredEstimate | undefined {
      return getStmt.get(id);
    },
    dueMail({ limit = 10 }: { limit?: number } = {}) {
      return dueStmt.all({ now: iso(), limit });
    },
    markSent(id: number) {
      sentStmt.run({ id, now: iso() });
    },
    /** A failed attempt: retried at `next`, or, with `next` null, failed for good. */
    markFailed(id: number, error: string, next: Date | null) {
      if (next) retryStmt.run({ id, error: error.slice(0, 1000), next: next.toISOString() });
      else giveUpStmt.run({ id, error: error.slice(0, 1000), now: iso() });
    },
    outbox(): OutboxRow[] {
      return outboxStmt.all();
    },
    deliveries(estimateId: number): OutboxRow[] {
      return deliveriesStmt.all(estimateId);
    },
    /** Messages that failed for good, or keep failing: the owner must hear about these. */
    troubledDeliveries(): OutboxRow[] {
      return troubleStmt.all();
    },
    /** Puts failed messages back in the queue (after the mail settings were fixed). */
    retryFailed(): number {
      return db
        .prepare(
          "UPDATE outbox SET failed_at = NULL, next_attempt_at = ? WHERE sent_at IS NULL AND failed_at IS NOT NULL",
        )
        .run(iso()).changes;
    },
    setStatus(id: number, status: LeadStatus, note?: string): boolean {
      return db.transaction(() => {
        const changed = statusStmt.run(status, iso(), id).changes > 0;
        if (changed && note) noteStmt.run(id, iso(), note);
        return changed;
      })();
    },
    addNote(id: number, text: string): boolean {
      if (!getStmt.get(id)) return false;
      noteStmt.run(id, iso(), text);
      return true;
    },
    notes(id: number): Note[] {
      return notesStmt.all(id);
    },
    /** New, unreminded, non-spam leads: candidates for the owner's reminder. */
    awaitingReminder(): StoredEstimate[] {
      return unremindedStmt.all();
    },
    /** Queues one reminder for a lead, once. */
    remind(id: number, ownerAddress: string): void {
      db.transaction(() => {
        remindedStmt.run(iso(), id);
        enqueue(id, "reminder", ownerAddress);
      })();
    },
    /** A request the spam trap caught is a real one after all: keep it, and tell the owner (and sender) now. */
    restore(id: number, options: SaveOptions = {}): boolean {
      return db.transaction(() => {
        const lead = getStmt.get(id);
        if (!lead || !lead.spam) return false;
        db.prepare("UPDATE estimates SET spam = 0 WHERE id = ?").run(id);
        if (options.notifyTo) enqueue(id, "owner-alert", options.notifyTo);
        if (options.confirm) queueConfirmation(id, lead.email, options.confirmationPeriodHours ?? 24);
        return true;
      })();
    },
    /** Removes every request from this address, with its notes and e-mails; returns how many requests went. */
    erase(email: string): number {
      const removed = db.transaction(() => {
        const ids = db
          .prepare<[string], { id: number }>("SELECT id FROM estimates WHERE email = ? COLLATE NOCASE")
          .all(email);
        db.prepare("DELETE FROM outbox WHERE recipient = ? COLLATE NOCASE").run(email);
        for (const { id } of ids) db.prepare("DELETE FROM estimates WHERE id = ?").run(id);
        return ids.length;
      })();
      checkpoint();
      return removed;
    },
    /** Requests received before `before`: listed, or (unless `dryRun`) deleted with their notes and e-mails. */
    purge(before: Date, { dryRun = false }: { dryRun?: boolean } = {}): StoredEstimate[] {
      const old = db
        .prepare<[string], StoredEstimate>(`SELECT ${columns} FROM estimates WHERE received_at < ? ORDER BY id`)
        .all(before.toISOString());
      if (!dryRun && old.length > 0) {
        db.transaction(() => {
          for (const lead of old) db.prepare("DELETE FROM estimates WHERE id = ?").run(lead.id);
        })();
        checkpoint();
      }
      return old;
    },
    /** True when a real write reaches the database file (for /healthz); never throws. */
    writable(): boolean {
      // A health check must answer quickly: wait at most a second for a lock, not the usual five.
      db.pragma("busy_timeout = 1000");
      try {
        heartbeatStmt.run(iso());
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

function migrate(db: Database.Database) {
  const version = Number(db.pragma("user_version", { simple: true }));
  if (version >= SCHEMA_VERSION) return;
  db.pragma("foreign_keys = OFF");
  db.transaction(() => {
    db.exec(SCHEMA_V1);
    db.exec(MIGRATE_V2);
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
  })();
}

export type EstimateStore = ReturnType<typeof openEstimateStore>;
