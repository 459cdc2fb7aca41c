// `npm run leads`: the owner's worklist of estimate requests (see USAGE in leads.ts). `--out leads.csv` exports
// them all for a spreadsheet. A bad argument prints the usage and exits with status 2.
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { business } from "../../app/content/business.ts";
import { readConfig, type Config } from "../config.ts";
import { openEstimateStore, type EstimateStore } from "./estimate-store.ts";
import { localTime } from "./lead-mail.ts";
import {
  deliverySummary,
  leadsCsv,
  leadsText,
  parseLeadsArgs,
  USAGE,
  visitSummary,
  type LeadsCommand,
} from "./leads.ts";
import { monthsBefore } from "./outbox.ts";
import { suppressErasedAddress } from "../marketing/erased-address.ts";

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
  const visit = (id: number) => visitSummary(store.visits.forLead(id), business.timeZone);
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
      if (command.out !== null) {
        // npm runs scripts from the project folder; a file name is meant from where the owner typed it.
        const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), command.out);
        writeFileSync(file, leadsCsv(rows, deliveries, visit));
        process.stdout.write(`Wrote ${rows.length} request(s) to ${file}\n`);
        return 0;
      }
      process.stdout.write(
        command.csv ? leadsCsv(rows, deliveries, visit) : leadsText(rows, deliveries, command.limit !== null, visit),
      );
      return 0;
    }
    case "show": {
      const lead = store.get(command.id);
      if (!lead) return missing(command.id);
      const lines = Object.entries(lead).map(([k, v]) => `${k.padEnd(16)} ${v ?? ""}`);
      const booked = visit(lead.id);
      lines.push("");
      if (booked) lines.push(`visit            ${booked}`);
      lines.push(`e-mail           ${deliverySummary(store.deliveries(lead.id))}`);
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
      // Photos of their job on the site stay, with the homeowner's consent (decision 0046): named, as the console does.
      const onSite = store.jobPhotos.onSiteFor(command.email);
      const removed = store.erase(command.email);
      // Never mailed again: the address's keyed hash stays on the suppression list (decision 0052).
      suppressErasedAddress(store, command.email);
      process.stdout.write(`Erased ${removed} request(s) from ${command.email}, with their notes and e-mails.\n`);
      for (const pair of onSite)
        process.stdout.write(
          `Kept on Recent work, with their consent: ${pair.files.join(" and ")} ("${pair.caption}"). ` +
            `Take them off on the job's Photos page in the console if they asked for that too.\n`,
        );
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
