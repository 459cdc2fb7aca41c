// The jobs (migration 14): an accepted quote's one job, its links (hashes only), its work days with their invites'
// UID and SEQUENCE, and "on my way" once a day. Plain reads and writes; the rules are in server/jobs/.
import type { Db } from "../db/database.ts";

export type JobRow = {
  id: number;
  quote_id: number;
  status: "open" | "done";
  created_at: string;
  updated_at: string;
  done_at: string | null;
};

export type JobDayRow = {
  id: number;
  job_id: number;
  uid: string;
  status: "scheduled" | "cancelled";
  day: string;
  starts: string;
  ends: string;
  starts_at: string;
  ends_at: string;
  sequence: number;
  rain_moves: number;
  reminded_for: string | null;
  created_at: string;
  changed_at: string | null;
  cancelled_at: string | null;
};

export type OnMyWayRow = { id: number; job_id: number; job_day_id: number | null; day: string; at: string };

/** A job as the Jobs list reads it: its state, its scheduled days before today and in all, and its next day. */
export type JobSummaryRow = Pick<JobRow, "id" | "quote_id" | "status" | "created_at" | "done_at"> & {
  /** Scheduled days in all, and those before `today`. */
  days: number;
  past: number;
  /** The first scheduled day from `today` on, with its arrival window; null when there is none. */
  next_day: string | null;
  next_starts: string | null;
  next_ends: string | null;
};

/** Where a work day is: its day, its arrival window and the instants they stand for. */
export type DayPlace = Pick<JobDayRow, "day" | "starts" | "ends" | "starts_at" | "ends_at">;

export function createJobStore(db: Db, now: () => Date) {
  const iso = () => now().toISOString();
  const insertJob = db.prepare(
    "INSERT INTO jobs (quote_id, created_at, updated_at) VALUES (?, ?, ?) ON CONFLICT (quote_id) DO NOTHING",
  );
  const byQuote = db.prepare<[number], JobRow>("SELECT * FROM jobs WHERE quote_id = ?");
  const byId = db.prepare<[number], JobRow>("SELECT * FROM jobs WHERE id = ?");
  const insertLink = db.prepare("INSERT INTO job_links (job_id, token_hash, created_at) VALUES (?, ?, ?)");
  const byLink = db.prepare<[string], JobRow>(
    "SELECT j.* FROM jobs j JOIN job_links l ON l.job_id = j.id WHERE l.token_hash = ?",
  );
  const daysStmt = db.prepare<[number], JobDayRow>(
    "SELECT * FROM job_days WHERE job_id = ? AND status = 'scheduled' ORDER BY day, starts, id",
  );
  const dayStmt = db.prepare<[number], JobDayRow>("SELECT * FROM job_days WHERE id = ?");
  const insertDay = db.prepare(
    `INSERT INTO job_days (job_id, uid, day, starts, ends, starts_at, ends_at, created_at)
     VALUES (@job_id, @uid, @day, @starts, @ends, @starts_at, @ends_at, @at)`,
  );
  const moveStmt = db.prepare(
    `UPDATE job_days SET day = @day, starts = @starts, ends = @ends, starts_at = @starts_at, ends_at = @ends_at,
       sequence = sequence + 1, rain_moves = rain_moves + @rain, reminded_for = NULL, changed_at = @at
     WHERE id = @id AND status = 'scheduled'`,
  );
  const cancelStmt = db.prepare(
    `UPDATE job_days SET status = 'cancelled', sequence = sequence + 1, changed_at = @at, cancelled_at = @at
     WHERE id = @id AND status = 'scheduled'`,
  );
  const remindedStmt = db.prepare(
    "UPDATE job_days SET reminded_for = @day WHERE id = @id AND status = 'scheduled' AND day = @day AND reminded_for IS NULL",
  );
  const onMyWayStmt = db.prepare(
    "INSERT INTO job_on_my_way (job_id, job_day_id, day, at) VALUES (?, ?, ?, ?) ON CONFLICT (job_id, day) DO NOTHING",
  );
  const onMyWayList = db.prepare<[number], OnMyWayRow>("SELECT * FROM job_on_my_way WHERE job_id = ? ORDER BY day");
  const doneStmt = db.prepare(
    "UPDATE jobs SET status = 'done', done_at = @at, updated_at = @at WHERE id = @id AND status = 'open'",
  );
  const touchStmt = db.prepare("UPDATE jobs SET updated_at = ? WHERE id = ?");
  // Each job's scheduled days through the (job_id, day) index that keeps one a day.
  const summariesStmt = db.prepare<[{ today: string }], JobSummaryRow>(
    `SELECT j.id, j.quote_id, j.status, j.created_at, j.done_at,
       (SELECT count(*) FROM job_days d WHERE d.job_id = j.id AND d.status = 'scheduled') AS days,
       (SELECT count(*) FROM job_days d WHERE d.job_id = j.id AND d.status = 'scheduled' AND d.day < @today) AS past,
       n.day AS next_day, n.starts AS next_starts, n.ends AS next_ends
     FROM jobs j
     LEFT JOIN job_days n ON n.id = (
       SELECT d.id FROM job_days d WHERE d.job_id = j.id AND d.status = 'scheduled' AND d.day >= @today
       ORDER BY d.day, d.starts LIMIT 1)
     ORDER BY j.id`,
  );

  return {
    db,
    /** The quote's job, made now if it has none (the UNIQUE on quote_id makes it once). */
    make(quoteId: number): { job: JobRow; made: boolean } {
      const at = iso();
      const made = insertJob.run(quoteId, at, at).changes > 0;
      return { job: byQuote.get(quoteId) as JobRow, made };
    },
    forQuote(quoteId: number): JobRow | undefined {
      return byQuote.get(quoteId);
    },
    get(id: number): JobRow | undefined {
      return byId.get(id);
    },
    addLink(jobId: number, hash: string): void {
      insertLink.run(jobId, hash, iso());
    },
    byLink(hash: string): JobRow | undefined {
      return byLink.get(hash);
    },
    /** The job's scheduled work days, soonest first. */
    days(jobId: number): JobDayRow[] {
      return daysStmt.all(jobId);
    },
    day(id: number): JobDayRow | undefined {
      return dayStmt.get(id);
    },
    addDay(jobId: number, uid: string, place: DayPlace): JobDayRow {
      const id = Number(insertDay.run({ job_id: jobId, uid, ...place, at: iso() }).lastInsertRowid);
      touchStmt.run(iso(), jobId);
      return dayStmt.get(id) as JobDayRow;
    },
    /** Moves a scheduled day (SEQUENCE raised, its reminder re-armed); undefined when it is not scheduled. */
    moveDay(id: number, place: DayPlace, rain: boolean): JobDayRow | undefined {
      if (moveStmt.run({ id, ...place, rain: rain ? 1 : 0, at: iso() }).changes === 0) return undefined;
      return dayStmt.get(id);
    },
    cancelDay(id: number): JobDayRow | undefined {
      if (cancelStmt.run({ id, at: iso() }).changes === 0) return undefined;
      return dayStmt.get(id);
    },
    /** Notes the reminder for the day's current date; false when it was sent for that date already (or it moved). */
    markReminded(id: number, day: string): boolean {
      return remindedStmt.run({ id, day }).changes > 0;
    },
    /** "On my way" for a job and day: false when it was sent that day already. */
    addOnMyWay(jobId: number, jobDayId: number, day: string): boolean {
      return onMyWayStmt.run(jobId, jobDayId, day, iso()).changes > 0;
    },
    onMyWay(jobId: number): OnMyWayRow[] {
      return onMyWayList.all(jobId);
    },
    /** Every job with its days counted and its next day from `today` (a business day), for the Jobs list. */
    summaries(today: string): JobSummaryRow[] {
      return summariesStmt.all({ today });
    },
    /** Marks the job done; false when it was already. */
    markDone(id: number): boolean {
      return doneStmt.run({ id, at: iso() }).changes > 0;
    },
  };
}

export type JobStore = ReturnType<typeof createJobStore>;
