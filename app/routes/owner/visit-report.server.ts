// The report routes' server side (decision 0054): the report's context from the request's, the visit a path names,
// and a posted finding or scope read from a form the same way for the page (no script) and for the field island.
import type { AppLoadContext } from "react-router";
import { business } from "~/content/business";
import { field, idParam, notFound } from "./guard.server";
import { readFindingsWords } from "../../../server/reports/report-words.ts";
import { visitReport, type ReportContext, type VisitReport } from "../../../server/reports/report-draft.ts";
import { typedText } from "~/lib/text-limits";
import type { FindingInput, ScopeInput } from "../../../server/reports/report-draft.ts";

/** The report services' context: the server's stores and clock, the business's zone, the site's words library. */
export function reportContext(context: AppLoadContext): ReportContext {
  const repoDir = context.publisher?.repoDir ?? process.cwd();
  return {
    stores: context.estimates,
    now: context.now,
    timeZone: business.timeZone,
    words: () => readFindingsWords(repoDir),
  };
}

/** The visit the path names, with its report; a 404 for anything else (a cancelled visit with no report too). */
export function visitOf(context: ReportContext, id: string | undefined): VisitReport {
  const visitId = idParam(id);
  const v = visitId === null ? null : visitReport(context, visitId);
  if (!v || (v.visit.status === "cancelled" && !v.report)) notFound();
  return v;
}

const box = (form: FormData | null, name: string) => typedText(form?.get(name));

/** A finding as posted: its flue and part, its boxes as typed, the photos the phone holds for it. */
export function findingInput(form: FormData | null): FindingInput {
  const photoIds = (form?.getAll("photos") ?? []).filter((v): v is string => typeof v === "string" && v !== "");
  return {
    flueId: idParam(field(form, "flue", 12)) ?? 0,
    part: field(form, "part", 40),
    form: {
      state: field(form, "state", 20),
      doNotUse: field(form, "doNotUse", 5) === "on",
      defect: field(form, "defect", 80),
      note: box(form, "note"),
      worseIf: box(form, "worseIf"),
      recheckDay: field(form, "recheckDay", 20),
      notInspectedWhy: box(form, "notInspectedWhy"),
    },
    photoIds: photoIds.slice(0, 10).map((id) => id.slice(0, 64)),
  };
}

export function scopeInput(form: FormData | null): ScopeInput {
  return {
    nfpaLevel: field(form, "nfpaLevel", 2),
    weather: field(form, "weather", 20),
    roofAccess: field(form, "roofAccess", 20),
    limits: box(form, "limits"),
  };
}

/** The photo ids a send names: every photo the phone holds for this report. */
export function namedPhotos(form: FormData | null): string[] {
  return (form?.getAll("photos") ?? [])
    .filter((v): v is string => typeof v === "string" && v !== "")
    .slice(0, 500)
    .map((id) => id.slice(0, 64));
}
