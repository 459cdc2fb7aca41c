// Scanner-safe pages: only a person's browser counts as opening one, and another site's page may not post to one.
import { describe, expect, it } from "vitest";
import { openedByPerson, postedFromOtherSite } from "./scanner-safe.ts";

const chrome =
  "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";

describe("a page behind a mailed link", () => {
  it("is opened by a person only when the browser says so and is no bot", () => {
    expect(openedByPerson({ secFetchUser: "?1", userAgent: chrome })).toBe(true);
    expect(openedByPerson({ secFetchUser: null, userAgent: chrome })).toBe(false);
    expect(openedByPerson({ secFetchUser: "?1", userAgent: null })).toBe(false);
    expect(openedByPerson({ secFetchUser: "?1", userAgent: "Mozilla/5.0 (compatible; bingbot/2.0)" })).toBe(false);
  });

  it("takes a POST from its own site or a no-referrer page, never from another site", () => {
    const site = "https://example.com";
    const post = (headers: Record<string, string>) => postedFromOtherSite(new Headers(headers), site);
    expect(post({})).toBe(false);
    expect(post({ origin: site, "sec-fetch-site": "same-origin" })).toBe(false);
    expect(post({ origin: "null" })).toBe(false);
    expect(post({ origin: "https://evil.example" })).toBe(true);
    expect(post({ origin: "null", "sec-fetch-site": "cross-site" })).toBe(true);
    expect(post({ origin: site, "sec-fetch-site": "cross-site" })).toBe(true);
    expect(post({ origin: site, "sec-fetch-site": "same-site" })).toBe(true);
  });
});
