// Every response carries the security headers; the CSP allows exactly the inline script our pages run.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, stopServer, type RunningServer } from "./harness";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => stopServer(server));

describe("security headers", () => {
  it.each(["/", "/faq", "/locations/somewhere-else", "/no-such-page", "/robots.txt", "/images/hero-home.svg"])(
    "%s carries CSP, nosniff, referrer and permissions policies",
    async (path) => {
      const response = await fetch(server.url + path);
      const csp = response.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      // The page script and /contact's island loader (app/entry.server.tsx inlineScripts), each pinned by hash.
      expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+' 'sha256-[A-Za-z0-9+/=]+'(;|$)/);
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).not.toMatch(/https?:\/\//);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("permissions-policy")).toContain("camera=()");
      expect(response.headers.get("strict-transport-security")).toBeNull();
      expect(response.headers.get("x-powered-by")).toBeNull();
    },
  );

  it.each([
    ["/", 1],
    ["/contact", 2],
  ])(
    "pins every executable inline script of %s by its hash (%i: the page script, plus the island loader on /contact)",
    async (path, count) => {
      const response = await fetch(server.url + path);
      const csp = response.headers.get("content-security-policy") ?? "";
      const html = await response.text();
      const inline = [...html.matchAll(/<script(?![^>]*type="application\/ld\+json")[^>]*>([\s\S]*?)<\/script>/g)]
        .map((m) => m[1] ?? "")
        .filter(Boolean);
      expect(inline).toHaveLength(count);
      for (const source of inline) {
        expect(csp).toContain(`'sha256-${createHash("sha256").update(source).digest("base64")}'`);
      }
    },
  );

  it("sends HSTS when the site is served over https", async () => {
    const https = await startServer({ SITE_URL: "https://www.example.com" });
    try {
      const response = await fetch(https.url + "/");
      expect(response.headers.get("strict-transport-security")).toMatch(/max-age=31536000/);
      expect(response.headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
    } finally {
      await stopServer(https);
    }
  });
});
