// Next year's visit (issue 66, decision 0054): the same property's flues, part by part, as the last report sent
// before this visit found them, beside what this visit has: last time's photo beside this year's, and the owner's
// "better", "same" or "worse", stored on this year's finding with the finding it was compared with. A Watch whose day
// to look again has come is listed first (app/lib/last-time.ts).
import { dayAt } from "../../app/lib/business-day.ts";
import { isPart, REPORT_PARTS, type FindingState, type ReportPart } from "../../app/content/condition-report.ts";
import { lastTimeOrder, recheckDue, TRENDS, type LastTimeKey, type Trend } from "../../app/lib/last-time.ts";
import type { FindingRow } from "../store/condition-reports.ts";
import { dayText } from "../quotes/quote-view.ts";
import type { ReportContext, VisitReport } from "./report-draft.ts";
import { flueLabel } from "./report-view.ts";

export type LastTimeItem = LastTimeKey & {
  /** "12-crown": the anchor and the form's key. */
  key: string;
  flueId: number;
  flue: string;
  partName: string;
  previous: {
    stateLabel: string;
    defect: string;
    note: string;
    recheck: string | null;
    due: boolean;
    /** The console's address of its first photo's thumbnail and full size, if it had one. */
    photo: string | null;
    visitDay: string;
  };
  now: { stateLabel: string | null; photo: string | null };
  trend: Trend | null;
};

const photoPath = (visitId: number | null, clientId: string | undefined) =>
  visitId !== null && clientId ? `/owner/visits/${visitId}/report/photos/${clientId}` : null;

/** Last time's finding of this flue and part: from the last report sent for an earlier visit to the same flue. */
function previousOf(ctx: ReportContext, v: VisitReport, flueId: number, part: ReportPart) {
  const prev = ctx.stores.reports.lastSentFinding(flueId, part, v.report?.id ?? 0);
  if (!prev || prev.state === null) return null;
  const report = ctx.stores.reports.get(prev.report_id);
  const visit = report?.visit_id ? ctx.stores.visits.get(report.visit_id) : undefined;
  // Only an earlier visit is "last time": a report of a later one says nothing about this one.
  if (visit && visit.day >= v.visit.day) return null;
  return { finding: prev as FindingRow & { state: FindingState }, visitId: report?.visit_id ?? null, day: visit?.day };
}

/** Last time's findings beside this visit's, in the order the owner checks them. Reads only. */
export function lastTime(ctx: ReportContext, v: VisitReport): LastTimeItem[] {
  const { stores } = ctx;
  const words = ctx.words();
  const today = dayAt(ctx.now(), ctx.timeZone);
  const items: LastTimeItem[] = [];
  v.flues.forEach((flue, flueIndex) => {
    for (const part of REPORT_PARTS) {
      const prev = previousOf(ctx, v, flue.id, part);
      if (!prev) continue;
      const f = prev.finding;
      const current = v.report ? stores.reports.findingOf(v.report.id, flue.id, part) : undefined;
      const firstPhoto = (findingId: number) =>
        stores.reportPhotos.ofFinding(findingId).find((p) => p.stored_at !== null)?.client_id;
      const partWords = words.parts[part];
      items.push({
        key: `${flue.id}-${part}`,
        flueIndex,
        part,
        state: f.state,
        recheckDay: f.recheck_day,
        flueId: flue.id,
        flue: flueLabel(flue.label, flueIndex),
        partName: partWords.name,
        previous: {
          stateLabel: words.states[f.state].label,
          defect: partWords.defects.find((d) => d.key === f.defect)?.name ?? "",
          note: f.note,
          recheck: f.state === "watch" && f.recheck_day ? dayText(f.recheck_day) : null,
          due: recheckDue({ state: f.state, recheckDay: f.recheck_day }, today),
          photo: photoPath(prev.visitId, firstPhoto(f.id)),
          visitDay: prev.day ? dayText(prev.day) : "",
        },
        now: {
          stateLabel: current?.state ? words.states[current.state].label : null,
          photo: current ? photoPath(v.visit.id, firstPhoto(current.id)) : null,
        },
        trend: current?.previous_id === f.id ? current.trend : null,
      });
    }
  });
  return lastTimeOrder(items, today);
}

export const TREND_WORDS = {
  trend: "Choose better, same or worse.",
  nothing: "There is nothing from last time to compare this part with.",
  noProperty: "This request has no property yet, so the report has nowhere to go.",
} as const;

/**
 * The owner's "better", "same" or "worse" for a part against last time: stored on this year's finding (made, with
 * no state yet, if the part is not recorded) with the finding it was compared with. The report is made by this first
 * write if it has none.
 */
export function markTrend(
  ctx: ReportContext,
  v: VisitReport,
  input: { flueId: number; part: string; trend: string },
): { ok: true } | { ok: false; problem: string } {
  const trend = TRENDS.find((t) => t === input.trend);
  if (!trend) return { ok: false, problem: TREND_WORDS.trend };
  if (v.propertyId === null) return { ok: false, problem: TREND_WORDS.noProperty };
  const flue = v.flues.find((f) => f.id === input.flueId);
  const prev = flue && isPart(input.part) ? previousOf(ctx, v, flue.id, input.part) : null;
  if (!flue || !isPart(input.part) || !prev) return { ok: false, problem: TREND_WORDS.nothing };
  const { reports } = ctx.stores;
  const part = input.part;
  reports.transaction(() => {
    const report = v.report ?? reports.open({ id: v.visit.id, estimate_id: v.visit.estimate_id }, v.propertyId);
    const finding = reports.ensureFinding(report.id, flue.id, part);
    reports.setTrend(finding, prev.finding.id, trend);
  });
  return { ok: true };
}
