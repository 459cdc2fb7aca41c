// The thread quote PDFs are drawn in (server/documents/pdf-in-worker.ts and pdf-thread.ts; the maker is
// createQuotePdfMaker in quote-pdfs.ts): the photos come as [hash, bytes] pairs and are made Buffers again.
import { drawPdfsHere } from "../documents/pdf-thread.ts";
import { quotePdf, type PdfInput } from "./pdf.ts";

type Posted = Omit<PdfInput, "photos"> & { photos: [string, Uint8Array][] };

drawPdfsHere((input: Posted) =>
  quotePdf({
    ...input,
    photos: new Map(
      input.photos.map(([sha, bytes]) => [sha, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]),
    ),
  }),
);
