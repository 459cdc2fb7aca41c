// What `npm run leads` does (server/requests/leads-command.ts runs it): parse the command line strictly, and render the
// requests as a worklist or as CSV.
import { visitLabel } from "../../app/lib/visit-labels.ts";
import type { VisitRow } from "../store/visits.ts";
import { parseArgs } from "node:util";
import { CAMPAIGN_PARAMS } from "../../app/lib/attribution.ts";
import { toCsv } from "./csv.ts";
import {
  deliveryState,
  LEAD_STATUSES,
  type LeadStatus,
  type OutboxRow,
  type StoredEstimate,
} from "./estimate-store.ts";
import { localTime } from "./lead-mail.ts";

export const USAGE = `Usage: npm run leads -- [options]

Read
  (no options)            every estimate request, newest first, with its status and e-mails
  --status S              only requests with status S (${LEAD_STATUSES.join(", ")})
  --since 7d              only requests from the last 7 days (also 24h, or a date: 2026-11-01)
  --limit N               only the newest N
  --spam                  include requests the spam trap caught (marked SPAM)
  --show ID               one request in full, with its notes and e-mails
  --out FILE              write them to FILE as CSV for a spreadsheet:  npm run leads -- --out leads.csv
  --csv                   print them as CSV instead:  npm run -s leads -- --csv > leads.csv

Work
  --mark ID STATUS        set a request's status, e.g.  --mark 12 contacted --note "left a voicemail"
  --add-note ID "TEXT"    add a note to a request
  --restore ID            a request the spam trap caught is real: keep it and send its e-mails now
  --retry-mail            send again the e-mails that failed for good (after fixing the mail settings)

Privacy
  --erase EMAIL           delete every request from this address, with its notes and e-mails
  --purge                 delete requests older than the retention period now (--dry-run to preview)

  --help                  show this help
`;

export type LeadsCommand =
  | { kind: "help" }
  | {
      kind: "list";
      csv: boolean;
      /** Where to write the CSV (from the folder the command was run in); null: standard output. */
      out: string | null;
      limit: number | null;
      spam: boolean;
      status: LeadStatus | null;
      since: Date | null;
    }
  | { kind: "show"; id: number }
  | { kind: "mark"; id: number; status: LeadStatus; note: string | null }
  | { kind: "add-note"; id: number; text: string }
  | { kind: "restore"; id: number }
  | { kind: "retry-mail" }
  | { kind: "erase"; email: string }
  | { kind: "purge"; dryRun: boolean };

const wholeNumber = (flag: string, value: string) => {
  if (!/^\d+$/.test(value) || Number(value) < 1 || !Number.isSafeInteger(Number(value))) {
    throw new Error(`${flag} needs a whole number of 1 or more, not "${value}"`);
  }
  return Number(value);
};

const isStatus = (value: string): value is LeadStatus => (LEAD_STATUSES as readonly string[]).includes(value);

/** "7d", "24h", "2026-11-01" -> the instant that far back (or that day at 00:00 UTC). */
export function parseSince(value: string, now: Date): Date {
  const relative = /^(\d{1,4})([dh])$/.exec(value);
  if (relative) return new Date(now.getTime() - Number(relative[1]) * (relative[2] === "d" ? 86_400_000 : 3_600_000));
  if (/^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)))
    return new Date(`${value}T00:00:00Z`);
  throw new Error(`--since needs something like 7d, 24h or 2026-11-01, not "${value}"`);
}

/** Parses the command line strictly: anything unknown or malformed is an error, never a guess. */
export function parseLeadsArgs(argv: readonly string[], now = new Date()): LeadsCommand & Record<string, unknown> {
  const { values, positionals } = parseArgs({
    args: [...argv],
    strict: true,
    allowPositionals: true,
    options: {
      csv: { type: "boolean", default: false },
      out: { type: "string" },
      limit: { type: "string" },
      spam: { type: "boolean", default: false },
      status: { type: "string" },
      since: { type: "string" },
      show: { type: "string" },
      mark: { type: "string" },
      note: { type: "string" },
      "add-note": { type: "string" },
      restore: { type: "string" },
      "retry-mail": { type: "boolean", default: false },
      erase: { type: "string" },
      purge: { type: "boolean", default: false },
      "dry-run": { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  const actions = ["show", "mark", "add-note", "restore", "retry-mail", "erase", "purge", "help"].filter(
    (k) => values[k as keyof typeof values] !== undefined && values[k as keyof typeof values] !== false,
  );
  if (actions.length > 1) throw new Error(`Use one of --${actions.join(", --")} at a time`);
  const noPositionals = () => {
    if (positionals.length > 0) throw new Error(`Unexpected argument: ${positionals[0]}`);
  };
  if (values.note !== undefined && values.mark === undefined) throw new Error("--note goes with --mark ID STATUS");
  if (values["dry-run"] && !values.purge) throw new Error("--dry-run goes with --purge");
  if (values.out !== undefined && actions.length > 0)
    throw new Error(`--out writes the list; it does not go with --${actions[0]}`);
  if (values.out?.trim() === "") throw new Error("--out needs a file name, e.g. --out leads.csv");

  if (values.help) return { kind: "help" };
  if (values.show !== undefined) {
    noPositionals();
    return { kind: "show", id: wholeNumber("--show", values.show) };
  }
  if (values.mark !== undefined) {
    const [status, ...rest] = positionals;
    if (!status || !isStatus(status) || rest.length > 0) {
      throw new Error(`--mark ID needs one status after it: ${LEAD_STATUSES.join(", ")}`);
    }
    return { kind: "mark", id: wholeNumber("--mark", values.mark), status, note: values.note?.trim() || null };
  }
  if (values["add-note"] !== undefined) {
    const [text, ...rest] = positionals;
    if (!text?.trim() || rest.length > 0)
      throw new Error('--add-note ID needs the note in quotes: --add-note 12 "text"');
    return { kind: "add-note", id: wholeNumber("--add-note", values["add-note"]), text: text.trim() };
  }
  noPositionals();
  if (values.restore !== undefined) return { kind: "restore", id: wholeNumber("--restore", values.restore) };
  if (values["retry-mail"]) return { kind: "retry-mail" };
  if (values.erase !== undefined) {
    if (!/^[^\s@]+@[^\s@]+$/.test(values.erase))
      throw new Error(`--erase needs an e-mail address, not "${values.erase}"`);
    return { kind: "erase", email: values.erase };
  }
  if (values.purge) return { kind: "purge", dryRun: values["dry-run"] };
  if (values.status !== undefined && !isStatus(values.status)) {
    throw new Error(`--status must be one of ${LEAD_STATUSES.join(", ")}, not "${values.status}"`);
  }
  return {
    kind: "list",
    csv: values.csv || values.out !== undefined,
    out: values.out ?? null,
    limit: values.limit === undefined ? null : wholeNumber("--limit", values.limit),
    spam: values.spam,
    status: values.status ?? null,
    since: values.since === undefined ? null : parseSince(values.since, now),
  };
}

/**
 * "owner alert: sent Mon, Nov 23, 9:31 AM CST; confirmation: retrying (3 attempts, last error: …); visit reminder: due
 * Mon, Nov 30, 9:00 AM CST". A message withdrawn before it went (a moved visit's reminder) is left out.
 */
export function deliverySummary(rows: readonly OutboxRow[], now: Date = new Date()): string {
  const shown = rows.filter((row) => deliveryState(row) !== "withdrawn");
  if (shown.length === 0) return "no e-mail";
  return shown
    .map((row) => {
      const state = deliveryState(row);
      const what = row.kind.replaceAll("-", " ");
      if (state === "sent") return `${what}: sent ${localTime(row.sent_at ?? "")}`;
      if (state === "queued" && Date.parse(row.next_attempt_at) > now.getTime()) {
        return `${what}: due ${localTime(row.next_attempt_at)}`;
      }
      if (state === "queued") return `${what}: queued`;
      const detail = `${row.attempts} attempt${row.attempts === 1 ? "" : "s"}, last error: ${(row.last_error ?? "").slice(0, 80)}`;
      return `${what}: ${state === "failed" ? "FAILED" : "retrying"} (${detail})`;
    })
    .join("; ");
}

export const CSV_COLUMNS = [
  "id",
  "reference",
  "received_at",
  "status",
  "name",
  "email",
  "phone",
  "service",
  "city",
  "message",
  "photos",
  "spam",
  "page",
  "landing_page",
  "referrer",
  // One column per campaign parameter the site keeps, in the order it lists them.
  ...CAMPAIGN_PARAMS,
  "city_param",
  // The estimate visit, when one was booked: "Tue, Dec 1, 8–10 am, Central Time, 12 Elm St, Normal (booked online)".
  "visit",
  "email_delivery",
] as const;

export function leadsCsv(
  rows: readonly StoredEstimate[],
  deliveries: (id: number) => readonly OutboxRow[] = () => [],
  visit: (id: number) => string | null = () => null,
): string {
  return toCsv(
    CSV_COLUMNS,
    rows.map((row) => ({
      ...row,
      received_at: localTime(row.received_at),
      photos: row.photo_count,
      visit: visit(row.id) ?? "",
      email_delivery: deliverySummary(deliveries(row.id)),
    })),
  );
}

/** A request's visit in one line, or null: when, where, and who booked it (or that it was cancelled). */
export function visitSummary(visit: VisitRow | undefined, timeZone: string): string | null {
  if (!visit) return null;
  const when = `${visitLabel(visit, timeZone, { thisYear: 0 })}, ${visit.street}, ${visit.town}`;
  if (visit.status === "cancelled")
    return `${when} (cancelled by ${visit.cancelled_by === "owner" ? "you" : "the homeowner"})`;
  if (visit.status === "held") return `${when} (held: the request is in spam)`;
  return `${when} (booked ${visit.booked_by === "owner" ? "by you" : "online"})`;
}

export function leadsText(
  rows: readonly StoredEstimate[],
  deliveries: (id: number) => readonly OutboxRow[],
  limited: boolean,
  visit: (id: number) => string | null = () => null,
): string {
  if (rows.length === 0) return "No estimate requests match.\n";
  const lines = [`${rows.length} ${limited ? "latest " : ""}estimate request(s), newest first:`, ""];
  for (const row of rows) {
    const flags = `${row.status.toUpperCase()}${row.spam ? " SPAM" : ""}`;
    lines.push(`#${row.id}  ${row.reference}  ${localTime(row.received_at)}  [${flags}]`);
    lines.push(`     ${row.name}  <${row.email}>  ${row.phone}${row.city ? `  (${row.city})` : ""}`);
    lines.push(`     ${row.service || "No service selected"}: ${row.message.replace(/\s+/g, " ").slice(0, 100)}`);
    const booked = visit(row.id);
    if (booked) lines.push(`     visit: ${booked}`);
    lines.push(`     e-mail: ${deliverySummary(deliveries(row.id))}`);
  }
  return lines.join("\n") + "\n";
}
