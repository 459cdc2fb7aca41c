// Everything the owner console's routes need from the server, built once over the shared database connection and
// handed to every loader and action in the load context (app/load-context.ts); its tables are migration 3: the stores, the sign-in rate limit,
// pending WebAuthn challenges, and how the session cookie is named.
import type Database from "better-sqlite3";
import { openActionTokenStore } from "../store/owner-action-tokens.ts";
import { openAuditLog } from "../store/owner-audit.ts";
import { openPasskeyStore } from "../store/owner-passkeys.ts";
import { openSessionStore, type SessionTimeouts } from "../store/owner-sessions.ts";
import { openPushStore } from "../store/push-subscriptions.ts";
import { newSecret } from "../store/secrets.ts";
import { failureLimiter } from "../http/failure-limiter.ts";

/** A WebAuthn ceremony must finish within this long of asking for its options. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
/** Failed sign-in and enrolment attempts allowed per address in a window, and for everyone together. */
export const SIGN_IN_LIMIT = { perAddress: 10, total: 50, windowMs: 15 * 60_000 };

type Challenge = { challenge: string; purpose: string; expires: number; invite?: string };

export type OwnerConsoleOptions = {
  db: Database.Database;
  /** Real time, for what expires: sessions, challenges, one-tap links, the sign-in limit. */
  now?: () => Date;
  /** The server's clock (TEST_CLOCK_FILE in tests), for what the business reads: the log's times, the reports. */
  clock?: () => Date;
  timeouts?: SessionTimeouts;
};

export function createOwnerConsole({ db, now = () => new Date(), clock = now, timeouts }: OwnerConsoleOptions) {
  const challenges = new Map<string, Challenge>();
  return {
    sessions: openSessionStore(db, now, timeouts),
    passkeys: openPasskeyStore(db, now),
    actionTokens: openActionTokenStore(db, now),
    // Its first status changes are the reports' speed to lead, measured from requests stamped by the server's clock.
    audit: openAuditLog(db, clock),
    /** The devices that get a push for each new request, and the server's VAPID keys (server/owner/push.ts sends). */
    pushDevices: openPushStore(db, now),
    /**
     * Why the console cannot publish on this server, in the owner's words (set at start, server/start.ts); null when
     * it can, or when publishing is simply not set up here.
     */
    publishing: { off: null as string | null },
    /** Failed sign-ins and enrolments: `wait(ip)` before trying, `failed(ip)` after a failure. */
    signInLimit: failureLimiter(now, SIGN_IN_LIMIT),
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
