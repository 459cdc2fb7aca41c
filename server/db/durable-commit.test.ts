// A durable commit answers only after the WAL's fsync, which runs off the event loop; the connection is FULL again after.
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type * as Fs from "node:fs";
import { openDatabase, type Db } from "./database.ts";

const syncs = vi.hoisted(() => ({ files: [] as number[], gate: null as Promise<void> | null }));

vi.mock("node:fs", async (importOriginal) => {
  const real = await importOriginal<typeof Fs>();
  return {
    ...real,
    fsync: (fd: number, done: (error: NodeJS.ErrnoException | null) => void) => {
      void (syncs.gate ?? Promise.resolve()).then(() =>
        real.fsync(fd, (error) => {
          syncs.files.push(real.fstatSync(fd).ino);
          done(error);
        }),
      );
    },
  };
});

const { durableCommits } = await import("./durable-commit.ts");

let dir: string;
let db: Db;
let file: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "durable-"));
  ({ db, file } = openDatabase({ dataDir: dir, fileName: "t.db" }));
  db.exec("CREATE TABLE t (v INTEGER)");
  syncs.files.length = 0;
  syncs.gate = null;
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("a durable commit", () => {
  it("resolves only after the WAL's fsync, and leaves the connection at synchronous = FULL", async () => {
    let open!: () => void;
    syncs.gate = new Promise((resolve) => (open = resolve));
    const durable = durableCommits(db, file);
    let done = false;
    const committed = durable
      .commit(() => db.prepare("INSERT INTO t (v) VALUES (1)").run().changes)
      .then((n) => {
        done = true;
        return n;
      });
    // Committed and readable at once; not answered until the disk has it.
    expect(db.prepare("SELECT count(*) AS n FROM t").get()).toEqual({ n: 1 });
    expect(db.pragma("synchronous", { simple: true })).toBe(2);
    let settled = false;
    const waiting = durable.settled().then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(done).toBe(false);
    expect(settled).toBe(false);
    open();
    expect(await committed).toBe(1);
    await waiting;
    expect(syncs.files).toEqual([statSync(`${file}-wal`).ino]);
  });

  it("runs the write under synchronous = NORMAL and puts FULL back when the write throws", async () => {
    const durable = durableCommits(db, file);
    const during = await durable.commit(() => db.pragma("synchronous", { simple: true }));
    expect(during).toBe(1);
    await expect(
      durable.commit(() => {
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    expect(db.pragma("synchronous", { simple: true })).toBe(2);
    expect(syncs.files).toEqual([statSync(`${file}-wal`).ino]);
    await durable.settled();
  });
});
