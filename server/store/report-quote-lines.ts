// What a quote made from a condition report remembers (migration 22, decision 0054): each line made from a finding
// (the draft line's id, the report version it was made from), and each finding left out with the owner's reason
// ("not quoted because …"). An accepted quote's rows never change.
import type { Db } from "../db/database.ts";

export type QuoteLineFindingRow = {
  quote_id: number;
  line_id: string;
  finding_id: number;
  version_id: number | null;
  created_at: string;
};

export type QuoteFindingSkipRow = { quote_id: number; finding_id: number; reason: string; created_at: string };

export function createReportQuoteLineStore(db: Db, now: () => Date) {
  const iso = () => now().toISOString();
  const lines = db.prepare<[number], QuoteLineFindingRow>(
    "SELECT * FROM quote_line_findings WHERE quote_id = ? ORDER BY created_at, line_id",
  );
  const link = db.prepare(
    `INSERT INTO quote_line_findings (quote_id, line_id, finding_id, version_id, created_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (quote_id, line_id) DO NOTHING`,
  );
  const unlink = db.prepare("DELETE FROM quote_line_findings WHERE quote_id = ? AND line_id = ?");
  const skips = db.prepare<[number], QuoteFindingSkipRow>(
    "SELECT * FROM quote_finding_skips WHERE quote_id = ? ORDER BY finding_id",
  );
  const skip = db.prepare(
    `INSERT INTO quote_finding_skips (quote_id, finding_id, reason, created_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (quote_id, finding_id) DO UPDATE SET reason = excluded.reason, created_at = excluded.created_at`,
  );
  const unskip = db.prepare("DELETE FROM quote_finding_skips WHERE quote_id = ? AND finding_id = ?");
  return {
    lines(quoteId: number): QuoteLineFindingRow[] {
      return lines.all(quoteId);
    },
    /** A line made from a finding; false when this line already names one (a line's finding never changes). */
    link(quoteId: number, lineId: string, findingId: number, versionId: number | null): boolean {
      return link.run(quoteId, lineId, findingId, versionId, iso()).changes > 0;
    },
    unlink(quoteId: number, lineId: string): boolean {
      return unlink.run(quoteId, lineId).changes > 0;
    },
    skips(quoteId: number): QuoteFindingSkipRow[] {
      return skips.all(quoteId);
    },
    /** "Not quoted because …": the owner's reason for leaving a finding out of this quote. */
    skip(quoteId: number, findingId: number, reason: string): void {
      skip.run(quoteId, findingId, reason.trim(), iso());
    },
    unskip(quoteId: number, findingId: number): boolean {
      return unskip.run(quoteId, findingId).changes > 0;
    },
  };
}

export type ReportQuoteLineStore = ReturnType<typeof createReportQuoteLineStore>;
