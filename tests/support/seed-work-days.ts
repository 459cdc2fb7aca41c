// A job with its work days in a server's data folder, as the job service writes them (migration 14), in plain SQL:
// the Visits view, the owner's feed and booking only read these rows. On top of a quote the homeowner accepted.
import { randomUUID } from "node:crypto";
import type { Db } from "../../server/db/database.ts";
import { openEstimateStore } from "../../server/requests/estimate-store.ts";
import { instantAt } from "../../server/time/wall-time.ts";
import { quoteServiceOver, seedQuote } from "./seed-quote.ts";

const TZ = "America/Chicago";

/** A quote sent and accepted by Dana Whitfield of Normal; its id. */
export function acceptedQuote(dataDir: string): number {
  const { token, quoteId } = seedQuote(dataDir);
  const store = openEstimateStore({ dataDir });
  try {
    const quotes = quoteServiceOver(store);
    const found = quotes.lookup(token, null);
    if (!found || found === "limited") throw new Error("the seeded quote is not found");
    const optionKey = quotes.page(found).options[0]?.key ?? "";
    quotes.accept(
      token,
      { optionKey, addonKeys: [], name: "Dana Whitfield", consent: true, pamphlet: true, version: 1 },
      { ip: null, userAgent: null, inHome: false },
    );
    return quoteId;
  } finally {
    store.close();
  }
}

export type SeedDay = { day: string; starts: string; ends: string };

const instants = (d: SeedDay) => ({
  starts_at: instantAt(d.day, d.starts, TZ).toISOString(),
  ends_at: instantAt(d.day, d.ends, TZ).toISOString(),
});

/** A job for an accepted quote with its scheduled work days; the job's id and its days' ids and UIDs, in order. */
export function addJob(db: Db, quoteId: number, days: readonly SeedDay[], at = "2026-11-27T15:00:00.000Z") {
  const jobId = Number(
    db
      .prepare("INSERT INTO jobs (quote_id, status, created_at, updated_at) VALUES (?, 'open', ?, ?)")
      .run(quoteId, at, at).lastInsertRowid,
  );
  const insert = db.prepare(
    `INSERT INTO job_days (job_id, uid, day, starts, ends, starts_at, ends_at, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const made = days.map((d) => {
    const uid = `job-day-${randomUUID()}@www.example.com`;
    const { starts_at, ends_at } = instants(d);
    const id = Number(insert.run(jobId, uid, d.day, d.starts, d.ends, starts_at, ends_at, at).lastInsertRowid);
    return { id, uid };
  });
  return { jobId, days: made };
}

/** Moves a work day as the job service does: same row and UID, SEQUENCE raised. */
export function moveWorkDay(db: Db, id: number, to: SeedDay, at = "2026-11-28T15:00:00.000Z") {
  const { starts_at, ends_at } = instants(to);
  db.prepare(
    `UPDATE job_days SET day = ?, starts = ?, ends = ?, starts_at = ?, ends_at = ?, sequence = sequence + 1,
       changed_at = ? WHERE id = ?`,
  ).run(to.day, to.starts, to.ends, starts_at, ends_at, at, id);
}

export function cancelWorkDay(db: Db, id: number, at = "2026-11-28T16:00:00.000Z") {
  db.prepare(
    "UPDATE job_days SET status = 'cancelled', sequence = sequence + 1, changed_at = ?, cancelled_at = ? WHERE id = ?",
  ).run(at, at, id);
}

export function finishJob(db: Db, jobId: number, at: string) {
  db.prepare("UPDATE jobs SET status = 'done', done_at = ?, updated_at = ? WHERE id = ?").run(at, at, jobId);
}
