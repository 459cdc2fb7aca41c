// What a document's PDF (a quote's, an invoice's) draws with: pdfkit's built-in Helvetica on US Letter, text cut to
// WinAnsi, headings that never end a page, rules, amount rows, every page stamped with what it is and its hash, and
// the bytes read back synchronously. The same input gives the same bytes: the document's dates are its own.
import PDFDocument from "pdfkit";
import { winAnsi } from "../quotes/pdf-text.ts";

export const INK = "#1c1917";
export const SOFT = "#57534e";
const RULE = "#d6d3d1";
export const MARGIN = 54;

/** A document for `customer` from `business`, dated `at`, its letterhead drawn (the business's name and address). */
export function newPdf(info: {
  title: string;
  business: { name: string; phone: string; email: string };
  address: string;
  customer: string;
  at: Date;
}): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    size: "LETTER",
    margin: MARGIN,
    bufferPages: true,
    compress: true,
    info: {
      Title: winAnsi(info.title),
      Author: winAnsi(info.business.name),
      Subject: winAnsi(`For ${info.customer}`),
      CreationDate: info.at,
      ModDate: info.at,
    },
  });
  letterhead(doc, info.business, info.address);
  return doc;
}

/** The pen a document draws its text with. */
export function pdfPen(doc: PDFKit.PDFDocument) {
  const width = doc.page.width - MARGIN * 2;
  const t = (s: string) => winAnsi(s);
  const keepRoom = (points: number) => {
    if (doc.y + points > doc.page.height - MARGIN - 24) doc.addPage();
  };
  return {
    width,
    t,
    keepRoom,
    // A heading never ends a page: it keeps room for a few lines under it.
    heading(text: string, size = 14) {
      keepRoom(size * 2 + 40);
      doc.moveDown(0.6).font("Helvetica-Bold").fontSize(size).fillColor(INK).text(t(text));
      doc.moveDown(0.2);
    },
    body: (text: string, options: PDFKit.Mixins.TextOptions = {}) =>
      doc.font("Helvetica").fontSize(10).fillColor(INK).text(t(text), options),
    soft: (text: string, options: PDFKit.Mixins.TextOptions = {}) =>
      doc.font("Helvetica").fontSize(9).fillColor(SOFT).text(t(text), options),
    rule() {
      const y = doc.y + 2;
      doc
        .moveTo(MARGIN, y)
        .lineTo(MARGIN + width, y)
        .lineWidth(0.5)
        .strokeColor(RULE)
        .stroke();
      doc.y = y + 4;
    },
    totalRow(label: string, amount: string, bold = false) {
      keepRoom(16);
      const y = doc.y;
      doc
        .font(bold ? "Helvetica-Bold" : "Helvetica")
        .fontSize(bold ? 11 : 10)
        .fillColor(INK)
        .text(t(label), MARGIN, y, { width: width - 90 });
      doc.text(t(amount), MARGIN + width - 80, y, { width: 80, align: "right" });
      doc.x = MARGIN;
      doc.moveDown(0.2);
    },
  };
}

/** The business at the top of the first page: its name, then its address, phone and e-mail on one line. */
function letterhead(
  doc: PDFKit.PDFDocument,
  business: { name: string; phone: string; email: string },
  address: string,
): void {
  doc.font("Helvetica-Bold").fontSize(18).fillColor(INK).text(winAnsi(business.name));
  doc
    .font("Helvetica")
    .fontSize(9)
    .fillColor(SOFT)
    .text(winAnsi(`${address} · ${business.phone} · ${business.email}`));
  doc.moveDown(0.8);
}

/** Stamps every page with `stamp(page, of)` at its foot, then ends the document and returns its bytes. */
export function finishPdf(doc: PDFKit.PDFDocument, stamp: (page: number, of: number) => string): Buffer {
  const width = doc.page.width - MARGIN * 2;
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font("Helvetica")
      .fontSize(7)
      .fillColor(SOFT)
      .text(winAnsi(stamp(i + 1, range.count)), MARGIN, doc.page.height - MARGIN + 18, {
        width,
        align: "center",
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  const chunks: Buffer[] = [];
  for (let chunk: unknown = doc.read(); chunk !== null; chunk = doc.read()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
