// Deployed as the README says: SITE_URL given to the build, nothing at run time. The server still knows the
// site's origin: it refuses cross-site posts, sends HSTS, and server-rendered pages carry the real canonical URL.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, stopServer, type RunningServer } from "./harness";

const BODY = new URLSearchParams({ name: "Ann", email: "ann@example.com", phone: "309-555-0100", message: "Hello" });
let buildDir: string;
let server: RunningServer;

beforeAll(async () => {
  // Inside the project, so the built server resolves its packages from node_modules.
  mkdirSync(".test-builds", { recursive: true });
  buildDir = mkdtempSync(path.resolve(".test-builds", "site-url-"));
  execFileSync("npx", ["react-router", "build"], {
    env: { ...process.env, SITE_URL: "https://www.example.com", BUILD_DIR: buildDir },
    stdio: "ignore",
  });
  server = await startServer({ BUILD_DIR: buildDir, SITE_URL: "", RATE_LIMIT_PER_MINUTE: "1000" });
}, 240_000);
afterAll(async () => {
  await stopServer(server);
  rmSync(buildDir, { recursive: true, force: true });
});

const post = (headers: Record<string, string>) =>
  fetch(`${server.url}/api/estimate`, {
    method: "POST",
    body: BODY,
    headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded", ...headers },
  });

describe("a build made with SITE_URL, served with none", () => {
  it("refuses cross-site posts by default", async () => {
    for (const headers of <Record<string, string>[]>[
      { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
      { Origin: "https://evil.example" },
      { "Sec-Fetch-Site": "cross-site" },
      { Origin: server.url },
    ]) {
      expect((await post(headers)).status, JSON.stringify(headers)).toBe(403);
    }
    expect((await post({ Origin: "https://www.example.com", "Sec-Fetch-Site": "same-origin" })).status).toBe(200);
  });

  it("sends HSTS and gives server-rendered pages the built origin", async () => {
    const response = await fetch(`${server.url}/locations/heyworth`);
    expect(response.headers.get("strict-transport-security")).toMatch(/max-age=31536000/);
    expect(await response.text()).toContain(
      '<link rel="canonical" href="https://www.example.com/locations/heyworth"/>',
    );
  });
});
