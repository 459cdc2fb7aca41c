// The secrets the owner console hands out (session ids, invites, one-tap tokens) are stored only as SHA-256 hashes: a
// copy of the database file signs nobody in.
import { createHash, randomBytes } from "node:crypto";

/** A new secret: 32 random bytes (256 bits), URL-safe. */
export function newSecret(): string {
  return randomBytes(32).toString("base64url");
}

export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

export type Clock = () => Date;
