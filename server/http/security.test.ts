// Who may post the estimate form, and how often: the guards the endpoint runs on every spelling of its URL.
import { describe, expect, it } from "vitest";
import {
  CROSS_SITE_ERROR,
  estimateGuard,
  fromOurPages,
  originPolicy,
  rateLimiter,
  RATE_LIMIT_ERROR,
} from "./security.ts";

const post = (url: string, headers: Record<string, string> = {}) => new Request(url, { method: "POST", headers });

describe("originPolicy", () => {
  const foreign = [
    "https://evil.example",
    "http://evil.example",
    "https://www.example.com.evil.example",
    "https://evilwww.example.com",
    "https://example.com",
    "http://www.example.com:8080",
    "null",
    "",
    "file://",
    "https://www.example.com@evil.example",
    "javascript:alert(1)",
    "https://www.example.com/",
  ];

  describe("with the site's origin known (SITE_URL)", () => {
    const allowed = originPolicy({ configured: [], siteOrigin: "https://www.example.com" });
    it.each(foreign.filter((o) => o !== "https://www.example.com/"))("refuses Origin %j", (origin) => {
      expect(allowed(post("https://www.example.com/api/estimate", { Origin: origin }))).toBe(false);
    });
    it("accepts the site's own origin, in any case", () => {
      expect(allowed(post("https://www.example.com/api/estimate", { Origin: "https://www.example.com" }))).toBe(true);
      expect(allowed(post("https://www.example.com/api/estimate", { Origin: "HTTPS://WWW.EXAMPLE.COM" }))).toBe(true);
    });
    it("does not fall back to the Host when the site origin is known", () => {
      expect(allowed(post("http://evil.example/api/estimate", { Origin: "http://evil.example" }))).toBe(false);
    });
  });

  describe("with no site origin (falls back to the request's Host)", () => {
    const allowed = originPolicy({ configured: [], siteOrigin: null });
    it.each(foreign)("refuses Origin %j on a request to 127.0.0.1:3000", (origin) => {
      expect(allowed(post("http://127.0.0.1:3000/api/estimate", { Origin: origin }))).toBe(false);
    });
    it("accepts a post from the page's own host", () => {
      expect(allowed(post("http://127.0.0.1:3000/api/estimate", { Origin: "http://127.0.0.1:3000" }))).toBe(true);
    });
  });

  it("accepts configured extra origins", () => {
    const allowed = originPolicy({
      configured: ["https://staging.example.com"],
      siteOrigin: "https://www.example.com",
    });
    expect(allowed(post("https://www.example.com/api/estimate", { Origin: "https://staging.example.com" }))).toBe(true);
    expect(allowed(post("https://www.example.com/api/estimate", { Origin: "https://evil.example" }))).toBe(false);
  });

  it.each(["cross-site", "same-site", "bogus"])(
    "refuses a post without Origin that says Sec-Fetch-Site: %s",
    (site) => {
      const allowed = originPolicy({ configured: [], siteOrigin: null });
      expect(allowed(post("http://127.0.0.1:3000/api/estimate", { "Sec-Fetch-Site": site }))).toBe(false);
    },
  );

  it.each(["same-origin", "none"])("accepts a post without Origin that says Sec-Fetch-Site: %s", (site) => {
    const allowed = originPolicy({ configured: [], siteOrigin: null });
    expect(allowed(post("http://127.0.0.1:3000/api/estimate", { "Sec-Fetch-Site": site }))).toBe(true);
  });

  it("accepts a post with neither header (curl, hosted-form clients)", () => {
    expect(
      originPolicy({ configured: [], siteOrigin: "https://www.example.com" })(post("https://www.example.com/x")),
    ).toBe(true);
  });
});

describe("fromOurPages (decision 0038)", () => {
  const site = "https://www.example.com";
  const from = (headers: Record<string, string>, policy: Parameters<typeof fromOurPages>[2] = { siteOrigin: site }) =>
    fromOurPages(new Headers(headers), "www.example.com", policy);

  it.each(["cross-site", "CROSS-SITE", " Cross-Site ", "same-site", "SAME-SITE", "bogus"])(
    "refuses Sec-Fetch-Site: %j whatever the Origin says",
    (fetchSite) => {
      expect(from({ Origin: site, "Sec-Fetch-Site": fetchSite })).toBe(false);
      expect(from({ Origin: "null", "Sec-Fetch-Site": fetchSite }, { siteOrigin: site, nullOrigin: true })).toBe(false);
      expect(from({ "Sec-Fetch-Site": fetchSite, Referer: `${site}/contact` })).toBe(false);
    },
  );

  it("accepts our Origin with same-origin, none or no Sec-Fetch-Site", () => {
    for (const fetchSite of ["same-origin", "none", "SAME-ORIGIN"]) {
      expect(from({ Origin: site, "Sec-Fetch-Site": fetchSite })).toBe(true);
    }
    expect(from({ Origin: site })).toBe(true);
    expect(from({})).toBe(true);
  });

  it("takes Origin: null only where a page of ours posts with it (the quote page)", () => {
    expect(from({ Origin: "null", "Sec-Fetch-Site": "same-origin" })).toBe(false);
    expect(from({ Origin: "null", "Sec-Fetch-Site": "same-origin" }, { siteOrigin: site, nullOrigin: true })).toBe(
      true,
    );
  });

  it("refuses a post without Origin whose Referer is another site's", () => {
    expect(from({ Referer: "https://evil.example/form.html" })).toBe(false);
    expect(from({ Referer: `${site}/contact` })).toBe(true);
  });

  it("takes a configured partner's post, which a browser marks cross-site", () => {
    const partners = new Set(["https://partner.example"]);
    expect(
      from({ Origin: "https://partner.example", "Sec-Fetch-Site": "cross-site" }, { siteOrigin: site, partners }),
    ).toBe(true);
    expect(
      from({ Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" }, { siteOrigin: site, partners }),
    ).toBe(false);
  });
});

describe("rateLimiter", () => {
  it("allows perMinute requests per client in a minute, then refuses until the minute is over", () => {
    let now = 1_000_000;
    const limit = rateLimiter({ perMinute: 3, now: () => now });
    expect([1, 2, 3, 4].map(() => limit("a").ok)).toEqual([true, true, true, false]);
    expect(limit("b").ok).toBe(true);
    now += 30_000;
    expect(limit("a")).toEqual({ ok: false, retryAfterSeconds: 30 });
    now += 30_000;
    expect(limit("a").ok).toBe(true);
  });

  it("tracks a bounded number of clients", () => {
    const limit = rateLimiter({ perMinute: 1, now: () => 0, maxClients: 100 });
    for (let i = 0; i < 10_000; i++) limit(`client-${i}`);
    // The earliest clients were forgotten, so memory stayed bounded; the latest are still limited.
    expect(limit("client-9999").ok).toBe(false);
  });
});

describe("estimateGuard", () => {
  it("refuses cross-site posts without spending the sender's allowance", () => {
    const guard = estimateGuard({
      perMinute: 1,
      configuredOrigins: [],
      siteOrigin: "https://www.example.com",
      now: () => 0,
    });
    const evil = post("https://www.example.com/api/estimate", { Origin: "https://evil.example" });
    expect(guard(evil, "1.2.3.4")).toEqual({ status: 403, error: CROSS_SITE_ERROR });
    expect(guard(post("https://www.example.com/api/estimate"), "1.2.3.4")).toBeNull();
    expect(guard(post("https://www.example.com/api/estimate"), "1.2.3.4")).toEqual({
      status: 429,
      error: RATE_LIMIT_ERROR,
      retryAfterSeconds: 60,
    });
  });
});
