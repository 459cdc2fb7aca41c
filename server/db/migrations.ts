// The schema, as numbered steps. A step runs once, in its own transaction, and PRAGMA user_version records the
// last one applied, so an existing database upgrades in place. Add a table: append one entry with the next number.
import { neverChangeTrigger } from "../documents/frozen-version.ts";

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

// Version 3: the owner console (store/owner-*.ts): sessions, passkeys, enrolment invites, one-tap action tokens and the
// audit log. Secrets (session ids, invites, tokens) are stored only as SHA-256 hashes: a copy of the database file
// signs nobody in.
const OWNER_TABLES_SQL = `
CREATE TABLE IF NOT EXISTS owner_sessions (
  id INTEGER PRIMARY KEY,
  token_hash TEXT NOT NULL UNIQUE,
  csrf TEXT NOT NULL,
  created_at TEXT NOT NULL,
  last_seen_at TEXT NOT NULL,
  ip TEXT,
  user_agent TEXT,
  passkey_id TEXT
);
CREATE TABLE IF NOT EXISTS owner_passkeys (
  id TEXT PRIMARY KEY,
  public_key BLOB NOT NULL,
  counter INTEGER NOT NULL DEFAULT 0,
  transports TEXT,
  name TEXT NOT NULL,
  created_at TEXT NOT NULL,
  last_used_at TEXT
);
CREATE TABLE IF NOT EXISTS owner_invites (
  id INTEGER PRIMARY KEY,
  token_hash TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT
);
CREATE TABLE IF NOT EXISTS owner_action_tokens (
  id INTEGER PRIMARY KEY,
  token_hash TEXT NOT NULL UNIQUE,
  estimate_id INTEGER NOT NULL REFERENCES estimates(id) ON DELETE CASCADE,
  action TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT
);
CREATE TABLE IF NOT EXISTS owner_audit (
  id INTEGER PRIMARY KEY,
  at TEXT NOT NULL,
  event TEXT NOT NULL,
  detail TEXT NOT NULL DEFAULT '',
  ip TEXT,
  estimate_id INTEGER REFERENCES estimates(id) ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS owner_audit_estimate ON owner_audit (estimate_id) WHERE estimate_id IS NOT NULL;
`;

// Version 4: push (store/push-subscriptions.ts).
const PUSH_TABLES_SQL = `
CREATE TABLE IF NOT EXISTS push_keys (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  public_key TEXT NOT NULL,
  private_key TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS push_subscriptions (
  id INTEGER PRIMARY KEY,
  endpoint TEXT NOT NULL UNIQUE,
  p256dh TEXT NOT NULL,
  auth TEXT NOT NULL,
  passkey_id TEXT REFERENCES owner_passkeys(id) ON DELETE CASCADE,
  device TEXT NOT NULL,
  created_at TEXT NOT NULL,
  last_sent_at TEXT
);
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

// Version 6: visitor figures (store/visitor-figures.ts).
const VISIT_TABLES_SQL = `
CREATE TABLE visit_days (
  day TEXT NOT NULL,
  kind TEXT NOT NULL,
  bucket TEXT NOT NULL,
  views INTEGER NOT NULL DEFAULT 0,
  visitors INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (day, kind, bucket)
) WITHOUT ROWID;
CREATE TABLE visit_salt (day TEXT PRIMARY KEY, salt TEXT NOT NULL);
CREATE TABLE visit_seen (key TEXT PRIMARY KEY) WITHOUT ROWID;
`;

// Version 7: any number of e-mails per request. `dedupe` names one message within its request (the kind, for the
// request's own mails; "invite:<visit>:<sequence>" and the like for the rest), `message` keeps a message composed
// when it was queued (an invite is built once, so a retry sends the same bytes), and `cancelled_at` withdraws one
// not yet sent (a reminder for a visit that moved).
const MIGRATE_V7 = `
CREATE TABLE outbox_v7 (
  id INTEGER PRIMARY KEY,
  estimate_id INTEGER NOT NULL REFERENCES estimates(id) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  dedupe TEXT NOT NULL,
  recipient TEXT NOT NULL,
  created_at TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT NOT NULL,
  last_error TEXT,
  sent_at TEXT,
  failed_at TEXT,
  cancelled_at TEXT,
  message TEXT,
  UNIQUE (estimate_id, dedupe)
);
INSERT INTO outbox_v7 (id, estimate_id, kind, dedupe, recipient, created_at, attempts, next_attempt_at, last_error,
    sent_at, failed_at)
  SELECT id, estimate_id, kind, kind, recipient, created_at, attempts, next_attempt_at, last_error, sent_at, failed_at
  FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_v7 RENAME TO outbox;
CREATE INDEX outbox_pending ON outbox (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL AND cancelled_at IS NULL;
CREATE INDEX outbox_recipient ON outbox (recipient COLLATE NOCASE, kind, created_at);
CREATE INDEX outbox_estimate ON outbox (estimate_id);
`;

// Version 8: booking the estimate visit (server/booking/, decision 0030). A request's booking links (each secret only
// as a hash: every e-mail gets its own) and where the visit is; the visits, each with an invite UID for life and a SEQUENCE raised on every change;
// what happened to each; the owner's availability and days off. A partial unique index makes a window impossible to
// book twice: one row per (day, window, slot) among booked visits. A request has at most one visit not cancelled.
const MIGRATE_V8 = `
CREATE TABLE booking_tokens (
  token_hash TEXT PRIMARY KEY,
  estimate_id INTEGER NOT NULL REFERENCES estimates(id) ON DELETE CASCADE,
  created_at TEXT NOT NULL
);
CREATE INDEX booking_tokens_estimate ON booking_tokens (estimate_id);
CREATE TABLE booking_places (
  estimate_id INTEGER PRIMARY KEY REFERENCES estimates(id) ON DELETE CASCADE,
  town TEXT NOT NULL,
  served INTEGER NOT NULL,
  street TEXT NOT NULL,
  notes TEXT NOT NULL DEFAULT '',
  placed_at TEXT NOT NULL
);
CREATE TABLE visits (
  id INTEGER PRIMARY KEY,
  estimate_id INTEGER NOT NULL REFERENCES estimates(id) ON DELETE CASCADE,
  uid TEXT NOT NULL UNIQUE,
  status TEXT NOT NULL CHECK (status IN ('booked', 'held', 'cancelled')),
  day TEXT NOT NULL,
  starts TEXT NOT NULL,
  ends TEXT NOT NULL,
  starts_at TEXT NOT NULL,
  ends_at TEXT NOT NULL,
  slot INTEGER NOT NULL,
  sequence INTEGER NOT NULL DEFAULT 0,
  town TEXT NOT NULL,
  street TEXT NOT NULL,
  notes TEXT NOT NULL DEFAULT '',
  email TEXT NOT NULL,
  phone_digits TEXT NOT NULL,
  booked_at TEXT NOT NULL,
  booked_by TEXT NOT NULL CHECK (booked_by IN ('homeowner', 'owner')),
  booked_in_hours INTEGER NOT NULL,
  idempotency_key TEXT UNIQUE,
  changed_at TEXT,
  cancelled_at TEXT,
  cancelled_by TEXT,
  cancel_reason TEXT
);
CREATE UNIQUE INDEX visits_window ON visits (day, starts, slot) WHERE status = 'booked';
CREATE UNIQUE INDEX visits_per_request ON visits (estimate_id) WHERE status <> 'cancelled';
CREATE INDEX visits_day ON visits (day, starts) WHERE status = 'booked';
CREATE INDEX visits_email ON visits (email COLLATE NOCASE) WHERE status = 'booked';
CREATE INDEX visits_phone ON visits (phone_digits) WHERE status = 'booked';
CREATE TABLE visit_events (
  id INTEGER PRIMARY KEY,
  visit_id INTEGER NOT NULL REFERENCES visits(id) ON DELETE CASCADE,
  at TEXT NOT NULL,
  event TEXT NOT NULL,
  detail TEXT NOT NULL DEFAULT '',
  by TEXT NOT NULL
);
CREATE INDEX visit_events_visit ON visit_events (visit_id);
CREATE TABLE booking_settings (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  json TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE TABLE days_off (
  id INTEGER PRIMARY KEY,
  first_day TEXT NOT NULL,
  last_day TEXT NOT NULL,
  note TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  CHECK (first_day <= last_day)
);
`;

// Version 9: the owner's own calendars (server/calendars/, decision 0031). Each secret iCal address he pasted (kept
// as it is: the server must read it), its last read and its problem in his words; the busy times of its last good
// read as instants (epoch milliseconds), replaced whole by the next good one, never the events' titles; and the
// secret address of his visits' feed, as a hash only.
const MIGRATE_V9 = `
CREATE TABLE owner_calendars (
  id INTEGER PRIMARY KEY,
  url TEXT NOT NULL UNIQUE,
  label TEXT NOT NULL,
  added_at TEXT NOT NULL,
  etag TEXT,
  last_modified TEXT,
  tried_at TEXT,
  read_at TEXT,
  parsed_at TEXT,
  problem TEXT,
  problem_since TEXT,
  notes TEXT NOT NULL DEFAULT '',
  events INTEGER,
  busy_count INTEGER
);
CREATE TABLE calendar_busy (
  calendar_id INTEGER NOT NULL REFERENCES owner_calendars(id) ON DELETE CASCADE,
  starts_at INTEGER NOT NULL,
  ends_at INTEGER NOT NULL,
  CHECK (ends_at > starts_at)
);
CREATE INDEX calendar_busy_calendar ON calendar_busy (calendar_id, starts_at);
CREATE TABLE calendar_feed (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  token_hash TEXT NOT NULL,
  created_at TEXT NOT NULL
);
`;

// Version 10: quotes (store/quotes.ts, decision 0032). A quote belongs to a request; its draft is the owner's working
// copy; each send freezes a version (canonical JSON and its SHA-256) that never changes; one acceptance per quote.
// The database itself refuses what must never happen, whatever the code above it does: a sent version changed, a
// version added to an accepted quote, an accepted quote or its record changed, or a contract deleted before its 10
// years are out (decision 0033). Erasure detaches an accepted quote from its request (estimate_id to NULL, the one
// change allowed) before the request goes; every other quote goes with its request.
const QUOTE_TABLES_SQL = `
CREATE TABLE quotes (
  id INTEGER PRIMARY KEY,
  estimate_id INTEGER REFERENCES estimates(id) ON DELETE CASCADE,
  reference TEXT NOT NULL UNIQUE,
  status TEXT NOT NULL DEFAULT 'draft'
    CHECK (status IN ('draft', 'sent', 'changes_requested', 'accepted', 'declined', 'withdrawn')),
  draft TEXT NOT NULL,
  current_version INTEGER,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  first_sent_at TEXT,
  expires_at TEXT,
  decided_at TEXT,
  decision_note TEXT,
  followups_paused INTEGER NOT NULL DEFAULT 0,
  origin TEXT NOT NULL DEFAULT 'request'
);
CREATE INDEX quotes_estimate ON quotes (estimate_id);
CREATE INDEX quotes_status ON quotes (status, expires_at);
CREATE TABLE quote_versions (
  id INTEGER PRIMARY KEY,
  quote_id INTEGER NOT NULL REFERENCES quotes(id) ON DELETE CASCADE,
  version INTEGER NOT NULL,
  body TEXT NOT NULL,
  sha256 TEXT NOT NULL,
  sent_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  UNIQUE (quote_id, version)
);
CREATE TABLE quote_links (
  id INTEGER PRIMARY KEY,
  quote_id INTEGER NOT NULL REFERENCES quotes(id) ON DELETE CASCADE,
  token_hash TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL CHECK (kind IN ('email', 'device')),
  created_at TEXT NOT NULL,
  expires_at TEXT
);
CREATE INDEX quote_links_quote ON quote_links (quote_id);
CREATE TABLE quote_acceptances (
  id INTEGER PRIMARY KEY,
  quote_id INTEGER NOT NULL UNIQUE REFERENCES quotes(id) ON DELETE CASCADE,
  version_id INTEGER NOT NULL REFERENCES quote_versions(id),
  version_sha256 TEXT NOT NULL,
  option_key TEXT NOT NULL,
  addon_keys TEXT NOT NULL,
  total_cents INTEGER NOT NULL,
  deposit_cents INTEGER NOT NULL,
  name TEXT NOT NULL,
  method TEXT NOT NULL CHECK (method IN ('online', 'in-home', 'paper')),
  consent_version TEXT,
  pamphlet_version TEXT,
  pamphlet_acknowledged INTEGER NOT NULL,
  at TEXT NOT NULL,
  ip TEXT,
  user_agent TEXT,
  link_hash TEXT,
  paper_photo TEXT,
  record TEXT NOT NULL,
  record_sha256 TEXT NOT NULL
);
CREATE TABLE quote_photos (
  id INTEGER PRIMARY KEY,
  quote_id INTEGER NOT NULL REFERENCES quotes(id) ON DELETE CASCADE,
  sha256 TEXT NOT NULL,
  width INTEGER NOT NULL,
  height INTEGER NOT NULL,
  jpeg BLOB NOT NULL,
  preview BLOB NOT NULL,
  UNIQUE (quote_id, sha256)
);
CREATE TABLE quote_documents (
  id INTEGER PRIMARY KEY,
  quote_id INTEGER NOT NULL REFERENCES quotes(id) ON DELETE CASCADE,
  version_id INTEGER NOT NULL REFERENCES quote_versions(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('sent', 'accepted')),
  pdf BLOB NOT NULL,
  sha256 TEXT NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (version_id, kind)
);
CREATE TABLE quote_payments (
  id INTEGER PRIMARY KEY,
  quote_id INTEGER NOT NULL REFERENCES quotes(id) ON DELETE CASCADE,
  cents INTEGER NOT NULL CHECK (cents > 0),
  method TEXT NOT NULL,
  received_on TEXT NOT NULL,
  note TEXT NOT NULL DEFAULT '',
  recorded_at TEXT NOT NULL
);
CREATE TABLE quote_events (
  id INTEGER PRIMARY KEY,
  quote_id INTEGER NOT NULL REFERENCES quotes(id) ON DELETE CASCADE,
  version INTEGER,
  at TEXT NOT NULL,
  kind TEXT NOT NULL,
  detail TEXT NOT NULL DEFAULT '',
  push_pending INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX quote_events_quote ON quote_events (quote_id);
CREATE UNIQUE INDEX quote_events_opened ON quote_events (quote_id, version) WHERE kind = 'opened';
CREATE INDEX quote_events_push ON quote_events (push_pending) WHERE push_pending = 1;

${neverChangeTrigger("quote_versions", "a sent quote version never changes: send a new version")}
CREATE TRIGGER quote_versions_not_after_acceptance BEFORE INSERT ON quote_versions
WHEN (SELECT status FROM quotes WHERE id = NEW.quote_id) = 'accepted'
BEGIN SELECT RAISE(ABORT, 'an accepted quote never changes'); END;
CREATE TRIGGER quote_versions_kept BEFORE DELETE ON quote_versions
WHEN (SELECT status FROM quotes WHERE id = OLD.quote_id) = 'accepted'
BEGIN SELECT RAISE(ABORT, 'an accepted quote is a contract: its versions are kept'); END;

CREATE TRIGGER quote_acceptances_only_once_sent BEFORE INSERT ON quote_acceptances
WHEN (SELECT status FROM quotes WHERE id = NEW.quote_id) NOT IN ('sent', 'changes_requested')
  OR NEW.version_id IS NOT (SELECT v.id FROM quote_versions v JOIN quotes q ON q.id = v.quote_id
                            WHERE q.id = NEW.quote_id AND v.version = q.current_version)
  OR NEW.version_sha256 IS NOT (SELECT sha256 FROM quote_versions WHERE id = NEW.version_id)
BEGIN SELECT RAISE(ABORT, 'only the current version of a sent quote can be accepted'); END;
CREATE TRIGGER quote_acceptances_never_change BEFORE UPDATE ON quote_acceptances
BEGIN SELECT RAISE(ABORT, 'an acceptance never changes'); END;
CREATE TRIGGER quote_acceptances_kept BEFORE DELETE ON quote_acceptances
WHEN (SELECT status FROM quotes WHERE id = OLD.quote_id) = 'accepted'
BEGIN SELECT RAISE(ABORT, 'an accepted quote is a contract: its acceptance is kept'); END;

CREATE TRIGGER quotes_accepted_never_change BEFORE UPDATE ON quotes
WHEN OLD.status = 'accepted' AND (
  NEW.id IS NOT OLD.id OR NEW.reference IS NOT OLD.reference OR NEW.status IS NOT OLD.status
  OR NEW.draft IS NOT OLD.draft OR NEW.current_version IS NOT OLD.current_version
  OR NEW.created_at IS NOT OLD.created_at OR NEW.updated_at IS NOT OLD.updated_at
  OR NEW.first_sent_at IS NOT OLD.first_sent_at OR NEW.expires_at IS NOT OLD.expires_at
  OR NEW.decided_at IS NOT OLD.decided_at OR NEW.decision_note IS NOT OLD.decision_note
  OR NEW.followups_paused IS NOT OLD.followups_paused OR NEW.origin IS NOT OLD.origin
  OR (NEW.estimate_id IS NOT OLD.estimate_id AND NEW.estimate_id IS NOT NULL))
BEGIN SELECT RAISE(ABORT, 'an accepted quote never changes'); END;
CREATE TRIGGER quotes_contract_kept BEFORE DELETE ON quotes
WHEN OLD.status = 'accepted' AND COALESCE(
  (SELECT at FROM quote_acceptances WHERE quote_id = OLD.id), '9999') > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-10 years')
BEGIN SELECT RAISE(ABORT, 'an accepted quote is a contract: kept 10 years after its acceptance'); END;

${neverChangeTrigger("quote_documents", "a quote document never changes")}
CREATE TRIGGER quote_documents_kept BEFORE DELETE ON quote_documents
WHEN (SELECT status FROM quotes WHERE id = OLD.quote_id) = 'accepted'
BEGIN SELECT RAISE(ABORT, 'an accepted quote is a contract: its documents are kept'); END;
CREATE TRIGGER quote_photos_kept BEFORE DELETE ON quote_photos
WHEN (SELECT status FROM quotes WHERE id = OLD.quote_id) = 'accepted'
BEGIN SELECT RAISE(ABORT, 'an accepted quote is a contract: its photos are kept'); END;
CREATE TRIGGER quote_photos_not_after_acceptance BEFORE INSERT ON quote_photos
WHEN (SELECT status FROM quotes WHERE id = NEW.quote_id) = 'accepted'
BEGIN SELECT RAISE(ABORT, 'an accepted quote never changes'); END;
CREATE TRIGGER quote_photos_never_change BEFORE UPDATE ON quote_photos
BEGIN SELECT RAISE(ABORT, 'a quote photo never changes'); END;
`;

// Version 11: closed days (holidays) the owner opens for visits anyway (decision 0036). A day here is bookable though
// a rule in the business facts closes it; days off (version 8) still win over it.
const MIGRATE_V11 = `
CREATE TABLE open_days (
  day TEXT PRIMARY KEY,
  created_at TEXT NOT NULL
);
`;

// Version 12: deposits paid on the site through Stripe Checkout (server/payments/, decision 0040). A checkout session
// the server made for an accepted quote's deposit (its Stripe id and our idempotency key unique); every provider event
// seen, by its id (a second delivery of one is a no-op); and the card or bank payment a session became, one per
// session and one per provider payment, moved only forward (pending to paid or failed, paid to refunded). The owner's
// own records of checks, cash and Zelle stay in quote_payments.
const MIGRATE_V12 = `
CREATE TABLE checkout_sessions (
  id INTEGER PRIMARY KEY,
  quote_id INTEGER NOT NULL REFERENCES quotes(id) ON DELETE CASCADE,
  acceptance_id INTEGER NOT NULL REFERENCES quote_acceptances(id) ON DELETE CASCADE,
  purpose TEXT NOT NULL DEFAULT 'deposit' CHECK (purpose IN ('deposit')),
  cents INTEGER NOT NULL CHECK (cents > 0),
  provider_session_id TEXT NOT NULL UNIQUE,
  state TEXT NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'complete', 'expired')),
  url TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  idempotency_key TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX checkout_sessions_quote ON checkout_sessions (quote_id, purpose, state);
CREATE TABLE provider_events (
  event_id TEXT PRIMARY KEY,
  provider TEXT NOT NULL DEFAULT 'stripe',
  type TEXT NOT NULL,
  received_at TEXT NOT NULL
);
CREATE TABLE online_payments (
  id INTEGER PRIMARY KEY,
  quote_id INTEGER NOT NULL REFERENCES quotes(id) ON DELETE CASCADE,
  session_id INTEGER NOT NULL UNIQUE REFERENCES checkout_sessions(id) ON DELETE CASCADE,
  purpose TEXT NOT NULL DEFAULT 'deposit' CHECK (purpose IN ('deposit')),
  provider_payment_id TEXT NOT NULL UNIQUE,
  cents INTEGER NOT NULL CHECK (cents > 0),
  method TEXT NOT NULL CHECK (method IN ('card', 'bank')),
  state TEXT NOT NULL CHECK (state IN ('pending', 'paid', 'failed', 'refunded')),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  paid_at TEXT,
  failed_at TEXT,
  refunded_cents INTEGER NOT NULL DEFAULT 0,
  disputed_at TEXT
);
CREATE INDEX online_payments_quote ON online_payments (quote_id);
`;

// Version 13: invoices (server/invoices/, decision 0042). An invoice belongs to an accepted quote (one each); its draft
// is the owner's working copy; sending takes the next number from a counter that only goes forward (a deleted draft
// never had one, so numbers have no gaps and none is given twice) and freezes the one version, which never changes.
// Links are stored as hashes; the owner's checks, cash and Zelle are rows that never change. Under erasure an invoice
// stays with its contract (decision 0033) and goes with it after 10 years: `contract_at` is the acceptance's time.
// checkout_sessions and online_payments are rebuilt (SQLite cannot change a CHECK) to take purpose 'invoice'.
const MIGRATE_V13 = `
CREATE TABLE invoice_numbers (
  only INTEGER PRIMARY KEY CHECK (only = 1),
  last INTEGER NOT NULL CHECK (last >= 0)
);
INSERT INTO invoice_numbers (only, last) VALUES (1, 0);
CREATE TRIGGER invoice_numbers_forward BEFORE UPDATE ON invoice_numbers
WHEN NEW.last <= OLD.last OR NEW.only IS NOT OLD.only
BEGIN SELECT RAISE(ABORT, 'the invoice counter only goes forward'); END;
CREATE TRIGGER invoice_numbers_kept BEFORE DELETE ON invoice_numbers
BEGIN SELECT RAISE(ABORT, 'the invoice counter is kept'); END;
CREATE TABLE invoices (
  id INTEGER PRIMARY KEY,
  quote_id INTEGER NOT NULL UNIQUE REFERENCES quotes(id) ON DELETE CASCADE,
  number INTEGER UNIQUE,
  draft TEXT NOT NULL,
  contract_at TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  sent_at TEXT,
  reminders_paused INTEGER NOT NULL DEFAULT 0
);
CREATE TRIGGER invoices_number_from_counter BEFORE UPDATE OF number ON invoices
WHEN OLD.number IS NOT NULL OR NEW.number IS NOT (SELECT last FROM invoice_numbers)
BEGIN SELECT RAISE(ABORT, 'an invoice number is given once, from the counter'); END;
CREATE TRIGGER invoices_sent_never_change BEFORE UPDATE ON invoices
WHEN OLD.number IS NOT NULL AND (NEW.id IS NOT OLD.id OR NEW.quote_id IS NOT OLD.quote_id
  OR NEW.draft IS NOT OLD.draft OR NEW.contract_at IS NOT OLD.contract_at OR NEW.created_at IS NOT OLD.created_at
  OR NEW.sent_at IS NOT OLD.sent_at)
BEGIN SELECT RAISE(ABORT, 'a sent invoice never changes'); END;
CREATE TRIGGER invoices_kept BEFORE DELETE ON invoices
WHEN OLD.number IS NOT NULL AND OLD.contract_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-10 years')
BEGIN SELECT RAISE(ABORT, 'a sent invoice is kept with its contract for 10 years'); END;
CREATE TABLE invoice_versions (
  id INTEGER PRIMARY KEY,
  invoice_id INTEGER NOT NULL UNIQUE REFERENCES invoices(id) ON DELETE CASCADE,
  body TEXT NOT NULL,
  sha256 TEXT NOT NULL,
  sent_at TEXT NOT NULL
);
${neverChangeTrigger("invoice_versions", "a sent invoice never changes")}
CREATE TRIGGER invoice_versions_kept BEFORE DELETE ON invoice_versions
WHEN COALESCE((SELECT contract_at FROM invoices WHERE id = OLD.invoice_id), '0')
  > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-10 years')
BEGIN SELECT RAISE(ABORT, 'a sent invoice is kept with its contract for 10 years'); END;
CREATE TABLE invoice_links (
  id INTEGER PRIMARY KEY,
  invoice_id INTEGER NOT NULL REFERENCES invoices(id) ON DELETE CASCADE,
  token_hash TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL
);
CREATE INDEX invoice_links_invoice ON invoice_links (invoice_id);
CREATE TABLE invoice_payments (
  id INTEGER PRIMARY KEY,
  invoice_id INTEGER NOT NULL REFERENCES invoices(id) ON DELETE CASCADE,
  cents INTEGER NOT NULL CHECK (cents > 0),
  method TEXT NOT NULL CHECK (method IN ('check', 'cash', 'zelle')),
  received_on TEXT NOT NULL CHECK (received_on GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
  note TEXT NOT NULL DEFAULT '',
  recorded_at TEXT NOT NULL
);
CREATE INDEX invoice_payments_invoice ON invoice_payments (invoice_id);
${neverChangeTrigger("invoice_payments", "a payment received never changes")}
CREATE TRIGGER invoice_payments_kept BEFORE DELETE ON invoice_payments
WHEN COALESCE((SELECT contract_at FROM invoices WHERE id = OLD.invoice_id), '0')
  > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-10 years')
BEGIN SELECT RAISE(ABORT, 'money received is kept with its contract for 10 years'); END;

CREATE TABLE checkout_sessions_v13 (
  id INTEGER PRIMARY KEY,
  quote_id INTEGER NOT NULL REFERENCES quotes(id) ON DELETE CASCADE,
  acceptance_id INTEGER NOT NULL REFERENCES quote_acceptances(id) ON DELETE CASCADE,
  purpose TEXT NOT NULL DEFAULT 'deposit' CHECK (purpose IN ('deposit', 'invoice')),
  invoice_id INTEGER REFERENCES invoices(id) ON DELETE CASCADE,
  cents INTEGER NOT NULL CHECK (cents > 0),
  provider_session_id TEXT NOT NULL UNIQUE,
  state TEXT NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'complete', 'expired')),
  url TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  idempotency_key TEXT NOT NULL,
  created_at TEXT NOT NULL,
  CHECK ((purpose = 'invoice') = (invoice_id IS NOT NULL))
);
INSERT INTO checkout_sessions_v13 (id, quote_id, acceptance_id, purpose, invoice_id, cents, provider_session_id, state,
  url, expires_at, idempotency_key, created_at)
  SELECT id, quote_id, acceptance_id, purpose, NULL, cents, provider_session_id, state, url, expires_at,
    idempotency_key, created_at FROM checkout_sessions;
CREATE TABLE online_payments_v13 (
  id INTEGER PRIMARY KEY,
  quote_id INTEGER NOT NULL REFERENCES quotes(id) ON DELETE CASCADE,
  session_id INTEGER NOT NULL UNIQUE REFERENCES checkout_sessions(id) ON DELETE CASCADE,
  purpose TEXT NOT NULL DEFAULT 'deposit' CHECK (purpose IN ('deposit', 'invoice')),
  invoice_id INTEGER REFERENCES invoices(id) ON DELETE CASCADE,
  provider_payment_id TEXT NOT NULL UNIQUE,
  cents INTEGER NOT NULL CHECK (cents > 0),
  method TEXT NOT NULL CHECK (method IN ('card', 'bank')),
  state TEXT NOT NULL CHECK (state IN ('pending', 'paid', 'failed', 'refunded')),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  paid_at TEXT,
  failed_at TEXT,
  refunded_cents INTEGER NOT NULL DEFAULT 0,
  disputed_at TEXT,
  CHECK ((purpose = 'invoice') = (invoice_id IS NOT NULL))
);
INSERT INTO online_payments_v13 (id, quote_id, session_id, purpose, invoice_id, provider_payment_id, cents, method,
  state, created_at, updated_at, paid_at, failed_at, refunded_cents, disputed_at)
  SELECT id, quote_id, session_id, purpose, NULL, provider_payment_id, cents, method, state, created_at, updated_at,
    paid_at, failed_at, refunded_cents, disputed_at FROM online_payments;
DROP TABLE online_payments;
DROP TABLE checkout_sessions;
ALTER TABLE checkout_sessions_v13 RENAME TO checkout_sessions;
ALTER TABLE online_payments_v13 RENAME TO online_payments;
CREATE INDEX checkout_sessions_quote ON checkout_sessions (quote_id, purpose, state);
CREATE INDEX checkout_sessions_invoice ON checkout_sessions (invoice_id, state) WHERE invoice_id IS NOT NULL;
CREATE INDEX online_payments_quote ON online_payments (quote_id);
CREATE INDEX online_payments_invoice ON online_payments (invoice_id) WHERE invoice_id IS NOT NULL;
`;

// Version 14: the job (server/jobs/, issue 53). An accepted quote becomes one job; its work days are rows of their own,
// each with its invite's UID and SEQUENCE, so a move or a cancel updates the homeowner's calendar in place. A work day
// keeps its wall-clock arrival window (`day`, `starts`, `ends` in America/Chicago) and the instants it stands for.
// "On my way" is one row per job and business day: the UNIQUE makes it once a day however often it is tapped. Links
// are hashes, as for quotes and invoices. The job goes with its quote (ON DELETE CASCADE).
const MIGRATE_V14 = `
CREATE TABLE jobs (
  id INTEGER PRIMARY KEY,
  quote_id INTEGER NOT NULL UNIQUE REFERENCES quotes(id) ON DELETE CASCADE,
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'done')),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  done_at TEXT,
  CHECK ((status = 'done') = (done_at IS NOT NULL))
);
CREATE TABLE job_links (
  id INTEGER PRIMARY KEY,
  job_id INTEGER NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
  token_hash TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL
);
CREATE INDEX job_links_job ON job_links (job_id);
CREATE TABLE job_days (
  id INTEGER PRIMARY KEY,
  job_id INTEGER NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
  uid TEXT NOT NULL UNIQUE,
  status TEXT NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'cancelled')),
  day TEXT NOT NULL CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
  starts TEXT NOT NULL CHECK (starts GLOB '[0-2][0-9]:[0-5][0-9]'),
  ends TEXT NOT NULL CHECK (ends GLOB '[0-2][0-9]:[0-5][0-9]' AND ends > starts),
  starts_at TEXT NOT NULL,
  ends_at TEXT NOT NULL,
  sequence INTEGER NOT NULL DEFAULT 0 CHECK (sequence >= 0),
  rain_moves INTEGER NOT NULL DEFAULT 0,
  reminded_for TEXT,
  created_at TEXT NOT NULL,
  changed_at TEXT,
  cancelled_at TEXT
);
CREATE UNIQUE INDEX job_days_one_a_day ON job_days (job_id, day) WHERE status = 'scheduled';
CREATE INDEX job_days_day ON job_days (day, starts) WHERE status = 'scheduled';
CREATE TABLE job_on_my_way (
  id INTEGER PRIMARY KEY,
  job_id INTEGER NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
  job_day_id INTEGER REFERENCES job_days(id) ON DELETE SET NULL,
  day TEXT NOT NULL,
  at TEXT NOT NULL,
  UNIQUE (job_id, day)
);
`;

// Version 15: photos of a job, before and after (server/jobs/job-photos*.ts, issue 53). The photo itself is a file in
// the job photos folder (DATA_DIR/job-photos/, named in `file`, with its preview `<file>-small`); the row says which
// job, before or after, its size, and the homeowner's consent: when, and the words consented to. A pair put on
// "Recent work" is a row of its own naming the gallery's file names, the service and the town (never the street), so
// erasure can say which photos are on the site and keep their consent. Both go with their job.
const MIGRATE_V15 = `
CREATE TABLE job_photos (
  id INTEGER PRIMARY KEY,
  job_id INTEGER NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('before', 'after')),
  width INTEGER NOT NULL CHECK (width > 0),
  height INTEGER NOT NULL CHECK (height > 0),
  added_at TEXT NOT NULL,
  consent_at TEXT,
  consent_words TEXT,
  jpeg BLOB NOT NULL,
  preview BLOB NOT NULL,
  CHECK ((consent_at IS NULL) = (consent_words IS NULL))
);
CREATE INDEX job_photos_job ON job_photos (job_id, id);
CREATE TABLE job_photo_pairs (
  id INTEGER PRIMARY KEY,
  job_id INTEGER NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
  before_id INTEGER NOT NULL REFERENCES job_photos(id),
  after_id INTEGER NOT NULL REFERENCES job_photos(id),
  before_file TEXT NOT NULL,
  after_file TEXT NOT NULL,
  service TEXT NOT NULL,
  city TEXT,
  caption TEXT NOT NULL,
  publish_job TEXT,
  state TEXT NOT NULL DEFAULT 'publishing' CHECK (state IN ('publishing', 'published', 'taken-off')),
  created_at TEXT NOT NULL,
  published_at TEXT,
  taken_off_at TEXT,
  CHECK ((state = 'published') <= (published_at IS NOT NULL))
);
CREATE INDEX job_photo_pairs_job ON job_photo_pairs (job_id);
CREATE UNIQUE INDEX job_photo_pairs_live_before ON job_photo_pairs (before_id) WHERE state != 'taken-off';
CREATE UNIQUE INDEX job_photo_pairs_live_after ON job_photo_pairs (after_id) WHERE state != 'taken-off';
`;

// Version 16: fewer pages written per payment event (issue 52: each page a commit writes is two writes to the WAL, on
// the event loop). A provider's event is kept by its id alone, so the table is that id's b-tree (WITHOUT ROWID: one
// page written, not the table's and its index's). outbox_estimate is dropped: the UNIQUE (estimate_id, dedupe) index
// starts with estimate_id, so it serves the same lookups and the cascade from estimates.
const MIGRATE_V16 = `
CREATE TABLE provider_events_v16 (
  event_id TEXT PRIMARY KEY,
  provider TEXT NOT NULL DEFAULT 'stripe',
  type TEXT NOT NULL,
  received_at TEXT NOT NULL
) WITHOUT ROWID;
INSERT INTO provider_events_v16 (event_id, provider, type, received_at)
  SELECT event_id, provider, type, received_at FROM provider_events;
DROP TABLE provider_events;
ALTER TABLE provider_events_v16 RENAME TO provider_events;
DROP INDEX outbox_estimate;
`;

// Version 17 (issue 52, decision 0050): the outbox's next message found in its index, and a session's state off its
// indexes.
// - outbox_due holds the pending messages in the order they go (store/outbox.ts DUE_RANK, then id), with the time each
//   is due: the next one due is the first entry that is due, read from the index alone. outbox_pending held them by
//   time, so each look sorted every pending row with its stored message: with 2,000 waiting, 1 ms a look, and the
//   outbox looks before each message it sends. The CASE is DUE_RANK's, word for word (database.test.ts checks the
//   plan); a kind added to it needs a migration that makes this index again.
// - A session's state left checkout_sessions_quote and checkout_sessions_invoice: no query finds a session by its
//   state alone, and a payment's first event, which closes its session, wrote those index pages for it.
const MIGRATE_V17 = `
DROP INDEX outbox_pending;
CREATE INDEX outbox_due ON outbox (
  CASE kind
    WHEN 'owner-alert' THEN 0 WHEN 'visit-owner' THEN 0 WHEN 'quote-owner' THEN 0
    WHEN 'confirmation' THEN 1 WHEN 'visit-invite' THEN 1 WHEN 'quote-sent' THEN 1 WHEN 'quote-accepted' THEN 1
    WHEN 'payment-homeowner' THEN 1 WHEN 'invoice-sent' THEN 1 WHEN 'job-day' THEN 1 WHEN 'job-on-my-way' THEN 1
    ELSE 2
  END,
  id,
  next_attempt_at
) WHERE sent_at IS NULL AND failed_at IS NULL AND cancelled_at IS NULL;
DROP INDEX checkout_sessions_quote;
CREATE INDEX checkout_sessions_quote ON checkout_sessions (quote_id);
DROP INDEX checkout_sessions_invoice;
CREATE INDEX checkout_sessions_invoice ON checkout_sessions (invoice_id) WHERE invoice_id IS NOT NULL;
`;

// Version 18: a dispute is a state of the payment (issue 64, decision 0040). A card payment disputed by the
// homeowner's bank is 'open' until Stripe's charge.dispute.closed says 'won' (paid again) or 'lost' (the money went
// back): the books read it from here. Each move is one conditional UPDATE, so repeated or late events end the same.
// A payment already marked disputed (disputed_at, from charge.dispute.created) is open.
const MIGRATE_V18 = `
ALTER TABLE online_payments ADD COLUMN dispute_state TEXT CHECK (dispute_state IN ('open', 'won', 'lost'));
ALTER TABLE online_payments ADD COLUMN dispute_closed_at TEXT;
UPDATE online_payments SET dispute_state = 'open' WHERE disputed_at IS NOT NULL;
`;

// Version 19: customers (issue 65, decision 0051). One record per homeowner (a person or a household) with their
// contact points (each kept as typed, its key beside it: the e-mail lowercased, the phone in E.164; `match_key` is a
// Gmail-canonical e-mail that only suggests), their properties (the address as typed, its Publication 28 key, ZIP5
// and town; `customer_id` is who owns it now, its history stays on it) and each property's flues. A request points
// at its customer and property; visits, quotes, jobs, invoices, payments, photos and review requests are reached
// from their request. A merge never moves a row: the merged customer gets `merged_into` and every read resolves to
// the survivor, so an undo clears one column; the merge and its undo are rows of their own. "Not the same person" is
// a pair. Suggestions are pairs whose keys met; they show while the two are apart and not told apart.
// - customer_search is a contentless FTS5 index kept by triggers, so any writer (an import, an erasure) keeps it
//   right: its rowid is the source row's id times 4 plus 0 (a name), 1 (a contact) or 2 (a property). A phone is
//   indexed as its last 10, 7 and 4 digits, so it is found however it is typed.
// - A booking place (the street the homeowner gave for the visit) fills in the request's own property (made for it
//   at intake, source 'request') with `keyed` 0: server/customers/ writes its key, which needs code, soon after.
// Days are TEXT YYYY-MM-DD in America/Chicago; instants UTC ISO strings.
const MIGRATE_V19 = `
CREATE TABLE customers (
  id INTEGER PRIMARY KEY,
  display_name TEXT NOT NULL,
  name_key TEXT NOT NULL DEFAULT '',
  kind TEXT NOT NULL DEFAULT 'person' CHECK (kind IN ('person', 'household')),
  notes TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  merged_into INTEGER REFERENCES customers(id),
  source TEXT NOT NULL DEFAULT 'request',
  source_id TEXT,
  import_batch INTEGER,
  CHECK (merged_into IS NULL OR merged_into <> id)
);
CREATE UNIQUE INDEX customers_source ON customers (source, source_id) WHERE source_id IS NOT NULL;
CREATE INDEX customers_merged_into ON customers (merged_into) WHERE merged_into IS NOT NULL;
CREATE INDEX customers_import_batch ON customers (import_batch) WHERE import_batch IS NOT NULL;
CREATE INDEX customers_updated ON customers (updated_at);

CREATE TABLE customer_contacts (
  id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('email', 'phone')),
  value TEXT NOT NULL,
  key TEXT,
  match_key TEXT,
  extension TEXT,
  label TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  CHECK (kind = 'phone' OR key IS NOT NULL)
);
CREATE UNIQUE INDEX customer_contacts_once ON customer_contacts (customer_id, kind, key) WHERE key IS NOT NULL;
CREATE INDEX customer_contacts_key ON customer_contacts (kind, key) WHERE key IS NOT NULL;
CREATE INDEX customer_contacts_match ON customer_contacts (kind, match_key) WHERE match_key IS NOT NULL;
CREATE INDEX customer_contacts_customer ON customer_contacts (customer_id);

CREATE TABLE properties (
  id INTEGER PRIMARY KEY,
  customer_id INTEGER REFERENCES customers(id) ON DELETE SET NULL,
  street TEXT NOT NULL DEFAULT '',
  street2 TEXT NOT NULL DEFAULT '',
  town TEXT NOT NULL DEFAULT '',
  state TEXT NOT NULL DEFAULT '',
  zip TEXT NOT NULL DEFAULT '',
  address_key TEXT,
  zip5 TEXT CHECK (zip5 IS NULL OR zip5 GLOB '[0-9][0-9][0-9][0-9][0-9]'),
  town_key TEXT NOT NULL DEFAULT '',
  keyed INTEGER NOT NULL DEFAULT 1 CHECK (keyed IN (0, 1)),
  notes TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  source TEXT NOT NULL DEFAULT 'request',
  source_id TEXT,
  import_batch INTEGER
);
CREATE INDEX properties_customer ON properties (customer_id);
CREATE INDEX properties_address ON properties (address_key) WHERE address_key IS NOT NULL;
CREATE INDEX properties_unkeyed ON properties (id) WHERE keyed = 0;
CREATE UNIQUE INDEX properties_source ON properties (source, source_id) WHERE source_id IS NOT NULL;
CREATE INDEX properties_import_batch ON properties (import_batch) WHERE import_batch IS NOT NULL;

CREATE TABLE flues (
  id INTEGER PRIMARY KEY,
  property_id INTEGER NOT NULL REFERENCES properties(id) ON DELETE CASCADE,
  label TEXT NOT NULL DEFAULT '',
  appliance TEXT NOT NULL CHECK (appliance IN ('fireplace', 'insert', 'stove', 'furnace-vent')),
  fuel TEXT NOT NULL CHECK (fuel IN ('wood', 'gas', 'oil', 'pellet', 'coal', 'unknown')),
  use_level TEXT NOT NULL CHECK (use_level IN ('unused', 'occasional', 'regular', 'daily', 'unknown')),
  notes TEXT NOT NULL DEFAULT '',
  last_service_day TEXT CHECK (last_service_day IS NULL OR last_service_day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
  due_override TEXT CHECK (due_override IS NULL OR due_override GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
  cadence_months INTEGER CHECK (cadence_months IS NULL OR cadence_months BETWEEN 1 AND 120),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX flues_property ON flues (property_id);

ALTER TABLE estimates ADD COLUMN customer_id INTEGER REFERENCES customers(id) ON DELETE SET NULL;
ALTER TABLE estimates ADD COLUMN property_id INTEGER REFERENCES properties(id) ON DELETE SET NULL;
CREATE INDEX estimates_customer ON estimates (customer_id) WHERE customer_id IS NOT NULL;
CREATE INDEX estimates_property ON estimates (property_id) WHERE property_id IS NOT NULL;
CREATE INDEX estimates_unlinked ON estimates (id) WHERE customer_id IS NULL AND spam = 0;
-- A customer's history reads every visit of their requests, cancelled ones too (visits_per_request skips those).
CREATE INDEX visits_estimate ON visits (estimate_id);

CREATE TABLE customer_merges (
  id INTEGER PRIMARY KEY,
  from_id INTEGER NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  into_id INTEGER NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  at TEXT NOT NULL,
  undone_at TEXT,
  CHECK (from_id <> into_id)
);
CREATE UNIQUE INDEX customer_merges_live ON customer_merges (from_id) WHERE undone_at IS NULL;
CREATE INDEX customer_merges_into ON customer_merges (into_id);

CREATE TABLE customer_distinct (
  a_id INTEGER NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  b_id INTEGER NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  at TEXT NOT NULL,
  PRIMARY KEY (a_id, b_id),
  CHECK (a_id < b_id)
) WITHOUT ROWID;
CREATE INDEX customer_distinct_b ON customer_distinct (b_id);

CREATE TABLE customer_suggestions (
  a_id INTEGER NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  b_id INTEGER NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  reasons TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (a_id, b_id),
  CHECK (a_id < b_id)
) WITHOUT ROWID;
CREATE INDEX customer_suggestions_b ON customer_suggestions (b_id);
CREATE INDEX customer_suggestions_created ON customer_suggestions (created_at);

CREATE VIRTUAL TABLE customer_search USING fts5(
  text, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);
CREATE TRIGGER customers_search_insert AFTER INSERT ON customers BEGIN
  INSERT INTO customer_search (rowid, text) VALUES (NEW.id * 4, NEW.display_name || ' ' || NEW.name_key);
END;
CREATE TRIGGER customers_search_update AFTER UPDATE OF display_name, name_key ON customers BEGIN
  DELETE FROM customer_search WHERE rowid = OLD.id * 4;
  INSERT INTO customer_search (rowid, text) VALUES (NEW.id * 4, NEW.display_name || ' ' || NEW.name_key);
END;
CREATE TRIGGER customers_search_delete AFTER DELETE ON customers BEGIN
  DELETE FROM customer_search WHERE rowid = OLD.id * 4;
END;
CREATE TRIGGER customer_contacts_search_insert AFTER INSERT ON customer_contacts BEGIN
  INSERT INTO customer_search (rowid, text) VALUES (NEW.id * 4 + 1,
    CASE WHEN NEW.kind = 'phone' AND NEW.key IS NOT NULL
      THEN NEW.value || ' ' || substr(NEW.key, -10) || ' ' || substr(NEW.key, -7) || ' ' || substr(NEW.key, -4)
      ELSE NEW.value || ' ' || COALESCE(NEW.key, '') END);
END;
CREATE TRIGGER customer_contacts_search_update AFTER UPDATE OF value, key ON customer_contacts BEGIN
  DELETE FROM customer_search WHERE rowid = OLD.id * 4 + 1;
  INSERT INTO customer_search (rowid, text) VALUES (NEW.id * 4 + 1,
    CASE WHEN NEW.kind = 'phone' AND NEW.key IS NOT NULL
      THEN NEW.value || ' ' || substr(NEW.key, -10) || ' ' || substr(NEW.key, -7) || ' ' || substr(NEW.key, -4)
      ELSE NEW.value || ' ' || COALESCE(NEW.key, '') END);
END;
CREATE TRIGGER customer_contacts_search_delete AFTER DELETE ON customer_contacts BEGIN
  DELETE FROM customer_search WHERE rowid = OLD.id * 4 + 1;
END;
CREATE TRIGGER properties_search_insert AFTER INSERT ON properties BEGIN
  INSERT INTO customer_search (rowid, text) VALUES (NEW.id * 4 + 2, NEW.street || ' ' || NEW.street2 || ' ' ||
    NEW.town || ' ' || NEW.zip || ' ' || COALESCE(NEW.address_key, ''));
END;
CREATE TRIGGER properties_search_update AFTER UPDATE OF street, street2, town, zip, address_key ON properties BEGIN
  DELETE FROM customer_search WHERE rowid = OLD.id * 4 + 2;
  INSERT INTO customer_search (rowid, text) VALUES (NEW.id * 4 + 2, NEW.street || ' ' || NEW.street2 || ' ' ||
    NEW.town || ' ' || NEW.zip || ' ' || COALESCE(NEW.address_key, ''));
END;
CREATE TRIGGER properties_search_delete AFTER DELETE ON properties BEGIN
  DELETE FROM customer_search WHERE rowid = OLD.id * 4 + 2;
END;

CREATE TRIGGER booking_places_fill_property AFTER INSERT ON booking_places BEGIN
  UPDATE properties SET street = NEW.street, town = NEW.town, address_key = NULL, keyed = 0, updated_at = NEW.placed_at
  WHERE id = (SELECT property_id FROM estimates WHERE id = NEW.estimate_id)
    AND source = 'request' AND source_id = CAST(NEW.estimate_id AS TEXT);
END;
CREATE TRIGGER booking_places_refill_property AFTER UPDATE OF street, town ON booking_places BEGIN
  UPDATE properties SET street = NEW.street, town = NEW.town, address_key = NULL, keyed = 0, updated_at = NEW.placed_at
  WHERE id = (SELECT property_id FROM estimates WHERE id = NEW.estimate_id)
    AND source = 'request' AND source_id = CAST(NEW.estimate_id AS TEXT);
END;
`;

// Version 20 (issue 65, decision 0052): marketing mail. One suppression list keyed by a keyed hash (HMAC-SHA256) of
// the normalised e-mail or the E.164 phone, never by customer, so it holds through merges, erasure and re-imports; the
// key it is made with (kept here like the push keys, made at first use); the send ledger, one row per message with a
// unique key (a reminder's customer, due day and number; a campaign's customer), claimed once; and the campaigns the
// owner sent, each found again by its Send form's one-time key.
const MIGRATE_V20 = `
CREATE TABLE marketing_secret (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  hmac_key BLOB NOT NULL CHECK (length(hmac_key) = 32),
  created_at TEXT NOT NULL
);
CREATE TABLE suppressions (
  address_hash TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('email', 'phone')),
  source TEXT NOT NULL CHECK (source IN ('unsubscribe', 'owner', 'erasure', 'import')),
  created_at TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE campaigns (
  id INTEGER PRIMARY KEY,
  press_key TEXT NOT NULL UNIQUE,
  audience TEXT NOT NULL,
  subject TEXT NOT NULL,
  queued_at TEXT NOT NULL,
  recipients INTEGER NOT NULL
);
CREATE TABLE marketing_sends (
  id INTEGER PRIMARY KEY,
  send_key TEXT NOT NULL UNIQUE,
  purpose TEXT NOT NULL CHECK (purpose IN ('reminder', 'campaign')),
  campaign_id INTEGER REFERENCES campaigns(id),
  customer_id INTEGER NOT NULL,
  property_id INTEGER,
  due_day TEXT,
  state TEXT NOT NULL DEFAULT 'queued'
    CHECK (state IN ('queued', 'sending', 'sent', 'unknown', 'cancelled', 'failed')),
  reason TEXT,
  recipient TEXT,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT NOT NULL,
  last_error TEXT,
  message TEXT,
  created_at TEXT NOT NULL,
  claimed_at TEXT,
  done_at TEXT,
  booked_estimate_id INTEGER,
  CHECK ((purpose = 'campaign') = (campaign_id IS NOT NULL))
);
CREATE INDEX marketing_sends_due ON marketing_sends (next_attempt_at, id) WHERE state = 'queued';
CREATE INDEX marketing_sends_campaign ON marketing_sends (campaign_id, state) WHERE campaign_id IS NOT NULL;
CREATE INDEX marketing_sends_customer ON marketing_sends (customer_id);
CREATE INDEX marketing_sends_doubt ON marketing_sends (state) WHERE state IN ('sending', 'unknown');
`;

// Version 21 (issue 65, decision 0053): imports of the owner's old customer list. A batch is first a dry run that
// keeps the uploaded file's bytes and SHA-256, so the commit imports the very file the owner saw (its rows planned
// again as they are written in short transactions while the batch is "committing", one batch at a time; one left so by a
// crash is rolled back at the next start); the file goes once it is committed. What a batch made carries its id
// (customers.import_batch, properties.import_batch, migration 19); what it changed on customers that were already
// there is a change row with the value before, so an undo puts back exactly that, and nothing the owner did since.
// The checks say `x = 'a' OR x = 'b' …`, not `x IN ('a', 'b', 'c')`: SQLite checks a list of three or more with an
// ephemeral table, whose page cache is an 88 KB allocation, a fresh mapping under the server's allocator settings
// (server/server-env.ts): 1.8 ms an insert on this machine instead of 5 µs, and an import inserts thousands.
const MIGRATE_V21 = `
CREATE TABLE import_batches (
  id INTEGER PRIMARY KEY,
  state TEXT NOT NULL DEFAULT 'dry-run' CHECK (state = 'dry-run' OR state = 'committing' OR state = 'committed'
    OR state = 'undoing' OR state = 'undone'),
  format TEXT NOT NULL CHECK (format = 'jobber' OR format = 'housecall-pro' OR format = 'template'),
  file_name TEXT NOT NULL,
  file_hash TEXT NOT NULL CHECK (length(file_hash) = 64),
  file BLOB,
  encoding TEXT NOT NULL,
  summary TEXT NOT NULL,
  created_at TEXT NOT NULL,
  committed_at TEXT,
  undone_at TEXT,
  CHECK ((state = 'dry-run' OR state = 'committing') = (committed_at IS NULL)),
  CHECK ((state = 'undone') = (undone_at IS NOT NULL)),
  CHECK (state = 'dry-run' OR state = 'committing' OR file IS NULL)
);
CREATE INDEX import_batches_state ON import_batches (state, id);
CREATE TABLE import_changes (
  id INTEGER PRIMARY KEY,
  batch_id INTEGER NOT NULL REFERENCES import_batches(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind = 'customer-updated' OR kind = 'contact-added' OR kind = 'flue-added'
    OR kind = 'flue-updated' OR kind = 'suppression-added'),
  target_id INTEGER,
  target_key TEXT,
  before TEXT,
  after TEXT
);
CREATE INDEX import_changes_batch ON import_changes (batch_id, id);
`;

// Version 22: the chimney condition report (issue 66, decision 0054): what the owner found at an estimate visit, per
// flue and part, with photos; the versions sent to the homeowner, frozen; and what a quote made from it remembers.
// - condition_reports: one per visit, on the visit's request and property, with the inspection's scope (NFPA 211
//   level, weather, roof access, what was not inspected and why). `rev` rises with every change to the draft; a sent
//   version names the rev it froze, so the console can say "changed since it was sent". A sent report outlives its
//   request: erasure detaches it (estimate_id NULL) as it does an accepted quote (decision 0033); one it forgot is
//   refused by report_versions_kept, loudly.
// - report_findings: a flue and one part from the fixed list (the CHECK is REPORT_PARTS in
//   app/content/condition-report.ts; a unit test keeps them equal), its state (NULL until chosen: a photo may come
//   first),
//   the "Do not use" flag, a note, the library's defect key (content/findings.yaml), and for Watch what makes it worse
//   and a day to look again, for Not inspected why. `previous_id` and `trend` are next year's comparison.
// - report_photos: up to 3 per finding, keyed by the id the phone made (UNIQUE: a retry is the same photo). A row
//   named by a saved finding before its bytes arrive waits (`stored_at` NULL); the upload fills it once, and a stored
//   photo never changes. `upload_sha256` is the hash of the bytes the phone sent (its acknowledgement); `sha256` the
//   kept evidence's (upright, no metadata), with the page (1600 px), PDF (1200 px q70) and thumbnail copies beside it,
//   all in the database: private, in every backup, gone with the row (decision 0046).
// - report_versions: a sent version is its canonical JSON snapshot (findings, the words shown, photo hashes, scope)
//   with its SHA-256 and the PDF's; version 2 on carries the reason for the correction. Never changed; kept
//   REPORT_YEARS (14) after sending. Its photos are rows of report_version_photos, which keep them from deletion.
// - report_links: the homeowner's secret link to one version (its SHA-256 only), revocable.
// - quote_line_findings / quote_finding_skips: a quote line made from a finding (the draft line's id, the report
//   version it was made from), and a finding left out of a quote with the reason why ("not quoted because").
const MIGRATE_V22 = `
CREATE TABLE condition_reports (
  id INTEGER PRIMARY KEY,
  estimate_id INTEGER REFERENCES estimates(id) ON DELETE CASCADE,
  visit_id INTEGER REFERENCES visits(id) ON DELETE SET NULL,
  property_id INTEGER REFERENCES properties(id) ON DELETE SET NULL,
  nfpa_level INTEGER CHECK (nfpa_level IS NULL OR nfpa_level IN (1, 2, 3)),
  weather TEXT CHECK (weather IS NULL OR weather IN ('dry', 'damp', 'rain', 'snow', 'ice', 'wind')),
  roof_access TEXT CHECK (roof_access IS NULL OR roof_access IN ('roof', 'ladder', 'ground', 'none')),
  limits TEXT NOT NULL DEFAULT '' CHECK (length(limits) <= 1000),
  rev INTEGER NOT NULL DEFAULT 0,
  current_version INTEGER,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  first_sent_at TEXT
);
CREATE UNIQUE INDEX condition_reports_visit ON condition_reports (visit_id) WHERE visit_id IS NOT NULL;
CREATE INDEX condition_reports_estimate ON condition_reports (estimate_id) WHERE estimate_id IS NOT NULL;
CREATE INDEX condition_reports_property ON condition_reports (property_id) WHERE property_id IS NOT NULL;
CREATE INDEX condition_reports_sent ON condition_reports (first_sent_at) WHERE first_sent_at IS NOT NULL;

CREATE TABLE report_findings (
  id INTEGER PRIMARY KEY,
  report_id INTEGER NOT NULL REFERENCES condition_reports(id) ON DELETE CASCADE,
  flue_id INTEGER REFERENCES flues(id) ON DELETE SET NULL,
  part TEXT NOT NULL CHECK (part IN ('crown', 'cap', 'chase-cover', 'flashing', 'mortar', 'bricks', 'efflorescence',
    'water-damage', 'flue-liner', 'smoke-chamber', 'damper', 'firebox', 'creosote', 'clearances')),
  state TEXT CHECK (state IS NULL OR state IN ('good', 'watch', 'repair', 'not-inspected')),
  do_not_use INTEGER NOT NULL DEFAULT 0 CHECK (do_not_use IN (0, 1)),
  defect TEXT CHECK (defect IS NULL OR length(defect) BETWEEN 1 AND 60),
  note TEXT NOT NULL DEFAULT '' CHECK (length(note) <= 500),
  worse_if TEXT NOT NULL DEFAULT '' CHECK (length(worse_if) <= 300),
  recheck_day TEXT CHECK (recheck_day IS NULL OR recheck_day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
  not_inspected_why TEXT NOT NULL DEFAULT '' CHECK (length(not_inspected_why) <= 300),
  previous_id INTEGER REFERENCES report_findings(id) ON DELETE SET NULL,
  trend TEXT CHECK (trend IS NULL OR trend IN ('better', 'same', 'worse')),
  rev INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  CHECK (state IS NOT 'watch' OR (trim(worse_if) <> '' AND recheck_day IS NOT NULL)),
  CHECK (state IS NOT 'not-inspected' OR trim(not_inspected_why) <> ''),
  CHECK (do_not_use = 0 OR state IN ('repair', 'not-inspected'))
);
CREATE UNIQUE INDEX report_findings_part ON report_findings (report_id, flue_id, part);
CREATE INDEX report_findings_flue ON report_findings (flue_id, part) WHERE flue_id IS NOT NULL;
CREATE INDEX report_findings_recheck ON report_findings (recheck_day) WHERE state = 'watch';

CREATE TABLE report_photos (
  id INTEGER PRIMARY KEY,
  client_id TEXT NOT NULL UNIQUE CHECK (length(client_id) BETWEEN 8 AND 64),
  report_id INTEGER NOT NULL REFERENCES condition_reports(id) ON DELETE CASCADE,
  finding_id INTEGER NOT NULL REFERENCES report_findings(id) ON DELETE CASCADE,
  named_at TEXT NOT NULL,
  stored_at TEXT,
  upload_sha256 TEXT CHECK (upload_sha256 IS NULL OR length(upload_sha256) = 64),
  sha256 TEXT CHECK (sha256 IS NULL OR length(sha256) = 64),
  bytes_in INTEGER,
  width INTEGER,
  height INTEGER,
  evidence BLOB,
  page BLOB,
  pdf BLOB,
  thumb BLOB,
  CHECK ((stored_at IS NULL) = (evidence IS NULL)),
  CHECK (stored_at IS NULL OR (upload_sha256 IS NOT NULL AND sha256 IS NOT NULL AND width > 0 AND height > 0
    AND page IS NOT NULL AND pdf IS NOT NULL AND thumb IS NOT NULL))
);
CREATE INDEX report_photos_finding ON report_photos (finding_id, id);
CREATE INDEX report_photos_waiting ON report_photos (report_id) WHERE stored_at IS NULL;
CREATE TRIGGER report_photos_at_most_3 BEFORE INSERT ON report_photos
WHEN (SELECT COUNT(*) FROM report_photos WHERE finding_id = NEW.finding_id) >= 3
BEGIN SELECT RAISE(ABORT, 'a finding has at most 3 photos'); END;
CREATE TRIGGER report_photos_of_its_report BEFORE INSERT ON report_photos
WHEN NEW.report_id IS NOT (SELECT report_id FROM report_findings WHERE id = NEW.finding_id)
BEGIN SELECT RAISE(ABORT, 'a photo belongs to a finding of its own report'); END;
CREATE TRIGGER report_photos_stored_never_change BEFORE UPDATE ON report_photos
WHEN OLD.stored_at IS NOT NULL OR NEW.client_id IS NOT OLD.client_id OR NEW.report_id IS NOT OLD.report_id
  OR NEW.finding_id IS NOT OLD.finding_id
BEGIN SELECT RAISE(ABORT, 'a stored report photo never changes'); END;

CREATE TABLE report_versions (
  id INTEGER PRIMARY KEY,
  report_id INTEGER NOT NULL REFERENCES condition_reports(id) ON DELETE CASCADE,
  version INTEGER NOT NULL CHECK (version >= 1),
  snapshot TEXT NOT NULL,
  sha256 TEXT NOT NULL CHECK (length(sha256) = 64),
  pdf_sha256 TEXT NOT NULL CHECK (length(pdf_sha256) = 64),
  reason TEXT CHECK (reason IS NULL OR length(trim(reason)) BETWEEN 1 AND 300),
  rev INTEGER NOT NULL,
  sent_at TEXT NOT NULL,
  UNIQUE (report_id, version),
  CHECK ((version = 1) = (reason IS NULL))
);
${neverChangeTrigger("report_versions", "a sent condition report never changes: send a correction as a new version")}
CREATE TRIGGER report_versions_in_order BEFORE INSERT ON report_versions
WHEN NEW.version IS NOT 1 + COALESCE((SELECT MAX(version) FROM report_versions WHERE report_id = NEW.report_id), 0)
BEGIN SELECT RAISE(ABORT, 'a report version follows the one before it'); END;
CREATE TRIGGER report_versions_kept BEFORE DELETE ON report_versions
WHEN OLD.sent_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-14 years')
BEGIN SELECT RAISE(ABORT, 'a sent condition report is kept 14 years'); END;

CREATE TABLE report_version_photos (
  version_id INTEGER NOT NULL REFERENCES report_versions(id) ON DELETE CASCADE,
  photo_id INTEGER NOT NULL REFERENCES report_photos(id),
  PRIMARY KEY (version_id, photo_id)
) WITHOUT ROWID;
CREATE INDEX report_version_photos_photo ON report_version_photos (photo_id);
${neverChangeTrigger("report_version_photos", "a sent condition report never changes")}
CREATE TRIGGER report_version_photos_kept BEFORE DELETE ON report_version_photos
WHEN (SELECT sent_at FROM report_versions WHERE id = OLD.version_id) > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-14 years')
BEGIN SELECT RAISE(ABORT, 'a sent condition report is kept 14 years'); END;
CREATE TRIGGER report_version_photos_stored BEFORE INSERT ON report_version_photos
WHEN (SELECT stored_at FROM report_photos WHERE id = NEW.photo_id) IS NULL
BEGIN SELECT RAISE(ABORT, 'a report is sent only once the server has every photo'); END;
CREATE TRIGGER report_photos_sent_kept BEFORE DELETE ON report_photos
WHEN EXISTS (SELECT 1 FROM report_version_photos WHERE photo_id = OLD.id)
BEGIN SELECT RAISE(ABORT, 'a photo of a sent condition report is kept'); END;

CREATE TABLE report_documents (
  version_id INTEGER PRIMARY KEY REFERENCES report_versions(id) ON DELETE CASCADE,
  pdf BLOB NOT NULL,
  sha256 TEXT NOT NULL,
  created_at TEXT NOT NULL
);
${neverChangeTrigger("report_documents", "the PDF of a sent condition report never changes")}
CREATE TRIGGER report_documents_named BEFORE INSERT ON report_documents
WHEN NEW.sha256 IS NOT (SELECT pdf_sha256 FROM report_versions WHERE id = NEW.version_id)
BEGIN SELECT RAISE(ABORT, 'a report PDF is the one its version names'); END;
CREATE TRIGGER report_documents_kept BEFORE DELETE ON report_documents
WHEN (SELECT sent_at FROM report_versions WHERE id = OLD.version_id) > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-14 years')
BEGIN SELECT RAISE(ABORT, 'a sent condition report is kept 14 years'); END;

CREATE TABLE report_links (
  id INTEGER PRIMARY KEY,
  version_id INTEGER NOT NULL REFERENCES report_versions(id) ON DELETE CASCADE,
  token_hash TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL,
  revoked_at TEXT
);
CREATE INDEX report_links_version ON report_links (version_id);

CREATE TABLE report_events (
  id INTEGER PRIMARY KEY,
  report_id INTEGER NOT NULL REFERENCES condition_reports(id) ON DELETE CASCADE,
  version INTEGER,
  at TEXT NOT NULL,
  kind TEXT NOT NULL,
  detail TEXT NOT NULL DEFAULT ''
);
CREATE INDEX report_events_report ON report_events (report_id);
CREATE UNIQUE INDEX report_events_opened ON report_events (report_id, version) WHERE kind = 'opened';

CREATE TABLE quote_line_findings (
  quote_id INTEGER NOT NULL REFERENCES quotes(id) ON DELETE CASCADE,
  line_id TEXT NOT NULL CHECK (length(line_id) BETWEEN 1 AND 16),
  finding_id INTEGER NOT NULL REFERENCES report_findings(id) ON DELETE CASCADE,
  version_id INTEGER REFERENCES report_versions(id),
  created_at TEXT NOT NULL,
  PRIMARY KEY (quote_id, line_id)
) WITHOUT ROWID;
CREATE INDEX quote_line_findings_finding ON quote_line_findings (finding_id);
CREATE TABLE quote_finding_skips (
  quote_id INTEGER NOT NULL REFERENCES quotes(id) ON DELETE CASCADE,
  finding_id INTEGER NOT NULL REFERENCES report_findings(id) ON DELETE CASCADE,
  reason TEXT NOT NULL CHECK (length(trim(reason)) BETWEEN 1 AND 300),
  created_at TEXT NOT NULL,
  PRIMARY KEY (quote_id, finding_id)
) WITHOUT ROWID;
CREATE INDEX quote_finding_skips_finding ON quote_finding_skips (finding_id);
CREATE TRIGGER quote_line_findings_contract BEFORE INSERT ON quote_line_findings
WHEN (SELECT status FROM quotes WHERE id = NEW.quote_id) = 'accepted'
BEGIN SELECT RAISE(ABORT, 'an accepted quote never changes'); END;
CREATE TRIGGER quote_line_findings_kept BEFORE DELETE ON quote_line_findings
WHEN (SELECT status FROM quotes WHERE id = OLD.quote_id) = 'accepted'
BEGIN SELECT RAISE(ABORT, 'an accepted quote never changes'); END;
${neverChangeTrigger("quote_line_findings", "the finding of a quote line never changes: remove the line and add it again")}
CREATE TRIGGER quote_finding_skips_contract BEFORE INSERT ON quote_finding_skips
WHEN (SELECT status FROM quotes WHERE id = NEW.quote_id) = 'accepted'
BEGIN SELECT RAISE(ABORT, 'an accepted quote never changes'); END;
CREATE TRIGGER quote_finding_skips_contract_kept BEFORE UPDATE ON quote_finding_skips
WHEN (SELECT status FROM quotes WHERE id = OLD.quote_id) = 'accepted'
BEGIN SELECT RAISE(ABORT, 'an accepted quote never changes'); END;
CREATE TRIGGER quote_finding_skips_kept BEFORE DELETE ON quote_finding_skips
WHEN (SELECT status FROM quotes WHERE id = OLD.quote_id) = 'accepted'
BEGIN SELECT RAISE(ABORT, 'an accepted quote never changes'); END;
`;

// Version 23: a visit booked ahead ("Book next year", decision 0055) names the done job or estimate visit it was booked
// from, so the reports count them and a second tap finds the first: one live visit booked ahead per source.
const MIGRATE_V23 = `
ALTER TABLE visits ADD COLUMN ahead_from TEXT CHECK (ahead_from IS NULL OR ahead_from GLOB '[jv][oi][bs]*:[0-9]*');
CREATE UNIQUE INDEX visits_ahead_once ON visits (ahead_from) WHERE ahead_from IS NOT NULL AND status <> 'cancelled';
CREATE INDEX visits_ahead ON visits (booked_at) WHERE ahead_from IS NOT NULL;
`;

// Version 24: a report photo's derived copies in rows of their own (issue 66, decision 0057). The page's 1600 px, the
// PDF's 1200 px and the thumbnail were BLOBs after the evidence in the photo's row, and SQLite walks a row's earlier
// BLOBs (the evidence, up to a few MB of overflow pages) to reach a later one: tens of milliseconds of the event loop
// per photo for a send or a page of thumbnails. They move to report_photo_copies, one row per photo and size, filled
// here from every stored photo; report_photos is rebuilt without them (the evidence stays in its row, the one BLOB
// left there), with migration 22's indexes and triggers (and report_version_photos_stored, which names it). A copy goes with its photo (ON DELETE CASCADE: erasure and
// a draft's photo removed), never changes, and one of a sent version's photo is kept as the photo is.
const MIGRATE_V24 = `
CREATE TABLE report_photo_copies (
  photo_id INTEGER NOT NULL REFERENCES report_photos(id) ON DELETE CASCADE,
  size TEXT NOT NULL CHECK (size IN ('page', 'pdf', 'thumb')),
  bytes BLOB NOT NULL,
  PRIMARY KEY (photo_id, size)
);
INSERT INTO report_photo_copies (photo_id, size, bytes)
  SELECT id, 'page', page FROM report_photos WHERE page IS NOT NULL
  UNION ALL SELECT id, 'pdf', pdf FROM report_photos WHERE pdf IS NOT NULL
  UNION ALL SELECT id, 'thumb', thumb FROM report_photos WHERE thumb IS NOT NULL;

CREATE TABLE report_photos_v24 (
  id INTEGER PRIMARY KEY,
  client_id TEXT NOT NULL UNIQUE CHECK (length(client_id) BETWEEN 8 AND 64),
  report_id INTEGER NOT NULL REFERENCES condition_reports(id) ON DELETE CASCADE,
  finding_id INTEGER NOT NULL REFERENCES report_findings(id) ON DELETE CASCADE,
  named_at TEXT NOT NULL,
  stored_at TEXT,
  upload_sha256 TEXT CHECK (upload_sha256 IS NULL OR length(upload_sha256) = 64),
  sha256 TEXT CHECK (sha256 IS NULL OR length(sha256) = 64),
  bytes_in INTEGER,
  width INTEGER,
  height INTEGER,
  evidence BLOB,
  CHECK ((stored_at IS NULL) = (evidence IS NULL)),
  CHECK (stored_at IS NULL OR (upload_sha256 IS NOT NULL AND sha256 IS NOT NULL AND width > 0 AND height > 0))
);
INSERT INTO report_photos_v24 (id, client_id, report_id, finding_id, named_at, stored_at, upload_sha256, sha256,
    bytes_in, width, height, evidence)
  SELECT id, client_id, report_id, finding_id, named_at, stored_at, upload_sha256, sha256, bytes_in, width, height,
    evidence FROM report_photos;
DROP TRIGGER report_version_photos_stored;
DROP TABLE report_photos;
ALTER TABLE report_photos_v24 RENAME TO report_photos;
CREATE TRIGGER report_version_photos_stored BEFORE INSERT ON report_version_photos
WHEN (SELECT stored_at FROM report_photos WHERE id = NEW.photo_id) IS NULL
BEGIN SELECT RAISE(ABORT, 'a report is sent only once the server has every photo'); END;
CREATE INDEX report_photos_finding ON report_photos (finding_id, id);
CREATE INDEX report_photos_waiting ON report_photos (report_id) WHERE stored_at IS NULL;
CREATE TRIGGER report_photos_at_most_3 BEFORE INSERT ON report_photos
WHEN (SELECT COUNT(*) FROM report_photos WHERE finding_id = NEW.finding_id) >= 3
BEGIN SELECT RAISE(ABORT, 'a finding has at most 3 photos'); END;
CREATE TRIGGER report_photos_of_its_report BEFORE INSERT ON report_photos
WHEN NEW.report_id IS NOT (SELECT report_id FROM report_findings WHERE id = NEW.finding_id)
BEGIN SELECT RAISE(ABORT, 'a photo belongs to a finding of its own report'); END;
CREATE TRIGGER report_photos_stored_never_change BEFORE UPDATE ON report_photos
WHEN OLD.stored_at IS NOT NULL OR NEW.client_id IS NOT OLD.client_id OR NEW.report_id IS NOT OLD.report_id
  OR NEW.finding_id IS NOT OLD.finding_id
BEGIN SELECT RAISE(ABORT, 'a stored report photo never changes'); END;
CREATE TRIGGER report_photos_sent_kept BEFORE DELETE ON report_photos
WHEN EXISTS (SELECT 1 FROM report_version_photos WHERE photo_id = OLD.id)
BEGIN SELECT RAISE(ABORT, 'a photo of a sent condition report is kept'); END;

CREATE TRIGGER report_photo_copies_never_change BEFORE UPDATE ON report_photo_copies
BEGIN SELECT RAISE(ABORT, 'a stored report photo never changes'); END;
CREATE TRIGGER report_photo_copies_of_a_stored_photo BEFORE INSERT ON report_photo_copies
WHEN (SELECT stored_at FROM report_photos WHERE id = NEW.photo_id) IS NULL
BEGIN SELECT RAISE(ABORT, 'a copy is of a stored report photo'); END;
CREATE TRIGGER report_photo_copies_sent_kept BEFORE DELETE ON report_photo_copies
WHEN EXISTS (SELECT 1 FROM report_version_photos WHERE photo_id = OLD.photo_id)
BEGIN SELECT RAISE(ABORT, 'a photo of a sent condition report is kept'); END;
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
  { version: 7, name: "e-mails: any number per request, kept as queued, withdrawable", up: MIGRATE_V7 },
  { version: 8, name: "booking: links, places, visits and their events, availability, days off", up: MIGRATE_V8 },
  { version: 9, name: "the owner's calendars: addresses, busy times, the visits' feed", up: MIGRATE_V9 },
  {
    version: 10,
    name: "quotes: drafts, frozen versions, links, acceptances, documents, payments, events",
    up: QUOTE_TABLES_SQL,
  },
  { version: 11, name: "closed days opened for visits", up: MIGRATE_V11 },
  {
    version: 12,
    name: "deposits paid online: checkout sessions, provider events, card and bank payments",
    up: MIGRATE_V12,
  },
  {
    version: 13,
    name: "invoices: numbers never reused, frozen versions, links, payments received; invoices paid online",
    up: MIGRATE_V13,
  },
  { version: 14, name: "jobs: work days with their invites, links, on my way once a day", up: MIGRATE_V14 },
  { version: 15, name: "job photos before and after, the homeowner's consent, pairs on Recent work", up: MIGRATE_V15 },
  { version: 16, name: "payment events: fewer pages per commit", up: MIGRATE_V16 },
  {
    version: 17,
    name: "the outbox's next message from its index; sessions' indexes without their state",
    up: MIGRATE_V17,
  },
  { version: 18, name: "disputes: open, won or lost, on the payment", up: MIGRATE_V18 },
  {
    version: 19,
    name: "customers: contacts, properties, flues, requests linked, merges, told apart, suggestions, search",
    up: MIGRATE_V19,
  },
  {
    version: 20,
    name: "marketing mail: the suppression list, its key, the send ledger, campaigns",
    up: MIGRATE_V20,
  },
  { version: 21, name: "customer imports: dry runs of the very file, batches, what each changed", up: MIGRATE_V21 },
  {
    version: 22,
    name: "condition reports: findings per flue and part, photos by the phone's id, frozen versions, links, quote lines",
    up: MIGRATE_V22,
  },
  { version: 23, name: "visits booked ahead: the job or visit each was booked from", up: MIGRATE_V23 },
  {
    version: 24,
    name: "condition report photos: the page, PDF and thumbnail copies in rows of their own",
    up: MIGRATE_V24,
  },
];
