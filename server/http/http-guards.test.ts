// The outer wall's pure parts, each against many spellings of the same attack.
import { describe, expect, it } from "vitest";
import { offSiteLocations } from "../../tests/support/attack-variants";
import { isAllowedOffsite, isSafeLocation, isValidHost, routerPath } from "./http-guards.ts";

const BASE = "http://site.invalid";

describe("isSafeLocation", () => {
  const variants = offSiteLocations();

  it(`refuses all ${variants.length} spellings that could leave the site`, () => {
    const allowed = variants.filter((v) => isSafeLocation(v));
    expect(allowed).toEqual([]);
  });

  it("every location it accepts resolves to this site", () => {
    for (const v of [...variants, "/faq", "/contact/received?status=ok", "/a/b?x=//evil.example", "/"]) {
      if (isSafeLocation(v)) expect(new URL(v, BASE).host).toBe("site.invalid");
    }
  });

  it("accepts the site's own redirects", () => {
    for (const v of [
      "/",
      "/faq",
      "/contact/received?status=ok",
      "/contact/received?status=invalid&fields=name%2Cemail",
      "/blog?page=2",
    ]) {
      expect(isSafeLocation(v), v).toBe(true);
    }
  });
});

describe("isValidHost", () => {
  it.each([
    "localhost",
    "localhost:3000",
    "127.0.0.1",
    "127.0.0.1:8080",
    "www.example.com",
    "example.com.",
    "[::1]",
    "[::1]:3000",
    "my_host.internal",
    "xn--bcher-kva.example",
  ])("accepts %s", (host) => expect(isValidHost(host)).toBe(true));

  it.each([
    "",
    " ",
    "a b",
    "example.com/evil",
    "example.com\\evil",
    "evil@example.com",
    "[",
    "[::1",
    "example.com:",
    "example.com:99999x",
    "exa mple.com:80",
    "example.com?x",
    "example.com#x",
    "%65xample.com",
    "-x.example",
    "x".repeat(300),
    "example.com\r\nX: y",
    "[::1]evil",
  ])("refuses %j", (host) => expect(isValidHost(host)).toBe(false));

  it("refuses a missing Host", () => expect(isValidHost(undefined)).toBe(false));
});

describe("routerPath", () => {
  it.each([
    ["/api/%65stimate", "/api/estimate"],
    ["/%61pi/estimate", "/api/estimate"],
    ["/./api/estimate", "/api/estimate"],
    ["/api/x/../estimate", "/api/estimate"],
    ["/api/%2e%2e/api/estimate", "/api/estimate"],
    ["/api\\estimate", "/api/estimate"],
  ])("reads %s as %s", (raw, path) => expect(routerPath(raw)).toBe(path));

  it.each(["/%", "/locations/%E0%A4%A", "/%ZZ", "/%C3%28", "/a%"])("returns null for malformed %s", (raw) => {
    expect(routerPath(raw)).toBeNull();
  });
});

describe("isAllowedOffsite", () => {
  const stripe = ["https://checkout.stripe.com"];
  it("lets a redirect go to the payment provider's checkout, and nowhere that only looks like it", () => {
    expect(isAllowedOffsite("https://checkout.stripe.com/c/pay/cs_test_a1", stripe)).toBe(true);
    for (const v of [
      "https://checkout.stripe.com.evil.example/c/pay",
      "https://checkout.stripe.com@evil.example/",
      "http://checkout.stripe.com/c/pay",
      "https://checkout.stripe.com:8443/c/pay",
      "https://checkout.stripe.com\\@evil.example/",
      "https://checkout.stripe.com/c/\npay",
      "//checkout.stripe.com/c/pay",
      "https://evil.example/https://checkout.stripe.com/",
    ]) {
      expect(isAllowedOffsite(v, stripe), v).toBe(false);
    }
    expect(isAllowedOffsite("https://checkout.stripe.com/c/pay", [])).toBe(false);
  });
});
