// A request is stored even while another connection (`npm run leads`, a backup, the e2e helpers) is writing: the
// save waits for the write lock instead of failing with "database is locked".
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { afterEach, expect, it } from "vitest";
import { openEstimateStore } from "../requests/estimate-store.ts";
import { newLead } from "./stored-lead.fixture.ts";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

// Another connection takes the write lock, says so (1), writes a table of its own, holds the lock 300 ms, says it is
// about to commit (2), then commits.
const OTHER_WRITER = `
const Database = require("better-sqlite3");
const { workerData } = require("node:worker_threads");
const db = new Database(workerData.file);
db.pragma("busy_timeout = 5000");
const flag = new Int32Array(workerData.flag);
db.exec("BEGIN IMMEDIATE");
db.exec("CREATE TABLE IF NOT EXISTS other_writer (x); INSERT INTO other_writer VALUES (1)");
Atomics.store(flag, 0, 1);
Atomics.notify(flag, 0);
Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
Atomics.store(flag, 0, 2);
db.exec("COMMIT");
db.close();
`;

it("stores a request while another connection holds the write lock, waiting for it", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "concurrent-writer-"));
  dirs.push(dir);
  const store = openEstimateStore({ dataDir: dir });
  try {
    const flag = new SharedArrayBuffer(4);
    const worker = new Worker(OTHER_WRITER, { eval: true, workerData: { file: store.file, flag } });
    const exited = new Promise((resolve) => worker.once("exit", resolve));
    Atomics.wait(new Int32Array(flag), 0, 0, 5000);
    const saved = store.save(newLead());
    expect(saved.id).toBeGreaterThan(0);
    // It waited for the other writer: no wall-clock bound, so a busy machine cannot fail it.
    expect(Atomics.load(new Int32Array(flag), 0)).toBe(2);
    await exited;
  } finally {
    store.close();
  }
});
