// A sent condition report as a tagged PDF (decision 0054), drawn by pdfkit from the frozen snapshot alone, in a
// worker thread (report-pdf-worker.ts): PDF 1.7, tagged (a structure tree of headings, paragraphs, lists and figures,
// each figure with the alt text the page gives its photo), its language and title shown as the window's title, and
// Liberation Sans embedded (subset), so every word reads the same everywhere and a screen reader can follow it. The
// photos are the 1200 px q70 copies (about 100 KB each: 30 fit in 5 MB). Made once when the version is sent and
// stored with its hash: a download sends those bytes, never a new drawing. Synchronous.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import PDFDocument from "pdfkit";
import { instantText } from "../time/wall-time.ts";
import { dayText } from "../quotes/quote-view.ts";
import type { ReportSnapshot, SnapshotFinding } from "./report-snapshot.ts";
import {
  findingHeadline,
  findingTitle,
  pageWords,
  photoAlt,
  recheckText,
  summarize,
  urgentFirst,
} from "./report-summary.ts";

export type ReportPdfInput = {
  snapshot: ReportSnapshot;
  sha256: string;
  /** Each photo's PDF copy (1200 px) by the hash the snapshot names it by. */
  photos: ReadonlyMap<string, Buffer>;
};

const INK = "#1c1917";
const SOFT = "#57534e";
const RULE = "#d6d3d1";
const BRICK = "#9f1d1d";
const MARGIN = 54;
const GAP = 8;
const BOLD = "Sans-Bold";

/** The embedded font's files: beside this module in the source, copied beside the compiled worker by the build. */
const fontPath = (file: string) => fileURLToPath(new URL(`./fonts/${file}`, import.meta.url));
/** The regular face by the path the document opens it from, so pdfkit reuses that one and never parses it again. */
const REGULAR = fontPath("LiberationSans-Regular.ttf");
let bold: Buffer | null = null;
const boldFile = () => (bold ??= readFileSync(fontPath("LiberationSans-Bold.ttf")));

type Pen = ReturnType<typeof penFor>;

function penFor(doc: PDFKit.PDFDocument, root: PDFKit.PDFStructureElement) {
  const width = doc.page.width - MARGIN * 2;
  const bottom = () => doc.page.height - MARGIN - 24;
  const keepRoom = (points: number) => {
    if (doc.y + points > bottom()) doc.addPage();
  };
  /** One tagged element of the document, drawn by `draw`. */
  const tagged = (type: string, draw: () => void, options: PDFKit.Mixins.StructureElementOptions = {}) => {
    root.add(doc.struct(type, options, draw));
  };
  const style = (font: string, size: number, color = INK) => doc.font(font).fontSize(size).fillColor(color);
  return {
    doc,
    root,
    width,
    keepRoom,
    tagged,
    style,
    heading(level: 1 | 2 | 3, text: string) {
      const size = level === 1 ? 20 : level === 2 ? 15 : 12;
      keepRoom(size * 2 + 48);
      doc.moveDown(level === 1 ? 0 : 0.7);
      tagged(`H${level}`, () => style(BOLD, size).text(text, MARGIN, doc.y, { width }));
      doc.moveDown(0.25);
    },
    para(text: string, { size = 10, color = INK, bold = false } = {}) {
      keepRoom(size * 3);
      tagged("P", () => style(bold ? BOLD : REGULAR, size, color).text(text, MARGIN, doc.y, { width }));
    },
    /** "What it is: …", the label in bold. */
    labelled(label: string, text: string) {
      keepRoom(30);
      tagged("P", () => {
        style(BOLD, 10).text(`${label}: `, MARGIN, doc.y, { width, continued: true });
        style(REGULAR, 10).text(text);
      });
      doc.moveDown(0.15);
    },
    rule() {
      doc.markContent("Artifact");
      const y = doc.y + 3;
      doc
        .moveTo(MARGIN, y)
        .lineTo(MARGIN + width, y)
        .lineWidth(0.5)
        .strokeColor(RULE)
        .stroke();
      doc.endMarkedContent();
      doc.y = y + 5;
    },
  };
}

/** The red box at the top that says which parts must not be used: the owner cannot leave it out. */
function doNotUseBanner(pen: Pen, snapshot: ReportSnapshot, items: SnapshotFinding[]) {
  if (items.length === 0) return;
  const { doc, width, style } = pen;
  const lines = [
    `${snapshot.words.doNotUse.label}: ${snapshot.words.doNotUse.says}`,
    ...items.map((f) => `${f.number}. ${findingTitle(snapshot, f)}: ${findingHeadline(f)}`),
  ];
  style(BOLD, 12);
  const inner = width - 24;
  const height = lines.reduce((h, l) => h + doc.heightOfString(l, { width: inner }) + 3, 0) + 18;
  pen.keepRoom(height + 10);
  const top = doc.y + 4;
  doc.markContent("Artifact");
  doc.rect(MARGIN, top, width, height).fill(BRICK);
  doc.endMarkedContent();
  doc.y = top + 9;
  lines.forEach((line, i) =>
    pen.tagged(i === 0 ? "H2" : "P", () => {
      style(BOLD, 12, "#ffffff").text(line, MARGIN + 12, doc.y, { width: inner });
      doc.y += 3;
    }),
  );
  doc.x = MARGIN;
  doc.y = top + height + 8;
}

/** The size of a finding's row of photos: one large, or up to three side by side. */
function photoCell(pen: Pen, count: number): { cellW: number; cellH: number } {
  const cellW = count === 1 ? pen.width * 0.6 : (pen.width - GAP * 2) / 3;
  return { cellW, cellH: cellW * 0.75 };
}

/** A finding's photos in a row (up to 3), each a tagged figure with its alt text. */
function photoRow(pen: Pen, snapshot: ReportSnapshot, f: SnapshotFinding, photos: ReadonlyMap<string, Buffer>) {
  const shown = f.photos.filter((p) => photos.has(p.sha256));
  if (shown.length === 0) return;
  const { doc } = pen;
  const { cellW, cellH } = photoCell(pen, shown.length);
  pen.keepRoom(cellH + GAP);
  const top = doc.y + 2;
  shown.forEach((p, i) => {
    const bytes = photos.get(p.sha256) as Buffer;
    pen.tagged("Figure", () => doc.image(bytes, MARGIN + i * (cellW + GAP), top, { fit: [cellW, cellH] }), {
      alt: photoAlt(snapshot, f, f.photos.indexOf(p)),
    });
  });
  doc.x = MARGIN;
  doc.y = top + cellH + GAP;
}

function findingSection(pen: Pen, snapshot: ReportSnapshot, f: SnapshotFinding, photos: ReadonlyMap<string, Buffer>) {
  const words = pageWords(snapshot);
  const state = snapshot.words.states[f.state].label;
  const flag = f.doNotUse ? ` · ${snapshot.words.doNotUse.label}` : "";
  // The heading stays on the page of its photos.
  const count = f.photos.filter((p) => photos.has(p.sha256)).length;
  pen.keepRoom(70 + (count > 0 ? photoCell(pen, count).cellH + GAP : 40));
  pen.heading(3, `${f.number}. ${findingTitle(snapshot, f)}: ${state}${flag}`);
  if (f.defect) pen.para(f.defect.name, { bold: true });
  photoRow(pen, snapshot, f, photos);
  if (f.state === "not-inspected") pen.labelled(snapshot.words.states["not-inspected"].label, f.notInspectedWhy);
  if (f.note) pen.labelled(words.saw, f.note);
  pen.labelled(words.whatItIs, f.defect?.what ?? f.partWhat);
  pen.labelled(words.whyItMatters, f.defect?.why ?? f.partWhy);
  if (f.defect) pen.labelled(words.recommend, f.defect.recommend);
  if (f.state === "watch") {
    if (f.worseIf) pen.labelled(words.worseIf, f.worseIf);
    const day = recheckText(f);
    if (day) pen.labelled(words.recheck, day);
  }
  pen.rule();
}

function summaryList(pen: Pen, snapshot: ReportSnapshot, items: SnapshotFinding[]) {
  const words = pageWords(snapshot);
  pen.heading(2, words.summary);
  pen.para(words.summaryIntro, { color: SOFT });
  if (items.length === 0) return pen.para(words.nothingUrgent);
  const list = pen.doc.struct("L");
  pen.root.add(list);
  for (const f of items) {
    const state = f.doNotUse ? snapshot.words.doNotUse.label : snapshot.words.states[f.state].label;
    const day = f.state === "watch" ? recheckText(f) : null;
    const text = `${f.number}. ${findingTitle(snapshot, f)} (${state}): ${findingHeadline(f)}${day ? `. ${words.recheck} ${day}.` : ""}`;
    pen.keepRoom(28);
    list.add(
      pen.doc.struct("LI", {}, () =>
        pen.style(REGULAR, 10).text(`•  ${text}`, MARGIN, pen.doc.y, { width: pen.width }),
      ),
    );
    pen.doc.moveDown(0.2);
  }
  list.end();
}

function scopeSection(pen: Pen, snapshot: ReportSnapshot, notInspected: SnapshotFinding[]) {
  const words = pageWords(snapshot);
  const { scope } = snapshot;
  pen.heading(2, words.scope);
  pen.labelled(scope.levelLabel, scope.levelSays);
  pen.labelled("Weather", scope.weatherLabel);
  pen.labelled("The top of the chimney", scope.roofAccessLabel);
  pen.labelled(snapshot.flues.length === 1 ? "Flue" : "Flues", snapshot.flues.map((f) => f.label).join(", "));
  if (scope.limits || notInspected.length > 0) {
    pen.heading(3, words.notInspected);
    if (scope.limits) pen.para(scope.limits);
    for (const f of notInspected) pen.para(`${f.number}. ${findingTitle(snapshot, f)}: ${f.notInspectedWhy}`);
  }
}

function goodSection(pen: Pen, snapshot: ReportSnapshot, good: SnapshotFinding[], photos: ReadonlyMap<string, Buffer>) {
  if (good.length === 0) return;
  const words = pageWords(snapshot);
  const { doc, width } = pen;
  pen.heading(2, words.good);
  pen.para(words.goodIntro, { color: SOFT });
  doc.moveDown(0.3);
  for (const f of good) {
    const photo = f.photos.find((p) => photos.has(p.sha256));
    const thumbW = 72;
    const thumbH = 54;
    pen.keepRoom(thumbH + 6);
    const top = doc.y;
    if (photo)
      pen.tagged(
        "Figure",
        () => doc.image(photos.get(photo.sha256) as Buffer, MARGIN, top, { fit: [thumbW, thumbH] }),
        { alt: photoAlt(snapshot, f, 0) },
      );
    const textX = MARGIN + thumbW + GAP * 1.5;
    pen.tagged("P", () =>
      pen.style(REGULAR, 10).text(`${f.number}. ${findingTitle(snapshot, f)}: ${findingHeadline(f)}`, textX, top, {
        width: width - thumbW - GAP * 1.5,
      }),
    );
    doc.x = MARGIN;
    doc.y = Math.max(doc.y, top + (photo ? thumbH : 0)) + 6;
  }
}

/** Stamps each page with what it is (an artifact, not content), then ends the document and returns its bytes. */
function finish(doc: PDFKit.PDFDocument, stamp: (page: number, of: number) => string): Buffer {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.markContent("Artifact", { type: "Pagination" });
    doc
      .font(REGULAR)
      .fontSize(7)
      .fillColor(SOFT)
      .text(stamp(i + 1, range.count), MARGIN, doc.page.height - MARGIN + 18, {
        width: doc.page.width - MARGIN * 2,
        align: "center",
        lineBreak: false,
      });
    doc.endMarkedContent();
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  const chunks: Buffer[] = [];
  for (let chunk: unknown = doc.read(); chunk !== null; chunk = doc.read()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A tagged Letter document with both fonts registered, its structure's root and its pen. */
function openDocument(info: PDFKit.DocumentInfo) {
  const doc = new PDFDocument({
    size: "LETTER",
    margin: MARGIN,
    bufferPages: true,
    compress: true,
    pdfVersion: "1.7",
    tagged: true,
    lang: "en-US",
    displayTitle: true,
    font: REGULAR,
    info,
  });
  doc.registerFont(BOLD, boldFile());
  const root = doc.struct("Document");
  doc.addStructure(root);
  return { doc, root, pen: penFor(doc, root) };
}

/**
 * A page nobody keeps, drawn when the worker is warmed (the owner opened a report he may send): the first real report
 * then finds pdfkit's and fontkit's code compiled and both fonts read, about 2 s less on its send (decision 0057).
 */
export function warmReportPdf(): Buffer {
  const { doc, root, pen } = openDocument({ Title: "Warm-up" });
  pen.heading(1, "Chimney condition report");
  pen.para("The basis of our estimate: what we saw at the visit, part by part, with photos.", { bold: true });
  pen.labelled("What it is", "The concrete slab that caps the chimney and sheds water away from the flue.");
  pen.rule();
  pen.para("Water gets into the chimney through these cracks, and freezing widens them every winter.");
  root.end();
  return finish(doc, (page, of) => `Warm-up · page ${page} of ${of}`);
}

export function reportPdf({ snapshot, sha256, photos }: ReportPdfInput): Buffer {
  const title = `${snapshot.words.title}: ${snapshot.customer.name}, ${snapshot.customer.street}`;
  const at = new Date(snapshot.sentAt);
  const { doc, root, pen } = openDocument({
    Title: title,
    Author: snapshot.business.name,
    Subject: `${snapshot.words.subtitle}. Version ${snapshot.version}.`,
    CreationDate: at,
    ModDate: at,
  });
  const words = pageWords(snapshot);
  const b = snapshot.business;
  pen.tagged("P", () => pen.style(BOLD, 16).text(b.name, MARGIN, doc.y, { width: pen.width }));
  pen.para(`${b.address} · ${b.phone} · ${b.email}`, { size: 9, color: SOFT });
  doc.moveDown(0.6);
  pen.heading(1, snapshot.words.title);
  pen.para(snapshot.words.subtitle, { size: 12, bold: true, color: SOFT });
  doc.moveDown(0.3);
  const c = snapshot.customer;
  pen.para(`For ${c.name}, ${[c.street, c.town].filter(Boolean).join(", ")}. Visit of ${dayText(snapshot.visitDay)}.`);
  pen.para(`Version ${snapshot.version}, sent ${instantText(snapshot.sentAt, snapshot.timeZone)}.`, { color: SOFT });
  if (snapshot.reason) pen.para(`Corrected: ${snapshot.reason}`, { bold: true });
  const summary = summarize(snapshot);
  doNotUseBanner(pen, snapshot, summary.doNotUse);
  doc.moveDown(0.3);
  pen.para(snapshot.words.intro);
  summaryList(pen, snapshot, urgentFirst(summary));
  scopeSection(pen, snapshot, summary.notInspected);
  const details = [...urgentFirst(summary), ...summary.notInspected.filter((f) => f.photos.length > 0)];
  if (details.length > 0) {
    pen.heading(2, words.details);
    for (const f of details) findingSection(pen, snapshot, f, photos);
  }
  goodSection(pen, snapshot, summary.good, photos);
  doc.moveDown(0.8);
  pen.para(words.about, { size: 9, color: SOFT });
  pen.para(`Version ${snapshot.version}. SHA-256 of this version: ${sha256}`, { size: 7, color: SOFT });
  root.end();
  return finish(
    doc,
    (page, of) => `${snapshot.words.title} · ${c.name} · version ${snapshot.version} · page ${page} of ${of}`,
  );
}
