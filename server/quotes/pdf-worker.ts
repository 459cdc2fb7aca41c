// The thread quote PDFs are drawn in (pdf-in-worker.ts): pdfkit's work is synchronous, and a PDF with six photos
// takes tens of milliseconds, which 20 homeowners accepting at once must not wait behind. One job at a time.
import { parentPort } from "node:worker_threads";
import { quotePdf, type PdfInput } from "./pdf.ts";

type Job = { id: number; input: Omit<PdfInput, "photos"> & { photos: [string, Uint8Array][] } };

parentPort?.on("message", ({ id, input }: Job) => {
  try {
    const pdf = quotePdf({
      ...input,
      photos: new Map(
        input.photos.map(([sha, bytes]) => [sha, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]),
      ),
    });
    const bytes = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
    parentPort?.postMessage({ id, ok: true, pdf: bytes });
  } catch (error) {
    parentPort?.postMessage({ id, ok: false, message: error instanceof Error ? error.message : String(error) });
  }
});
