// An invoice's PDF: made on request from the frozen version and the payments as they stand (so a download never
// writes: a GET changes nothing), drawn in a worker thread started on the first one (server/documents/pdf-in-worker.ts).
import { createPdfMaker, type PdfMaker } from "../documents/pdf-in-worker.ts";
import type { EstimateStore } from "../requests/estimate-store.ts";
import type { InvoiceRow } from "../store/invoices.ts";
import { formatCents } from "../quotes/money.ts";
import { invoiceFigures, STATE_LABEL } from "./invoice-figures.ts";
import { linesView, paymentsView } from "./invoice-page.ts";
import type { InvoicePdfInput } from "./invoice-pdf.ts";

export type InvoicePdfMaker = PdfMaker<InvoicePdfInput>;

let maker: InvoicePdfMaker | null = null;

/** The one worker for invoice PDFs in this process, started on the first PDF and ended after a quiet minute. */
function invoicePdfMaker(): InvoicePdfMaker {
  maker ??= createPdfMaker<InvoicePdfInput>({
    script: {
      compiled: new URL("./invoice-pdf-worker.js", import.meta.url),
      source: new URL("./invoice-pdf-worker.ts", import.meta.url),
    },
    message: (input) => input,
  });
  return maker;
}

/** The PDF of a sent invoice, with its file name; null for a draft. */
export async function invoicePdfFile(
  store: EstimateStore,
  invoice: InvoiceRow,
  timeZone: string,
): Promise<{ pdf: Buffer; name: string } | null> {
  const f = invoiceFigures(store, invoice, timeZone);
  const row = store.invoices.version(invoice.id);
  if (!f.version || !row) return null;
  const pdf = await invoicePdfMaker().make({
    version: f.version,
    sha256: row.sha256,
    lines: linesView(f),
    figures: {
      total: formatCents(f.money.total),
      paid: formatCents(f.money.paid),
      pending: f.money.pending > 0 ? formatCents(f.money.pending) : null,
      owed: formatCents(Math.max(0, f.money.owed)),
    },
    payments: paymentsView(f),
    stateLabel: STATE_LABEL[f.state],
  });
  return { pdf, name: `invoice-${f.version.number}.pdf` };
}
