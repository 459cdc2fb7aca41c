import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv.ts";

describe("CSV export", () => {
  it("quotes every cell and doubles quotes", () => {
    expect(csvCell('He said "hi", then left')).toBe('"He said ""hi"", then left"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(42)).toBe('"42"');
  });

  it("never lets a cell become a spreadsheet formula", () => {
    for (const attack of ['=HYPERLINK("http://x")', "+1+1", "-2+3", "@SUM(A1)", "\t=1", "\r=1"]) {
      expect(csvCell(attack).startsWith(`"'`)).toBe(true);
    }
  });

  it("writes a header row and one line per lead, keeping non-ASCII and newlines", () => {
    const csv = toCsv(["name", "message"], [{ name: "Zoë 李", message: "line one\nline two" }]);
    expect(csv).toBe('\uFEFF"name","message"\r\n"Zoë 李","line one\nline two"\r\n');
  });

  it("keeps joiners and variation selectors: Persian, Hindi and emoji arrive as typed", () => {
    const message = "می\u200Cخواهم دودکش را تعمیر کنم — क्\u200Dषति — 👩\u200D👩\u200D👧 ❤\uFE0F";
    expect(toCsv(["message"], [{ message }])).toBe(`\uFEFF"message"\r\n"${message}"\r\n`);
  });
});
