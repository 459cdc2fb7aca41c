// The endpoint refuses abuse with the contract's JSON errors.
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, stopServer, type RunningServer } from "./harness";

const valid = new URLSearchParams({ name: "Ann", email: "ann@example.com", phone: "309-555-0100", message: "Hello" });
const post = (url: string, body: BodyInit, headers: Record<string, string> = {}) =>
  fetch(`${url}/api/estimate`, {
    method: "POST",
    body,
    headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded", ...headers },
  });

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ RATE_LIMIT_PER_MINUTE: "1000" });
});
afterAll(() => stopServer(server));

describe("endpoint limits", () => {
  it("answers 413 to a body over 64 KB, declared or streamed without a length", async () => {
    const big = `${valid}&message=${"x".repeat(70_000)}`;
    const declared = await post(server.url, big);
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({ error: "The request is too large.", errors: [] });

    const chunked = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(`${server.url}/api/estimate`, {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Accept: "application/json",
          "Transfer-Encoding": "chunked",
        },
      });
      req.on("response", (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on("error", reject);
      for (let i = 0; i < 80; i++) req.write("x".repeat(1024));
      req.end();
    });
    expect(chunked).toBe(413);
  });

  it("answers 415 to other content types", async () => {
    for (const type of ["application/json", "text/plain", "application/xml"]) {
      const response = await post(server.url, JSON.stringify({ name: "x" }), { "Content-Type": type });
      expect(response.status).toBe(415);
      expect(await response.json()).toMatchObject({
        error: expect.stringContaining("multipart/form-data"),
        errors: [],
      });
    }
  });

  it("answers 405 to methods other than POST", async () => {
    for (const method of ["GET", "PUT", "DELETE", "PATCH"]) {
      const response = await fetch(`${server.url}/api/estimate`, { method, headers: { Accept: "application/json" } });
      expect(response.status, method).toBe(405);
      expect(await response.json()).toMatchObject({ error: expect.any(String) });
    }
  });
});

describe("rate limit and origins", () => {
  it("answers 429 with Retry-After past the per-minute limit, per address", async () => {
    const limited = await startServer({ RATE_LIMIT_PER_MINUTE: "3" });
    try {
      const statuses = [];
      const first = Date.now();
      for (let i = 0; i < 5; i++) statuses.push((await post(limited.url, valid)).status);
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      const refused = await post(limited.url, valid);
      // The seconds until the first post's minute is over: 60, less what a busy machine took to send them.
      const retryAfter = Number(refused.headers.get("retry-after"));
      expect(Number.isInteger(retryAfter)).toBe(true);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(retryAfter).toBeGreaterThanOrEqual(60 - Math.ceil((Date.now() - first) / 1000));
      expect(await refused.json()).toEqual({ error: expect.stringMatching(/Too many requests/), errors: [] });
      // Without TRUST_PROXY a forged X-Forwarded-For does not buy a fresh allowance.
      expect((await post(limited.url, valid, { "X-Forwarded-For": "203.0.113.9" })).status).toBe(429);
      // Pages are not limited.
      expect((await fetch(limited.url + "/contact")).status).toBe(200);
    } finally {
      await stopServer(limited);
    }
  });

  it("trusts X-Forwarded-For only when told to trust the proxy", async () => {
    const proxied = await startServer({ RATE_LIMIT_PER_MINUTE: "1", TRUST_PROXY: "1" });
    try {
      expect((await post(proxied.url, valid, { "X-Forwarded-For": "203.0.113.1" })).status).toBe(200);
      expect((await post(proxied.url, valid, { "X-Forwarded-For": "203.0.113.1" })).status).toBe(429);
      expect((await post(proxied.url, valid, { "X-Forwarded-For": "203.0.113.2" })).status).toBe(200);
    } finally {
      await stopServer(proxied);
    }
  });

  it("refuses cross-site posts when allowed origins are configured", async () => {
    const guarded = await startServer({ ALLOWED_ORIGINS: "https://www.example.com", RATE_LIMIT_PER_MINUTE: "1000" });
    try {
      const evil = await post(guarded.url, valid, { Origin: "https://evil.example" });
      expect(evil.status).toBe(403);
      expect(await evil.json()).toEqual({ error: "Requests from other sites are not accepted.", errors: [] });
      expect((await post(guarded.url, valid, { Origin: "https://www.example.com" })).status).toBe(200);
      expect((await post(guarded.url, valid, { "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
    } finally {
      await stopServer(guarded);
    }
  });
});
