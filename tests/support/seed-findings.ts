// A visit's condition report with its findings recorded and their photos on the server, as the field island leaves
// it, written through the stores (the recording itself is tested by condition-report.spec.ts); and a stand-in sent
// version, for next year's visit to compare with. Used by the server tests and the browser stories.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FindingState, ReportPart } from "../../app/content/condition-report.ts";
import { ingestReportPhoto } from "../../server/photos/photo-ingest.ts";
import type { EstimateStore } from "../../server/requests/estimate-store.ts";
import { openEstimateStore } from "../../server/requests/estimate-store.ts";
import { makeTestPhoto } from "./test-photos.ts";
import type { SeededVisit } from "./seed-report.ts";

export type SeedFinding = {
  part: ReportPart;
  state: FindingState;
  defect?: string;
  /** The flue's index in the visit's flues. */
  flue?: number;
  note?: string;
  worseIf?: string;
  recheckDay?: string;
  notInspectedWhy?: string;
  doNotUse?: boolean;
  /** Whether it has a stored photo (Watch and Repair now always do). */
  photo?: boolean;
};

export type SeededFindings = { reportId: number; findingIds: number[] };

const sha = (bytes: Buffer | string) => createHash("sha256").update(bytes).digest("hex");

/** Phone-like photos, one per seed, made once per process. */
const photos = new Map<number, Promise<Buffer>>();
function photo(seed: number): Promise<Buffer> {
  let made = photos.get(seed);
  if (!made) {
    made = (async () => {
      const dir = mkdtempSync(path.join(tmpdir(), "finding-photo-"));
      try {
        return readFileSync(await makeTestPhoto(path.join(dir, "IMG.JPG"), { width: 1200, height: 900, seed }));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    })();
    photos.set(seed, made);
  }
  return made;
}

export async function recordFindingsIn(
  store: EstimateStore,
  visit: SeededVisit,
  findings: readonly SeedFinding[],
  { scope = true, photoSeed = 1 }: { scope?: boolean; photoSeed?: number } = {},
): Promise<SeededFindings> {
  const copies = await Promise.all(
    findings.map(async (f, i) =>
      f.photo === false && f.state !== "watch" && f.state !== "repair"
        ? null
        : ingestReportPhoto(await photo(photoSeed + i)),
    ),
  );
  const report = store.reports.open({ id: visit.visitId, estimate_id: visit.estimateId }, visit.propertyId);
  if (scope) store.reports.setScope(report.id, { nfpaLevel: 2, weather: "dry", roofAccess: "roof", limits: "" });
  const findingIds = findings.map((f, i) => {
    const flueId = visit.flueIds[f.flue ?? 0] ?? null;
    const row = store.reports.ensureFinding(report.id, flueId, f.part);
    store.reports.saveFinding(row, {
      state: f.state,
      doNotUse: f.doNotUse ?? false,
      defect: f.defect ?? null,
      note: f.note ?? "",
      worseIf: f.state === "watch" ? (f.worseIf ?? "Another winter of water getting in.") : "",
      recheckDay: f.state === "watch" ? (f.recheckDay ?? "2027-10-01") : null,
      notInspectedWhy: f.state === "not-inspected" ? (f.notInspectedWhy ?? "Snow covered it.") : "",
    });
    const c = copies[i];
    if (c) {
      const bytes = c.evidence;
      store.reportPhotos.store(report.id, row.id, randomUUID(), {
        uploadSha256: sha(bytes),
        sha256: sha(bytes),
        bytesIn: bytes.length,
        ...c,
      });
    }
    return row.id;
  });
  return { reportId: report.id, findingIds };
}

/** A stand-in for sending the report (the sending step is tested on its own): a frozen version 1 with its photos. */
export function markSentIn(store: EstimateStore, reportId: number): void {
  const report = store.reports.get(reportId);
  if (!report) throw new Error("no such report");
  const pdf = Buffer.from("%PDF-1.7 stand-in");
  store.reportVersions.freeze({
    reportId,
    snapshot: "{}",
    sha256: sha("{}"),
    pdf,
    pdfSha256: sha(pdf),
    reason: null,
    rev: report.rev,
    photoIds: store.reportPhotos.ofReport(reportId).map((p) => p.id),
    linkHash: sha(randomBytes(32)),
  });
}

/** The same in the data folder of a server (its own store, closed after). */
export async function seedFindings(
  dataDir: string,
  visit: SeededVisit,
  findings: readonly SeedFinding[],
  { sent = false, photoSeed = 1 }: { sent?: boolean; photoSeed?: number } = {},
): Promise<SeededFindings> {
  const store = openEstimateStore({ dataDir });
  try {
    const seeded = await recordFindingsIn(store, visit, findings, { photoSeed });
    if (sent) markSentIn(store, seeded.reportId);
    return seeded;
  } finally {
    store.close();
  }
}
