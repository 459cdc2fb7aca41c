// What the console's report page hands its field island (decision 0054): the visit's flues, the parts with their
// defects from the words library, the findings and photos the server has, and what still stops sending. Plain JSON,
// made on the server (server/reports/report-view.ts), read by the island in the browser.
import type { FindingState, NfpaLevel, ReportPart, RoofAccess, Weather } from "~/content/condition-report";

export type Choice<V extends string | number = string> = { value: V; label: string };

export type FieldDefect = { key: string; name: string; state: "watch" | "repair"; doNotUse: boolean; worseIf: string };

export type FieldPart = { key: ReportPart; name: string; defects: FieldDefect[] };

export type FieldFlue = { id: number; label: string };

export type FieldPhoto = {
  /** The id the phone made. */
  id: string;
  /** The hash of the bytes the phone sent, once stored; null while the server waits for them. */
  sha256: string | null;
};

/** A finding's fields as the form holds them (boxes as strings). */
export type FindingValues = {
  state: FindingState | "";
  doNotUse: boolean;
  defect: string;
  note: string;
  worseIf: string;
  recheckDay: string;
  notInspectedWhy: string;
};

export type FieldFinding = FindingValues & { flueId: number; part: ReportPart; rev: number; photos: FieldPhoto[] };

export type ScopeValues = { nfpaLevel: string; weather: string; roofAccess: string; limits: string };

export type ReportFieldProps = {
  csrf: string;
  visitId: number;
  /** The report page's path: /owner/visits/<id>/report. */
  base: string;
  /** The business's day, for the recheck day's checks, and the recheck day offered for a new Watch. */
  today: string;
  recheckDefault: string;
  /** The report's rev when the page was made: the phone's drafts saved at or after it are newer. */
  rev: number;
  flues: FieldFlue[];
  parts: FieldPart[];
  states: Choice<FindingState>[];
  doNotUseLabel: string;
  levels: Choice<NfpaLevel>[];
  weather: Choice<Weather>[];
  roofAccess: Choice<RoofAccess>[];
  notInspectedReasons: string[];
  scope: ScopeValues;
  findings: FieldFinding[];
  /** What stops sending, as the server sees it (the phone adds its own waiting photos). */
  blockers: string[];
  /** The last version sent, if any; `at` in the owner's words ("Wed, Dec 2, 2026, 1:19 AM CST"). */
  sent: { version: number; at: string } | null;
};

/** The key a draft is kept under on the phone: one per finding, one for the scope. */
export function draftKey(visitId: number, flueId: number | "scope", part?: ReportPart): string {
  return flueId === "scope" ? `${visitId}:scope` : `${visitId}:${flueId}:${part ?? ""}`;
}
