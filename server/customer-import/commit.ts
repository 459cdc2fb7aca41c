// The commit (decision 0053): the very file of the dry run (found by its SHA-256), claimed as the one batch being
// written, planned again and compared with what the owner saw, then written in short transactions, each on disk before
// the next, with the event loop let go between them (the public pages answer meanwhile). A batch is whole or absent:
// a failure part-way rolls back what was written and leaves the dry run; a crash part-way is rolled back at the next
// start (recoverImports). Two imports at once: the second finds the first busy and writes nothing.
import { planFile, readImportFile, sha256 } from "./dry-run.ts";
import { IMPORT_SLICE_MS, yieldToOthers, type ImportDeps } from "./import-deps.ts";
import { samePlan, type ImportSummary } from "./summary.ts";
import { rollBack } from "./undo.ts";
import { createWriter } from "./write-plan.ts";

export type CommitOutcome =
  | { kind: "imported"; summary: ImportSummary }
  /** Committed already (another tab or a second tap), or undone since: nothing done now. */
  | { kind: "already" }
  /** This batch is being written now (a second tap while the first runs). */
  | { kind: "running" }
  /** Another batch is being written or undone now: nothing written; the dry run waits. */
  | { kind: "busy" }
  | { kind: "missing" }
  /** The hash the owner saw is not this dry run's file: he must look at the file he means. */
  | { kind: "other-file" }
  /** The customer list changed since the dry run: this is what the file would do now. */
  | { kind: "changed"; summary: ImportSummary }
  | { kind: "unreadable"; problem: string };

type Claim =
  | { kind: "claimed"; file: Buffer; fileName: string; seen: ImportSummary }
  | Exclude<CommitOutcome, { kind: "imported" | "changed" }>;

function claim(deps: ImportDeps, batchId: number, fileHash: string): Claim {
  return deps.db
    .transaction((): Claim => {
      const batch = deps.batches.get(batchId);
      if (!batch) return { kind: "missing" };
      if (batch.state === "committing") return { kind: "running" };
      if (batch.state !== "dry-run" || !batch.file) return { kind: "already" };
      if (fileHash !== batch.file_hash || sha256(batch.file) !== batch.file_hash) return { kind: "other-file" };
      if (deps.batches.busy()) return { kind: "busy" };
      deps.batches.move(batchId, "dry-run", "committing");
      return {
        kind: "claimed",
        file: batch.file,
        fileName: batch.file_name,
        seen: JSON.parse(batch.summary) as ImportSummary,
      };
    })
    .immediate();
}

export async function commitBatch(deps: ImportDeps, batchId: number, fileHash: string): Promise<CommitOutcome> {
  const claimed = claim(deps, batchId, fileHash);
  if (claimed.kind !== "claimed") return claimed;
  const release = () => deps.batches.move(batchId, "committing", "dry-run");
  const read = readImportFile(claimed.file);
  if ("problem" in read) {
    release();
    return { kind: "unreadable", problem: read.problem };
  }
  try {
    const plan = planFile(deps, read, claimed.fileName);
    await plan.all();
    const summary = plan.summarise();
    if (!samePlan(claimed.seen, summary)) {
      deps.db.transaction(() => {
        release();
        deps.batches.resummarise(batchId, JSON.stringify(summary));
      })();
      return { kind: "changed", summary };
    }
    const write = createWriter({ ...deps, source: read.format.format, batchId });
    const rows = plan.planned;
    for (let next = 0; next < rows.length;) {
      await deps.durable.commit(
        deps.db.transaction(() => {
          const started = performance.now();
          do {
            const row = rows[next++];
            if (row) write(row);
          } while (next < rows.length && performance.now() - started < IMPORT_SLICE_MS);
        }),
      );
      await yieldToOthers();
    }
    await deps.durable.commit(() => deps.batches.committed(batchId, JSON.stringify(summary)));
    return { kind: "imported", summary };
  } catch (error) {
    // What was written goes again, so the batch is absent, not half-written; the dry run stays for another try.
    await rollBack(deps, batchId);
    release();
    throw error;
  }
}
