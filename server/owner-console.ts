// Everything the owner console's routes need from the server, built once over the shared database connection and
// handed to every loader and action in the load context (app/load-context.ts): the stores, the sign-in rate limit,
// pending WebAuthn challenges, and how the session cookie is named.
import type Database from "better-sqlite3";
import { openActionTokenStore } from "./store/owner-action-tokens.ts";
import { openAuditLog } from "./store/owner-audit.ts";
import { openPasskeyStore } from "./store/owner-passkeys.ts";
import { openSessionStore, type SessionTimeouts } from "./store/owner-sessions.ts";
import { ensureOwnerTables, newSecret } from "./store/owner-tables.ts";

/** A WebAuthn ceremony must finish within this long of asking for its options. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
/** Sign-in and enrolment attempts per address in a window, and for everyone together. */
export const SIGN_IN_LIMIT = { perAddress: 10, total: 50, windowMs: 15 * 60_000 };

type Challenge = { challenge: string; purpose: string; expires: number; invite?: string };

/** A bounded fixed-window counter per key (address), with one overall counter too. */
function attemptLimiter(now: () => Date, limit = SIGN_IN_LIMIT, maxKeys = 10_000) {
  const windows = new Map<string, { start: number; count: number }>();
  const hit = (key: string, max: number, at: number) => {
    let w = windows.get(key);
    if (!w || at - w.start >= limit.windowMs) {
      if (windows.size >= maxKeys) windows.delete(windows.keys().next().value as string);
      w = { start: at, count: 0 };
      windows.set(key, w);
    }
    w.count += 1;
    return w.count <= max ? 0 : Math.max(1, Math.ceil((w.start + limit.windowMs - at) / 1000));
  };
  /** 0 when the attempt may go ahead, else the seconds to wait. */
  return (address: string | null): number => {
    const at = now().getTime();
    return Math.max(hit(`ip:${address ?? "unknown"}`, limit.perAddress, at), hit("*", limit.total, at));
  };
}

export type OwnerConsoleOptions = {
  db: Database.Database;
  now?: () => Date;
  timeouts?: SessionTimeouts;
};

export function createOwnerConsole({ db, now = () => new Date(), timeouts }: OwnerConsoleOptions) {
  ensureOwnerTables(db);
  const challenges = new Map<string, Challenge>();
  return {
    now,
    sessions: openSessionStore(db, now, timeouts),
    passkeys: openPasskeyStore(db, now),
    actionTokens: openActionTokenStore(db, now),
    audit: openAuditLog(db, now),
    /** Counts a sign-in or enrolment attempt; 0 to go ahead, else seconds to wait. */
    signInAttempt: attemptLimiter(now),
    /** Keeps a ceremony's challenge server-side; the browser gets an opaque id for it. */
    holdChallenge(challenge: string, purpose: string, invite?: string): string {
      const at = now().getTime();
      for (const [key, c] of challenges) if (c.expires <= at) challenges.delete(key);
      if (challenges.size >= 1000) challenges.delete(challenges.keys().next().value as string);
      const id = newSecret();
      challenges.set(id, { challenge, purpose, expires: at + CHALLENGE_TTL_MS, invite });
      return id;
    },
    /** The challenge for this id and purpose, once; null when unknown, expired or for something else. */
    takeChallenge(id: unknown, purpose: string): Challenge | null {
      if (typeof id !== "string") return null;
      const c = challenges.get(id);
      challenges.delete(id);
      return c && c.purpose === purpose && c.expires > now().getTime() ? c : null;
    },
  };
}

export type OwnerConsole = ReturnType<typeof createOwnerConsole>;
