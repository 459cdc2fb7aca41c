// `npm run backup`: one verified backup of the estimate database now, into BACKUP_DIR (default DATA_DIR/backups),
// then retention (7 daily, 4 weekly). Safe while the server runs. The server also takes one every 6 hours.
import { existsSync } from "node:fs";
import path from "node:path";
import { business } from "../app/content/business.ts";
import { backupDatabase, listBackups } from "../server/backup/backup.ts";

if (existsSync(".env")) process.loadEnvFile(".env");
const dataDir = path.resolve(process.env.DATA_DIR?.trim() || "data");
const configured = process.env.BACKUP_DIR?.trim();
const backupDir = path.resolve(configured && configured !== "off" ? configured : path.join(dataDir, "backups"));
const databaseFile = path.join(dataDir, "estimates.db");
// The working copy whose history (the owner's console edits) is bundled beside the database, as the server does.
const repoDir = path.resolve(process.env.SITE_REPO?.trim() || ".");
const hasRepo = existsSync(path.join(repoDir, ".git")) && !process.env.BUILD_DIR?.trim();

if (!existsSync(databaseFile)) {
  console.error(`No database at ${databaseFile}: nothing to back up. (Is DATA_DIR set as for the server?)`);
  process.exit(1);
}
try {
  const result = await backupDatabase({
    databaseFile,
    dir: backupDir,
    retention: business.leads.backups,
    repoDir: hasRepo ? repoDir : null,
  });
  console.log(
    `Backed up ${result.counts.requests} requests (${result.counts.notes} notes, ${result.counts.visits} visits, ${result.counts.mail} e-mails) to ${result.file}`,
  );
  console.log(`${(result.bytes / 1024).toFixed(0)} KB in ${Math.round(result.ms)} ms; integrity check passed.`);
  if (result.site && "file" in result.site) console.log(`The site's history (verified): ${result.site.file}`);
  if (result.pruned.length > 0) console.log(`Removed ${result.pruned.length} file(s) past retention.`);
  console.log(`${listBackups(backupDir).length} backup(s) kept in ${backupDir}.`);
  if (result.site && "error" in result.site) {
    // The database backup above stands; the exit code tells a script that the site's history is missing.
    console.error(`SITE HISTORY NOT BACKED UP (the database was): ${result.site.error}`);
    process.exit(1);
  }
} catch (error) {
  console.error(`BACKUP FAILED: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
