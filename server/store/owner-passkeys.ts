// The owner's passkeys and the one-time enrolment invites that add the first one (printed by `npm run owner --
// invite` on the server: the server console is the root of trust).
import type Database from "better-sqlite3";
import { hashSecret, newSecret, type Clock } from "./secrets.ts";

/** An enrolment link works once, for this long. */
export const INVITE_TTL_MS = 30 * 60_000;

export type PasskeyRow = {
  id: string;
  public_key: Buffer;
  counter: number;
  transports: string | null;
  name: string;
  created_at: string;
  last_used_at: string | null;
};

export function openPasskeyStore(db: Database.Database, now: Clock = () => new Date()) {
  const insertInvite = db.prepare("INSERT INTO owner_invites (token_hash, created_at, expires_at) VALUES (?, ?, ?)");
  const inviteByHash = db.prepare<[string], { id: number; expires_at: string; used_at: string | null }>(
    "SELECT id, expires_at, used_at FROM owner_invites WHERE token_hash = ?",
  );
  const useInvite = db.prepare(
    "UPDATE owner_invites SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?",
  );
  const insertPasskey = db.prepare(
    `INSERT INTO owner_passkeys (id, public_key, counter, transports, name, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const byId = db.prepare<[string], PasskeyRow>("SELECT * FROM owner_passkeys WHERE id = ?");
  const all = db.prepare<[], PasskeyRow>("SELECT * FROM owner_passkeys ORDER BY created_at");
  const used = db.prepare("UPDATE owner_passkeys SET counter = ?, last_used_at = ? WHERE id = ?");
  const remove = db.prepare("DELETE FROM owner_passkeys WHERE id = ?");

  return {
    /** A new invite; returns the raw token for the link (only its hash is kept). */
    createInvite(ttlMs = INVITE_TTL_MS): { token: string; expiresAt: Date } {
      const token = newSecret();
      const at = now();
      const expiresAt = new Date(at.getTime() + ttlMs);
      insertInvite.run(hashSecret(token), at.toISOString(), expiresAt.toISOString());
      return { token, expiresAt };
    },
    /** True while the invite is unused and unexpired (does not use it). */
    inviteValid(token: string | null | undefined): boolean {
      if (!token || token.length > 100) return false;
      const row = inviteByHash.get(hashSecret(token));
      return !!row && !row.used_at && Date.parse(row.expires_at) > now().getTime();
    },
    /** Uses the invite up; false when it was already used or has expired. */
    consumeInvite(token: string): boolean {
      return useInvite.run(now().toISOString(), hashSecret(token), now().toISOString()).changes > 0;
    },
    add(passkey: { id: string; publicKey: Uint8Array; counter: number; transports: string[]; name: string }) {
      insertPasskey.run(
        passkey.id,
        Buffer.from(passkey.publicKey),
        passkey.counter,
        JSON.stringify(passkey.transports),
        passkey.name,
        now().toISOString(),
      );
    },
    get(id: string): PasskeyRow | undefined {
      return id.length > 1500 ? undefined : byId.get(id);
    },
    list(): PasskeyRow[] {
      return all.all();
    },
    markUsed(id: string, counter: number) {
      used.run(counter, now().toISOString(), id);
    },
    remove(id: string): boolean {
      return remove.run(id).changes > 0;
    },
    /** Runs `work` in one transaction (use an invite and add a passkey together, or neither). */
    transaction<T>(work: () => T): T {
      return db.transaction(work)();
    },
  };
}

export type PasskeyStore = ReturnType<typeof openPasskeyStore>;

/** Transports as stored, back to a list (defensive: a bad value is no transports). */
export function transportsOf(row: PasskeyRow): string[] {
  try {
    const parsed: unknown = JSON.parse(row.transports ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === "string") : [];
  } catch {
    return [];
  }
}
