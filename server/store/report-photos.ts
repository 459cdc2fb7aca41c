// A condition report's photos (migration 22, decision 0054), keyed by the id the phone made for each. A photo is
// named (a saved finding lists the photos the phone holds for it) or stored (its bytes arrived), in either order:
// a named row waits with no bytes until its upload fills it, once; an upload with no row makes one. The same id
// again is the same photo, never a second row. The evidence (upright and stripped) is a BLOB in the row; its
// derived copies (the page's 1600 px, the PDF's 1200 px, a thumbnail) are rows of report_photo_copies (migration 24,
// decision 0057), so reading one never walks the evidence. All private, in every backup, gone with the row.
import type { Db } from "../db/database.ts";
import { MAX_FINDING_PHOTOS } from "../../app/content/condition-report.ts";

export type ReportPhotoRow = {
  id: number;
  client_id: string;
  report_id: number;
  finding_id: number;
  named_at: string;
  /** Null while the server waits for its bytes. */
  stored_at: string | null;
  /** The SHA-256 of the bytes the phone sent: what the phone checks its acknowledgement against. */
  upload_sha256: string | null;
  /** The SHA-256 of the kept evidence (upright, no metadata). */
  sha256: string | null;
  bytes_in: number | null;
  width: number | null;
  height: number | null;
};

/** What the ingest made of one upload. */
export type ReportPhotoCopies = {
  uploadSha256: string;
  sha256: string;
  bytesIn: number;
  width: number;
  height: number;
  evidence: Buffer;
  page: Buffer;
  pdf: Buffer;
  thumb: Buffer;
};

export type PhotoSize = "evidence" | "page" | "pdf" | "thumb";

/** The derived copies, each a row of report_photo_copies (migration 24). */
const COPY_SIZES = ["page", "pdf", "thumb"] as const satisfies readonly PhotoSize[];

export type NameOutcome = "named" | "known" | "elsewhere" | "full";
export type StoreOutcome =
  | { kind: "stored"; row: ReportPhotoRow }
  | { kind: "already"; row: ReportPhotoRow }
  | { kind: "elsewhere" }
  | { kind: "full" };

const COLUMNS =
  "id, client_id, report_id, finding_id, named_at, stored_at, upload_sha256, sha256, bytes_in, width, height";

export function createReportPhotoStore(db: Db, now: () => Date) {
  const iso = () => now().toISOString();
  const byClient = db.prepare<[string], ReportPhotoRow>(`SELECT ${COLUMNS} FROM report_photos WHERE client_id = ?`);
  const ofReport = db.prepare<[number], ReportPhotoRow>(
    `SELECT ${COLUMNS} FROM report_photos WHERE report_id = ? ORDER BY finding_id, id`,
  );
  const ofFinding = db.prepare<[number], ReportPhotoRow>(
    `SELECT ${COLUMNS} FROM report_photos WHERE finding_id = ? ORDER BY id`,
  );
  const countOf = db.prepare<[number], { n: number }>("SELECT COUNT(*) AS n FROM report_photos WHERE finding_id = ?");
  const waitingOf = db.prepare<[number], ReportPhotoRow>(
    `SELECT ${COLUMNS} FROM report_photos WHERE report_id = ? AND stored_at IS NULL ORDER BY id`,
  );
  const insertNamed = db.prepare(
    "INSERT INTO report_photos (client_id, report_id, finding_id, named_at) VALUES (?, ?, ?, ?)",
  );
  const insertStored = db.prepare(
    `INSERT INTO report_photos (client_id, report_id, finding_id, named_at, stored_at, upload_sha256, sha256, bytes_in,
       width, height, evidence)
     VALUES (@clientId, @reportId, @findingId, @at, @at, @uploadSha256, @sha256, @bytesIn, @width, @height, @evidence)`,
  );
  const fill = db.prepare(
    `UPDATE report_photos SET stored_at = @at, upload_sha256 = @uploadSha256, sha256 = @sha256, bytes_in = @bytesIn,
       width = @width, height = @height, evidence = @evidence
     WHERE client_id = @clientId AND stored_at IS NULL`,
  );
  const insertCopy = db.prepare("INSERT INTO report_photo_copies (photo_id, size, bytes) VALUES (?, ?, ?)");
  const copyOf = db.prepare<[number, string], { b: Buffer }>(
    "SELECT bytes AS b FROM report_photo_copies WHERE photo_id = ? AND size = ?",
  );
  const evidenceOf = db.prepare<[number], { b: Buffer | null }>("SELECT evidence AS b FROM report_photos WHERE id = ?");
  const inSent = db.prepare<[number], unknown>("SELECT 1 FROM report_version_photos WHERE photo_id = ? LIMIT 1");
  const remove = db.prepare("DELETE FROM report_photos WHERE id = ?");
  const forgetWaiting = db.prepare("DELETE FROM report_photos WHERE report_id = ? AND stored_at IS NULL");

  return {
    byClientId(clientId: string): ReportPhotoRow | undefined {
      return byClient.get(clientId);
    },
    ofReport(reportId: number): ReportPhotoRow[] {
      return ofReport.all(reportId);
    },
    ofFinding(findingId: number): ReportPhotoRow[] {
      return ofFinding.all(findingId);
    },
    count(findingId: number): number {
      return countOf.get(findingId)?.n ?? 0;
    },
    /** Photos a saved finding named whose bytes have not arrived. */
    waiting(reportId: number): ReportPhotoRow[] {
      return waitingOf.all(reportId);
    },
    /** A photo the phone holds for this finding: a row that waits for its bytes, unless the server has it already. */
    name(reportId: number, findingId: number, clientId: string): NameOutcome {
      return db.transaction((): NameOutcome => {
        const row = byClient.get(clientId);
        if (row) return row.finding_id === findingId ? "known" : "elsewhere";
        if ((countOf.get(findingId)?.n ?? 0) >= MAX_FINDING_PHOTOS) return "full";
        insertNamed.run(clientId, reportId, findingId, iso());
        return "named";
      })();
    },
    /**
     * Keeps an upload's copies under its id, once: fills the row that waited for it, or makes one; a stored photo
     * with this id is answered as it is (the caller compares its hash with the upload's).
     */
    store(reportId: number, findingId: number, clientId: string, copies: ReportPhotoCopies): StoreOutcome {
      return db.transaction((): StoreOutcome => {
        const row = byClient.get(clientId);
        if (row && (row.report_id !== reportId || row.finding_id !== findingId)) return { kind: "elsewhere" };
        if (row?.stored_at) return { kind: "already", row };
        const values = { clientId, reportId, findingId, at: iso(), ...copies };
        if (row) fill.run(values);
        else {
          if ((countOf.get(findingId)?.n ?? 0) >= MAX_FINDING_PHOTOS) return { kind: "full" };
          insertStored.run(values);
        }
        const stored = byClient.get(clientId) as ReportPhotoRow;
        for (const size of COPY_SIZES) insertCopy.run(stored.id, size, copies[size]);
        return { kind: "stored", row: stored };
      })();
    },
    /** One size of a photo: the evidence from its row, a derived copy from its own row (never through the evidence). */
    bytes(row: Pick<ReportPhotoRow, "id">, size: PhotoSize): Buffer | null {
      if (size === "evidence") return evidenceOf.get(row.id)?.b ?? null;
      return copyOf.get(row.id, size)?.b ?? null;
    },
    /** Whether a sent version shows this photo: then it is kept (migration 22's trigger refuses its delete). */
    sent(photoId: number): boolean {
      return inSent.get(photoId) !== undefined;
    },
    /** Removes a photo of the draft; never one a sent version shows. */
    remove(reportId: number, clientId: string): "removed" | "sent" | "missing" {
      const row = byClient.get(clientId);
      if (row?.report_id !== reportId) return "missing";
      if (inSent.get(row.id)) return "sent";
      remove.run(row.id);
      return "removed";
    },
    /** Forgets the photos a phone named and never sent (a phone lost, its storage cleared); returns how many. */
    forgetWaiting(reportId: number): number {
      return forgetWaiting.run(reportId).changes;
    },
  };
}

export type ReportPhotoStore = ReturnType<typeof createReportPhotoStore>;
