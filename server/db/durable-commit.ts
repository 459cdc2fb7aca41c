// A commit that is on disk before it is answered, without the event loop waiting for the disk (issue 52, decision
// 0044's addendum). The connection runs `synchronous = FULL`: each COMMIT waits for the WAL's fsync on the main
// thread. For a write that may answer asynchronously (Stripe's webhook), `commit` runs the transaction with
// `synchronous = NORMAL` (the WAL is written, not synced) and then fsyncs the WAL file on libuv's thread pool; the
// caller answers once that resolves. Linux's fsync flushes every dirty page of the file, whoever wrote it, so the
// commit is as durable as a FULL one when the promise resolves. A checkpoint in between syncs the WAL itself first.
import { open } from "node:fs/promises";
import type { Db } from "./database.ts";

export type DurableCommits = {
  /** Runs `write` (a transaction) and resolves with its result once what it committed is on disk. */
  commit<T>(write: () => T): Promise<T>;
  /** Resolves once every commit made through `commit` so far is on disk (the outbox waits on it before sending). */
  settled(): Promise<void>;
};

async function fsyncFile(file: string): Promise<void> {
  const handle = await open(file, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** `file` is the database's path; its WAL is `${file}-wal`. */
export function durableCommits(db: Db, file: string): DurableCommits {
  let inFlight = 0;
  let settledNow: Promise<void> = Promise.resolve();
  const wal = `${file}-wal`;

  async function syncWal(): Promise<void> {
    try {
      await fsyncFile(wal);
    } catch (error) {
      // No WAL (it was never made, or a test's database is not in WAL mode): the commit went to the file itself.
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      await fsyncFile(file);
    }
  }

  return {
    async commit<T>(write: () => T): Promise<T> {
      db.pragma("synchronous = NORMAL");
      let result: T;
      try {
        result = write();
      } finally {
        db.pragma("synchronous = FULL");
      }
      inFlight += 1;
      const synced = syncWal().finally(() => {
        inFlight -= 1;
      });
      // Whatever the outcome of this sync, later waiters wait for it to end; its failure is the caller's to report.
      settledNow = Promise.all([settledNow, synced.catch(() => undefined)]).then(() => undefined);
      await synced;
      return result;
    },
    settled: () => (inFlight === 0 ? Promise.resolve() : settledNow),
  };
}
