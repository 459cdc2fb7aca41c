// Secret links (a quote's, an invoice's): the link is the key. Its token (32 random bytes) goes in the mail and only
// its SHA-256 is stored, so a copy of the database opens nothing. Failed lookups are limited per address and for
// everyone (server/http/failure-limiter.ts), so nobody can guess at them; a lookup never writes.
import { failureLimiter, type FailureLimit } from "../http/failure-limiter.ts";
import { hashSecret, newSecret } from "../store/secrets.ts";

const TOKEN = /^[A-Za-z0-9_-]{32,64}$/;

/** A new link: its token, for the mail, and the hash it is stored under. */
export function newLinkToken(): { token: string; hash: string } {
  const token = newSecret();
  return { token, hash: hashSecret(token) };
}

/** The hash a link's token is stored under, or null for what cannot be a token (looked up no further). */
export function linkTokenHash(token: string | undefined): string | null {
  if (!token || !TOKEN.test(token)) return null;
  return hashSecret(token);
}

/** Link lookups behind the failure limiter: only a lookup that finds nothing counts against the address. */
export function limitedLookups(now: () => Date, limit: FailureLimit) {
  const lookups = failureLimiter(now, limit);
  return {
    /** What `find` finds, or null; "limited" without looking when this address (or everyone) failed too often. */
    lookup<T>(ip: string | null, find: () => T | null): T | null | "limited" {
      if (lookups.wait(ip) > 0) return "limited";
      const found = find();
      if (!found) lookups.failed(ip);
      return found;
    },
    /** The seconds to wait before a lookup is answered again (0: now). */
    retryAfter(ip: string | null): number {
      return lookups.wait(ip);
    },
  };
}

export type LinkLookups = ReturnType<typeof limitedLookups>;
