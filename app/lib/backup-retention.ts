// How long a backup of the estimate database can live, from business.leads.backups. Shared by the backup code
// (server/backup/backup.ts) and the privacy page, which states it.
export type BackupRetention = { daily: number; weekly: number };

/** The newest backup of each of the last `daily` days and `weekly` calendar weeks is kept: at most this many days. */
export function backupRetentionDays({ daily, weekly }: BackupRetention): number {
  return Math.max(daily, weekly * 7);
}
