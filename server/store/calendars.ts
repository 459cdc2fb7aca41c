// The owner's own calendars (migration 9): the secret addresses he pasted, how each last read went, the busy times of
// each one's last good read, and the hash of his visits' feed address. Plain reads and writes; reading the calendars
// and what they mean is server/calendars/.
import type { Db } from "../db/database.ts";
import { hashSecret, newSecret } from "./secrets.ts";

export type CalendarRow = {
  id: number;
  url: string;
  label: string;
  added_at: string;
  etag: string | null;
  last_modified: string | null;
  /** The last attempt to read it, whatever came of it. */
  tried_at: string | null;
  /** The last good read: a calendar, or "unchanged" (304). */
  read_at: string | null;
  /** The last read whose calendar was parsed (its busy times are from then). */
  parsed_at: string | null;
  /** Why the last attempt failed, in the owner's words; null when it did not. */
  problem: string | null;
  problem_since: string | null;
  /** What the last good parse wanted the owner to know, one per line. */
  notes: string;
  events: number | null;
  busy_count: number | null;
};

/** The feed's secret: 256 bits, like the console's other secrets; only its hash is kept. */
export const FEED_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function createCalendarStore(db: Db, now: () => Date) {
  const iso = () => now().toISOString();
  const listStmt = db.prepare<[], CalendarRow>("SELECT * FROM owner_calendars ORDER BY id");
  const getStmt = db.prepare<[number], CalendarRow>("SELECT * FROM owner_calendars WHERE id = ?");
  const insertStmt = db.prepare("INSERT INTO owner_calendars (url, label, added_at) VALUES (?, ?, ?)");
  const deleteBusy = db.prepare("DELETE FROM calendar_busy WHERE calendar_id = ?");
  const deleteStmt = db.prepare("DELETE FROM owner_calendars WHERE id = ?");
  const insertBusy = db.prepare("INSERT INTO calendar_busy (calendar_id, starts_at, ends_at) VALUES (?, ?, ?)");
  const busyStmt = db.prepare<[], { calendar_id: number; starts_at: number; ends_at: number }>(
    "SELECT calendar_id, starts_at, ends_at FROM calendar_busy ORDER BY calendar_id, starts_at",
  );
  const triedStmt = db.prepare(
    `UPDATE owner_calendars SET tried_at = @at, problem = @problem,
       problem_since = CASE WHEN problem IS NULL THEN @at ELSE problem_since END WHERE id = @id`,
  );
  const unchangedStmt = db.prepare(
    "UPDATE owner_calendars SET tried_at = @at, read_at = @at, problem = NULL, problem_since = NULL WHERE id = @id",
  );
  const parsedStmt = db.prepare(
    `UPDATE owner_calendars SET tried_at = @at, read_at = @at, parsed_at = @at, problem = NULL, problem_since = NULL,
       etag = @etag, last_modified = @lastModified, notes = @notes, events = @events, busy_count = @busyCount
     WHERE id = @id`,
  );
  const feedStmt = db.prepare<[], { token_hash: string; created_at: string }>(
    "SELECT token_hash, created_at FROM calendar_feed WHERE id = 1",
  );
  const putFeed = db.prepare(
    `INSERT INTO calendar_feed (id, token_hash, created_at) VALUES (1, ?, ?)
     ON CONFLICT (id) DO UPDATE SET token_hash = excluded.token_hash, created_at = excluded.created_at`,
  );

  const replaceBusy = db.transaction(
    (
      id: number,
      busy: Float64Array,
      row: { etag: string | null; lastModified: string | null; notes: string; events: number },
    ) => {
      // Gone in the meantime (removed while it was being read): nothing to keep.
      if (!getStmt.get(id)) return false;
      deleteBusy.run(id);
      for (let i = 0; i < busy.length; i += 2) insertBusy.run(id, busy[i], busy[i + 1]);
      parsedStmt.run({ id, at: iso(), ...row, busyCount: busy.length / 2 });
      return true;
    },
  );

  return {
    list(): CalendarRow[] {
      return listStmt.all();
    },
    get(id: number): CalendarRow | undefined {
      return getStmt.get(id);
    },
    add(url: string, label: string): number {
      return Number(insertStmt.run(url, label, iso()).lastInsertRowid);
    },
    remove(id: number): boolean {
      return db.transaction(() => {
        deleteBusy.run(id);
        return deleteStmt.run(id).changes > 0;
      })();
    },
    /** An attempt that failed: the problem is kept, the last good busy times stay. */
    failed(id: number, problem: string): void {
      triedStmt.run({ id, at: iso(), problem });
    },
    /** The calendar answered "not modified": its busy times stand. */
    unchanged(id: number): void {
      unchangedStmt.run({ id, at: iso() });
    },
    /** A good read: its busy times replace the last ones, in one transaction. False when the calendar is gone. */
    parsed(
      id: number,
      busy: Float64Array,
      row: { etag: string | null; lastModified: string | null; notes: string; events: number },
    ): boolean {
      return replaceBusy.immediate(id, busy, row);
    },
    /** Every calendar's busy times, by calendar, each sorted. */
    busy(): Map<number, Float64Array> {
      const lists = new Map<number, number[]>();
      for (const row of busyStmt.all()) {
        const list = lists.get(row.calendar_id) ?? [];
        list.push(row.starts_at, row.ends_at);
        lists.set(row.calendar_id, list);
      }
      return new Map([...lists].map(([id, list]) => [id, Float64Array.from(list)]));
    },
    /** When the visits' feed address was made; null before the first. */
    feedMadeAt(): string | null {
      return feedStmt.get()?.created_at ?? null;
    },
    /** A new feed address: the old one answers 404 from now on. Returns the secret, to show once. */
    newFeedToken(): string {
      const token = newSecret();
      putFeed.run(hashSecret(token), iso());
      return token;
    },
    /** Whether a token is the feed's current one. */
    isFeedToken(token: string): boolean {
      if (!FEED_TOKEN.test(token)) return false;
      const row = feedStmt.get();
      return row !== undefined && row.token_hash === hashSecret(token);
    },
  };
}

export type CalendarStore = ReturnType<typeof createCalendarStore>;
