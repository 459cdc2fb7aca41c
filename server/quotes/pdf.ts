// The quote as a PDF, drawn by pdfkit from the frozen version: no browser, no font file, no network (decision 0032).
// Made once when a version is sent and once when it is accepted (with a page that records the acceptance: the name,
// the time and the hash), stored, and sent as it was stored. The same bytes for the same input: the document's dates
// are the version's own, so a retried e-mail carries an identical file. Synchronous: pdfkit writes into its stream's
// buffer, read at the end.
import { finishPdf, INK, MARGIN, newPdf, pdfPen, SOFT } from "../documents/pdf-drawing.ts";
import { dayAt } from "../../app/lib/business-day.ts";
import type { QuoteVersion } from "./document.ts";
import {
  addonsView,
  businessAddress,
  choiceView,
  dayText,
  depositRule,
  optionsView,
  paragraphs,
  taxLabel,
  type LineView,
} from "./quote-view.ts";
import type { Choice } from "./totals.ts";
import { instantText } from "../time/wall-time.ts";

export type PdfAcceptance = {
  name: string;
  at: string;
  method: "online" | "in-home" | "paper";
  choice: Choice;
  ip: string | null;
  userAgent: string | null;
  linkHash: string | null;
  consentVersion: string | null;
  pamphletAcknowledged: boolean;
  recordSha256: string;
};

export type PdfInput = {
  version: QuoteVersion;
  sha256: string;
  /** Each photo's preview JPEG by its SHA-256 (those the version lists). */
  photos: ReadonlyMap<string, Buffer>;
  acceptance?: PdfAcceptance;
};

export function quotePdf({ version, sha256, photos, acceptance }: PdfInput): Buffer {
  const when = new Date(acceptance?.at ?? version.sentAt);
  const doc = newPdf({
    title: `Quote ${version.reference} (version ${version.version})${acceptance ? ", accepted" : ""}`,
    business: version.business,
    address: businessAddress(version),
    customer: version.customer.name,
    at: when,
  });
  const { width, t, keepRoom, heading, body, soft, rule, totalRow } = pdfPen(doc);

  // The business, the quote, the customer.
  doc
    .font("Helvetica-Bold")
    .fontSize(13)
    .fillColor(INK)
    .text(t(`Quote ${version.reference}`), { continued: true });
  doc
    .font("Helvetica")
    .fontSize(10)
    .fillColor(SOFT)
    .text(t(`   version ${version.version}`));
  doc.fillColor(INK);
  body(`Sent ${instantText(version.sentAt, version.timeZone)}. Valid until the end of ${dayText(version.validUntil)}.`);
  const c = version.customer;
  body(`Prepared for ${c.name}${c.town ? `, ${c.town}` : ""} · ${c.email} · ${c.phone}`);
  if (version.note) {
    doc.moveDown(0.5);
    for (const p of paragraphs(version.note)) body(p, { paragraphGap: 4 });
  }

  const lineRow = (line: LineView) => {
    keepRoom(48);
    const top = doc.y;
    const amountWidth = 80;
    const detailWidth = width - amountWidth - 10;
    doc.font("Helvetica-Bold").fontSize(10).fillColor(INK).text(t(line.name), MARGIN, top, { width: detailWidth });
    if (line.description) body(line.description, { width: detailWidth });
    soft(`${line.quantity} × ${line.unitPrice}${line.taxable ? " · taxed" : ""}`, { width: detailWidth });
    if (line.materials.length) soft(`Materials: ${line.materials.join("; ")}`, { width: detailWidth });
    const bottom = doc.y;
    doc
      .font("Helvetica-Bold")
      .fontSize(10)
      .fillColor(INK)
      .text(t(line.amount), MARGIN + detailWidth + 10, top, { width: amountWidth, align: "right" });
    doc.x = MARGIN;
    doc.y = Math.max(bottom, doc.y) + 4;
    rule();
  };

  const options = optionsView(version);
  const many = options.length > 1;
  if (many) {
    doc.moveDown(0.5);
    body(`Choose one of ${options.length} options${version.addons.length ? ", and any of the add-ons" : ""}.`);
  }
  options.forEach((option, i) => {
    heading(many ? `Option ${i + 1}: ${option.name}` : option.name);
    rule();
    for (const line of option.lines) lineRow(line);
    const o = version.options[i];
    if (o && o.tax > 0) {
      totalRow("Subtotal", choiceView(version, { option: i, addons: [] }).subtotal);
      totalRow(taxLabel(version), choiceView(version, { option: i, addons: [] }).tax ?? "");
    }
    totalRow(many ? `Total for ${option.name}` : "Total", option.total, true);
  });
  const addons = addonsView(version);
  if (addons.length) {
    heading("Optional add-ons");
    soft("Added to the option you choose, if you tick them.");
    rule();
    for (const line of addons) lineRow(line);
  }
  doc.moveDown(0.3);
  soft(version.taxStatement);
  const deposit = depositRule(version);
  if (deposit) {
    heading("Deposit", 12);
    body(`Deposit: ${deposit}, due once you accept. ${version.depositHowToPay}`);
  }

  // Photos, three to a row.
  const shown = version.photos.filter((p) => photos.has(p.sha256));
  if (shown.length) {
    heading("Photos");
    const gap = 8;
    const cell = (width - gap * 2) / 3;
    shown.forEach((p, i) => {
      const col = i % 3;
      if (col === 0) {
        keepRoom(cell + gap);
        if (i > 0) doc.y += gap;
      }
      const rowTop = doc.y;
      doc.image(photos.get(p.sha256) as Buffer, MARGIN + col * (cell + gap), rowTop, {
        fit: [cell, cell],
        align: "center",
        valign: "center",
      });
      if (col === 2 || i === shown.length - 1) doc.y = rowTop + cell;
      else doc.y = rowTop;
    });
    doc.x = MARGIN;
    doc.moveDown(0.5);
  }

  heading("Terms");
  for (const p of paragraphs(version.terms.text)) body(p, { paragraphGap: 4 });
  heading("Consent to electronic records", 12);
  for (const p of paragraphs(version.consent.text)) body(p, { paragraphGap: 4 });

  if (acceptance) {
    doc.addPage();
    heading("Acceptance", 16);
    const choice = choiceView(version, acceptance.choice);
    const rows: [string, string][] = [
      ["Accepted by (typed full name)", acceptance.name],
      ["At", instantText(acceptance.at, version.timeZone)],
      [
        "How",
        acceptance.method === "online"
          ? "Online, on the homeowner's quote page"
          : acceptance.method === "in-home"
            ? "At the homeowner's home, on the contractor's device"
            : "On paper or in person, recorded by the contractor",
      ],
      ["Option", choice.optionName],
      ["Add-ons", choice.addonNames.length ? choice.addonNames.join("; ") : "None"],
      ["Total", choice.total],
      ...(choice.deposit ? ([["Deposit due", choice.deposit]] as [string, string][]) : []),
      ["Quote", `${version.reference}, version ${version.version}`],
      ["Version SHA-256", sha256],
      ...(acceptance.consentVersion
        ? ([["Consent to electronic records", `given (version ${acceptance.consentVersion})`]] as [string, string][])
        : []),
      ["Internet address", acceptance.ip ?? "not recorded"],
      ["Browser", acceptance.userAgent ?? "not recorded"],
      ["Link (SHA-256)", acceptance.linkHash ?? "none (recorded by the contractor)"],
      ["Record SHA-256", acceptance.recordSha256],
    ];
    for (const [label, value] of rows) {
      keepRoom(28);
      doc.font("Helvetica-Bold").fontSize(9).fillColor(SOFT).text(t(label.toUpperCase()));
      doc.font("Helvetica").fontSize(11).fillColor(INK).text(t(value));
      doc.moveDown(0.3);
    }
    if (acceptance.pamphletAcknowledged) {
      heading("Consumer Rights Acknowledgment Form", 12);
      body(version.pamphlet.acknowledgment);
      body(`Homeowner: ${acceptance.name}, ${dayText(dayAt(acceptance.at, version.timeZone))}.`);
      body(
        `Contractor: ${version.business.name}, ${businessAddress(version)}, who gave the pamphlet with this quote on ${dayText(dayAt(version.sentAt, version.timeZone))}.`,
      );
    }
    if (acceptance.method !== "online") {
      heading("Your right to cancel", 12);
      for (const p of paragraphs(version.cancellation.text)) body(p, { paragraphGap: 4 });
    }
  }

  // The pamphlet, a separate document in 12-point type (815 ILCS 513/20(c)).
  doc.addPage();
  doc.font("Helvetica-Bold").fontSize(16).fillColor(INK).text(t(version.pamphlet.title.toUpperCase()));
  doc.moveDown(0.5);
  for (const p of paragraphs(version.pamphlet.text)) {
    doc.font("Helvetica").fontSize(12).fillColor(INK).text(t(p), { paragraphGap: 6 });
  }

  // Every page says which quote, which version and which bytes it is.
  return finishPdf(
    doc,
    (page, of) => `${version.reference} v${version.version} · SHA-256 ${sha256} · page ${page} of ${of}`,
  );
}
