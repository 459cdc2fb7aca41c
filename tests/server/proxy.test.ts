// Behind the proxy it always runs behind: deploy/Caddyfile, started with internal certificates (`local_certs`,
// i.e. `tls internal` for every site) on loopback ports, in front of the built server with the TRUST_PROXY of
// deploy/heartland-site.service. Skips only when Caddy is not installed (CI installs it: .ci/run).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startServer, stopServer, type RunningServer } from "./harness";

const caddyInstalled = spawnSync("caddy", ["version"]).status === 0;
if (!caddyInstalled) {
  console.warn("SKIPPED tests/server/proxy.test.ts: `caddy` is not installed (Debian: sudo apt-get install -y caddy).");
}

const DOMAIN = "heartland.test";
const unitTrustProxy = /^Environment=TRUST_PROXY=(\S+)$/m.exec(
  readFileSync("deploy/heartland-site.service", "utf8"),
)?.[1];

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

describe.skipIf(!caddyInstalled)("behind Caddy (deploy/Caddyfile)", () => {
  let server: RunningServer;
  let caddy: ChildProcess;
  let caddyLog = "";
  let httpPort = 0;
  let httpsPort = 0;
  let rootCa: Buffer;
  let origin = "";

  /** A request to Caddy over HTTPS as a browser would send it, from a chosen loopback address. */
  function get(
    pathname: string,
    { host = DOMAIN, from = "127.0.0.2", method = "GET", headers = {}, body }: RequestOptions = {},
  ): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const req = httpsRequest(
        {
          host: "127.0.0.1",
          port: httpsPort,
          servername: host,
          ca: rootCa,
          localAddress: from,
          method,
          path: pathname,
          headers: { host: `${host}:${httpsPort}`, ...headers },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        },
      );
      req.on("error", reject);
      req.end(body);
    });
  }
  type RequestOptions = {
    host?: string;
    from?: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
  };

  function postEstimate(from: string, i: number, forged?: string) {
    const body = new URLSearchParams({
      name: "Proxy Test",
      email: `proxy-${from}-${i}@example.com`,
      phone: "309-555-0100",
      message: "Through Caddy",
      _idempotency: `proxy-${from}-${i}-${Math.random()}`,
    }).toString();
    return get("/api/estimate", {
      from,
      method: "POST",
      body,
      headers: {
        accept: "application/json",
        "content-type": "application/x-www-form-urlencoded",
        origin,
        ...(forged ? { "x-forwarded-for": forged, "x-real-ip": forged, forwarded: `for=${forged}` } : {}),
      },
    });
  }

  beforeAll(async () => {
    httpPort = await freePort();
    httpsPort = await freePort();
    origin = `https://${DOMAIN}:${httpsPort}`;
    server = await startServer({ TRUST_PROXY: unitTrustProxy ?? "", SITE_URL: origin, RATE_LIMIT_PER_MINUTE: "5" });
    const home = mkdtempSync(path.join(tmpdir(), "caddy-"));
    // The deployed file with test-only global options: loopback ports, internal CA, no admin endpoint.
    const deployed = readFileSync("deploy/Caddyfile", "utf8");
    const globals = `{\n\tadmin off\n\tlocal_certs\n\tskip_install_trust\n\thttp_port ${httpPort}\n\thttps_port ${httpsPort}\n\tstorage file_system ${home}/data\n}\n`;
    const config = deployed.replace(/^\{\n[\s\S]*?\n\}\n/m, globals);
    expect(config).not.toBe(deployed);
    writeFileSync(path.join(home, "Caddyfile"), config);
    caddy = spawn("caddy", ["run", "--config", path.join(home, "Caddyfile"), "--adapter", "caddyfile"], {
      env: {
        ...process.env,
        HOME: home,
        XDG_DATA_HOME: `${home}/xdg`,
        XDG_CONFIG_HOME: `${home}/xdg`,
        SITE_DOMAIN: DOMAIN,
        UPSTREAM: `127.0.0.1:${server.port}`,
        ACME_EMAIL: "owner@example.com",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    caddy.stdout?.on("data", (c: Buffer) => (caddyLog += c.toString()));
    caddy.stderr?.on("data", (c: Buffer) => (caddyLog += c.toString()));
    // Caddy writes its root certificate once the internal CA is ready; then it serves.
    const deadline = Date.now() + 60_000;
    for (;;) {
      try {
        rootCa = readFileSync(`${home}/data/pki/authorities/local/root.crt`);
        if ((await get("/healthz")).status === 200) break;
      } catch {
        // Not up yet.
      }
      if (caddy.exitCode !== null || Date.now() > deadline) throw new Error(`Caddy did not start:\n${caddyLog}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  });

  afterAll(async () => {
    caddy?.kill("SIGTERM");
    if (server) await stopServer(server);
  });

  it("answers /healthz and serves pages over HTTPS with HSTS", async () => {
    const health = await get("/healthz");
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body.toString())).toEqual({ ok: true });
    const home = await get("/");
    expect(home.status).toBe(200);
    expect(home.headers["strict-transport-security"]).toMatch(/max-age=\d{7,}/);
    expect(home.body.toString()).toContain("<h1");
  });

  it("forwards the server's precompressed pages unchanged", async () => {
    for (const encoding of ["br", "gzip"] as const) {
      const page = await get("/faq", { headers: { "accept-encoding": encoding } });
      expect(page.headers["content-encoding"]).toBe(encoding);
      const file = readFileSync(`build/client/faq/index.html.${encoding === "br" ? "br" : "gz"}`);
      expect(page.body.equals(file), encoding).toBe(true);
    }
  });

  it("redirects http:// and www. to the canonical origin, and the site's own redirects stay on it", async () => {
    const plain = await new Promise<Answer>((resolve, reject) => {
      httpRequest({ host: "127.0.0.1", port: httpPort, path: "/faq?x=1", headers: { host: DOMAIN } }, (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.alloc(0) });
      })
        .on("error", reject)
        .end();
    });
    expect(plain.status).toBe(308);
    // Caddy's automatic redirect names the default HTTPS port, as in production.
    expect(plain.headers.location).toBe(`https://${DOMAIN}/faq?x=1`);

    const www = await get("/services/chimney-crowns?utm_source=x", { host: `www.${DOMAIN}` });
    expect(www.status).toBe(301);
    expect(www.headers.location).toBe(`https://${DOMAIN}/services/chimney-crowns?utm_source=x`);

    for (const pathname of ["/faq/", "//evil.example/", "/%2F%2Fevil.example/", "/services/"]) {
      const answer = await get(pathname);
      const location = String(answer.headers.location ?? "");
      if (answer.status >= 300 && answer.status < 400) {
        expect(
          (location.startsWith("/") && !location.startsWith("//")) || location.startsWith(`${origin}/`),
          location,
        ).toBe(true);
      }
    }
    expect((await get("/faq/")).headers.location).toMatch(/^(\/faq|https:\/\/heartland\.test:\d+\/faq)$/);
  });

  it("stores a form POST sent through it, with the visitor's own address", async () => {
    const answer = await postEstimate("127.0.0.3", 1);
    expect(answer.status, answer.body.toString()).toBe(200);
    const db = new Database(path.join(server.dataDir, "estimates.db"), { readonly: true });
    const row = db.prepare("SELECT ip FROM estimates WHERE email = ?").get("proxy-127.0.0.3-1@example.com") as
      { ip: string } | undefined;
    db.close();
    // The visitor's address as Caddy saw it, not Caddy's own (127.0.0.1).
    expect(row?.ip).toBe("127.0.0.3");
  });

  it("rate-limits the visitor's real address, whatever X-Forwarded-For they send", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await postEstimate("127.0.0.4", i, `203.0.113.${i + 1}`)).status);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    const db = new Database(path.join(server.dataDir, "estimates.db"), { readonly: true });
    const ips = db.prepare("SELECT DISTINCT ip FROM estimates WHERE email LIKE 'proxy-127.0.0.4-%'").all();
    db.close();
    expect(ips).toEqual([{ ip: "127.0.0.4" }]);
    // Another visitor is not held back by the first one's limit: the server tells them apart through Caddy.
    expect((await postEstimate("127.0.0.5", 1)).status).toBe(200);
  });
});
