// The endpoint's guards hold for every spelling of its URL that the router sends to the action.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openEstimateStore } from "../../server/requests/estimate-store.ts";
import { ESTIMATE_SPELLINGS } from "../support/attack-variants";
import { startServer, stopServer, type RunningServer } from "./harness";
import { rawRequest } from "./raw-http";

const BODY = new URLSearchParams({
  name: "Ann",
  email: "ann@example.com",
  phone: "309-555-0100",
  message: "Hello",
}).toString();

function post(port: number, path: string, headers: Record<string, string> = {}) {
  const lines = Object.entries({
    Host: `127.0.0.1:${port}`,
    Accept: "application/json",
    "Content-Type": "application/x-www-form-urlencoded",
    "Content-Length": String(Buffer.byteLength(BODY)),
    Connection: "close",
    ...headers,
  })
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join("");
  return rawRequest(port, `POST ${path} HTTP/1.1\r\n${lines}\r\n${BODY}`);
}

function storedCount(dataDir: string) {
  const store = openEstimateStore({ dataDir });
  try {
    return store.list({ includeSpam: true }).length;
  } finally {
    store.close();
  }
}

describe(`the cross-site guard, on ${ESTIMATE_SPELLINGS.length} spellings of /api/estimate`, () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_PER_MINUTE: "100000" });
  });
  afterAll(() => stopServer(server));

  it("refuses a foreign Origin or a cross-site fetch on every spelling, and stores nothing", async () => {
    const accepted: string[] = [];
    for (const path of ESTIMATE_SPELLINGS) {
      for (const headers of <Record<string, string>[]>[
        { Origin: "https://evil.example" },
        { Origin: "null" },
        { "Sec-Fetch-Site": "cross-site" },
        { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
      ]) {
        const response = await post(server.port, path, headers);
        if (response.status !== 403) accepted.push(`${path} ${JSON.stringify(headers)} -> ${response.status}`);
        else
          expect(JSON.parse(response.body)).toEqual({
            error: "Requests from other sites are not accepted.",
            errors: [],
          });
      }
    }
    expect(accepted).toEqual([]);
    expect(storedCount(server.dataDir)).toBe(0);
  });

  it("accepts the site's own origin on every spelling (they are one endpoint)", async () => {
    for (const path of ESTIMATE_SPELLINGS) {
      const response = await post(server.port, path, { Origin: `http://127.0.0.1:${server.port}` });
      expect(response.status, path).toBe(200);
    }
  });
});

describe("the rate limit, across spellings", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_PER_MINUTE: "3" });
  });
  afterAll(() => stopServer(server));

  it("counts every spelling against one allowance: 3 stored, the rest refused with 429", async () => {
    const statuses: number[] = [];
    for (const path of ESTIMATE_SPELLINGS) statuses.push((await post(server.port, path)).status);
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(new Set(statuses.slice(3))).toEqual(new Set([429]));
    expect(storedCount(server.dataDir)).toBe(3);
  });
});

describe("safe by default: SITE_URL known, nothing else configured", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ SITE_URL: "https://www.example.com", RATE_LIMIT_PER_MINUTE: "100000" });
  });
  afterAll(() => stopServer(server));

  it("refuses foreign origins and cross-site fetches, accepts the site's own", async () => {
    for (const path of ESTIMATE_SPELLINGS.slice(0, 6)) {
      expect(
        (await post(server.port, path, { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" })).status,
        path,
      ).toBe(403);
      // The Host fallback does not apply once the site's origin is known.
      expect((await post(server.port, path, { Origin: `http://127.0.0.1:${server.port}` })).status, path).toBe(403);
      expect((await post(server.port, path, { Origin: "https://www.example.com" })).status, path).toBe(200);
    }
  });
});
