// The console's report page as the field island gets it (app/lib/report-field.ts): the visit's flues, the parts and
// their defects in the owner's words, what the server has of each finding and its photos, the scope, and what stops
// sending. Plain JSON; the island keeps the phone's own drafts and photos over it.
import { dayAt } from "../../app/lib/business-day.ts";
import { instantText } from "../time/wall-time.ts";
import { usualRecheck } from "../../app/lib/finding-rules.ts";
import { FINDING_STATES, NFPA_LEVELS, REPORT_PARTS, ROOF_ACCESS, WEATHER } from "../../app/content/condition-report.ts";
import type { FieldFinding, ReportFieldProps } from "../../app/lib/report-field.ts";
import type { ReportContext, VisitReport } from "./report-draft.ts";
import { sendBlockers } from "./report-readiness.ts";

/** "Living room", else "Flue 2": the name a flue has on the page. */
export function flueLabel(label: string, index: number): string {
  return label.trim() || `Flue ${index + 1}`;
}

export function reportFieldProps(ctx: ReportContext, v: VisitReport, csrf: string): ReportFieldProps {
  const { stores } = ctx;
  const words = ctx.words();
  const report = v.report;
  const findings = report ? stores.reports.findings(report.id) : [];
  const photos = report ? stores.reportPhotos.ofReport(report.id) : [];
  const today = dayAt(ctx.now(), ctx.timeZone);
  const levels = [words.levels.level1, words.levels.level2, words.levels.level3];
  const fieldFindings: FieldFinding[] = findings.flatMap((f) =>
    f.flue_id === null
      ? []
      : [
          {
            flueId: f.flue_id,
            part: f.part,
            state: f.state ?? "",
            doNotUse: f.do_not_use === 1,
            defect: f.defect ?? "",
            note: f.note,
            worseIf: f.worse_if,
            recheckDay: f.recheck_day ?? "",
            notInspectedWhy: f.not_inspected_why,
            rev: f.rev,
            photos: photos
              .filter((p) => p.finding_id === f.id)
              .map((p) => ({ id: p.client_id, sha256: p.stored_at ? p.upload_sha256 : null })),
          },
        ],
  );
  const sent = report?.current_version ? stores.reportVersions.versions(report.id).at(-1) : undefined;
  return {
    csrf,
    visitId: v.visit.id,
    base: `/owner/visits/${v.visit.id}/report`,
    today,
    recheckDefault: usualRecheck(today),
    rev: report?.rev ?? 0,
    flues: v.flues.map((f, i) => ({ id: f.id, label: flueLabel(f.label, i) })),
    parts: REPORT_PARTS.map((key) => ({
      key,
      name: words.parts[key].name,
      defects: words.parts[key].defects.map((d) => ({
        key: d.key,
        name: d.name,
        state: d.state,
        doNotUse: d.doNotUse,
        worseIf: d.worseIf ?? "",
      })),
    })),
    states: FINDING_STATES.map((value) => ({ value, label: words.states[value].label })),
    doNotUseLabel: words.doNotUse.label,
    levels: NFPA_LEVELS.map((value, i) => ({ value, label: levels[i]?.label ?? `Level ${value}` })),
    weather: WEATHER.map((value) => ({ value, label: words.weather[value] })),
    roofAccess: ROOF_ACCESS.map((value) => ({ value, label: words.roofAccess[value] })),
    notInspectedReasons: words.notInspectedReasons,
    scope: {
      nfpaLevel: report?.nfpa_level ? String(report.nfpa_level) : "",
      weather: report?.weather ?? "",
      roofAccess: report?.roof_access ?? "",
      limits: report?.limits ?? "",
    },
    findings: fieldFindings,
    blockers: sendBlockers({ report, findings, photos, flues: v.flues, words }),
    sent: sent ? { version: sent.version, at: instantText(sent.sent_at, ctx.timeZone) } : null,
  };
}
