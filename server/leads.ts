// What `npm run leads` does (server/leads-command.ts runs it): parse the command line strictly, and render the
// requests as a list or as CSV.
import { parseArgs } from "node:util";
import { toCsv } from "./csv.ts";
import type { StoredEstimate } from "./estimate-store.ts";

export const USAGE = `Usage: npm run leads -- [options]

  (no options)     list every estimate request, newest first
  --csv            write them as CSV for a spreadsheet:  npm run leads -- --csv > leads.csv
  --limit N        only the newest N (N a whole number, 1 or more)
  --spam           include requests the spam trap caught
  --help           show this help
`;

export type LeadsOptions = { csv: boolean; limit: number | null; spam: boolean; help: boolean };

/** Parses the command line strictly: anything unknown or malformed is an error, never a guess. */
export function parseLeadsArgs(argv: readonly string[]): LeadsOptions {
  const { values, positionals } = parseArgs({
    args: [...argv],
    strict: true,
    allowPositionals: true,
    options: {
      csv: { type: "boolean", default: false },
      limit: { type: "string" },
      spam: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (positionals.length > 0) throw new Error(`Unexpected argument: ${positionals[0]}`);
  let limit: number | null = null;
  if (values.limit !== undefined) {
    if (!/^\d+$/.test(values.limit) || Number(values.limit) < 1 || !Number.isSafeInteger(Number(values.limit))) {
      throw new Error(`--limit needs a whole number of 1 or more, not "${values.limit}"`);
    }
    limit = Number(values.limit);
  }
  return { csv: values.csv, limit, spam: values.spam, help: values.help };
}

export const CSV_COLUMNS = [
  "id",
  "received_at",
  "name",
  "email",
  "phone",
  "service",
  "city",
  "message",
  "spam",
] as const;

export function leadsCsv(rows: readonly StoredEstimate[]): string {
  return toCsv(CSV_COLUMNS, rows);
}

export function leadsText(rows: readonly StoredEstimate[], limited: boolean): string {
  if (rows.length === 0) return "No estimate requests yet.\n";
  const lines = [`${rows.length} ${limited ? "latest " : ""}estimate request(s), newest first:`, ""];
  for (const row of rows) {
    lines.push(
      `#${row.id}  ${row.received_at}  ${row.name}  <${row.email}>  ${row.phone}${row.city ? `  (${row.city})` : ""}`,
    );
    lines.push(`     ${row.service || "No service selected"}: ${row.message.replace(/\s+/g, " ").slice(0, 100)}`);
  }
  return lines.join("\n") + "\n";
}
