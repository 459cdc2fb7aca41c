// `npm run leads`: the owner's worklist of estimate requests (see USAGE in leads.ts). `--csv > leads.csv` exports
// them all for a spreadsheet. A bad argument prints the usage and exits with status 2.
import { existsSync, fstatSync, ftruncateSync, readFileSync, readlinkSync, writeSync } from "node:fs";
import { business } from "../app/content/business.ts";
import { readConfig, type Config } from "./config.ts";
import { openEstimateStore, type EstimateStore } from "./estimate-store.ts";
import { localTime } from "./lead-mail.ts";
import { deliverySummary, leadsCsv, leadsText, parseLeadsArgs, USAGE, type LeadsCommand } from "./leads.ts";
import { monthsBefore } from "./outbox.ts";

/**
 * `npm run` prints its banner ("> pkg leads" …) to stdout before this program starts, so `> leads.csv` would
 * begin with it. When stdout is a file npm's banner alone was written to (truncated by `>`, not `>>`), start
 * the file over so it holds only the CSV. Anything else (a terminal, a pipe, an appended file) is left alone.
 */
function rewindNpmBanner(fd: number): number {
  try {
    if (!process.env.npm_lifecycle_event || !fstatSync(fd).isFile()) return -1;
    const flags = /^flags:\s+(\d+)/m.exec(readFileSync(`/proc/self/fdinfo/${fd}`, "utf8"))?.[1];
    const O_APPEND = 0o2000;
    if (flags === undefined || (parseInt(flags, 8) & O_APPEND) !== 0) return -1;
    const written = readFileSync(readlinkSync(`/proc/self/fd/${fd}`), "utf8");
    if (!/^(\n|> [^\n]*\n)*$/.test(written)) return -1;
    ftruncateSync(fd, 0);
    return 0;
  } catch {
    return -1;
  }
}

function writeOut(text: string): void {
  const position = rewindNpmBanner(1);
  if (position < 0) {
    process.stdout.write(text);
    return;
  }
  // Positional writes: the shared file offset still points past the banner npm wrote.
  const bytes = Buffer.from(text, "utf8");
  let offset = 0;
  while (offset < bytes.length) offset += writeSync(1, bytes, offset, bytes.length - offset, offset);
}

function main(argv: readonly string[]): number {
  let command: LeadsCommand;
  try {
    command = parseLeadsArgs(argv);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 2;
  }
  if (command.kind === "help") {
    process.stdout.write(USAGE);
    return 0;
  }
  if (existsSync(".env")) process.loadEnvFile(".env");
  const config = readConfig(process.env);
  const store = openEstimateStore(config.DATA_DIR ? { dataDir: config.DATA_DIR } : {});
  try {
    return run(command, store, config);
  } finally {
    store.close();
  }
}

function run(command: Exclude<LeadsCommand, { kind: "help" }>, store: EstimateStore, config: Config): number {
  const deliveries = (id: number) => store.deliveries(id);
  const missing = (id: number) => {
    process.stderr.write(`There is no request #${id}.\n`);
    return 1;
  };
  switch (command.kind) {
    case "list": {
      const rows = store.list({
        limit: command.limit,
        includeSpam: command.spam,
        status: command.status,
        since: command.since,
      });
      writeOut(command.csv ? leadsCsv(rows, deliveries) : leadsText(rows, deliveries, command.limit !== null));
      return 0;
    }
    case "show": {
      const lead = store.get(command.id);
      if (!lead) return missing(command.id);
      const lines = Object.entries(lead).map(([k, v]) => `${k.padEnd(16)} ${v ?? ""}`);
      lines.push("", `e-mail           ${deliverySummary(store.deliveries(lead.id))}`);
      for (const note of store.notes(lead.id)) lines.push(`note             ${localTime(note.at)}: ${note.text}`);
      process.stdout.write(lines.join("\n") + "\n");
      return 0;
    }
    case "mark":
      if (!store.setStatus(command.id, command.status, command.note ?? undefined)) return missing(command.id);
      process.stdout.write(`#${command.id} is now ${command.status}${command.note ? ", with your note" : ""}.\n`);
      return 0;
    case "add-note":
      if (!store.addNote(command.id, command.text)) return missing(command.id);
      process.stdout.write(`Note added to #${command.id}.\n`);
      return 0;
    case "restore": {
      const mail = config.SMTP_URL !== undefined;
      const restored = store.restore(command.id, {
        notifyTo: mail ? (config.NOTIFY_EMAIL ?? business.email) : null,
        confirm: mail && config.CONFIRMATION_EMAIL,
        confirmationPeriodHours: config.CONFIRMATION_PERIOD_HOURS,
      });
      if (!restored) {
        process.stderr.write(`Request #${command.id} is not in the spam trap.\n`);
        return 1;
      }
      process.stdout.write(`#${command.id} restored${mail ? "; its e-mails go out with the running server" : ""}.\n`);
      return 0;
    }
    case "retry-mail":
      process.stdout.write(`${store.retryFailed()} e-mail(s) queued again; the running server sends them.\n`);
      return 0;
    case "erase": {
      const removed = store.erase(command.email);
      process.stdout.write(`Erased ${removed} request(s) from ${command.email}, with their notes and e-mails.\n`);
      return 0;
    }
    case "purge": {
      const before = monthsBefore(new Date(), business.leads.retentionMonths);
      const old = store.purge(before, { dryRun: command.dryRun });
      const verb = command.dryRun ? "Would delete" : "Deleted";
      process.stdout.write(`${verb} ${old.length} request(s) received before ${localTime(before.toISOString())}.\n`);
      for (const lead of old) process.stdout.write(`  #${lead.id}  ${localTime(lead.received_at)}  ${lead.email}\n`);
      return 0;
    }
  }
}

process.exitCode = main(process.argv.slice(2));
