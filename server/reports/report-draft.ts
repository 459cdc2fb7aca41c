// Writing a visit's condition report while it is a draft (decision 0054): the report is made on its first write (a
// GET never makes one); a finding is saved with the photos the phone holds for it named, so "Watch and Repair now
// need a photo" counts a photo still on its way; the scope; a flue added on the spot; a photo removed. Each write is
// one transaction, and a refused one changes nothing.
import { dayAt } from "../../app/lib/business-day.ts";
import { checkFinding, type FindingField, type FindingForm } from "../../app/lib/finding-rules.ts";
import {
  CLIENT_ID,
  isPart,
  isRoofAccess,
  isWeather,
  MAX_FINDING_PHOTOS,
  REPORT_LIMITS,
  type NfpaLevel,
  type ReportPart,
} from "../../app/content/condition-report.ts";
import type { FindingsWords } from "../../app/content/findings.ts";
import type { ReportRow, ReportStore } from "../store/condition-reports.ts";
import type { ReportPhotoStore } from "../store/report-photos.ts";
import type { ReportVersionStore } from "../store/report-versions.ts";
import type { FlueRow, FlueStore } from "../store/flues.ts";
import type { VisitRow } from "../store/visits.ts";
import { defectKeys } from "./report-words.ts";

export type ReportStores = {
  reports: ReportStore;
  reportPhotos: ReportPhotoStore;
  reportVersions: ReportVersionStore;
  flues: FlueStore;
  visits: { get(id: number): VisitRow | undefined };
};

export type ReportContext = { stores: ReportStores; now: () => Date; timeZone: string; words: () => FindingsWords };

/** A visit with what its report hangs on: the request's property and its flues, and the report if one was made. */
export type VisitReport = {
  visit: VisitRow;
  propertyId: number | null;
  customerId: number | null;
  flues: FlueRow[];
  report: ReportRow | undefined;
};

export type Problems<K extends string> = Partial<Record<K, string>>;
export type Saved = { ok: true; rev: number };
export type Refused<K extends string> = { ok: false; problems: Problems<K> };

export const DRAFT_WORDS = {
  noProperty:
    "This request has no property yet, so the report has nowhere to go. Link it to a customer and an address first.",
  flue: "Choose one of this property's flues.",
  part: "Choose a part of the chimney.",
  photoId: "A photo's id was not one the server can use. Reload the page.",
  photoElsewhere: "One of these photos belongs to another part. Reload the page.",
  level: "Choose the inspection's level.",
  weather: "Choose the weather.",
  roofAccess: "Say how the top of the chimney was seen.",
  limits: `What was not inspected: at most ${REPORT_LIMITS.limits} characters.`,
} as const;

/** The visit's report and what it hangs on, or null for no such visit. Reads only. */
export function visitReport({ stores }: ReportContext, visitId: number): VisitReport | null {
  const visit = stores.visits.get(visitId);
  if (!visit) return null;
  const { propertyId, customerId } = stores.reports.requestLink(visit.estimate_id);
  return {
    visit,
    propertyId,
    customerId,
    flues: propertyId === null ? [] : stores.flues.ofProperties([propertyId]),
    report: stores.reports.forVisit(visit.id),
  };
}

class Refusal<K extends string> extends Error {
  constructor(readonly problems: Problems<K>) {
    super("refused");
  }
}

/** Runs a write in one transaction; a Refusal thrown inside rolls it back and is the answer. */
function writing<K extends string>(stores: ReportStores, work: () => number): Saved | Refused<K> {
  try {
    return { ok: true, rev: stores.reports.transaction(work) };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, problems: error.problems as Problems<K> };
    throw error;
  }
}

function opened(stores: ReportStores, v: VisitReport): ReportRow {
  if (v.propertyId === null) throw new Refusal<"report">({ report: DRAFT_WORDS.noProperty });
  return stores.reports.open(v.visit, v.propertyId);
}

export type FindingInput = {
  flueId: number;
  part: string;
  form: Omit<FindingForm, "photos">;
  /** The ids of the photos the phone holds for this part, stored or still on their way. */
  photoIds: readonly string[];
};

export type FindingProblemKey = FindingField | "flue" | "part" | "report";

/** Saves a finding: the rules checked with its photos counted (the server's and the phone's named ones). */
export function saveFinding(ctx: ReportContext, v: VisitReport, input: FindingInput) {
  const { stores } = ctx;
  return writing<FindingProblemKey>(stores, () => {
    if (!v.flues.some((f) => f.id === input.flueId)) throw new Refusal({ flue: DRAFT_WORDS.flue });
    if (!isPart(input.part)) throw new Refusal({ part: DRAFT_WORDS.part });
    const part: ReportPart = input.part;
    if (input.photoIds.length > MAX_FINDING_PHOTOS)
      throw new Refusal({ photos: `At most ${MAX_FINDING_PHOTOS} photos for a part: remove one first.` });
    if (input.photoIds.some((id) => !CLIENT_ID.test(id))) throw new Refusal({ photos: DRAFT_WORDS.photoId });
    const report = opened(stores, v);
    const finding = stores.reports.ensureFinding(report.id, input.flueId, part);
    for (const id of input.photoIds) {
      const named = stores.reportPhotos.name(report.id, finding.id, id);
      if (named === "elsewhere") throw new Refusal({ photos: DRAFT_WORDS.photoElsewhere });
    }
    const check = checkFinding(
      { ...input.form, photos: stores.reportPhotos.count(finding.id) },
      { defects: defectKeys(ctx.words(), part), today: dayAt(ctx.now(), ctx.timeZone) },
    );
    if (!check.ok) throw new Refusal(check.problems);
    return stores.reports.saveFinding(finding, check.finding);
  });
}

export type ScopeInput = { nfpaLevel: string; weather: string; roofAccess: string; limits: string };
export type ScopeProblemKey = keyof ScopeInput | "report";

/** The inspection's scope; any of it may be left for later, but what is given must be one of the choices. */
export function saveScope({ stores }: ReportContext, v: VisitReport, input: ScopeInput) {
  return writing<ScopeProblemKey>(stores, () => {
    const problems: Problems<ScopeProblemKey> = {};
    const level = input.nfpaLevel === "" ? null : Number(input.nfpaLevel);
    if (level !== null && level !== 1 && level !== 2 && level !== 3) problems.nfpaLevel = DRAFT_WORDS.level;
    if (input.weather && !isWeather(input.weather)) problems.weather = DRAFT_WORDS.weather;
    if (input.roofAccess && !isRoofAccess(input.roofAccess)) problems.roofAccess = DRAFT_WORDS.roofAccess;
    const limits = input.limits.trim();
    if (limits.length > REPORT_LIMITS.limits) problems.limits = DRAFT_WORDS.limits;
    if (Object.keys(problems).length > 0) throw new Refusal(problems);
    const report = opened(stores, v);
    stores.reports.setScope(report.id, {
      nfpaLevel: level as NfpaLevel | null,
      weather: isWeather(input.weather) ? input.weather : null,
      roofAccess: isRoofAccess(input.roofAccess) ? input.roofAccess : null,
      limits,
    });
    return stores.reports.get(report.id)?.rev ?? 0;
  });
}

/** A photo of the draft taken off its part (never one a sent version shows). */
export function removePhoto({ stores }: ReportContext, v: VisitReport, clientId: string) {
  if (!v.report || !CLIENT_ID.test(clientId)) return "missing" as const;
  const outcome = stores.reportPhotos.remove(v.report.id, clientId);
  if (outcome === "removed") stores.reports.touch(v.report.id);
  return outcome;
}

/** The report the photo upload writes to: made on the first photo, as on the first save. */
export function reportForUpload(
  { stores }: ReportContext,
  v: VisitReport,
  flueId: number,
  part: string,
): { reportId: number; part: ReportPart } | "flue" | "part" | "noProperty" {
  if (v.propertyId === null) return "noProperty";
  if (!v.flues.some((f) => f.id === flueId)) return "flue";
  if (!isPart(part)) return "part";
  return { reportId: stores.reports.open(v.visit, v.propertyId).id, part };
}
