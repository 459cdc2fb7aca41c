// The commit: the very file of the dry run (found by its SHA-256), planned again and written inside one immediate
// transaction, so two imports at once run one after the other and a batch is whole or absent. If the list changed
// since the dry run (another import, a new request), nothing is written and the owner sees the new dry run.
import { planFile, readImportFile, sha256 } from "./dry-run.ts";
import type { ImportDeps } from "./import-deps.ts";
import { samePlan, type ImportSummary } from "./summary.ts";
import { writePlan } from "./write-plan.ts";

export type CommitOutcome =
  | { kind: "imported"; summary: ImportSummary }
  /** Committed already (another tab or a second tap), or undone: nothing done now. */
  | { kind: "already" }
  | { kind: "missing" }
  /** The hash the owner saw is not this dry run's file: he must look at the file he means. */
  | { kind: "other-file" }
  /** The customer list changed since the dry run: this is what the file would do now. */
  | { kind: "changed"; summary: ImportSummary }
  | { kind: "unreadable"; problem: string };

export function commitBatch(deps: ImportDeps, batchId: number, fileHash: string): CommitOutcome {
  const run = deps.db.transaction((): CommitOutcome => {
    const batch = deps.batches.get(batchId);
    if (!batch) return { kind: "missing" };
    if (batch.state !== "dry-run" || !batch.file) return { kind: "already" };
    if (fileHash !== batch.file_hash || sha256(batch.file) !== batch.file_hash) return { kind: "other-file" };
    const read = readImportFile(batch.file);
    if ("problem" in read) return { kind: "unreadable", problem: read.problem };
    const plan = planFile(deps, read, batch.file_name);
    while (plan.step());
    const summary = plan.summarise();
    const seen = JSON.parse(batch.summary) as ImportSummary;
    if (!samePlan(seen, summary)) {
      deps.batches.resummarise(batchId, JSON.stringify(summary));
      return { kind: "changed", summary };
    }
    writePlan({ ...deps, source: read.format.format, batchId }, plan.planned);
    if (!deps.batches.committed(batchId, JSON.stringify(summary))) throw new Error("the batch was committed twice");
    return { kind: "imported", summary };
  });
  return run.immediate();
}
