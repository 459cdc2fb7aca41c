// A start warms what the owner's first taps would otherwise run cold (issue 51, server/http/warm-up.ts): on by
// default, as in production, and told in the log; the server tests' harness turns it off to save their starts.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { openEstimateStore } from "../../server/requests/estimate-store";
import { openSessionStore, WARM_UP_AGENT } from "../../server/store/owner-sessions";
import { seedInvoice } from "../support/seed-quote";
import { startServer, stopServer, type RunningServer } from "./harness";

const WARMED =
  /Warmed up for the owner's first taps in \d+ ms \(sign-in page: (\d+); its first step: (\d+); console pages: (\d+) of (\d+)(; [^)]*)?\)\./;
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

function sessionsIn(dataDir: string) {
  const db = new Database(path.join(dataDir, "estimates.db"), { readonly: true });
  try {
    return db.prepare("SELECT user_agent, passkey_id FROM owner_sessions").all() as {
      user_agent: string | null;
      passkey_id: string | null;
    }[];
  } finally {
    db.close();
  }
}

describe("the warm-up at start", () => {
  it("renders every console page once, signed in as a session of its own that is gone after", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "warm-up-"));
    seedInvoice(dataDir);
    const store = openEstimateStore({ dataDir });
    const sessions = openSessionStore(store.db);
    // The owner's own session stays; one a start stopped during its warm-up left behind does not.
    sessions.create({ ip: "192.0.2.1", userAgent: "Owner's phone", passkeyId: "owner-passkey" });
    sessions.create({ ip: null, userAgent: WARM_UP_AGENT, passkeyId: null });
    store.close();

    server = await startServer(
      { WARM_UP: "on", SITE_URL: "https://www.heartland-test.example", TRUST_PROXY: "loopback" },
      dataDir,
    );
    const line = await logLine(server, WARMED);
    expect(line?.slice(1)).toEqual(["200", "200", line?.[4], line?.[4], undefined]);
    // 13 pages (the editor four times over), and the newest request, quote and invoice: all answered 200.
    expect(Number(line?.[4])).toBe(19);
    // Told after the server is ready, never before: it does not hold the start.
    expect(server.output().indexOf("Site ready")).toBeLessThan(server.output().search(WARMED));
    expect(sessionsIn(dataDir)).toEqual([{ user_agent: "Owner's phone", passkey_id: "owner-passkey" }]);
    expect(server.output()).not.toMatch(/could not get the render ready|Warming up the console failed/);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it("is on unless WARM_UP=off", async () => {
    server = await startServer({ WARM_UP: "" });
    expect((await logLine(server, WARMED))?.slice(1, 3)).toEqual(["200", "200"]);
    await stopServer(server);
    server = await startServer({ WARM_UP: "off" });
    await new Promise((r) => setTimeout(r, 1_500));
    expect(server.output()).not.toMatch(WARMED);
  });
});
