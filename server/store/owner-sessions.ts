// The owner's sessions: a random 256-bit id in the cookie, only its hash in the database. Each session has an idle
// and an absolute timeout (docs/decisions/0009-owner-sessions.md) and its own CSRF token for every form post.
import type Database from "better-sqlite3";
import { hashSecret, newSecret, type Clock } from "./secrets.ts";

/** Signed out after this long without a request. */
export const SESSION_IDLE_MS = 12 * 3_600_000;
/** Signed out this long after signing in, however busy. */
export const SESSION_ABSOLUTE_MS = 7 * 24 * 3_600_000;
/**
 * The user agent of the session a start's console warm-up signs in with (server/http/warm-up.ts). It has no passkey;
 * one left behind by a stop during the warm-up is ended at the next start.
 */
export const WARM_UP_AGENT = "This server, warming up its console at start";
/** last_seen_at is written at most this often (every request would be a disk write). */
const TOUCH_EVERY_MS = 60_000;

export type OwnerSessionRow = {
  id: number;
  token_hash: string;
  csrf: string;
  created_at: string;
  last_seen_at: string;
  ip: string | null;
  user_agent: string | null;
  passkey_id: string | null;
};

export type SessionTimeouts = { idleMs: number; absoluteMs: number };

export function openSessionStore(
  db: Database.Database,
  now: Clock = () => new Date(),
  timeouts: SessionTimeouts = { idleMs: SESSION_IDLE_MS, absoluteMs: SESSION_ABSOLUTE_MS },
) {
  const insert = db.prepare(
    `INSERT INTO owner_sessions (token_hash, csrf, created_at, last_seen_at, ip, user_agent, passkey_id)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const byHash = db.prepare<[string], OwnerSessionRow>("SELECT * FROM owner_sessions WHERE token_hash = ?");
  const touch = db.prepare("UPDATE owner_sessions SET last_seen_at = ? WHERE id = ?");
  const removeById = db.prepare("DELETE FROM owner_sessions WHERE id = ?");
  const removeByHash = db.prepare("DELETE FROM owner_sessions WHERE token_hash = ?");
  // A start's warm-up session, in one place: its words and no passkey (a device sending the same words signed in
  // with one). `IS` so that a session without a user agent is never taken for one.
  const warmUp = "(user_agent IS ? AND passkey_id IS NULL)";
  const owners = db.prepare<[string], OwnerSessionRow>(
    `SELECT * FROM owner_sessions WHERE NOT ${warmUp} ORDER BY last_seen_at DESC`,
  );
  const removeAll = db.prepare("DELETE FROM owner_sessions");
  const removeWarmUps = db.prepare(`DELETE FROM owner_sessions WHERE ${warmUp}`);
  const removeStale = db.prepare("DELETE FROM owner_sessions WHERE last_seen_at < ? OR created_at < ?");

  function expired(row: OwnerSessionRow, at: number): boolean {
    return (
      at - Date.parse(row.last_seen_at) >= timeouts.idleMs || at - Date.parse(row.created_at) >= timeouts.absoluteMs
    );
  }

  return {
    timeouts,
    /** A new session; returns the raw id for the cookie (never stored) and the row. */
    create({ ip, userAgent, passkeyId }: { ip: string | null; userAgent: string | null; passkeyId: string | null }) {
      const token = newSecret();
      const at = now().toISOString();
      const result = insert.run(
        hashSecret(token),
        newSecret(),
        at,
        at,
        ip,
        userAgent?.slice(0, 300) ?? null,
        passkeyId,
      );
      return { token, session: byHash.get(hashSecret(token)) as OwnerSessionRow, id: Number(result.lastInsertRowid) };
    },
    /** The live session for a cookie value, or null; an expired one is deleted on sight. */
    read(token: string | null | undefined): OwnerSessionRow | null {
      if (!token || token.length > 100) return null;
      const row = byHash.get(hashSecret(token));
      if (!row) return null;
      const at = now().getTime();
      if (expired(row, at)) {
        removeById.run(row.id);
        return null;
      }
      if (at - Date.parse(row.last_seen_at) >= TOUCH_EVERY_MS) {
        const iso = new Date(at).toISOString();
        touch.run(iso, row.id);
        row.last_seen_at = iso;
      }
      return row;
    },
    /** True when this cookie value is a live session; unlike read(), it changes nothing (for visitor counting). */
    isLive(token: string): boolean {
      if (token.length > 100) return false;
      const row = byHash.get(hashSecret(token));
      return row !== undefined && !expired(row, now().getTime());
    },
    /** Ends the session this cookie value belongs to (sign-out). */
    end(token: string | null | undefined): boolean {
      return token ? removeByHash.run(hashSecret(token)).changes > 0 : false;
    },
    revoke(id: number): boolean {
      return removeById.run(id).changes > 0;
    },
    /** Ends every warm-up session (WARM_UP_AGENT); returns how many. */
    endWarmUps(): number {
      return removeWarmUps.run(WARM_UP_AGENT).changes;
    },
    revokeAll(): number {
      return removeAll.run().changes;
    },
    /** The live sessions, as the Account page lists them: a start's warm-up is not one of the owner's devices. */
    list(): OwnerSessionRow[] {
      const at = now().getTime();
      return owners.all(WARM_UP_AGENT).filter((row) => !expired(row, at));
    },
    purgeExpired(): number {
      const at = now().getTime();
      return removeStale.run(
        new Date(at - timeouts.idleMs).toISOString(),
        new Date(at - timeouts.absoluteMs).toISOString(),
      ).changes;
    },
  };
}

export type SessionStore = ReturnType<typeof openSessionStore>;
