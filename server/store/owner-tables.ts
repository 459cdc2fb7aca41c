// The owner console's tables (migration 3 in server/db/migrations.ts): sessions, passkeys, enrolment invites, one-tap action tokens and the
// audit log. Secrets (session ids, invites, tokens) are stored only as SHA-256 hashes: a copy of the database
// file signs nobody in.
import { createHash, randomBytes } from "node:crypto";

export const OWNER_TABLES_SQL = `
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

/** A new secret: 32 random bytes (256 bits), URL-safe. */
export function newSecret(): string {
  return randomBytes(32).toString("base64url");
}

export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

export type Clock = () => Date;
