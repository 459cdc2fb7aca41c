// A commit that is on disk before it is answered, without the event loop waiting for the disk (issue 52, decision
// 0044's addendum). The connection runs `synchronous = FULL`: each COMMIT waits for the WAL's fsync on the main
// thread. For a write that may answer asynchronously (Stripe's webhook), `commit` runs the transaction with
// `synchronous = NORMAL` (the WAL is written, not synced) and then fsyncs the WAL file on libuv's thread pool; the
// caller answers once that resolves. Linux's fsync flushes every dirty page of the file, whoever wrote it, so the
// commit is as durable as a FULL one when the promise resolves. A checkpoint in between syncs the WAL itself first.
import { fstatSync, fsync, openSync, closeSync, statSync } from "node:fs";
import type { Db } from "./database.ts";

export type DurableCommits = {
  /** Runs `write` (a transaction) and resolves with its result once what it committed is on disk. */
  commit<T>(write: () => T): Promise<T>;
  /** Resolves once no commit made through `commit` is waiting for the disk (the outbox waits on it before sending). */
  settled(): Promise<void>;
};

const WAL_RECHECK_MS = 1_000;

/** `file` is the database's path; its WAL is `${file}-wal`. */
export function durableCommits(db: Db, file: string): DurableCommits {
  const wal = `${file}-wal`;
  // One descriptor, kept while it is the WAL's: SQLite keeps the WAL while this connection is open, and a new file at
  // the path (a restore) is noticed by its inode. Opening costs the event loop more than the fsync's hand-off.
  let held: { fd: number; ino: number; isWal: boolean } | null = null;
  let checkedAt = -Infinity;
  let inFlight = 0;
  let waiters: (() => void)[] = [];

  function descriptor(): number {
    // The WAL's path is looked at again at most once a second, not at each commit (20 µs of the event loop's time in
    // a webhook's 1 ms): while this connection is open SQLite keeps its WAL (a checkpoint truncates it in place), and
    // a restore refuses to run beside the server. Until there is a WAL, every commit looks for it.
    const at = performance.now();
    if (held?.isWal && at - checkedAt < WAL_RECHECK_MS) return held.fd;
    checkedAt = at;
    let ino: number;
    let path = wal;
    try {
      ino = statSync(wal).ino;
    } catch (error) {
      // No WAL (never made, or a test's database not in WAL mode): the commit went to the file itself.
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      path = file;
      ino = statSync(file).ino;
    }
    if (held?.ino === ino) return held.fd;
    if (held) closeSync(held.fd);
    const fd = openSync(path, "r");
    held = { fd, ino: fstatSync(fd).ino, isWal: path === wal };
    return fd;
  }

  function synced() {
    inFlight -= 1;
    if (inFlight > 0) return;
    const woken = waiters;
    waiters = [];
    for (const wake of woken) wake();
  }

  return {
    async commit<T>(write: () => T): Promise<T> {
      // exec, not a prepared statement: SQLite applies this pragma when it compiles it, not when it runs it.
      db.exec("PRAGMA synchronous = NORMAL");
      let result: T;
      try {
        result = write();
      } finally {
        db.exec("PRAGMA synchronous = FULL");
      }
      const fd = descriptor();
      inFlight += 1;
      // fsync on libuv's thread pool; Linux flushes every dirty page of the file, whoever wrote it.
      await new Promise<void>((resolve, reject) =>
        fsync(fd, (error) => {
          synced();
          if (error) reject(error);
          else resolve();
        }),
      );
      return result;
    },
    settled: () => (inFlight === 0 ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve))),
  };
}
