// A sent condition report as it is frozen (decision 0054): everything its page, its PDF and its e-mail print, in
// one canonical JSON snapshot whose SHA-256 is stored beside it. The findings with the library's words as they were
// shown (a defect later renamed or removed keeps its words here), each photo by the hash of its kept evidence with
// its upright size, the NFPA 211 level and the scope, the page's own words, the business and the homeowner. The page
// and the PDF are drawn from this alone, so a sent version reads the same in ten years whatever the library says then.
import { z } from "zod";
import { FINDING_STATES, REPORT_PARTS, ROOF_ACCESS, WEATHER } from "../../app/content/condition-report.ts";
import type { FindingsWords } from "../../app/content/findings.ts";
import type { ReportPageWords } from "../../app/content/report-words.ts";
import { frozenBytes, frozenReader } from "../documents/frozen-version.ts";
import type { FindingRow, ReportRow } from "../store/condition-reports.ts";
import type { ReportPhotoRow } from "../store/report-photos.ts";
import type { FlueRow } from "../store/flues.ts";
import { reportOrder } from "../../app/lib/finding-quote.ts";
import { flueLabel } from "./report-view.ts";

const SHA = z.string().regex(/^[0-9a-f]{64}$/);
const text = z.string();

const photo = z.strictObject({ sha256: SHA, width: z.number().int().positive(), height: z.number().int().positive() });

const finding = z.strictObject({
  /** Its number on the page and in the PDF ("finding 3"), in the report's order: flue by flue, part by part. */
  number: z.number().int().positive(),
  /** The finding's row: what a quote line made from it names (migration 24's quote_line_findings). */
  findingId: z.number().int().positive(),
  flueId: z.number().int().positive().nullable(),
  flue: text,
  part: z.enum(REPORT_PARTS),
  partName: text,
  partWhat: text,
  partWhy: text,
  partGood: text,
  state: z.enum(FINDING_STATES),
  doNotUse: z.boolean(),
  defect: z.strictObject({ key: text, name: text, what: text, why: text, recommend: text }).nullable(),
  note: text,
  worseIf: text,
  recheckDay: text.nullable(),
  notInspectedWhy: text,
  photos: z.array(photo),
});

const stateWords = z.strictObject({ label: text, says: text });

export const reportSnapshot = z.strictObject({
  format: z.literal(1),
  reportId: z.number().int().positive(),
  version: z.number().int().positive(),
  /** The draft's rev this version froze. */
  rev: z.number().int().nonnegative(),
  /** Why this version replaces the one before; null for the first. */
  reason: text.nullable(),
  sentAt: text,
  timeZone: text,
  business: z.strictObject({ name: text, address: text, phone: text, email: text }),
  customer: z.strictObject({ name: text, street: text, town: text }),
  visitDay: text,
  words: z.strictObject({
    title: text,
    subtitle: text,
    intro: text,
    states: z.strictObject({
      good: stateWords,
      watch: stateWords,
      repair: stateWords,
      "not-inspected": stateWords,
    }),
    doNotUse: stateWords,
    page: z.record(z.string(), text),
  }),
  scope: z.strictObject({
    level: z.number().int().min(1).max(3),
    levelLabel: text,
    levelSays: text,
    weather: z.enum(WEATHER),
    weatherLabel: text,
    roofAccess: z.enum(ROOF_ACCESS),
    roofAccessLabel: text,
    limits: text,
  }),
  flues: z.array(z.strictObject({ id: z.number().int().positive(), label: text })),
  findings: z.array(finding),
});

export type ReportSnapshot = z.output<typeof reportSnapshot>;
export type SnapshotFinding = ReportSnapshot["findings"][number];
export type SnapshotPhoto = SnapshotFinding["photos"][number];

export type SnapshotInput = {
  report: ReportRow;
  findings: readonly FindingRow[];
  /** The report's photos that are stored, in the order they were taken. */
  photos: readonly ReportPhotoRow[];
  /** The property's flues, in their order. */
  flues: readonly FlueRow[];
  words: FindingsWords;
  page: ReportPageWords;
  business: ReportSnapshot["business"];
  customer: ReportSnapshot["customer"];
  visitDay: string;
  version: number;
  reason: string | null;
  sentAt: string;
  timeZone: string;
};

/** The snapshot of the draft as it stands: the findings with a state, flue by flue and part by part, numbered. */
export function buildSnapshot(input: SnapshotInput): ReportSnapshot {
  const { report, words } = input;
  if (report.nfpa_level === null || report.weather === null || report.roof_access === null)
    throw new Error("a report is frozen only once its scope is set");
  const flueOrder = new Map(input.flues.map((f, i) => [f.id, i]));
  const labelOf = (flueId: number | null) => {
    const i = flueId === null ? undefined : flueOrder.get(flueId);
    const flue = i === undefined ? undefined : input.flues[i];
    return flue && i !== undefined ? flueLabel(flue.label, i) : "A flue no longer on file";
  };
  const chosen = reportOrder(
    input.findings,
    input.flues.map((f) => f.id),
  );
  const levels = [words.levels.level1, words.levels.level2, words.levels.level3];
  const level = levels[report.nfpa_level - 1] ?? words.levels.level1;
  return {
    format: 1,
    reportId: report.id,
    version: input.version,
    rev: report.rev,
    reason: input.reason,
    sentAt: input.sentAt,
    timeZone: input.timeZone,
    business: input.business,
    customer: input.customer,
    visitDay: input.visitDay,
    words: {
      title: words.title,
      subtitle: words.subtitle,
      intro: words.intro,
      states: words.states,
      doNotUse: words.doNotUse,
      page: { ...input.page },
    },
    scope: {
      level: report.nfpa_level,
      levelLabel: level.label,
      levelSays: level.says,
      weather: report.weather,
      weatherLabel: words.weather[report.weather],
      roofAccess: report.roof_access,
      roofAccessLabel: words.roofAccess[report.roof_access],
      limits: report.limits,
    },
    flues: input.flues.map((f, i) => ({ id: f.id, label: flueLabel(f.label, i) })),
    findings: chosen.map((f, i) => {
      const part = words.parts[f.part];
      const defect = f.defect ? part.defects.find((d) => d.key === f.defect) : undefined;
      return {
        number: i + 1,
        findingId: f.id,
        flueId: f.flue_id,
        flue: labelOf(f.flue_id),
        part: f.part,
        partName: part.name,
        partWhat: part.what,
        partWhy: part.why,
        partGood: part.good,
        state: f.state ?? "good",
        doNotUse: f.do_not_use === 1,
        defect: defect
          ? { key: defect.key, name: defect.name, what: defect.what, why: defect.why, recommend: defect.recommend }
          : null,
        note: f.note,
        worseIf: f.worse_if,
        recheckDay: f.recheck_day,
        notInspectedWhy: f.not_inspected_why,
        photos: input.photos.flatMap((p) =>
          p.finding_id === f.id && p.sha256 && p.width && p.height
            ? [{ sha256: p.sha256, width: p.width, height: p.height }]
            : [],
        ),
      };
    }),
  };
}

/** The bytes stored for a snapshot and their SHA-256. */
export function snapshotBytes(snapshot: ReportSnapshot): { body: string; sha256: string } {
  return frozenBytes(snapshot);
}

/** A stored snapshot read back through its schema, once per hash. */
export const readSnapshot = frozenReader((json) => reportSnapshot.parse(json));

/** Every photo hash a snapshot shows, once each, in the order they appear. */
export function snapshotPhotoHashes(snapshot: ReportSnapshot): string[] {
  return [...new Set(snapshot.findings.flatMap((f) => f.photos.map((p) => p.sha256)))];
}
