// The owner's old customer list as bytes, read into rows of text. Spreadsheets damage data first (research §4.5): Excel's
// "CSV" is Windows-1252, its "CSV UTF-8" has a BOM, and a cell it showed as a number is still text here (csv-parse
// casts nothing), so "06103" and "309-828-1234" stay as typed. Rows are numbered as the spreadsheet shows them (the
// header is row 1, a quoted line break stays in its row, a blank line is a row), so a refusal names the row the
// owner can find.
import { parse } from "csv-parse/sync";

export type FileEncoding = "utf-8" | "utf-8 with BOM" | "utf-16 with BOM" | "windows-1252";

export type FileRow = {
  /** The row's number as a spreadsheet shows it: the header is 1. */
  row: number;
  cells: string[];
};

export type ReadFile = {
  encoding: FileEncoding;
  delimiter: "," | ";" | "\t";
  headers: string[];
  /** Every row after the header that has a non-blank cell, short and long ones included. */
  rows: FileRow[];
  /** Rows with nothing in them (not customers; said, not counted). */
  blankRows: number;
};

export type ReadRefusal = { problem: string };

/** What the reader takes: a few thousand customers are a megabyte or two; far past that is not a customer list. */
export const READ_LIMITS = { maxRows: 20_000 } as const;

// Windows-1252's 0x80–0x9F (WHATWG's table); the five it leaves undefined stay as they are. Node 20's TextDecoder reads
// that range as Latin-1 control characters, so “ ” – € would be lost there; Node 24 agrees with this table.
const CP1252_HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ";

function windows1252(bytes: Uint8Array): string {
  return new TextDecoder("windows-1252")
    .decode(bytes)
    .replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80] ?? c);
}

/** The bytes as text: a BOM says what they are; without one, UTF-8 if they are valid UTF-8, else Windows-1252. */
export function decodeFile(bytes: Uint8Array): { text: string; encoding: FileEncoding } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return { text: new TextDecoder("utf-8").decode(bytes.subarray(3)), encoding: "utf-8 with BOM" };
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return { text: new TextDecoder("utf-16le").decode(bytes.subarray(2)), encoding: "utf-16 with BOM" };
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return { text: new TextDecoder("utf-16be").decode(bytes.subarray(2)), encoding: "utf-16 with BOM" };
  try {
    // Windows-1252 text with any letter past ASCII ("é" is the lone byte E9) is almost never valid UTF-8.
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "utf-8" };
  } catch {
    return { text: windows1252(bytes), encoding: "windows-1252" };
  }
}

/** The header line's separator: Excel writes ";" where the decimal mark is a comma, "Unicode text" uses tabs. */
function delimiterOf(text: string): ReadFile["delimiter"] {
  let quoted = false;
  const counts = { ",": 0, ";": 0, "\t": 0 };
  for (const c of text) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === "\n" || c === "\r")) break;
    else if (!quoted && (c === "," || c === ";" || c === "\t")) counts[c] += 1;
  }
  if (counts["\t"] > counts[","] && counts["\t"] >= counts[";"]) return "\t";
  return counts[";"] > counts[","] ? ";" : ",";
}

function problemWords(error: unknown): string {
  const code = error instanceof Error && "code" in error ? String(error.code) : "";
  // The rows read whole before it: the quote opened in the next one.
  const records = error instanceof Error && "records" in error ? Number(error.records) : NaN;
  if (code === "CSV_QUOTE_NOT_CLOSED")
    return `A quotation mark in row ${records + 1} is never closed, so the rows after it cannot be told apart. Open the file in your spreadsheet, save it as CSV again, and upload that.`;
  return "This file could not be read as a CSV spreadsheet. Save it from your spreadsheet as “CSV” and upload that.";
}

/** Reads a whole file; a file that is not a CSV table is refused in words, never read in part. */
export function readCustomerFile(bytes: Uint8Array): ReadFile | ReadRefusal {
  if (bytes.length === 0) return { problem: "That file is empty." };
  const { text, encoding } = decodeFile(bytes);
  if (text.includes("\u0000"))
    return { problem: "That is not a CSV file. Save the list from your spreadsheet as “CSV” and upload that." };
  const delimiter = delimiterOf(text);
  const records: { row: number; cells: string[] }[] = [];
  try {
    parse(text, {
      delimiter,
      // Short and long rows are kept, to be refused by number; a stray quote in a cell ("5" pipe") is a character.
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      // The record's count is the spreadsheet's row number (a blank line is a row there too).
      on_record: (cells: string[], context) => {
        records.push({ row: context.records, cells });
        return null;
      },
    });
  } catch (error) {
    return { problem: problemWords(error) };
  }
  const blank = (cells: string[]) => cells.every((c) => c.trim() === "");
  const headerAt = records.findIndex((r) => !blank(r.cells));
  const header = records[headerAt];
  if (!header) return { problem: "That file has no rows." };
  const rows: FileRow[] = [];
  let blankRows = 0;
  for (const r of records.slice(headerAt + 1)) {
    if (blank(r.cells)) blankRows += 1;
    else rows.push(r);
  }
  if (rows.length > READ_LIMITS.maxRows)
    return {
      problem: `That file has more than ${READ_LIMITS.maxRows.toLocaleString("en-US")} rows. Split it into smaller files and import each.`,
    };
  return { encoding, delimiter, headers: header.cells.map((h) => h.trim()), rows, blankRows };
}
