// Secret links: a token shaped like ours is looked up by its SHA-256 alone, and only failed lookups are limited.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { limitedLookups, linkTokenHash, newLinkToken } from "./secret-links.ts";

describe("secret links", () => {
  it("are stored under the SHA-256 of their token, never the token", () => {
    const { token, hash } = newLinkToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(linkTokenHash(token)).toBe(hash);
    expect(newLinkToken().token).not.toBe(token);
  });

  it("look up nothing that cannot be a token", () => {
    for (const token of [undefined, "", "short", "a".repeat(31), "a".repeat(65), `${"a".repeat(40)}/..`]) {
      expect(linkTokenHash(token)).toBeNull();
    }
    expect(linkTokenHash("a".repeat(32))).not.toBeNull();
  });

  it("answer 'limited' without looking once an address failed too often, and count no success", () => {
    let at = 0;
    const links = limitedLookups(() => new Date(at), { perAddress: 3, total: 100, windowMs: 60_000 });
    let looked = 0;
    const hit = () => (looked++, "found");
    const miss = () => (looked++, null);
    for (let i = 0; i < 10; i++) expect(links.lookup("1.2.3.4", hit)).toBe("found");
    for (let i = 0; i < 3; i++) expect(links.lookup("1.2.3.4", miss)).toBeNull();
    expect(looked).toBe(13);
    expect(links.lookup("1.2.3.4", hit)).toBe("limited");
    expect(looked).toBe(13);
    expect(links.retryAfter("1.2.3.4")).toBe(60);
    expect(links.lookup("5.6.7.8", hit)).toBe("found");
    at = 60_000;
    expect(links.retryAfter("1.2.3.4")).toBe(0);
    expect(links.lookup("1.2.3.4", hit)).toBe("found");
  });
});
