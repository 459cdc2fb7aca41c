// One photo from the phone, by the id the phone made for it (decision 0054): read whole within its limits, cleaned by
// the ingest (upright, no metadata, four sizes), and kept once. The same id again, at once or an hour later, is the
// same photo: the answer is the stored photo's hash, never a second row. Uploads of one id that arrive together
// share one ingest, and the ingest runs one photo at a time, so a phone's burst never holds more than one decoded
// photo in memory.
import { REPORT_PHOTO_MAX_BYTES, type ReportPart } from "../../app/content/condition-report.ts";
import { REPORT_PHOTO_WORDS, type ReportPhotoProblem } from "../../app/lib/report-photos.ts";
import { sha256Hex } from "../documents/canonical-json.ts";
import { ingestReportPhoto, ReportPhotoRefused, type ReportPhotoCopySet } from "../photos/photo-ingest.ts";
import type { ReportStore } from "../store/condition-reports.ts";
import type { ReportPhotoStore } from "../store/report-photos.ts";

export type PhotoUpload = {
  reportId: number;
  flueId: number;
  part: ReportPart;
  clientId: string;
  bytes: Buffer;
};

export type UploadAnswer =
  | { status: 200 | 201; body: { id: string; sha256: string } }
  | { status: 400 | 409 | 413 | 415 | 500; body: { error: string; sha256?: string } };

type Ingested = ReportPhotoCopySet | ReportPhotoProblem;

const refusal = (status: 400 | 409 | 413 | 415 | 500, problem: ReportPhotoProblem, sha256?: string): UploadAnswer => ({
  status,
  body: { error: REPORT_PHOTO_WORDS[problem], ...(sha256 ? { sha256 } : {}) },
});

const STATUS: Record<ReportPhotoProblem, 400 | 409 | 413 | 415 | 500> = {
  empty: 400,
  type: 415,
  heic: 415,
  pixels: 413,
  unreadable: 415,
  metadata: 500,
  size: 413,
  full: 409,
  conflict: 409,
  elsewhere: 409,
  id: 400,
  flue: 400,
  part: 400,
  stalled: 400,
  broken: 400,
  failed: 500,
};

/** The upload side of report photos; one per server (its queue and the ingests in flight are the process's). */
export function createReportPhotoUploads(
  ingest: (bytes: Uint8Array) => Promise<ReportPhotoCopySet> = ingestReportPhoto,
) {
  const inFlight = new Map<string, Promise<Ingested>>();
  let queue: Promise<unknown> = Promise.resolve();

  function ingestOnce(key: string, bytes: Buffer): Promise<Ingested> {
    const running = inFlight.get(key);
    if (running) return running;
    const result = queue.then(() =>
      ingest(bytes).catch((error: unknown): Ingested => {
        if (error instanceof ReportPhotoRefused) return error.code;
        console.error("A report photo could not be processed", error);
        return "unreadable";
      }),
    );
    queue = result;
    inFlight.set(key, result);
    void result.finally(() => inFlight.delete(key));
    return result;
  }

  return {
    /** Keeps the photo under its id, once; the answer the phone gets. */
    async receive(stores: { reports: ReportStore; reportPhotos: ReportPhotoStore }, upload: PhotoUpload) {
      const { reports, reportPhotos } = stores;
      if (upload.bytes.length > REPORT_PHOTO_MAX_BYTES) return refusal(413, "size");
      const uploadSha256 = sha256Hex(upload.bytes);
      const known = reportPhotos.byClientId(upload.clientId);
      if (known && known.report_id !== upload.reportId) return refusal(409, "conflict");
      if (known?.stored_at) return answerFor(known.upload_sha256 ?? "", uploadSha256, upload.clientId, 200);
      const ingested = await ingestOnce(`${upload.clientId}:${uploadSha256}`, upload.bytes);
      if (typeof ingested === "string") return refusal(STATUS[ingested], ingested);
      const finding = reports.ensureFinding(upload.reportId, upload.flueId, upload.part);
      const outcome = reportPhotos.store(upload.reportId, finding.id, upload.clientId, {
        uploadSha256,
        sha256: sha256Hex(ingested.evidence),
        bytesIn: upload.bytes.length,
        ...ingested,
      });
      if (outcome.kind === "full") return refusal(409, "full");
      if (outcome.kind === "elsewhere") return refusal(409, "elsewhere");
      if (outcome.kind === "stored") reports.touch(upload.reportId);
      return answerFor(
        outcome.row.upload_sha256 ?? "",
        uploadSha256,
        upload.clientId,
        outcome.kind === "stored" ? 201 : 200,
      );
    },
  };
}

/** The stored photo's hash; a different photo under the same id is refused (its hash says which one is kept). */
function answerFor(stored: string, sent: string, id: string, status: 200 | 201): UploadAnswer {
  if (stored !== sent) return refusal(409, "conflict", stored);
  return { status, body: { id, sha256: stored } };
}

export type ReportPhotoUploads = ReturnType<typeof createReportPhotoUploads>;

/** The process's uploads: the route's one instance. */
export const reportPhotoUploads = createReportPhotoUploads();
