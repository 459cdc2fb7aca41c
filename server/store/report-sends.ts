// What sending condition reports reads across tables (decision 0054): a sent photo of a report by its hash (the
// homeowner's link serves only those), the reports on a customer's requests, and the Reports page's figures: reports
// first sent in a period, and the quotes from the same request accepted after the report went. Reads only.
import type { Db } from "../db/database.ts";

export type ReportFigures = {
  /** Reports first sent in the period. */
  sent: number;
  /** Corrections (version 2 on) sent in the period. */
  corrections: number;
  /** Of those reports, how many had a quote from the same request accepted after the report was sent. */
  reportsWon: number;
  /** Those quotes, and their accepted totals in cents. */
  quotesWon: number;
  wonCents: number;
};

export function createReportSendStore(db: Db) {
  const sentPhoto = db.prepare<[number, string], { id: number }>(
    `SELECT p.id FROM report_photos p
       JOIN report_version_photos vp ON vp.photo_id = p.id
       JOIN report_versions v ON v.id = vp.version_id
     WHERE v.report_id = ? AND p.sha256 = ? LIMIT 1`,
  );
  const sentSince = db.prepare<[string], { n: number }>(
    "SELECT COUNT(*) AS n FROM condition_reports WHERE first_sent_at >= ?",
  );
  const correctionsSince = db.prepare<[string], { n: number }>(
    "SELECT COUNT(*) AS n FROM report_versions WHERE version > 1 AND sent_at >= ?",
  );
  // A quote won from a report: on the report's request, accepted at or after the report was first sent.
  const wonSince = db.prepare<{ since: string }, { reports: number; quotes: number; cents: number | null }>(
    `SELECT COUNT(DISTINCT r.id) AS reports, COUNT(DISTINCT a.quote_id) AS quotes,
       (SELECT SUM(total_cents) FROM quote_acceptances WHERE quote_id IN (
          SELECT a2.quote_id FROM condition_reports r2
            JOIN quotes q2 ON q2.estimate_id = r2.estimate_id
            JOIN quote_acceptances a2 ON a2.quote_id = q2.id
          WHERE r2.first_sent_at >= @since AND a2.at >= r2.first_sent_at)) AS cents
     FROM condition_reports r
       JOIN quotes q ON q.estimate_id = r.estimate_id
       JOIN quote_acceptances a ON a.quote_id = q.id
     WHERE r.first_sent_at >= @since AND a.at >= r.first_sent_at`,
  );
  const pdfBytes = db.prepare<[number], { n: number }>(
    "SELECT length(pdf) AS n FROM report_documents WHERE version_id = ?",
  );
  const ofRequests = db.prepare<{ ids: string }, { id: number }>(
    `SELECT id FROM condition_reports
     WHERE estimate_id IN (SELECT value FROM json_each(@ids)) ORDER BY created_at DESC, id DESC`,
  );

  return {
    /** The row of a photo that a sent version of this report shows, by its hash; undefined for any other. */
    sentPhoto(reportId: number, sha256: string): { id: number } | undefined {
      return sentPhoto.get(reportId, sha256);
    },
    /** The size of a sent version's PDF, without reading it. */
    pdfBytes(versionId: number): number {
      return pdfBytes.get(versionId)?.n ?? 0;
    },
    /** The reports on these requests, newest first. */
    ofRequests(estimateIds: readonly number[]): number[] {
      if (estimateIds.length === 0) return [];
      return ofRequests.all({ ids: JSON.stringify(estimateIds) }).map((r) => r.id);
    },
    /** Reports sent since `since` (an ISO instant), and the quotes won from them. */
    figures(since: string): ReportFigures {
      const won = wonSince.get({ since });
      return {
        sent: sentSince.get(since)?.n ?? 0,
        corrections: correctionsSince.get(since)?.n ?? 0,
        reportsWon: won?.reports ?? 0,
        quotesWon: won?.quotes ?? 0,
        wonCents: won?.cents ?? 0,
      };
    },
  };
}

export type ReportSendStore = ReturnType<typeof createReportSendStore>;
