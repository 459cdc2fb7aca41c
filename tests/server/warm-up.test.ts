// A start warms what the owner's first taps would otherwise run cold (issue 51, server/http/warm-up.ts): on by
// default, as in production, and told in the log; the server tests' harness turns it off to save their starts.
import { afterEach, describe, expect, it } from "vitest";
import { startServer, stopServer, type RunningServer } from "./harness";

const WARMED = /Warmed up for the owner's first taps in \d+ ms \(sign-in page: (\d+)\)\./;
let server: RunningServer | undefined;
afterEach(async () => {
  if (server) await stopServer(server);
  server = undefined;
});

async function logLine(s: RunningServer, pattern: RegExp, ms = 30_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const found = pattern.exec(s.output());
    if (found) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  return null;
}

describe("the warm-up at start", () => {
  it("renders the console's sign-in page once, through the site's own Host, as the production server runs", async () => {
    server = await startServer({
      WARM_UP: "on",
      SITE_URL: "https://www.heartland-test.example",
      TRUST_PROXY: "loopback",
    });
    const line = await logLine(server, WARMED);
    expect(line?.[1]).toBe("200");
    // Told after the server is ready, never before: it does not hold the start.
    expect(server.output().indexOf("Site ready")).toBeLessThan(server.output().search(WARMED));
    const page = await fetch(`${server.url}/healthz`);
    expect(page.status).toBe(200);
  });

  it("is on unless WARM_UP=off", async () => {
    server = await startServer({ WARM_UP: "" });
    expect((await logLine(server, WARMED))?.[1]).toBe("200");
    await stopServer(server);
    server = await startServer({ WARM_UP: "off" });
    await new Promise((r) => setTimeout(r, 1_500));
    expect(server.output()).not.toMatch(WARMED);
  });
});
