// The order a homeowner reads a condition report in (decision 0054, research §6.4 and §6.13): "Do not use" first
// (a banner the owner cannot hide), then what needs repair now, then what to watch (each with what would make it
// worse and when we look again), then the parts in good order, one line each with its baseline photo; what could
// not be inspected is said with the scope. Pure, over a frozen snapshot: the page, the PDF and the e-mail share it.
import { dayText } from "../quotes/quote-view.ts";
import type { ReportPageWords } from "../../app/content/report-words.ts";
import type { ReportSnapshot, SnapshotFinding, SnapshotPhoto } from "./report-snapshot.ts";

/**
 * The page's words as the snapshot keeps them (checked by the words' schema when the version was sent), typed again
 * for the page and the PDF. Here, not in report-snapshot.ts, so the page's module pulls in no node:crypto.
 */
export function pageWords(snapshot: Pick<ReportSnapshot, "words">): ReportPageWords {
  return snapshot.words.page as ReportPageWords;
}

export type ReportSummary = {
  doNotUse: SnapshotFinding[];
  repair: SnapshotFinding[];
  watch: SnapshotFinding[];
  good: SnapshotFinding[];
  notInspected: SnapshotFinding[];
};

/** The findings in the groups the report shows them in, each group in the report's own order. */
export function summarize(snapshot: Pick<ReportSnapshot, "findings">): ReportSummary {
  const byNumber = [...snapshot.findings].sort((a, b) => a.number - b.number);
  return {
    doNotUse: byNumber.filter((f) => f.doNotUse),
    repair: byNumber.filter((f) => !f.doNotUse && f.state === "repair"),
    watch: byNumber.filter((f) => !f.doNotUse && f.state === "watch"),
    good: byNumber.filter((f) => f.state === "good"),
    notInspected: byNumber.filter((f) => !f.doNotUse && f.state === "not-inspected"),
  };
}

/** The findings that need something from the homeowner, most urgent first: the summary's list. */
export function urgentFirst(summary: ReportSummary): SnapshotFinding[] {
  return [...summary.doNotUse, ...summary.repair, ...summary.watch];
}

/** "Crown" with one flue, "Crown (Living room)" with more. */
export function findingTitle(snapshot: Pick<ReportSnapshot, "flues">, f: SnapshotFinding): string {
  return snapshot.flues.length > 1 ? `${f.partName} (${f.flue})` : f.partName;
}

/** What was found, in one line: the defect's name, else the owner's note, else the part's good line. */
export function findingHeadline(f: SnapshotFinding): string {
  if (f.state === "good") return f.note || f.partGood;
  if (f.state === "not-inspected") return f.notInspectedWhy;
  return f.defect?.name ?? f.note;
}

/** "Nov 1, 2027": a Watch item's day to look again. */
export function recheckText(f: SnapshotFinding): string | null {
  return f.recheckDay ? dayText(f.recheckDay) : null;
}

const squash = (s: string) => s.replace(/\s+/g, " ").trim();

/**
 * A photo's alternative text, from the part, its state and the note: "Crown, Living room: Repair now, do not use
 * until fixed. Cracked or broken crown. Open crack on the north side. Photo 1 of 2."
 */
export function photoAlt(snapshot: Pick<ReportSnapshot, "flues" | "words">, f: SnapshotFinding, index: number): string {
  const where = snapshot.flues.length > 1 ? `${f.partName}, ${f.flue}` : f.partName;
  const state = snapshot.words.states[f.state].label;
  const flag = f.doNotUse ? `, ${snapshot.words.doNotUse.label.toLowerCase()}` : "";
  const parts = [
    `${where}: ${state}${flag}.`,
    f.defect ? `${f.defect.name}.` : "",
    f.note ? `${squash(f.note).replace(/[.!?]?$/, ".")}` : "",
    f.photos.length > 1 ? `Photo ${index + 1} of ${f.photos.length}.` : "",
  ];
  const alt = parts.filter(Boolean).join(" ");
  return alt.length > 300 ? `${alt.slice(0, 297).replace(/\s+\S*$/, "")}…` : alt;
}

/** A photo's size for `width`/`height` when its long side is `side` (never larger than the photo). */
export function fitted(
  photo: Pick<SnapshotPhoto, "width" | "height">,
  side: number,
): { width: number; height: number } {
  const scale = Math.min(1, side / Math.max(photo.width, photo.height));
  return {
    width: Math.max(1, Math.round(photo.width * scale)),
    height: Math.max(1, Math.round(photo.height * scale)),
  };
}
