// `npm run restore -- <backup file>`: puts a backup back as the estimate database. Refuses while the server runs;
// the database it replaces is kept beside it (estimates.db.replaced-<time>), never deleted.
import { existsSync } from "node:fs";
import path from "node:path";
import { listBackups, restoreDatabase } from "../server/backup/backup.ts";

if (existsSync(".env")) process.loadEnvFile(".env");
const dataDir = path.resolve(process.env.DATA_DIR?.trim() || "data");
const configured = process.env.BACKUP_DIR?.trim();
const backupDir = path.resolve(configured && configured !== "off" ? configured : path.join(dataDir, "backups"));
const file = process.argv[2];

if (!file || file === "--help") {
  console.error("Usage: npm run restore -- <backup file>\n\nBackups, newest first:");
  for (const b of listBackups(backupDir).slice(0, 12)) console.error(`  ${b.file}`);
  process.exit(file ? 0 : 2);
}
if (!existsSync(file)) {
  console.error(`No such file: ${file}`);
  process.exit(2);
}
try {
  const { counts, keptAside } = restoreDatabase({ backupFile: path.resolve(file), dataDir });
  console.log(
    `Restored ${counts.requests} requests (${counts.notes} notes, ${counts.visits} visits, ${counts.mail} e-mails, ` +
      `${counts.quotes} quotes, ${counts.acceptances} accepted, ${counts.payments} paid online, every hash checked) ` +
      `from ${file}.`,
  );
  for (const aside of keptAside) console.log(`The database it replaced is kept as ${aside}`);
  console.log("Start the server again (sudo systemctl start heartland-site).");
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
