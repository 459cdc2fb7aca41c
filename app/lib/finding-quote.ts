// The quote made from a condition report's findings (issue 66, decision 0054), its pure rules: the findings'
// numbers as the report prints them ("finding 3"), the line each finding suggests through the words library's map
// from part and defect to a quote preset, which findings the owner decides on (every Repair now; every Watch, ticked
// only if he wants it quoted), and what his choices must say: a quoted finding names a line, a finding left out says
// why ("not quoted because …"). Checked the same way for the page and the server, which decides. Pure.
import { REPORT_PARTS, type FindingState, type ReportPart } from "~/content/condition-report";

/** What the numbering and the choices read of a finding row. */
export type NumberedFinding = { id: number; flue_id: number | null; part: ReportPart; state: FindingState | null };

/**
 * The findings the report numbers, in its order: those with a state, flue by flue (in the property's order) and part
 * by part (in the order the owner walks them). The sent report's snapshot and the quote's "finding 3" both read it.
 */
export function reportOrder<T extends NumberedFinding>(findings: readonly T[], flueIds: readonly number[]): T[] {
  const flueOrder = new Map(flueIds.map((id, i) => [id, i]));
  const rank = (f: NumberedFinding) =>
    (f.flue_id === null ? 1e6 : (flueOrder.get(f.flue_id) ?? 1e5)) * 100 + REPORT_PARTS.indexOf(f.part);
  return findings.filter((f) => f.state !== null).sort((a, b) => rank(a) - rank(b) || a.id - b.id);
}

/** Each finding's number on the report, counted from 1 in `reportOrder`. */
export function findingNumbers(findings: readonly NumberedFinding[], flueIds: readonly number[]): Map<number, number> {
  return new Map(reportOrder(findings, flueIds).map((f, i) => [f.id, i + 1]));
}

/** The words library's part and defect lists, as far as the map reads them. */
export type PresetMapWords = {
  parts: Record<ReportPart, { defects: readonly { key: string; preset?: string | undefined }[] }>;
};

/**
 * The preset a finding suggests: its defect's `preset` in content/findings.yaml, when the owner's presets
 * (content/quote-presets.yaml) still have it; null when the defect suggests none (work outside the business's
 * services) or names a preset no longer on file.
 */
export function suggestedPreset(
  words: PresetMapWords,
  part: ReportPart,
  defect: string | null,
  presetKeys: ReadonlySet<string>,
): string | null {
  if (!defect) return null;
  const key = words.parts[part].defects.find((d) => d.key === defect)?.preset;
  return key && presetKeys.has(key) ? key : null;
}

/** The findings a quote is made from: Repair now (quoted unless the owner says why not) and Watch (if he ticks it). */
export function isQuoteCandidate(state: FindingState | null): state is "repair" | "watch" {
  return state === "repair" || state === "watch";
}

/** One finding's choice as posted: quote it with this preset, or leave it out for this reason. */
export type FindingChoice = { findingId: number; quote: boolean; preset: string; reason: string };

export const QUOTE_FINDING_WORDS = {
  preset: "Choose the quote line for it, or untick it and say why it is not quoted.",
  reason: "Say why it is not quoted, for example the homeowner will have it done by a roofer.",
  reasonLong: "Not quoted because: at most 300 characters.",
  none: "Tick at least one finding to quote, or there is nothing to make a quote from.",
  foreign: "That finding is not on this visit's report.",
} as const;

export const REASON_MAX = 300;

/** What each choice must say, keyed by the field ("preset-12", "reason-12"); empty when the choices can be used. */
export function choiceProblems(
  choices: readonly FindingChoice[],
  presetKeys: ReadonlySet<string>,
): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const c of choices) {
    if (c.quote) {
      if (!presetKeys.has(c.preset)) problems[`preset-${c.findingId}`] = QUOTE_FINDING_WORDS.preset;
    } else if (!c.reason.trim()) {
      problems[`reason-${c.findingId}`] = QUOTE_FINDING_WORDS.reason;
    } else if (c.reason.trim().length > REASON_MAX) {
      problems[`reason-${c.findingId}`] = QUOTE_FINDING_WORDS.reasonLong;
    }
  }
  return problems;
}
