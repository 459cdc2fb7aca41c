// A condition report's sent versions (migration 22, decision 0054): each one its canonical JSON snapshot with its
// SHA-256, its PDF and the PDF's hash, the photos it shows, and the homeowner's secret link to it (its hash only).
// Sending writes all of that in one transaction; the database refuses any change to a sent version afterwards and
// any delete for 14 years. A correction is the next version, with its reason.
import type { Db } from "../db/database.ts";

export type ReportVersionRow = {
  id: number;
  report_id: number;
  version: number;
  snapshot: string;
  sha256: string;
  pdf_sha256: string;
  /** Why version 2 on was sent; null for the first. */
  reason: string | null;
  /** The draft's rev this version froze. */
  rev: number;
  sent_at: string;
};

/** A version without its snapshot: lists and link lookups never read the body. */
export type ReportVersionHead = Omit<ReportVersionRow, "snapshot">;

export type ReportLinkRow = {
  id: number;
  version_id: number;
  token_hash: string;
  created_at: string;
  revoked_at: string | null;
};

export type NewReportVersion = {
  reportId: number;
  snapshot: string;
  sha256: string;
  pdf: Buffer;
  pdfSha256: string;
  reason: string | null;
  rev: number;
  photoIds: readonly number[];
  /** The hash of a homeowner's link to this version, if one is made now (the e-mail makes its own when it goes). */
  linkHash?: string;
  /** When it was sent: the instant the snapshot and its PDF print; now by default. */
  sentAt?: string;
};

const HEAD = "id, report_id, version, sha256, pdf_sha256, reason, rev, sent_at";

export function createReportVersionStore(db: Db, now: () => Date) {
  const iso = () => now().toISOString();
  const heads = db.prepare<[number], ReportVersionHead>(
    `SELECT ${HEAD} FROM report_versions WHERE report_id = ? ORDER BY version`,
  );
  const one = db.prepare<[number, number], ReportVersionRow>(
    "SELECT * FROM report_versions WHERE report_id = ? AND version = ?",
  );
  const lastVersion = db.prepare<[number], { v: number | null }>(
    "SELECT MAX(version) AS v FROM report_versions WHERE report_id = ?",
  );
  const insertVersion = db.prepare(
    `INSERT INTO report_versions (report_id, version, snapshot, sha256, pdf_sha256, reason, rev, sent_at)
     VALUES (@reportId, @version, @snapshot, @sha256, @pdfSha256, @reason, @rev, @at)`,
  );
  const insertPhoto = db.prepare("INSERT INTO report_version_photos (version_id, photo_id) VALUES (?, ?)");
  const insertDocument = db.prepare(
    "INSERT INTO report_documents (version_id, pdf, sha256, created_at) VALUES (?, ?, ?, ?)",
  );
  const insertLink = db.prepare("INSERT INTO report_links (version_id, token_hash, created_at) VALUES (?, ?, ?)");
  const markSent = db.prepare(
    `UPDATE condition_reports SET current_version = ?, first_sent_at = COALESCE(first_sent_at, ?), updated_at = ?
     WHERE id = ?`,
  );
  const insertEvent = db.prepare(
    "INSERT INTO report_events (report_id, version, at, kind, detail) VALUES (?, ?, ?, ?, ?)",
  );
  const photosOf = db.prepare<[number], { photo_id: number }>(
    "SELECT photo_id FROM report_version_photos WHERE version_id = ? ORDER BY photo_id",
  );
  const documentOf = db.prepare<[number], { pdf: Buffer; sha256: string }>(
    "SELECT pdf, sha256 FROM report_documents WHERE version_id = ?",
  );
  const byLink = db.prepare<[string], ReportLinkRow & { report_id: number; version: number }>(
    `SELECT l.*, v.report_id, v.version FROM report_links l JOIN report_versions v ON v.id = l.version_id
     WHERE l.token_hash = ? AND l.revoked_at IS NULL`,
  );
  const revoke = db.prepare("UPDATE report_links SET revoked_at = ? WHERE version_id = ? AND revoked_at IS NULL");
  const revokeAll = db.prepare(
    `UPDATE report_links SET revoked_at = ? WHERE revoked_at IS NULL
       AND version_id IN (SELECT id FROM report_versions WHERE report_id = ?)`,
  );
  const opened = db.prepare(
    `INSERT INTO report_events (report_id, version, at, kind) VALUES (?, ?, ?, 'opened')
     ON CONFLICT (report_id, version) WHERE kind = 'opened' DO NOTHING`,
  );

  return {
    versions(reportId: number): ReportVersionHead[] {
      return heads.all(reportId);
    },
    version(reportId: number, version: number): ReportVersionRow | undefined {
      return one.get(reportId, version);
    },
    /** Freezes the next version with its PDF, photos and link, in one transaction; its number. */
    freeze(input: NewReportVersion): { versionId: number; version: number } {
      return db.transaction(() => {
        const version = (lastVersion.get(input.reportId)?.v ?? 0) + 1;
        const at = input.sentAt ?? iso();
        const versionId = Number(
          insertVersion.run({
            reportId: input.reportId,
            version,
            snapshot: input.snapshot,
            sha256: input.sha256,
            pdfSha256: input.pdfSha256,
            reason: input.reason,
            rev: input.rev,
            at,
          }).lastInsertRowid,
        );
        for (const photoId of new Set(input.photoIds)) insertPhoto.run(versionId, photoId);
        insertDocument.run(versionId, input.pdf, input.pdfSha256, at);
        if (input.linkHash) insertLink.run(versionId, input.linkHash, at);
        markSent.run(version, at, at, input.reportId);
        insertEvent.run(input.reportId, version, at, version === 1 ? "sent" : "corrected", input.reason ?? "");
        return { versionId, version };
      })();
    },
    photoIds(versionId: number): number[] {
      return photosOf.all(versionId).map((r) => r.photo_id);
    },
    document(versionId: number): { pdf: Buffer; sha256: string } | undefined {
      return documentOf.get(versionId);
    },
    /** The version a link opens, or undefined for an unknown or revoked link. A lookup never writes. */
    byLink(tokenHash: string): (ReportLinkRow & { report_id: number; version: number }) | undefined {
      return byLink.get(tokenHash);
    },
    /** One more link to a version (the e-mail's, the owner's "open as the homeowner"); the others keep opening it. */
    addLink(versionId: number, tokenHash: string): void {
      insertLink.run(versionId, tokenHash, iso());
    },
    /** Every link to every version of a report stops opening it (one sent to the wrong address); how many. */
    revokeAll(reportId: number): number {
      return revokeAll.run(iso(), reportId).changes;
    },
    /** A new link to a version; the old ones stop opening it (a link sent to the wrong address). */
    rotateLink(versionId: number, tokenHash: string): void {
      db.transaction(() => {
        revoke.run(iso(), versionId);
        insertLink.run(versionId, tokenHash, iso());
      })();
    },
    /** The homeowner opened this version (counted once). */
    markOpened(reportId: number, version: number): void {
      opened.run(reportId, version, iso());
    },
  };
}

export type ReportVersionStore = ReturnType<typeof createReportVersionStore>;
