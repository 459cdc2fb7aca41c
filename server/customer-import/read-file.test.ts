import { describe, expect, it } from "vitest";
import { decodeFile, readCustomerFile, type ReadFile } from "./read-file.ts";

const utf8 = (s: string) => new TextEncoder().encode(s);
/** Text as Excel's "Save As → CSV" writes it on Windows: one byte a character, Windows-1252. */
function windows1252(s: string): Uint8Array {
  const table: Record<string, number> = { "€": 0x80, "’": 0x92, "“": 0x93, "”": 0x94, "–": 0x96 };
  return Uint8Array.from([...s].map((c) => table[c] ?? c.charCodeAt(0)));
}
const bom = (bytes: Uint8Array) => Uint8Array.from([0xef, 0xbb, 0xbf, ...bytes]);

function read(bytes: Uint8Array): ReadFile {
  const file = readCustomerFile(bytes);
  if ("problem" in file) throw new Error(file.problem);
  return file;
}

describe("reading the owner's file", () => {
  it("reads UTF-8 with and without a BOM, and the BOM is not part of the first header", () => {
    const text = "First name,Last name\r\nRenée,Dubois\r\n";
    const plain = read(utf8(text));
    const marked = read(bom(utf8(text)));
    expect(plain.encoding).toBe("utf-8");
    expect(marked.encoding).toBe("utf-8 with BOM");
    for (const file of [plain, marked]) {
      expect(file.headers).toEqual(["First name", "Last name"]);
      expect(file.rows).toEqual([{ row: 2, cells: ["Renée", "Dubois"] }]);
    }
  });

  it("reads Windows-1252 (Excel's CSV): “é” is é, not Ã©, and curly quotes survive", () => {
    const bytes = windows1252("First name,Notes\r\nRenée,“Cap” – €40 paid\r\n");
    expect(bytes.includes(0xe9)).toBe(true);
    const file = read(bytes);
    expect(file.encoding).toBe("windows-1252");
    expect(file.rows[0]?.cells).toEqual(["Renée", "“Cap” – €40 paid"]);
    // The same text in UTF-8 is never taken for Windows-1252.
    expect(decodeFile(utf8("Renée")).text).toBe("Renée");
  });

  it("reads UTF-16 with its BOM (Excel's Unicode text, tab-separated)", () => {
    const text = "First name\tZIP\r\nZoë\t06103\r\n";
    const bytes = new Uint8Array(2 + text.length * 2);
    bytes.set([0xff, 0xfe]);
    [...text].forEach((c, i) => {
      bytes[2 + i * 2] = c.charCodeAt(0) & 0xff;
      bytes[3 + i * 2] = c.charCodeAt(0) >> 8;
    });
    const file = read(bytes);
    expect(file.delimiter).toBe("\t");
    expect(file.rows[0]?.cells).toEqual(["Zoë", "06103"]);
  });

  it("keeps ZIP codes and phones as text: 06103 stays 06103, a phone keeps its punctuation", () => {
    for (const bytes of [
      utf8("ZIP,Phone\r\n06103,(309) 828-1234\r\n"),
      windows1252("ZIP,Phone\n06103,0309 828 1234\n"),
    ]) {
      const cells = read(bytes).rows[0]?.cells ?? [];
      expect(cells[0]).toBe("06103");
      expect(typeof cells[1]).toBe("string");
      expect(cells[1]).toMatch(/^\(?0?309/);
    }
  });

  it("reads a quoted comma and a quoted line break inside one cell, and numbers rows as the spreadsheet does", () => {
    const file = read(
      utf8(
        'Name,Street,Notes\r\nAnn,"512 S Prairie St, Apt 2","Two flues:\r\nfireplace and furnace"\r\nBo,9 Elm St,\r\n',
      ),
    );
    expect(file.rows).toEqual([
      { row: 2, cells: ["Ann", "512 S Prairie St, Apt 2", "Two flues:\r\nfireplace and furnace"] },
      // The line break above is inside row 2: Bo is the spreadsheet's row 3, not the file's line 4.
      { row: 3, cells: ["Bo", "9 Elm St", ""] },
    ]);
  });

  it("keeps a short row and a long row, to be refused by number; a blank row is counted, not a customer", () => {
    const file = read(utf8("a,b,c\n1,2,3\n\n4,5\n6,7,8,9\n,,\n10,11,12\n"));
    expect(file.rows.map((r) => [r.row, r.cells.length])).toEqual([
      [2, 3],
      [4, 2],
      [5, 4],
      [7, 3],
    ]);
    expect(file.blankRows).toBe(2);
  });

  it("reads a semicolon file, and a stray quote inside a cell is a character", () => {
    const file = read(utf8('Name;Notes\nAl;5" pipe, cap\n'));
    expect(file.delimiter).toBe(";");
    expect(file.rows[0]?.cells).toEqual(["Al", '5" pipe, cap']);
  });

  it("refuses in words a file it cannot read whole: empty, binary, a quote never closed", () => {
    const problem = (bytes: Uint8Array) => {
      const file = readCustomerFile(bytes);
      return "problem" in file ? file.problem : "read";
    };
    expect(problem(new Uint8Array())).toBe("That file is empty.");
    expect(problem(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]))).toMatch(/^That is not a CSV file/);
    expect(problem(utf8('a,b\n1,2\n3,"open\n4,5\n'))).toMatch(/^A quotation mark in row 3 is never closed/);
    expect(problem(utf8("\n\n"))).toBe("That file has no rows.");
  });
});
