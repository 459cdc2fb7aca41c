// A condition report's PDF (decision 0054): drawn from the frozen snapshot in a worker thread of its own, started on
// the first report sent, or warmed when the owner opens a report he may send (decision 0057), and ended after a quiet
// minute (five after a warm-up; server/documents/pdf-in-worker.ts), so a 30-photo report
// never holds the event loop, and pdfkit's memory is paid only while reports are being sent. Its photos are the
// 1200 px q70 copies. The e-mail attaches it only up to PDF_ATTACH_MAX_BYTES; above that it carries the link alone.
import { createPdfMaker, type PdfMaker } from "../documents/pdf-in-worker.ts";
import type { ReportPhotoStore } from "../store/report-photos.ts";
import type { ReportPdfInput } from "./report-pdf.ts";
import { snapshotPhotoHashes, type ReportSnapshot } from "./report-snapshot.ts";

/**
 * The largest PDF an e-mail carries: 5 MB, about 6.9 MB once base64-encoded, under every mailbox's limit we know
 * (Jobber's 10 MB, Outlook's 20 MB, Gmail's 25 MB; research §4.3). A 30-photo report is about 3-4 MB.
 */
export const PDF_ATTACH_MAX_BYTES = 5_000_000;

/** Whether a PDF of `bytes` goes with the e-mail, or the e-mail carries the link alone. */
export function attachesPdf(bytes: number): boolean {
  return bytes <= PDF_ATTACH_MAX_BYTES;
}

let maker: PdfMaker<ReportPdfInput> | null = null;
let warmUpsHeld = false;

/** While the server warms its console at start, the report page it opens does not start the PDF's thread. */
export function holdReportPdfWarmUps(held: boolean): void {
  warmUpsHeld = held;
}

/** The process's one report PDF worker, made on first use (it starts its thread only when a PDF is asked for). */
export function reportPdfMaker(): PdfMaker<ReportPdfInput> {
  maker ??= heldWhileWarming(
    createPdfMaker<ReportPdfInput>({
      script: {
        compiled: new URL("./report-pdf-worker.js", import.meta.url),
        source: new URL("./report-pdf-worker.ts", import.meta.url),
      },
      message: (input) => ({ ...input, photos: [...input.photos] }),
      // 30 photos of ~100 KB and the fonts: a PDF is a few MB; the heap has room for the document being drawn.
      heapMb: 160,
      // Warmed when the owner opens a report he may send (decision 0057): five minutes to look it over and send it.
      warmIdleMs: 5 * 60_000,
    }),
  );
  return maker;
}

function heldWhileWarming(made: PdfMaker<ReportPdfInput>): PdfMaker<ReportPdfInput> {
  return { ...made, warm: () => (warmUpsHeld ? undefined : made.warm()) };
}

/**
 * The PDF copies of the photos a snapshot shows, by their hash (read from the report's own photos), one photo a turn
 * of the event loop. Each copy is a row of its own (migration 24): a read never walks the photo's evidence.
 */
export async function pdfPhotos(
  photos: ReportPhotoStore,
  reportId: number,
  snapshot: ReportSnapshot,
): Promise<Map<string, Buffer>> {
  const wanted = new Set(snapshotPhotoHashes(snapshot));
  const map = new Map<string, Buffer>();
  for (const row of photos.ofReport(reportId)) {
    if (!row.sha256 || !wanted.has(row.sha256) || map.has(row.sha256)) continue;
    await new Promise((resolve) => setImmediate(resolve));
    const bytes = photos.bytes(row, "pdf");
    if (bytes) map.set(row.sha256, bytes);
  }
  return map;
}
