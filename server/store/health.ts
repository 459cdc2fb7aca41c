// The health check's question: does a real write reach the database file?
import { BUSY_TIMEOUT_MS, type Db } from "../db/database.ts";

export function createHealthStore(db: Db, now: () => Date) {
  const heartbeatStmt = db.prepare(
    "INSERT INTO heartbeat (id, at) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET at = excluded.at",
  );
  return {
    /** True when a real write reaches the database file (for /healthz); never throws. */
    writable(): boolean {
      // A health check must answer quickly: wait at most a second for a lock, not the usual five.
      db.pragma("busy_timeout = 1000");
      try {
        heartbeatStmt.run(now().toISOString());
        return true;
      } catch {
        return false;
      } finally {
        db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
      }
    },
  };
}
