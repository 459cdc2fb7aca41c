// Every error the server answers is a correct status and a short body in our words: no stack, no file path,
// no framework page, whether or not NODE_ENV is set.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, stopServer, type RunningServer } from "./harness";
import { LEAKS, rawGet, rawRequest, type RawResponse } from "./raw-http";

const MALFORMED_PATHS = [
  "/%",
  "/%%",
  "/%E0%A4%A",
  "/locations/%E0%A4%A",
  "/locations/%",
  "/blog/%ZZ",
  "/%C3%28",
  "/%FF",
  "/%ED%A0%80", // a lone surrogate
  "/services/%",
  "/api/estimate%",
  "/%00",
  "/faq%00",
  "/%0d%0aSet-Cookie:%20x=1",
];

const BAD_HOSTS = [
  "a b",
  "[",
  "[::1",
  "example.com/evil",
  "evil@example.com",
  "example.com:99x",
  "-",
  "%41",
  "exa\tmple.com",
  "x".repeat(300),
];

const ODD_METHODS: [string, number][] = [
  ["TRACE", 405],
  ["PUT", 405],
  ["DELETE", 405],
  ["PATCH", 405],
  ["OPTIONS", 405],
  ["PROPFIND", 501],
  ["MKCOL", 501],
  ["LOCK", 501],
  ["COPY", 501],
  ["SEARCH", 501],
  ["PURGE", 501],
];

function expectClean(response: RawResponse, allowed: number[], label: string) {
  expect(allowed, `${label}: status ${response.status}`).toContain(response.status);
  expect(response.body, label).not.toMatch(LEAKS);
  if (response.status >= 400 && response.status !== 404) expect(response.body.length, label).toBeLessThan(400);
}

for (const nodeEnv of [undefined, "development"]) {
  describe(`error answers with NODE_ENV ${nodeEnv ?? "unset"}`, () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await startServer(nodeEnv ? { NODE_ENV: nodeEnv } : {});
    });
    afterAll(() => stopServer(server));

    it(`answers ${MALFORMED_PATHS.length} malformed percent-encodings with 400 or 404`, async () => {
      for (const path of MALFORMED_PATHS) {
        for (const method of ["GET", "HEAD", "POST"]) {
          const response = await rawGet(server.port, path, { Host: "127.0.0.1", "Content-Length": "0" }, method);
          expectClean(response, [400, 404, 405], `${method} ${path}`);
        }
      }
    });

    it(`answers ${BAD_HOSTS.length} invalid Host headers with 400`, async () => {
      for (const host of BAD_HOSTS) {
        const response = await rawRequest(server.port, `GET / HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
        expectClean(response, [400], `Host ${JSON.stringify(host)}`);
      }
    });

    it("answers a request without Host (HTTP/1.0 and 1.1) and with two Hosts with 400", async () => {
      for (const request of [
        "GET / HTTP/1.0\r\n\r\n",
        "GET /faq HTTP/1.0\r\nConnection: close\r\n\r\n",
        "GET / HTTP/1.1\r\nConnection: close\r\n\r\n",
        "POST /api/estimate HTTP/1.0\r\nContent-Length: 0\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\nConnection: close\r\n\r\n",
        "GET / HTTP/1.1\r\nHost:\r\nConnection: close\r\n\r\n",
      ]) {
        expectClean(await rawRequest(server.port, request), [400], JSON.stringify(request));
      }
    });

    it(`answers ${ODD_METHODS.length} methods it does not serve with 405 or 501`, async () => {
      for (const [method, status] of ODD_METHODS) {
        for (const path of ["/", "/api/estimate", "/faq", "/no-such-page"]) {
          const response = await rawGet(server.port, path, { Host: "127.0.0.1", "Content-Length": "0" }, method);
          expectClean(response, [status], `${method} ${path}`);
          if (status === 405) expect(response.headers.allow, `${method} ${path}`).toBe("GET, HEAD, POST");
        }
      }
    });

    it("answers garbage Node cannot parse with a short 400 of our own", async () => {
      for (const request of [
        "GARBAGE\r\n\r\n",
        "GET / HTTP/9.9\r\n\r\n",
        "GET\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n",
        "\u0000\u0001\r\n\r\n",
      ]) {
        const response = await rawRequest(server.port, request);
        expectClean(response, [400], JSON.stringify(request));
      }
    });

    it("reads absolute-form targets as their path, and refuses other forms", async () => {
      for (const [target, status] of [
        ["http://evil.example/locations/heyworth", 200],
        ["https://evil.example/faq", 200],
        ["http://evil.example/faq/", 301],
        ["http://evil.example/nope", 404],
        ["ftp://evil.example/", 400],
        ["evil.example:80", 400],
        ["*", 400],
      ] as const) {
        const response = await rawGet(server.port, target);
        expectClean(response, [status], target);
        if (response.headers.location !== undefined) expect(response.headers.location).toBe("/faq");
      }
      const post = await rawRequest(
        server.port,
        "POST http://evil.example/api/estimate HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: https://evil.example\r\nAccept: application/json\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 6\r\nConnection: close\r\n\r\nname=a",
      );
      expect(post.status).toBe(403);
    });

    it("answers over-long headers with 431, and a missing asset with a plain 404", async () => {
      expectClean(
        await rawGet(server.port, "/", { Host: "127.0.0.1", "X-Big": "x".repeat(20_000) }),
        [431],
        "big header",
      );
      expectClean(await rawGet(server.port, "/assets/missing-abc123.js"), [404], "missing asset");
    });

    it("answers a POST to a page that takes none with 405, in the site's words", async () => {
      const response = await rawGet(server.port, "/contact", { Host: "127.0.0.1", "Content-Length": "0" }, "POST");
      expect(response.status).toBe(405);
      expect(response.body).not.toMatch(LEAKS);
    });

    it("logs the detail to the server log instead", () => {
      expect(server.output()).toMatch(/Error|error/);
    });
  });
}
