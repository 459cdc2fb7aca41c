// Backups of the estimate database (decision 0011): an online copy with SQLite's backup API, verified before it
// counts, kept 7 daily + 4 weekly (business.leads.backups), and a restore that refuses while the server runs and
// keeps the replaced database aside. Works from a file path, so it needs nothing from the store's internals.
// Beside each one, the site's git history (the owner's console edits: decision 0018) as a verified git bundle.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync } from "node:fs";
import { renameSync, rmSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import type { BackupRetention } from "../../app/lib/backup-retention.ts";

export { backupRetentionDays, type BackupRetention } from "../../app/lib/backup-retention.ts";

const DAY = 86_400_000;
const NAME = /^estimates-(\d{4})-(\d{2})-(\d{2})T(\d{2})-(\d{2})-(\d{2})Z\.db$/;
const BUNDLE_NAME = /^site-(\d{4})-(\d{2})-(\d{2})T(\d{2})-(\d{2})-(\d{2})Z\.bundle$/;
const stamp = (at: Date) => `${at.toISOString().slice(0, 19).replaceAll(":", "-")}Z`;

/** estimates-2026-11-24T06-00-00Z.db: sorts by time, and says when it was taken without opening it. */
export function backupFileName(at: Date): string {
  return `estimates-${stamp(at)}.db`;
}

/** site-2026-11-24T06-00-00Z.bundle: the site's history, taken with the database backup of the same time. */
export function siteBundleFileName(at: Date): string {
  return `site-${stamp(at)}.bundle`;
}

function timeIn(pattern: RegExp, name: string): Date | null {
  const m = pattern.exec(name);
  return m ? new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`) : null;
}

export function backupTime(name: string): Date | null {
  return timeIn(NAME, name);
}

export type BackupFile = { file: string; at: Date };

function listTimed(dir: string, pattern: RegExp): BackupFile[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .map((name) => ({ file: path.join(dir, name), at: timeIn(pattern, name) }))
    .filter((b): b is BackupFile => b.at !== null)
    .sort((a, b) => b.at.getTime() - a.at.getTime());
}

/** Finished backups in `dir`, newest first (unfinished `.partial` files are not backups). */
export function listBackups(dir: string): BackupFile[] {
  return listTimed(dir, NAME);
}

/** Finished bundles of the site's history in `dir`, newest first. */
export function listSiteBundles(dir: string): BackupFile[] {
  return listTimed(dir, BUNDLE_NAME);
}

const run = promisify(execFile);

/**
 * Writes the working copy's whole history (every branch, the owner's console commits included) as a git bundle,
 * checked with `git bundle verify` before it gets its final name. `git clone <bundle>` brings the site back.
 */
export async function bundleSiteHistory(repoDir: string, dir: string, at: Date): Promise<string> {
  const file = path.join(dir, siteBundleFileName(at));
  const partial = `${file}.partial`;
  rmSync(partial, { force: true });
  const git = (...args: string[]) => run("git", args, { cwd: repoDir, timeout: 5 * 60_000, maxBuffer: 1 << 20 });
  try {
    await git("bundle", "create", "-q", partial, "--all");
    await git("bundle", "verify", "-q", partial);
    renameSync(partial, file);
    return file;
  } catch (error) {
    rmSync(partial, { force: true });
    const stderr = (error as { stderr?: unknown }).stderr;
    const said = typeof stderr === "string" && stderr.trim() ? stderr.trim().split("\n").slice(-2).join(" ") : "";
    throw new Error(`git bundle in ${repoDir} failed${said ? `: ${said}` : ""}`, { cause: error });
  }
}

const dayNumber = (d: Date) => Math.floor(d.getTime() / DAY);
// Weeks start on Monday (1970-01-01 was a Thursday, hence the 3).
const weekNumber = (d: Date) => Math.floor((dayNumber(d) + 3) / 7);

/**
 * Which backups retention removes: a backup stays only while it is the newest of its UTC day among the last
 * `daily` days, or the newest of its week among the last `weekly` weeks. Calendar windows, not "the last N
 * that exist": nothing outlives `backupRetentionDays`, even after a pause, which is what the privacy page says.
 */
export function backupsToPrune(backups: BackupFile[], now: Date, retention: BackupRetention): BackupFile[] {
  const keep = new Set<string>();
  const today = dayNumber(now);
  const thisWeek = weekNumber(now);
  const newestOf = new Map<string, BackupFile>();
  for (const b of backups) {
    for (const key of [`d${dayNumber(b.at)}`, `w${weekNumber(b.at)}`]) {
      const seen = newestOf.get(key);
      if (!seen || b.at > seen.at) newestOf.set(key, b);
    }
  }
  for (const [key, b] of newestOf) {
    const n = Number(key.slice(1));
    const inWindow = key.startsWith("d") ? today - n < retention.daily : thisWeek - n < retention.weekly;
    if (inWindow) keep.add(b.file);
  }
  return backups.filter((b) => !keep.has(b.file));
}

export type Counts = {
  requests: number;
  notes: number;
  mail: number;
  visits: number;
  quotes: number;
  acceptances: number;
  /** Card and bank payments made on the site (decision 0040). */
  payments: number;
};

function hasTable(db: Database.Database, table: string): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) !== undefined;
}

// A backup from before a table's migration restores, and is brought up to date on start: its count is 0.
function counts(db: Database.Database): Counts {
  const count = (table: string) =>
    hasTable(db, table) ? (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n : 0;
  return {
    requests: count("estimates"),
    notes: count("notes"),
    mail: count("outbox"),
    visits: count("visits"),
    quotes: count("quotes"),
    acceptances: count("quote_acceptances"),
    payments: count("online_payments"),
  };
}

const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");

/**
 * Every sent quote version, acceptance record and quote PDF still has the SHA-256 stored beside it, and every
 * acceptance names the hash of the version it accepted (decision 0032): a copy with one byte of a contract changed
 * is not a sound copy. Throws naming the quote.
 */
export function verifyQuoteHashes(db: Database.Database): void {
  if (!hasTable(db, "quote_versions")) return;
  const versions = db.prepare(
    "SELECT q.reference, v.id, v.version, v.body, v.sha256 FROM quote_versions v JOIN quotes q ON q.id = v.quote_id",
  );
  const byId = new Map<number, string>();
  for (const v of versions.iterate() as Iterable<{
    reference: string;
    id: number;
    version: number;
    body: string;
    sha256: string;
  }>) {
    if (sha256(v.body) !== v.sha256)
      throw new Error(`quote ${v.reference} version ${v.version} does not match its SHA-256`);
    byId.set(v.id, v.sha256);
  }
  const acceptances = db.prepare(
    `SELECT q.reference, a.version_id, a.version_sha256, a.record, a.record_sha256 FROM quote_acceptances a
     JOIN quotes q ON q.id = a.quote_id`,
  );
  for (const a of acceptances.iterate() as Iterable<{
    reference: string;
    version_id: number;
    version_sha256: string;
    record: string;
    record_sha256: string;
  }>) {
    if (byId.get(a.version_id) !== a.version_sha256 || sha256(a.record) !== a.record_sha256) {
      throw new Error(`the acceptance of quote ${a.reference} does not match its SHA-256`);
    }
  }
  const documents = db.prepare(
    "SELECT q.reference, d.kind, d.pdf, d.sha256 FROM quote_documents d JOIN quotes q ON q.id = d.quote_id",
  );
  for (const d of documents.iterate() as Iterable<{ reference: string; kind: string; pdf: Buffer; sha256: string }>) {
    if (sha256(d.pdf) !== d.sha256)
      throw new Error(`the ${d.kind} PDF of quote ${d.reference} does not match its SHA-256`);
  }
}

/**
 * Opens a backup (or any copy of the database) and checks it: SQLite's integrity_check, the quotes' hashes, and the
 * tables the site needs. Returns its row counts; throws with a plain message when the file is not a sound database.
 */
export function verifyDatabaseFile(file: string): Counts {
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    const result = db.pragma("integrity_check") as { integrity_check: string }[];
    const verdict = result.map((r) => r.integrity_check).join("; ");
    if (verdict !== "ok") throw new Error(`integrity check failed: ${verdict.slice(0, 300)}`);
    verifyQuoteHashes(db);
    return counts(db);
  } catch (error) {
    throw new Error(`${file} is not a sound copy of the database: ${error instanceof Error ? error.message : error}`);
  } finally {
    db?.close();
  }
}

export type BackupResult = {
  file: string;
  bytes: number;
  ms: number;
  counts: Counts;
  pruned: string[];
  /**
   * The site's history beside it: the bundle written, or why it could not be (the database backup stands
   * either way), or null when there is no working copy to bundle (BUILD_DIR set, tests).
   */
  site: { file: string } | { error: string } | null;
};

export type BackupOptions = {
  /** The live database file (DATA_DIR/estimates.db). */
  databaseFile: string;
  dir: string;
  retention: BackupRetention;
  now?: () => Date;
  /** The site's git working copy, bundled beside the database; null or absent: no bundle. */
  repoDir?: string | null;
};

/**
 * Takes an online backup while the server keeps serving (a second connection; WAL lets writers go on), turns it
 * into a self-contained file (no -wal beside it), verifies it against the live request count, and only then
 * gives it its final name and applies retention. A failed or unsound backup leaves no file behind.
 */
export async function backupDatabase({
  databaseFile,
  dir,
  retention,
  now = () => new Date(),
  repoDir = null,
}: BackupOptions) {
  const started = performance.now();
  mkdirSync(dir, { recursive: true });
  const at = now();
  const file = path.join(dir, backupFileName(at));
  const partial = `${file}.partial`;
  rmSync(partial, { force: true });
  const source = new Database(databaseFile, { readonly: true, fileMustExist: true });
  let live: { before: number; after: number };
  try {
    const before = counts(source).requests;
    // All remaining pages in one step: a write from the server between small steps would restart the copy.
    await source.backup(partial, { progress: () => 0x7fffffff });
    live = { before, after: counts(source).requests };
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    source.close();
  }
  try {
    const copy = new Database(partial);
    copy.pragma("journal_mode = DELETE");
    copy.close();
    const found = verifyDatabaseFile(partial);
    // Requests may arrive (or be erased) while the copy is taken: it must hold a count the live file had.
    const low = Math.min(live.before, live.after);
    const high = Math.max(live.before, live.after);
    if (found.requests < low || found.requests > high) {
      throw new Error(`the backup holds ${found.requests} requests, the live database ${live.after}`);
    }
    const fd = openSync(partial, "r");
    fsyncSync(fd);
    closeSync(fd);
    renameSync(partial, file);
    // The database backup counts from here on: a failed bundle is reported beside it, never in its place.
    let site: BackupResult["site"] = null;
    if (repoDir) {
      site = await bundleSiteHistory(repoDir, dir, at).then(
        (bundle) => ({ file: bundle }),
        (error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }),
      );
    }
    const pruned = [
      ...backupsToPrune(listBackups(dir), at, retention),
      ...backupsToPrune(listSiteBundles(dir), at, retention),
    ].map((b) => b.file);
    for (const old of pruned) rmSync(old, { force: true });
    return {
      file,
      bytes: statSync(file).size,
      ms: performance.now() - started,
      counts: found,
      pruned,
      site,
    } satisfies BackupResult;
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

/** How long ago the newest backup was taken; null when there is none. */
export function lastBackupAgeMs(dir: string, now: Date): number | null {
  const newest = listBackups(dir)[0];
  return newest ? now.getTime() - newest.at.getTime() : null;
}

// --- Is the server running? A pid file in DATA_DIR, written once it listens, removed when it stops. ---

export const PID_FILE = "server.pid";

export function writePidFile(dataDir: string): string {
  const file = path.join(dataDir, PID_FILE);
  writeFileSync(file, `${process.pid}\n`);
  return file;
}

export function removePidFile(dataDir: string) {
  const file = path.join(dataDir, PID_FILE);
  try {
    if (readFileSync(file, "utf8").trim() === String(process.pid)) unlinkSync(file);
  } catch {
    // Already gone.
  }
}

/** The pid of a server using this data folder, or null. A pid file left by a crash does not count. */
export function runningServerPid(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number(readFileSync(path.join(dataDir, PID_FILE), "utf8").trim());
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: alive, but another user's (the service account's).
    return (error as NodeJS.ErrnoException).code === "EPERM" ? pid : null;
  }
}

export type RestoreResult = { counts: Counts; keptAside: string[] };

/**
 * Puts a backup in place of the database: checks the backup first, moves the current database (with its
 * -wal and -shm) aside under a timestamped name, then renames a checked copy into place, so at every moment
 * the database file is either the old one or the whole new one. Refuses while a server uses the folder.
 */
export function restoreDatabase({
  backupFile,
  dataDir,
  fileName = "estimates.db",
  now = () => new Date(),
}: {
  backupFile: string;
  dataDir: string;
  fileName?: string;
  now?: () => Date;
}): RestoreResult {
  const pid = runningServerPid(dataDir);
  if (pid !== null) {
    throw new Error(
      `The server is running (process ${pid}) and using ${dataDir}. Stop it first (sudo systemctl stop heartland-site), then restore, then start it again.`,
    );
  }
  verifyDatabaseFile(backupFile);
  mkdirSync(dataDir, { recursive: true });
  const target = path.join(dataDir, fileName);
  const incoming = `${target}.restoring`;
  rmSync(incoming, { force: true });
  writeFileSync(incoming, readFileSync(backupFile));
  const fd = openSync(incoming, "r");
  fsyncSync(fd);
  closeSync(fd);
  const restored = verifyDatabaseFile(incoming);

  const stamp = now().toISOString().slice(0, 19).replaceAll(":", "-");
  const keptAside: string[] = [];
  for (const suffix of ["", "-wal", "-shm"]) {
    if (!existsSync(target + suffix)) continue;
    const aside = `${target}.replaced-${stamp}Z${suffix}`;
    renameSync(target + suffix, aside);
    keptAside.push(aside);
  }
  renameSync(incoming, target);
  return { counts: restored, keptAside };
}
