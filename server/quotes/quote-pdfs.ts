// A quote's PDFs: the worker that draws them (server/documents/pdf-in-worker.ts, with this folder's pdf-worker.ts).
import { createPdfMaker, type PdfMaker } from "../documents/pdf-in-worker.ts";
import type { PdfInput } from "./pdf.ts";

export type QuotePdfMaker = PdfMaker<PdfInput>;

/** Quote PDFs drawn in a worker thread, started on the first one. */
export function createQuotePdfMaker(): QuotePdfMaker {
  return createPdfMaker<PdfInput>({
    script: {
      compiled: new URL("./pdf-worker.js", import.meta.url),
      source: new URL("./pdf-worker.ts", import.meta.url),
    },
    message: (input) => ({ ...input, photos: [...input.photos] }),
  });
}
