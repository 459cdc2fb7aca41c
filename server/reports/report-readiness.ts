// What stops a condition report from being sent (decision 0054), in the owner's words: the inspection's scope, at
// least one part recorded, every recorded part meeting the finding rules still (a photo removed since can break
// one), and every photo on the server. The phone names the photos it holds: a send that names one the server lacks
// is refused, so a report never goes out with a photo still on a phone. Pure over what the stores read.
import { checkFinding } from "../../app/lib/finding-rules.ts";
import { waitingWords } from "../../app/lib/report-photos.ts";
import type { FindingsWords } from "../../app/content/findings.ts";
import type { FindingRow, ReportRow } from "../store/condition-reports.ts";
import type { ReportPhotoRow } from "../store/report-photos.ts";
import type { FlueRow } from "../store/flues.ts";

export type ReadinessInput = {
  report: ReportRow | undefined;
  findings: readonly FindingRow[];
  photos: readonly ReportPhotoRow[];
  flues: readonly FlueRow[];
  words: FindingsWords;
};

export const READY_WORDS = {
  nothing: "Record at least one part of the chimney first.",
  level: "Choose the inspection's level (NFPA 211) at the top.",
  weather: "Choose the weather at the top.",
  roofAccess: "Say at the top how the top of the chimney was seen.",
  onServer: (n: number) =>
    `${waitingWords(n)} for the server: keep this page open where there is signal, and they will go.`,
  onPhone: (n: number) =>
    `${waitingWords(n)} on the phone for the server: keep the page open on the phone that took them.`,
} as const;

/** A finding's name on the page: "Crown (Living room)". */
export function findingName(words: FindingsWords, finding: FindingRow, flues: readonly FlueRow[]): string {
  const flue = flues.find((f) => f.id === finding.flue_id);
  const label = flue ? flue.label || `Flue ${flues.indexOf(flue) + 1}` : "a flue no longer on file";
  return `${words.parts[finding.part].name} (${label})`;
}

/** The reasons the report cannot be sent now, from what the server has; empty when it can. */
export function sendBlockers(input: ReadinessInput): string[] {
  const { report, findings, photos, flues, words } = input;
  if (!report) return [READY_WORDS.nothing];
  const blockers: string[] = [];
  if (report.nfpa_level === null) blockers.push(READY_WORDS.level);
  if (report.weather === null) blockers.push(READY_WORDS.weather);
  if (report.roof_access === null) blockers.push(READY_WORDS.roofAccess);
  if (!findings.some((f) => f.state !== null)) blockers.push(READY_WORDS.nothing);
  for (const finding of findings) {
    const count = photos.filter((p) => p.finding_id === finding.id).length;
    const name = findingName(words, finding, flues);
    if (finding.state === null) {
      // A part compared with last time, or photographed, before its state was chosen.
      blockers.push(`${name}: choose its state${count > 0 ? ", or remove its photos" : ""}.`);
      continue;
    }
    const check = checkFinding(
      {
        state: finding.state,
        doNotUse: finding.do_not_use === 1,
        defect: finding.defect ?? "",
        note: finding.note,
        worseIf: finding.worse_if,
        recheckDay: finding.recheck_day ?? "",
        notInspectedWhy: finding.not_inspected_why,
        photos: count,
      },
      { defects: words.parts[finding.part].defects.map((d) => d.key), today: "0000-01-01" },
    );
    // Checked again for what can change since the save (its photos); a recheck day saved stays valid as days pass,
    // and a defect the owner has since taken out of the library keeps its words in the snapshot.
    if (!check.ok)
      for (const [field, problem] of Object.entries(check.problems))
        if (field !== "recheckDay" && field !== "defect") blockers.push(`${name}: ${problem}`);
  }
  const waiting = photos.filter((p) => p.stored_at === null).length;
  if (waiting > 0) blockers.push(READY_WORDS.onServer(waiting));
  return blockers;
}

/** The blockers of a send that names the photos the phone holds: one the server lacks stops it. */
export function sendRefusals(input: ReadinessInput, namedByPhone: readonly string[]): string[] {
  const stored = new Set(input.photos.filter((p) => p.stored_at !== null).map((p) => p.client_id));
  const known = new Set(input.photos.map((p) => p.client_id));
  const missing = namedByPhone.filter((id) => !stored.has(id) && !known.has(id)).length;
  const blockers = sendBlockers(input);
  if (missing > 0) blockers.push(READY_WORDS.onPhone(missing));
  return blockers;
}
