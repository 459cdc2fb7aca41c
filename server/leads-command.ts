// `npm run leads` lists the estimate requests, newest first; `npm run leads -- --csv > leads.csv` exports them
// all for a spreadsheet (see USAGE in leads.ts). A bad argument prints the usage and exits with status 2.
import { fstatSync, ftruncateSync, readFileSync, readlinkSync, writeSync } from "node:fs";
import { openEstimateStore } from "./estimate-store.ts";
import { leadsCsv, leadsText, parseLeadsArgs, USAGE, type LeadsOptions } from "./leads.ts";

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
  let options: LeadsOptions;
  try {
    options = parseLeadsArgs(argv);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 2;
  }
  if (options.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const store = openEstimateStore();
  const rows = store.list({ limit: options.limit, includeSpam: options.spam });
  store.close();
  writeOut(options.csv ? leadsCsv(rows) : leadsText(rows, options.limit !== null));
  return 0;
}

process.exitCode = main(process.argv.slice(2));
