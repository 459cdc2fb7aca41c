// The condition report's PDF (decision 0054): with 30 photos it stays under the 5 MB an e-mail carries, it is tagged
// with its language, title and a Figure with alt text for every photo, and its one font is embedded (pdfinfo and
// pdffonts, from poppler-utils, read it as a reader would). Above 5 MB the e-mail carries the link alone.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256Hex } from "../documents/canonical-json.ts";
import { fixtureReport, type FixtureReport } from "./report.fixture.ts";
import { reportPdf, warmReportPdf } from "./report-pdf.ts";
import { attachesPdf, PDF_ATTACH_MAX_BYTES, reportPdfMaker } from "./report-pdfs.ts";
import { reportSentMail } from "./report-mail.ts";
import { readReportWords } from "./report-page-words.ts";
import { snapshotPhotoHashes } from "./report-snapshot.ts";

let dir: string;
let report: FixtureReport;
let pdf: Buffer;
let file: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "report-pdf-"));
  report = await fixtureReport({ photos: 30 });
  pdf = reportPdf({ snapshot: report.snapshot, sha256: sha256Hex("x"), photos: report.photos });
  file = path.join(dir, "report.pdf");
  writeFileSync(file, pdf);
}, 240_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a condition report's PDF", () => {
  it("with 30 photos is at most 5 MB, and shows every one of them", () => {
    expect(snapshotPhotoHashes(report.snapshot)).toHaveLength(30);
    expect(pdf.length).toBeLessThanOrEqual(PDF_ATTACH_MAX_BYTES);
    expect(pdf.toString("latin1").match(/\/Subtype \/Image/g)).toHaveLength(30);
  });

  it("is tagged, with its language and title, and a Figure with alt text for each photo", () => {
    const info = execFileSync("pdfinfo", [file], { encoding: "utf8" });
    expect(info).toMatch(/^Tagged:\s+yes$/m);
    expect(info).toMatch(/^Title:\s+Chimney condition report: /m);
    expect(info).toMatch(/^PDF version:\s+1\.7$/m);
    const raw = pdf.toString("latin1");
    expect(raw).toContain("/StructTreeRoot");
    expect(raw).toMatch(/\/Lang \(en-US\)/);
    expect(raw).toMatch(/\/DisplayDocTitle true/);
    expect(raw.match(/\/S \/Figure/g)?.length).toBeGreaterThanOrEqual(30);
    expect(raw.match(/\/Alt \(/g)?.length).toBeGreaterThanOrEqual(30);
    expect(raw).not.toMatch(/home inspection/i);
  });

  it("embeds its one font, subset, with its Unicode map", () => {
    const rows = execFileSync("pdffonts", [file], { encoding: "utf8" }).split("\n").slice(2).filter(Boolean);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toMatch(/LiberationSans\S*\s+CID TrueType\s+Identity-H\s+yes yes yes/);
  });
});

describe("the PDF's thread", () => {
  it("is warmed when the owner opens a report: a page nobody keeps, then his send is drawn as it is cold", async () => {
    expect(warmReportPdf().subarray(0, 8).toString("latin1")).toBe("%PDF-1.7");
    const maker = reportPdfMaker();
    try {
      maker.warm();
      maker.warm(); // Already running: nothing more.
      const made = await maker.make({ snapshot: report.snapshot, sha256: sha256Hex("x"), photos: report.photos });
      expect(made.toString("latin1").match(/\/Subtype \/Image/g)).toHaveLength(30);
      expect(made.length).toBe(pdf.length);
    } finally {
      maker.close();
    }
  }, 60_000);
});

describe("the report's e-mail", () => {
  const words = readReportWords(process.cwd()).mail;
  it("attaches the PDF up to 5 MB, and above that carries the link alone, saying why", () => {
    expect(attachesPdf(PDF_ATTACH_MAX_BYTES)).toBe(true);
    expect(attachesPdf(PDF_ATTACH_MAX_BYTES + 1)).toBe(false);
    const link = "https://example.com/report/abc";
    const withFile = reportSentMail(report.snapshot, words, link, pdf);
    expect(withFile.attachments?.[0]?.filename).toBe("chimney-condition-report-v1.pdf");
    expect(withFile.text).toContain(words.attached);
    const linkOnly = reportSentMail(report.snapshot, words, link, null);
    expect(linkOnly.attachments).toBeUndefined();
    expect(linkOnly.text).toContain(words.notAttached);
    expect(linkOnly.text).toContain(link);
  });
});
