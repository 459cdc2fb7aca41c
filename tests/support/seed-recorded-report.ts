// A condition report recorded and ready to send, written straight to a data folder (the recording itself is tested
// through HTTP in tests/server/condition-reports.test.ts): the scope, findings from a plan, and photos through the
// server's own ingest (upright, stripped, four sizes). "small" is one flue with a Do-not-use repair, a Watch, a Good
// part and one not inspected; "full" is the benchmark's: two flues, 14 parts each, 10 findings with two photos each,
// ten Good parts with a baseline photo (30 photos), one part not inspected.
import { randomUUID } from "node:crypto";
import type { FindingState, ReportPart } from "../../app/content/condition-report.ts";
import { REPORT_PARTS } from "../../app/content/condition-report.ts";
import { sha256Hex } from "../../server/documents/canonical-json.ts";
import { ingestReportPhoto } from "../../server/photos/photo-ingest.ts";
import { FIXTURE_PLAN, fixturePhoto } from "../../server/reports/report.fixture.ts";
import type { EstimateStore } from "../../server/requests/estimate-store.ts";
import { openEstimateStore } from "../../server/requests/estimate-store.ts";
import type { SeededVisit } from "./seed-report.ts";

type Planned = { part: ReportPart; state: FindingState; defect?: string; doNotUse?: boolean; note?: string };

export const SMALL_PLAN: Planned[] = [
  { part: "crown", state: "repair", defect: "cracked", note: "Open crack across the north side." },
  { part: "flue-liner", state: "repair", doNotUse: true, note: "Two tiles cracked at 12 feet." },
  { part: "mortar", state: "watch", note: "Joints sandy on the west face." },
  { part: "cap", state: "good" },
  { part: "clearances", state: "not-inspected" },
];

export type RecordedReport = { reportId: number; photoIds: string[] };

/**
 * Records the report on `visit` in `store`: `photos` photos per finding that needs one (and one per Good part up to
 * `goodPhotos`), each made by `photo(n)` (a phone's JPEG) and kept through the server's ingest.
 */
export async function recordReportIn(
  store: EstimateStore,
  visit: SeededVisit,
  {
    plan = "small",
    photosEach = 1,
    goodPhotos = 1,
    photo = (n: number) => fixturePhoto(n, 2048),
  }: {
    plan?: "small" | "full";
    photosEach?: number;
    goodPhotos?: number;
    photo?: (n: number) => Promise<Buffer>;
  } = {},
): Promise<RecordedReport> {
  const report = store.reports.open({ id: visit.visitId, estimate_id: visit.estimateId }, visit.propertyId);
  store.reports.setScope(report.id, {
    nfpaLevel: 2,
    weather: "dry",
    roofAccess: "ladder",
    limits: "The attic above the living room had no hatch.",
  });
  const perFlue: Planned[][] =
    plan === "small"
      ? [SMALL_PLAN]
      : visit.flueIds.map((_, i) =>
          REPORT_PARTS.map((part): Planned => FIXTURE_PLAN[i]?.find((p) => p.part === part) ?? { part, state: "good" }),
        );
  const photoIds: string[] = [];
  let n = 0;
  let good = 0;
  for (const [i, planned] of perFlue.entries()) {
    const flueId = visit.flueIds[i] ?? null;
    for (const p of planned) {
      const finding = store.reports.ensureFinding(report.id, flueId, p.part);
      const wanted =
        p.state === "repair" || p.state === "watch" ? photosEach : p.state === "good" && good < goodPhotos ? 1 : 0;
      if (p.state === "good" && wanted) good++;
      for (let k = 0; k < wanted; k++) {
        const bytes = await photo(++n);
        const copies = await ingestReportPhoto(bytes);
        const id = randomUUID();
        store.reportPhotos.store(report.id, finding.id, id, {
          ...copies,
          uploadSha256: sha256Hex(bytes),
          sha256: sha256Hex(copies.evidence),
          bytesIn: bytes.length,
        });
        photoIds.push(id);
      }
      store.reports.saveFinding(finding, {
        state: p.state,
        doNotUse: p.doNotUse ?? false,
        defect: p.defect ?? null,
        note: p.note ?? "",
        worseIf: p.state === "watch" ? "Another winter of water getting in and freezing." : "",
        recheckDay: p.state === "watch" ? "2027-10-01" : null,
        notInspectedWhy: p.state === "not-inspected" ? "It is behind a finished wall or ceiling." : "",
      });
    }
  }
  return { reportId: report.id, photoIds };
}

/** The same, in the data folder of a server (its own store, closed after). */
export async function recordReport(
  dataDir: string,
  visit: SeededVisit,
  options: Parameters<typeof recordReportIn>[2] = {},
): Promise<RecordedReport> {
  const store = openEstimateStore({ dataDir });
  try {
    return await recordReportIn(store, visit, options);
  } finally {
    store.close();
  }
}
