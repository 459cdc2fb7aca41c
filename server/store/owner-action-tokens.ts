// One-tap links in the owner's alert e-mail ("Mark as contacted"): a random token, stored hashed, good for one
// request, one action and one use, until it expires. Opening the link (GET) never uses it; only the POST from its
// confirm page does, because mail scanners open every link on delivery.
import type Database from "better-sqlite3";
import { hashSecret, newSecret, type Clock } from "./secrets.ts";

/** A one-tap link works for this long (docs/decisions/0009-owner-sessions.md). */
export const ACTION_TOKEN_TTL_MS = 14 * 24 * 3_600_000;

export const ONE_TAP_ACTIONS = ["mark-contacted"] as const;
export type OneTapAction = (typeof ONE_TAP_ACTIONS)[number];

export type ActionTokenRow = {
  id: number;
  estimate_id: number;
  action: string;
  expires_at: string;
  used_at: string | null;
};

export function openActionTokenStore(db: Database.Database, now: Clock = () => new Date()) {
  const insert = db.prepare(
    "INSERT INTO owner_action_tokens (token_hash, estimate_id, action, created_at, expires_at) VALUES (?, ?, ?, ?, ?)",
  );
  const byHash = db.prepare<[string], ActionTokenRow>(
    "SELECT id, estimate_id, action, expires_at, used_at FROM owner_action_tokens WHERE token_hash = ?",
  );
  const use = db.prepare(
    "UPDATE owner_action_tokens SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?",
  );

  return {
    create(estimateId: number, action: OneTapAction, ttlMs = ACTION_TOKEN_TTL_MS): string {
      const token = newSecret();
      const at = now();
      insert.run(hashSecret(token), estimateId, action, at.toISOString(), new Date(at.getTime() + ttlMs).toISOString());
      return token;
    },
    /** The token's request and action while it is usable; null otherwise (unknown, used or expired). */
    peek(token: string | null | undefined): ActionTokenRow | null {
      if (!token || token.length > 100) return null;
      const row = byHash.get(hashSecret(token));
      if (!row || row.used_at || Date.parse(row.expires_at) <= now().getTime()) return null;
      return row;
    },
    /** Uses the token up; the row it was for, or null when it was not usable. */
    consume(token: string): ActionTokenRow | null {
      const row = this.peek(token);
      if (!row) return null;
      const at = now().toISOString();
      return use.run(at, hashSecret(token), at).changes > 0 ? row : null;
    },
  };
}

export type ActionTokenStore = ReturnType<typeof openActionTokenStore>;
