// GET /healthz tells the host whether the database takes writes, and nothing else.
import Database from "better-sqlite3";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, stopServer, type RunningServer } from "./harness";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => stopServer(server));

describe("/healthz", () => {
  it('answers 200 {"ok":true}, never cached, when the database is writable', async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await response.text()).toBe('{"ok":true}');
    const head = await fetch(`${server.url}/healthz`, { method: "HEAD" });
    expect(head.status).toBe(200);
  });

  it('answers 503 {"ok":false} while the database cannot take a write, and recovers', async () => {
    const other = new Database(path.join(server.dataDir, "estimates.db"));
    other.exec("BEGIN EXCLUSIVE");
    try {
      const response = await fetch(`${server.url}/healthz`);
      expect(response.status).toBe(503);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(await response.text()).toBe('{"ok":false}');
    } finally {
      other.exec("ROLLBACK");
      other.close();
    }
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});
