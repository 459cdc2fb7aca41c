// Imports of the owner's old customer list (migration 21, decision 0053): a batch is a dry run holding the file it was
// made from and what it found; while it is written or undone it is "committing" or "undoing", and only one batch is
// at a time; committed, the file goes and the batch keeps its counts; undone, it says when. The changes a batch made
// to customers that were already there are rows of their own, each with the value before.
import type { Db } from "../db/database.ts";

/** A dry run; being written (one batch at a time); committed; being undone; undone. */
export type BatchState = "dry-run" | "committing" | "committed" | "undoing" | "undone";
export type ImportSource = "jobber" | "housecall-pro" | "template";

export type BatchRow = {
  id: number;
  state: BatchState;
  format: ImportSource;
  file_name: string;
  file_hash: string;
  file: Buffer | null;
  encoding: string;
  /** JSON: the counts and refused rows (server/customer-import/summary.ts). */
  summary: string;
  created_at: string;
  committed_at: string | null;
  undone_at: string | null;
};

export type ChangeKind = "customer-updated" | "contact-added" | "flue-added" | "flue-updated" | "suppression-added";

export type ChangeRow = {
  id: number;
  batch_id: number;
  kind: ChangeKind;
  target_id: number | null;
  target_key: string | null;
  before: string | null;
  after: string | null;
};

export type NewChange = {
  kind: ChangeKind;
  targetId?: number | null;
  targetKey?: string | null;
  before?: unknown;
  after?: unknown;
};

/** A dry run is kept this long for its commit; after, its file is deleted and a new dry run is needed. */
export const DRY_RUN_KEPT_MS = 24 * 60 * 60 * 1000;

export function createImportBatchStore(db: Db, now: () => Date) {
  const iso = () => now().toISOString();
  const insert = db.prepare(
    `INSERT INTO import_batches (format, file_name, file_hash, file, encoding, summary, created_at)
     VALUES (@format, @fileName, @fileHash, @file, @encoding, @summary, @at)`,
  );
  const getStmt = db.prepare<[number], BatchRow>("SELECT * FROM import_batches WHERE id = ?");
  const listStmt = db.prepare<[number], Omit<BatchRow, "file">>(
    `SELECT id, state, format, file_name, file_hash, NULL AS file, encoding, summary, created_at, committed_at, undone_at
     FROM import_batches WHERE state != 'dry-run' ORDER BY id DESC LIMIT ?`,
  );
  const resummarise = db.prepare("UPDATE import_batches SET summary = ? WHERE id = ? AND state = 'dry-run'");
  const busyStmt = db.prepare<[], { id: number; state: BatchState }>(
    "SELECT id, state FROM import_batches WHERE state = 'committing' OR state = 'undoing' LIMIT 1",
  );
  const moveStmt = db.prepare("UPDATE import_batches SET state = ? WHERE id = ? AND state = ?");
  const committedStmt = db.prepare(
    "UPDATE import_batches SET state = 'committed', committed_at = ?, file = NULL, summary = ? WHERE id = ? AND state = 'committing'",
  );
  const undoneStmt = db.prepare(
    "UPDATE import_batches SET state = 'undone', undone_at = ? WHERE id = ? AND state = 'undoing'",
  );
  const stuckStmt = db.prepare<[], { id: number; state: BatchState }>(
    "SELECT id, state FROM import_batches WHERE state = 'committing' OR state = 'undoing' ORDER BY id",
  );
  const deleteChange = db.prepare("DELETE FROM import_changes WHERE id = ?");
  const expireStmt = db.prepare("DELETE FROM import_batches WHERE state = 'dry-run' AND created_at < ?");
  const addChange = db.prepare(
    `INSERT INTO import_changes (batch_id, kind, target_id, target_key, before, after)
     VALUES (@batchId, @kind, @targetId, @targetKey, @before, @after)`,
  );
  const changesStmt = db.prepare<[number], ChangeRow>("SELECT * FROM import_changes WHERE batch_id = ? ORDER BY id");
  const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

  return {
    /** Keeps a dry run and the file it read; returns its id. */
    dryRun(input: {
      format: ImportSource;
      fileName: string;
      fileHash: string;
      file: Buffer;
      encoding: string;
      summary: string;
    }): number {
      return Number(insert.run({ ...input, at: iso() }).lastInsertRowid);
    },
    get(id: number): BatchRow | undefined {
      return getStmt.get(id);
    },
    /** Committed and undone batches, newest first (dry runs are the owner's screen, not history). */
    list(limit = 50): Omit<BatchRow, "file">[] {
      return listStmt.all(limit);
    },
    /** A dry run found again (its commit saw the list had changed): what it finds now. */
    resummarise(id: number, summary: string): void {
      resummarise.run(summary, id);
    },
    /** The batch being written or undone now, if any (one at a time). */
    busy(): { id: number; state: BatchState } | undefined {
      return busyStmt.get();
    },
    /** Moves a batch from one state to another; false when it was not in `from` (another tab got there first). */
    move(id: number, from: BatchState, to: BatchState): boolean {
      return moveStmt.run(to, id, from).changes > 0;
    },
    /** A batch written whole: its file goes, its counts stay. */
    committed(id: number, summary: string): boolean {
      return committedStmt.run(iso(), summary, id).changes > 0;
    },
    undone(id: number): boolean {
      return undoneStmt.run(iso(), id).changes > 0;
    },
    /** Batches a stopped server left half-written or half-undone. */
    stuck(): { id: number; state: BatchState }[] {
      return stuckStmt.all();
    },
    /** A change taken back by a rollback, so a rollback stopped half-way goes on from where it was. */
    forgetChange(id: number): void {
      deleteChange.run(id);
    },
    /** Deletes dry runs older than a day, with their files. */
    expire(): number {
      return expireStmt.run(new Date(now().getTime() - DRY_RUN_KEPT_MS).toISOString()).changes;
    },
    change(batchId: number, change: NewChange): void {
      addChange.run({
        batchId,
        kind: change.kind,
        targetId: change.targetId ?? null,
        targetKey: change.targetKey ?? null,
        before: json(change.before),
        after: json(change.after),
      });
    },
    changes(batchId: number): ChangeRow[] {
      return changesStmt.all(batchId);
    },
  };
}

export type ImportBatchStore = ReturnType<typeof createImportBatchStore>;
