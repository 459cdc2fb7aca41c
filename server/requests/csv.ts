// CSV for the owner's spreadsheet, made to open cleanly in Excel: a UTF-8 byte-order mark (so Zoë stays Zoë),
// CRLF line ends, every cell quoted, and a cell that a spreadsheet would read as a formula (starting with
// = + - @ tab or carriage return) prefixed with an apostrophe so it stays text.

export const UTF8_BOM = "\uFEFF";

export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** The whole file: BOM, header row, one row per record, CRLF after every row. */
export function toCsv(columns: readonly string[], rows: readonly Record<string, unknown>[]): string {
  const lines = [columns.map(csvCell).join(","), ...rows.map((row) => columns.map((c) => csvCell(row[c])).join(","))];
  return UTF8_BOM + lines.join("\r\n") + "\r\n";
}
