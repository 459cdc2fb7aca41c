// The jobs' work days as the Visits view, the owner's feed and booking read them (migration 14). Reads only: the job
// service (server/jobs/, server/store/jobs.ts) writes these rows. The customer's name and town come from the request
// behind the accepted quote, or, once the request is erased (the contract is kept, decision 0033), from the quote's
// accepted version, which names them too.
import type { Db } from "../db/database.ts";
import type { JobDayRow } from "./jobs.ts";

export type WorkDayRow = Pick<
  JobDayRow,
  | "id"
  | "job_id"
  | "uid"
  | "day"
  | "starts"
  | "ends"
  | "starts_at"
  | "ends_at"
  | "sequence"
  | "created_at"
  | "changed_at"
> & {
  /** Its place among the job's scheduled days (1-based), and how many there are: "day 1 of 2". */
  nth: number;
  of: number;
  job_status: "open" | "done";
  done_at: string | null;
  estimate_id: number | null;
  name: string;
  town: string;
  phone: string;
};

// Numbered over all the scheduled days of the jobs with a day in the range, then narrowed to the range, so "day 2 of
// 2" stays so in any range.
const BETWEEN = `
WITH numbered AS (
  SELECT d.*,
    ROW_NUMBER() OVER (PARTITION BY d.job_id ORDER BY d.day, d.starts) AS nth,
    COUNT(*) OVER (PARTITION BY d.job_id) AS of
  FROM job_days d
  WHERE d.status = 'scheduled'
    AND d.job_id IN (SELECT job_id FROM job_days WHERE status = 'scheduled' AND day BETWEEN @first AND @last)
)
SELECT n.id, n.job_id, n.uid, n.day, n.starts, n.ends, n.starts_at, n.ends_at, n.sequence, n.created_at,
  n.changed_at, n.nth, n.of, j.status AS job_status, j.done_at, q.estimate_id,
  COALESCE(NULLIF(e.name, ''), json_extract(v.body, '$.customer.name'), '') AS name,
  COALESCE(NULLIF(e.city, ''), NULLIF(p.town, ''), json_extract(v.body, '$.customer.town'), '') AS town,
  COALESCE(NULLIF(e.phone, ''), json_extract(v.body, '$.customer.phone'), '') AS phone
FROM numbered n
JOIN jobs j ON j.id = n.job_id
JOIN quotes q ON q.id = j.quote_id
LEFT JOIN estimates e ON e.id = q.estimate_id
LEFT JOIN booking_places p ON p.estimate_id = q.estimate_id
LEFT JOIN quote_versions v ON v.quote_id = q.id AND v.version = q.current_version
WHERE n.day BETWEEN @first AND @last
ORDER BY n.starts_at, n.id`;

export function createWorkDayReader(db: Db) {
  const between = db.prepare<[{ first: string; last: string }], WorkDayRow>(BETWEEN);
  return {
    /** Scheduled work days from `first` to `last` (business days, inclusive), soonest first. */
    between(first: string, last: string): WorkDayRow[] {
      return between.all({ first, last });
    },
  };
}

export type WorkDayReader = ReturnType<typeof createWorkDayReader>;
