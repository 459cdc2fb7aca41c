// A job's photos, before and after (migration 15, decision 0046): each one a cleaned JPEG and its preview in its row,
// as estimate photos are, with the job, its kind and the homeowner's consent; the pairs put on "Recent work". In the
// database, they are in every backup, and erasure deletes them with the row (secure_delete zeroes the pages).
import type { Db } from "../db/database.ts";

import type { JobPhotoKind } from "../../app/lib/job-photos.ts";

export type { JobPhotoKind };
export const JOB_PHOTO_KINDS: readonly JobPhotoKind[] = ["before", "after"];

export type JobPhotoRow = {
  id: number;
  job_id: number;
  kind: JobPhotoKind;
  width: number;
  height: number;
  added_at: string;
  consent_at: string | null;
  consent_words: string | null;
};

export type PairState = "publishing" | "published" | "taken-off";

export type JobPhotoPairRow = {
  id: number;
  job_id: number;
  before_id: number;
  after_id: number;
  before_file: string;
  after_file: string;
  service: string;
  city: string | null;
  caption: string;
  publish_job: string | null;
  state: PairState;
  created_at: string;
  published_at: string | null;
  taken_off_at: string | null;
};

/** A pair on the site (or on its way), with the job it belongs to: what erasure names before it asks. */
export type PhotosOnSite = { jobId: number; pairId: number; files: [string, string]; caption: string };

/** The cleaned photo as the ingest made it (ingestEstimatePhoto). */
export type CleanPhoto = { jpeg: Buffer; preview: Buffer; width: number; height: number };

// The rows without their bytes: lists never read the photos themselves.
const COLUMNS = "id, job_id, kind, width, height, added_at, consent_at, consent_words";

export function createJobPhotoStore(db: Db, now: () => Date) {
  const iso = () => now().toISOString();
  const one = db.prepare<[number, number], JobPhotoRow>(
    `SELECT ${COLUMNS} FROM job_photos WHERE job_id = ? AND id = ?`,
  );
  const all = db.prepare<[number], JobPhotoRow>(`SELECT ${COLUMNS} FROM job_photos WHERE job_id = ? ORDER BY id`);
  const insert = db.prepare(
    "INSERT INTO job_photos (job_id, kind, width, height, added_at, jpeg, preview) VALUES (?, ?, ?, ?, ?, ?, ?)",
  );
  const full = db.prepare<[number], { bytes: Buffer }>("SELECT jpeg AS bytes FROM job_photos WHERE id = ?");
  const small = db.prepare<[number], { bytes: Buffer }>("SELECT preview AS bytes FROM job_photos WHERE id = ?");
  const livePair = db.prepare<[number, number], { id: number }>(
    "SELECT id FROM job_photo_pairs WHERE state != 'taken-off' AND (before_id = ? OR after_id = ?)",
  );
  const pairs = db.prepare<[number], JobPhotoPairRow>("SELECT * FROM job_photo_pairs WHERE job_id = ? ORDER BY id");
  const pair = db.prepare<[number], JobPhotoPairRow>("SELECT * FROM job_photo_pairs WHERE id = ?");
  // The town the request named, else the estimate visit's address's, else the one the accepted quote names.
  const jobOf = db.prepare<[number], { id: number; city: string | null; service: string | null }>(
    `SELECT j.id, e.service,
       COALESCE(NULLIF(TRIM(e.city), ''), NULLIF(TRIM(p.town), ''), NULLIF(TRIM(json_extract(v.body, '$.customer.town')), ''))
         AS city
     FROM jobs j JOIN quotes q ON q.id = j.quote_id LEFT JOIN estimates e ON e.id = q.estimate_id
     LEFT JOIN booking_places p ON p.estimate_id = q.estimate_id
     LEFT JOIN quote_versions v ON v.quote_id = q.id AND v.version = q.current_version
     WHERE j.id = ?`,
  );
  const onSiteFor = db.prepare<[string], JobPhotoPairRow>(
    `SELECT p.* FROM job_photo_pairs p JOIN jobs j ON j.id = p.job_id JOIN quotes q ON q.id = j.quote_id
     JOIN estimates e ON e.id = q.estimate_id
     WHERE e.email = ? COLLATE NOCASE AND p.state != 'taken-off' ORDER BY p.id`,
  );

  return {
    /**
     * The job, with its town (the request's, else the visit's address's, else the accepted quote's; never the street)
     * and the service its request named, or undefined for no such job.
     */
    job(jobId: number): { id: number; town: string | null; service: string | null } | undefined {
      const row = jobOf.get(jobId);
      return row && { id: row.id, town: row.city?.trim() || null, service: row.service?.trim() || null };
    },
    list(jobId: number): JobPhotoRow[] {
      return all.all(jobId);
    },
    get(jobId: number, photoId: number): JobPhotoRow | undefined {
      return one.get(jobId, photoId);
    },
    /** Keeps a cleaned photo and its preview in one row. */
    add(jobId: number, kind: JobPhotoKind, photo: CleanPhoto): JobPhotoRow {
      const { lastInsertRowid } = insert.run(jobId, kind, photo.width, photo.height, iso(), photo.jpeg, photo.preview);
      return one.get(jobId, Number(lastInsertRowid)) as JobPhotoRow;
    },
    /** The photo's bytes ("preview": the 640 px copy), or null when it is gone. */
    bytes(row: Pick<JobPhotoRow, "id">, size: "full" | "preview"): Buffer | null {
      return (size === "full" ? full : small).get(row.id)?.bytes ?? null;
    },
    /** Whether the photo is in a pair on the site or on its way there: then it is neither removed nor withdrawn. */
    onSite(photoId: number): boolean {
      return livePair.get(photoId, photoId) !== undefined;
    },
    /** Removes a photo not on the site; false when it is (or is not there). */
    remove(jobId: number, photoId: number): boolean {
      const row = one.get(jobId, photoId);
      if (!row || livePair.get(photoId, photoId)) return false;
      db.prepare("DELETE FROM job_photos WHERE id = ?").run(photoId);
      return true;
    },
    /** The homeowner's yes, with the words they read; a second yes keeps the first. */
    consent(jobId: number, photoId: number, words: string): boolean {
      const { changes } = db
        .prepare(
          "UPDATE job_photos SET consent_at = ?, consent_words = ? WHERE job_id = ? AND id = ? AND consent_at IS NULL",
        )
        .run(iso(), words, jobId, photoId);
      return changes > 0 || one.get(jobId, photoId) !== undefined;
    },
    /** The homeowner takes the yes back: only while the photo is not on the site (decision 0046). */
    withdraw(jobId: number, photoId: number): "withdrawn" | "on-site" | "missing" {
      const row = one.get(jobId, photoId);
      if (!row) return "missing";
      if (livePair.get(photoId, photoId)) return "on-site";
      db.prepare("UPDATE job_photos SET consent_at = NULL, consent_words = NULL WHERE id = ?").run(photoId);
      return "withdrawn";
    },
    pairs(jobId: number): JobPhotoPairRow[] {
      return pairs.all(jobId);
    },
    pair(pairId: number): JobPhotoPairRow | undefined {
      return pair.get(pairId);
    },
    /** A pair on its way to the site: both photos must have the homeowner's consent (checked in the transaction). */
    startPair(p: {
      jobId: number;
      beforeId: number;
      afterId: number;
      beforeFile: string;
      afterFile: string;
      service: string;
      city: string | null;
      caption: string;
    }): number | "no-consent" | "on-site" {
      return db
        .transaction(() => {
          const before = one.get(p.jobId, p.beforeId);
          const after = one.get(p.jobId, p.afterId);
          if (before?.kind !== "before" || after?.kind !== "after" || !before.consent_at || !after.consent_at)
            return "no-consent" as const;
          if (livePair.get(p.beforeId, p.beforeId) || livePair.get(p.afterId, p.afterId)) return "on-site" as const;
          const { lastInsertRowid } = db
            .prepare(
              `INSERT INTO job_photo_pairs (job_id, before_id, after_id, before_file, after_file, service, city, caption,
               created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
            )
            .run(p.jobId, p.beforeId, p.afterId, p.beforeFile, p.afterFile, p.service, p.city, p.caption, iso());
          return Number(lastInsertRowid);
        })
        .immediate();
    },
    /** Which publish job carries the pair. */
    publishing(pairId: number, publishJob: string): void {
      db.prepare("UPDATE job_photo_pairs SET publish_job = ? WHERE id = ?").run(publishJob, pairId);
    },
    published(pairId: number): void {
      db.prepare(
        "UPDATE job_photo_pairs SET state = 'published', published_at = ? WHERE id = ? AND state = 'publishing'",
      ).run(iso(), pairId);
    },
    /** A publish that failed changed nothing on the site: its pair is forgotten. */
    dropPair(pairId: number): void {
      db.prepare("DELETE FROM job_photo_pairs WHERE id = ? AND state = 'publishing'").run(pairId);
    },
    /** The pair left the site; the row and the consent stay as the record. */
    takenOff(pairId: number): void {
      db.prepare("UPDATE job_photo_pairs SET state = 'taken-off', taken_off_at = ? WHERE id = ?").run(iso(), pairId);
    },
    /** Pairs of this person's jobs on the site (or on their way): erasure names them and asks first. */
    onSiteFor(email: string): PhotosOnSite[] {
      return onSiteFor.all(email).map((p) => ({
        jobId: p.job_id,
        pairId: p.id,
        files: [p.before_file, p.after_file],
        caption: p.caption,
      }));
    },
  };
}

export type JobPhotoStore = ReturnType<typeof createJobPhotoStore>;
