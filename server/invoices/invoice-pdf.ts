// The invoice as a PDF, drawn by pdfkit from the frozen version and the payments as they stand (decision 0042): the
// same lines and figures (invoiceMoney's) as the page. Pure and synchronous: it runs in the PDF worker thread.
import { businessAddress, dayText } from "../quotes/quote-view.ts";
import { finishPdf, INK, MARGIN, newPdf, pdfPen } from "../documents/pdf-drawing.ts";
import type { InvoiceVersion } from "./invoice-document.ts";
import type { InvoiceLineView, InvoicePaymentView } from "./invoice-page.ts";

export type InvoicePdfInput = {
  version: InvoiceVersion;
  sha256: string;
  lines: InvoiceLineView[];
  figures: { total: string; paid: string; pending: string | null; owed: string };
  payments: InvoicePaymentView[];
  stateLabel: string;
};

export function invoicePdf({ version, sha256, lines, figures, payments, stateLabel }: InvoicePdfInput): Buffer {
  const doc = newPdf({
    title: `Invoice ${version.number}`,
    business: version.business,
    address: businessAddress(version),
    customer: version.customer.name,
    at: new Date(version.sentAt),
  });
  const { width, t, keepRoom, heading, body, soft, rule, totalRow } = pdfPen(doc);
  doc
    .font("Helvetica-Bold")
    .fontSize(13)
    .fillColor(INK)
    .text(t(`Invoice ${version.number}`));
  body(`Sent ${dayText(version.sentDay)} for quote ${version.quoteReference}. ${stateLabel}.`);
  const c = version.customer;
  body(`For ${c.name}${c.town ? `, ${c.town}` : ""} · ${c.email} · ${c.phone}`);
  heading("The work");
  rule();
  for (const line of lines) {
    keepRoom(32);
    const top = doc.y;
    const detail = width - 90;
    doc.font("Helvetica-Bold").fontSize(10).fillColor(INK).text(t(line.description), MARGIN, top, { width: detail });
    soft(`${line.quantity} × ${line.unitPrice}`, { width: detail });
    const bottom = doc.y;
    doc.font("Helvetica-Bold").fontSize(10).fillColor(INK);
    doc.text(t(line.amount), MARGIN + detail + 10, top, { width: 80, align: "right" });
    doc.x = MARGIN;
    doc.y = Math.max(bottom, doc.y) + 4;
    rule();
  }
  totalRow("Total", figures.total, true);
  totalRow("Paid so far", figures.paid);
  if (figures.pending) totalRow("Bank payment pending", figures.pending);
  totalRow("Owed", figures.owed, true);
  if (payments.length) {
    heading("Payments", 12);
    for (const p of payments) body(`${p.day}: ${p.amount} by ${p.method}, ${p.state}`);
  }
  doc.moveDown(0.5);
  soft(`Checks to ${version.business.name}, ${businessAddress(version)}. Questions: ${version.business.phone}.`);
  return finishPdf(doc, (page, of) => `${version.number} · SHA-256 ${sha256} · page ${page} of ${of}`);
}
