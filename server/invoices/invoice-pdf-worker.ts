// The thread invoice PDFs are drawn in (server/documents/pdf-in-worker.ts and pdf-thread.ts).
import { drawPdfsHere } from "../documents/pdf-thread.ts";
import { invoicePdf } from "./invoice-pdf.ts";

drawPdfsHere(invoicePdf);
