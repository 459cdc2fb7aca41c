// No request lost: a server killed with SIGKILL mid-stream keeps every request it had answered OK, exactly once;
// SIGTERM lets requests in flight finish and closes the database.
import { existsSync, statSync } from "node:fs";
import { request as httpRequest } from "node:http";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { openEstimateStore } from "../../server/requests/estimate-store.ts";
import { startServer, stopServer } from "./harness";

const RUNS = 5;
const CLIENTS = 8;

async function submit(url: string, email: string, key: string) {
  const body = new URLSearchParams({
    name: "Crash Test",
    email,
    phone: "309-555-0100",
    message: "Durability check",
    _idempotency: key,
  });
  const response = await fetch(`${url}/api/estimate`, {
    method: "POST",
    body,
    headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
  });
  await response.arrayBuffer();
  return response.ok;
}

describe("durability", () => {
  for (let run = 1; run <= RUNS; run++) {
    it(`run ${run}: every request answered OK before a SIGKILL is stored exactly once`, async () => {
      const server = await startServer({ RATE_LIMIT_PER_MINUTE: "1000000" });
      const acknowledged: string[] = [];
      let attempted = 0;
      let stop = false;
      const clients = Array.from({ length: CLIENTS }, async (_, client) => {
        for (let i = 0; !stop; i++) {
          const email = `run${run}-c${client}-n${i}@example.com`;
          attempted += 1;
          try {
            if (await submit(server.url, email, `key-${run}-${client}-${i}`)) acknowledged.push(email);
          } catch {
            // The server died mid-request: this one was never acknowledged.
          }
        }
      });
      // Kill at a random moment once traffic is flowing (the first acknowledgement proves it is).
      const deadline = Date.now() + 30_000;
      while (acknowledged.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      await new Promise((r) => setTimeout(r, Math.random() * 600));
      server.process.kill("SIGKILL");
      await server.exited;
      stop = true;
      await Promise.all(clients);

      expect(acknowledged.length).toBeGreaterThan(0);
      // Restart on the same data: the server must come up, and every acknowledged request is there once.
      const restarted = await startServer({}, server.dataDir);
      await stopServer(restarted);
      const store = openEstimateStore({ dataDir: server.dataDir });
      try {
        const stored = store.list({ limit: 1_000_000 }).map((r) => r.email);
        const counts = new Map<string, number>();
        for (const email of stored) counts.set(email, (counts.get(email) ?? 0) + 1);
        for (const email of acknowledged) expect(counts.get(email), email).toBe(1);
        expect([...counts.values()].every((n) => n === 1)).toBe(true);
        console.log(
          `crash run ${run}: ${attempted} sent, ${acknowledged.length} acknowledged, ${stored.length} stored, 0 lost`,
        );
      } finally {
        store.close();
      }
    });
  }

  it("SIGTERM finishes the request in flight, then exits cleanly with the database closed", async () => {
    const server = await startServer({ RATE_LIMIT_PER_MINUTE: "1000" });
    const body = new URLSearchParams({
      name: "Slow Sender",
      email: "slow@example.com",
      phone: "309-555-0100",
      message: "x".repeat(2000),
    }).toString();
    let req: ReturnType<typeof httpRequest> | undefined;
    const answered = new Promise<number>((resolve, reject) => {
      req = httpRequest(`${server.url}/api/estimate`, {
        method: "POST",
        headers: {
          Accept: "application/json",
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": Buffer.byteLength(body),
        },
      });
      req.on("response", (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      });
      req.on("error", reject);
    });
    // Send half, and make sure the server holds it: it answers a request opened after ours only once it has
    // taken ours in (no fixed wait that a busy machine could outrun).
    await new Promise<void>((written) => req?.write(body.slice(0, 1000), () => written()));
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    server.process.kill("SIGTERM");
    // The rest arrives once the server has begun to stop.
    await vi.waitFor(() => expect(server.output()).toContain("SIGTERM received"), { timeout: 10_000, interval: 20 });
    req?.end(body.slice(1000));
    expect(await answered).toBe(200);
    expect(await server.exited).toBe(0);
    // New connections are refused once it has stopped.
    await expect(fetch(server.url + "/")).rejects.toThrow();
    const wal = path.join(server.dataDir, "estimates.db-wal");
    expect(!existsSync(wal) || statSync(wal).size === 0).toBe(true);
    const store = openEstimateStore({ dataDir: server.dataDir });
    try {
      expect(store.list().map((r) => r.email)).toEqual(["slow@example.com"]);
    } finally {
      store.close();
    }
  });
});
