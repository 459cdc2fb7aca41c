// The schema, as numbered steps. A step runs once, in its own transaction, and PRAGMA user_version records the
// last one applied, so an existing database upgrades in place. Add a table: append one entry with the next number.
import { OWNER_TABLES_SQL } from "../store/owner-tables.ts";
import { PUSH_TABLES_SQL } from "../store/push-subscriptions.ts";
import { VISIT_TABLES_SQL } from "../store/visits.ts";

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

// Version 5: the homeowner's photos, kept with their request (so erasure, the purge and backups cover them), and
// the photos that were not kept, as "number:reason" pairs (app/lib/estimate-photos.ts) for the owner.
const MIGRATE_V5 = `
CREATE TABLE estimate_photos (
  id INTEGER PRIMARY KEY,
  estimate_id INTEGER NOT NULL REFERENCES estimates(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  width INTEGER NOT NULL,
  height INTEGER NOT NULL,
  jpeg BLOB NOT NULL,
  preview BLOB NOT NULL,
  UNIQUE (estimate_id, position)
);
ALTER TABLE estimates ADD COLUMN photos_refused TEXT NOT NULL DEFAULT '';
`;

export type Migration = { version: number; name: string; up: string };

export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: "estimates and outbox", up: SCHEMA_V1 },
  { version: 2, name: "worklist, attribution, references, mail kinds", up: MIGRATE_V2 },
  { version: 3, name: "owner console: sessions, passkeys, invites, one-tap tokens, audit log", up: OWNER_TABLES_SQL },
  { version: 4, name: "push notifications: the owner's devices and the server's VAPID keys", up: PUSH_TABLES_SQL },
  { version: 5, name: "estimate photos", up: MIGRATE_V5 },
  {
    version: 6,
    name: "visitor figures: daily aggregates, the day's salt and de-duplication keys",
    up: VISIT_TABLES_SQL,
  },
];
