// A job's photos, before and after (migration 15, decision 0046): each one a cleaned JPEG and its preview in the job
// photos folder, a row saying which job and kind, and the homeowner's consent; the pairs put on "Recent work". The
// database is the truth: a file with no row is removed by `sweep`, so erasure deletes rows and the files follow.
import { randomBytes } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Db } from "../db/database.ts";

import type { JobPhotoKind } from "../../app/lib/job-photos.ts";

export type { JobPhotoKind };
export const JOB_PHOTO_KINDS: readonly JobPhotoKind[] = ["before", "after"];

export type JobPhotoRow = {
  id: number;
  job_id: number;
  kind: JobPhotoKind;
  file: string;
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

const COLUMNS = "id, job_id, kind, file, width, height, added_at, consent_at, consent_words";
const FILE = /^job-\d+-[0-9a-f]{16}\.jpg$/;

/** "job-12-…jpg" → "job-12-…-small.jpg" */
const previewName = (file: string) => file.replace(/\.jpg$/, "-small.jpg");

export function createJobPhotoStore(db: Db, now: () => Date, dir: string) {
  const iso = () => now().toISOString();
  const one = db.prepare<[number, number], JobPhotoRow>(
    `SELECT ${COLUMNS} FROM job_photos WHERE job_id = ? AND id = ?`,
  );
  const all = db.prepare<[number], JobPhotoRow>(`SELECT ${COLUMNS} FROM job_photos WHERE job_id = ? ORDER BY id`);
  const insert = db.prepare(
    "INSERT INTO job_photos (job_id, kind, file, width, height, added_at) VALUES (?, ?, ?, ?, ?, ?)",
  );
  const livePair = db.prepare<[number, number], { id: number }>(
    "SELECT id FROM job_photo_pairs WHERE state != 'taken-off' AND (before_id = ? OR after_id = ?)",
  );
  const pairs = db.prepare<[number], JobPhotoPairRow>("SELECT * FROM job_photo_pairs WHERE job_id = ? ORDER BY id");
  const pair = db.prepare<[number], JobPhotoPairRow>("SELECT * FROM job_photo_pairs WHERE id = ?");
  const jobOf = db.prepare<[number], { id: number; city: string | null; service: string | null }>(
    `SELECT j.id, e.city, e.service FROM jobs j JOIN quotes q ON q.id = j.quote_id LEFT JOIN estimates e ON e.id = q.estimate_id
     WHERE j.id = ?`,
  );
  const onSiteFor = db.prepare<[string], JobPhotoPairRow>(
    `SELECT p.* FROM job_photo_pairs p JOIN jobs j ON j.id = p.job_id JOIN quotes q ON q.id = j.quote_id
     JOIN estimates e ON e.id = q.estimate_id
     WHERE e.email = ? COLLATE NOCASE AND p.state != 'taken-off' ORDER BY p.id`,
  );

  function filePath(file: string): string {
    if (!FILE.test(file) && !FILE.test(file.replace(/-small\.jpg$/, ".jpg"))) throw new Error("not a job photo file");
    return path.join(dir, file);
  }

  /** Written beside, then renamed: a reader never sees half a photo. */
  function writeFile(file: string, bytes: Buffer): void {
    const target = filePath(file);
    writeFileSync(`${target}.part`, bytes);
    renameSync(`${target}.part`, target);
  }

  function removeFiles(file: string): void {
    for (const name of [file, previewName(file)]) rmSync(filePath(name), { force: true });
  }

  return {
    dir,
    /** The job, with the town and service its request named (never the street), or undefined for no such job. */
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
    /** Keeps a cleaned photo: its files first, then its row; a failed insert leaves no file behind. */
    add(jobId: number, kind: JobPhotoKind, photo: CleanPhoto): JobPhotoRow {
      mkdirSync(dir, { recursive: true });
      const file = `job-${jobId}-${randomBytes(8).toString("hex")}.jpg`;
      writeFile(file, photo.jpeg);
      writeFile(previewName(file), photo.preview);
      try {
        const { lastInsertRowid } = insert.run(jobId, kind, file, photo.width, photo.height, iso());
        return one.get(jobId, Number(lastInsertRowid)) as JobPhotoRow;
      } catch (error) {
        removeFiles(file);
        throw error;
      }
    },
    /** The photo's bytes ("preview": the 640 px copy), or null when its file is gone. */
    bytes(row: JobPhotoRow, size: "full" | "preview"): Buffer | null {
      try {
        return readFileSync(filePath(size === "full" ? row.file : previewName(row.file)));
      } catch {
        return null;
      }
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
      removeFiles(row.file);
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
    /** Removes files no row names any more (after an erasure, a purge or a deleted job). */
    sweep(): number {
      let names: string[];
      try {
        names = readdirSync(dir);
      } catch {
        return 0;
      }
      const kept = new Set(
        db
          .prepare<[], { file: string }>("SELECT file FROM job_photos")
          .all()
          .flatMap((r) => [r.file, previewName(r.file)]),
      );
      let removed = 0;
      for (const name of names) {
        if (kept.has(name)) continue;
        rmSync(path.join(dir, name), { force: true });
        removed++;
      }
      return removed;
    },
  };
}

export type JobPhotoStore = ReturnType<typeof createJobPhotoStore>;
