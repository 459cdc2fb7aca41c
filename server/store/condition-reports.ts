// Condition reports and their findings (migration 22, decision 0054): one report per estimate visit, on the visit's
// request and property, with the inspection's scope; a finding per flue and part, its state, the "Do not use" flag,
// its note and the library's defect key. Every change raises the report's `rev` (and the finding's), so a sent
// version can say which draft it froze. The rules a finding must meet are in app/lib/finding-rules.ts; the schema's
// CHECKs are their backstop.
import type { Db } from "../db/database.ts";
import type { FindingState, NfpaLevel, ReportPart, RoofAccess, Weather } from "../../app/content/condition-report.ts";

export type ReportRow = {
  id: number;
  estimate_id: number | null;
  visit_id: number | null;
  property_id: number | null;
  nfpa_level: NfpaLevel | null;
  weather: Weather | null;
  roof_access: RoofAccess | null;
  /** What was not inspected and why, in the owner's words. */
  limits: string;
  rev: number;
  current_version: number | null;
  created_at: string;
  updated_at: string;
  first_sent_at: string | null;
};

export type FindingRow = {
  id: number;
  report_id: number;
  flue_id: number | null;
  part: ReportPart;
  /** Null until the owner chooses one (a photo may be taken first). */
  state: FindingState | null;
  do_not_use: 0 | 1;
  /** A defect's key in content/findings.yaml, under the part's defects. */
  defect: string | null;
  note: string;
  worse_if: string;
  recheck_day: string | null;
  not_inspected_why: string;
  previous_id: number | null;
  trend: "better" | "same" | "worse" | null;
  rev: number;
  created_at: string;
  updated_at: string;
};

export type ReportScope = {
  nfpaLevel: NfpaLevel | null;
  weather: Weather | null;
  roofAccess: RoofAccess | null;
  limits: string;
};

/** A finding as saved: already checked by findingProblems. */
export type FindingFields = {
  state: FindingState;
  doNotUse: boolean;
  defect: string | null;
  note: string;
  worseIf: string;
  recheckDay: string | null;
  notInspectedWhy: string;
};

/** The visit a report is for: its id and its request's. */
export type ReportVisit = { id: number; estimate_id: number };

export function createReportStore(db: Db, now: () => Date) {
  const iso = () => now().toISOString();
  const byId = db.prepare<[number], ReportRow>("SELECT * FROM condition_reports WHERE id = ?");
  const byVisit = db.prepare<[number], ReportRow>("SELECT * FROM condition_reports WHERE visit_id = ?");
  const ofEstimate = db.prepare<[number], ReportRow>(
    "SELECT * FROM condition_reports WHERE estimate_id = ? ORDER BY id DESC",
  );
  const ofProperty = db.prepare<[number], ReportRow>(
    "SELECT * FROM condition_reports WHERE property_id = ? ORDER BY id DESC",
  );
  const insertReport = db.prepare(
    `INSERT INTO condition_reports (estimate_id, visit_id, property_id, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?) ON CONFLICT (visit_id) WHERE visit_id IS NOT NULL DO NOTHING`,
  );
  const scopeStmt = db.prepare(
    `UPDATE condition_reports SET nfpa_level = @nfpaLevel, weather = @weather, roof_access = @roofAccess,
       limits = @limits, rev = rev + 1, updated_at = @at WHERE id = @id`,
  );
  const bump = db.prepare("UPDATE condition_reports SET rev = rev + 1, updated_at = ? WHERE id = ?");
  const revOf = db.prepare<[number], { rev: number }>("SELECT rev FROM condition_reports WHERE id = ?");
  const findingsOf = db.prepare<[number], FindingRow>(
    "SELECT * FROM report_findings WHERE report_id = ? ORDER BY flue_id, id",
  );
  const findingById = db.prepare<[number], FindingRow>("SELECT * FROM report_findings WHERE id = ?");
  const findingByPart = db.prepare<[number, number | null, string], FindingRow>(
    "SELECT * FROM report_findings WHERE report_id = ? AND flue_id IS ? AND part = ?",
  );
  const insertFinding = db.prepare(
    `INSERT INTO report_findings (report_id, flue_id, part, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (report_id, flue_id, part) DO NOTHING`,
  );
  const saveStmt = db.prepare(
    `UPDATE report_findings SET state = @state, do_not_use = @doNotUse, defect = @defect, note = @note,
       worse_if = @worseIf, recheck_day = @recheckDay, not_inspected_why = @notInspectedWhy, rev = @rev,
       updated_at = @at WHERE id = @id`,
  );
  const lastOfFlue = db.prepare<[number, string, number], FindingRow>(
    `SELECT f.* FROM report_findings f JOIN condition_reports r ON r.id = f.report_id
     WHERE f.flue_id = ? AND f.part = ? AND f.report_id <> ? AND r.current_version IS NOT NULL
     ORDER BY r.first_sent_at DESC, f.id DESC LIMIT 1`,
  );

  const trendStmt = db.prepare(
    "UPDATE report_findings SET previous_id = ?, trend = ?, rev = ?, updated_at = ? WHERE id = ? AND report_id = ?",
  );

  const requestLink = db.prepare<[number], { property_id: number | null; customer_id: number | null }>(
    "SELECT property_id, customer_id FROM estimates WHERE id = ?",
  );

  /** Raises the report's rev and returns it: the mark of this change. */
  const touch = (reportId: number): number => {
    bump.run(iso(), reportId);
    return revOf.get(reportId)?.rev ?? 0;
  };

  return {
    /** Runs `work` in one transaction (the report services write a finding, its photos and the rev together). */
    transaction<T>(work: () => T): T {
      return db.transaction(work)();
    },
    get(id: number): ReportRow | undefined {
      return byId.get(id);
    },
    /** The property and customer a request is linked to (migration 20): where a new report's flues are. */
    requestLink(estimateId: number): { propertyId: number | null; customerId: number | null } {
      const row = requestLink.get(estimateId);
      return { propertyId: row?.property_id ?? null, customerId: row?.customer_id ?? null };
    },
    forVisit(visitId: number): ReportRow | undefined {
      return byVisit.get(visitId);
    },
    ofEstimate(estimateId: number): ReportRow[] {
      return ofEstimate.all(estimateId);
    },
    ofProperty(propertyId: number): ReportRow[] {
      return ofProperty.all(propertyId);
    },
    /** The visit's report, made on its first write (a GET never makes one); the same one however often called. */
    open(visit: ReportVisit, propertyId: number | null): ReportRow {
      const at = iso();
      insertReport.run(visit.estimate_id, visit.id, propertyId, at, at);
      return byVisit.get(visit.id) as ReportRow;
    },
    setScope(id: number, scope: ReportScope): boolean {
      return scopeStmt.run({ id, ...scope, at: iso() }).changes > 0;
    },
    touch,
    findings(reportId: number): FindingRow[] {
      return findingsOf.all(reportId);
    },
    finding(id: number): FindingRow | undefined {
      return findingById.get(id);
    },
    findingOf(reportId: number, flueId: number | null, part: ReportPart): FindingRow | undefined {
      return findingByPart.get(reportId, flueId, part);
    },
    /** The finding of this flue and part, made with no state yet if there is none (a photo may come first). */
    ensureFinding(reportId: number, flueId: number | null, part: ReportPart): FindingRow {
      const at = iso();
      insertFinding.run(reportId, flueId, part, at, at);
      return findingByPart.get(reportId, flueId, part) as FindingRow;
    },
    /** Saves a checked finding; returns the report's new rev. */
    saveFinding(finding: Pick<FindingRow, "id" | "report_id">, fields: FindingFields): number {
      const rev = touch(finding.report_id);
      saveStmt.run({
        id: finding.id,
        state: fields.state,
        doNotUse: fields.doNotUse ? 1 : 0,
        defect: fields.defect,
        note: fields.note,
        worseIf: fields.worseIf,
        recheckDay: fields.recheckDay,
        notInspectedWhy: fields.notInspectedWhy,
        rev,
        at: iso(),
      });
      return rev;
    },
    /** Next year's comparison: this finding against last time's (`previousId`), better, same or worse; the new rev. */
    setTrend(
      finding: Pick<FindingRow, "id" | "report_id">,
      previousId: number,
      trend: "better" | "same" | "worse",
    ): number {
      const rev = touch(finding.report_id);
      trendStmt.run(previousId, trend, rev, iso(), finding.id, finding.report_id);
      return rev;
    },
    /** The same flue's part in the last report sent before this one: next year's comparison starts there. */
    lastSentFinding(flueId: number, part: ReportPart, exceptReportId: number): FindingRow | undefined {
      return lastOfFlue.get(flueId, part, exceptReportId);
    },
  };
}

export type ReportStore = ReturnType<typeof createReportStore>;
