// CSV for the owner's spreadsheet. Cells are quoted, and a cell that a spreadsheet would read as a formula
// (starting with = + - @ tab or carriage return) is prefixed with an apostrophe so it stays text.

/** @param {unknown} value */
export function csvCell(value) {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/**
 * @param {readonly string[]} columns
 * @param {readonly Record<string, unknown>[]} rows
 */
export function toCsv(columns, rows) {
  const lines = [columns.map(csvCell).join(","), ...rows.map((row) => columns.map((c) => csvCell(row[c])).join(","))];
  return lines.join("\r\n") + "\r\n";
}
