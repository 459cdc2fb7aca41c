// The thread condition report PDFs are drawn in (server/documents/pdf-in-worker.ts and pdf-thread.ts; the maker is
// reportPdfMaker in report-pdfs.ts): the photos come as [hash, bytes] pairs and are made Buffers again. A warm-up
// draws a page nobody keeps.
import { drawPdfsHere, yieldToTheServer } from "../documents/pdf-thread.ts";
import { reportPdf, warmReportPdf, type ReportPdfInput } from "./report-pdf.ts";

type Posted = Omit<ReportPdfInput, "photos"> & { photos: [string, Uint8Array][] };

// A 30-photo report is a second of CPU: the server's requests go first (decision 0057).
yieldToTheServer();
drawPdfsHere(
  (input: Posted) =>
    reportPdf({
      ...input,
      photos: new Map(
        input.photos.map(([sha, bytes]) => [sha, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]),
      ),
    }),
  warmReportPdf,
);
