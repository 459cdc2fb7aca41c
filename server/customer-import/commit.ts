// The commit (decision 0053): the very file of the dry run (found by its SHA-256), claimed as the one batch being
// written, then planned and written row by row in short transactions, each on disk before the next, with the event
// loop let go between them (the public pages answer meanwhile). Each row is planned as the dry run planned it: what
// this commit has written itself is left out of its matching. If its counts come out other than the dry run's (the
// customer list changed since), what it wrote is rolled back and the owner sees the new dry run. A batch is whole or
// absent: a failure part-way is rolled back, and a crash part-way at the next start (recoverImports). Two imports at
// once: the second finds the first busy and writes nothing.
import { planFile, readImportFile, sha256 } from "./dry-run.ts";
import { IMPORT_SLICE_MS, sliceClock, yieldToOthers, type ImportDeps } from "./import-deps.ts";
import { noOwnWrites } from "./import-lookups.ts";
import { samePlan, type ImportSummary } from "./summary.ts";
import { rollBack } from "./undo.ts";
import { createWriter } from "./write-plan.ts";

/**
 * How long a slice plans and writes its rows, its new customers' writing (at its end, together) counted in as it last
 * took a row; its commit (the search index's new segment, 5 to 20 ms) comes on top, inside the event loop's 50 ms.
 */
const COMMIT_WORK_MS = IMPORT_SLICE_MS - 15;
/** A new customer's share of the writing at a slice's end before any was timed, in ms (some 0.15 on this machine). */
const FIRST_FLUSH_MS_PER_ROW = 0.3;

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
  /** The customer list changed since the dry run: nothing stays written; this is what the file would do now. */
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
      const seen = JSON.parse(batch.summary) as ImportSummary;
      return { kind: "claimed", file: batch.file, fileName: batch.file_name, seen };
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
    const own = noOwnWrites();
    const plan = planFile(deps, read, claimed.fileName, own);
    const write = createWriter({ ...deps, source: read.format.format, batchId, own });
    let flushMsPerRow = FIRST_FLUSH_MS_PER_ROW;
    const flush = () => {
      const [rows, started] = [write.waiting(), sliceClock()];
      write.flush();
      // Smoothed, so one slow slice does not make the next ones a row each.
      if (rows > 0) flushMsPerRow = 0.7 * flushMsPerRow + (0.3 * (sliceClock() - started)) / rows;
    };
    for (let more = true; more;) {
      await deps.durable.commit(
        deps.db.transaction(() => {
          const started = sliceClock();
          for (let row = plan.next(); row; row = plan.next()) {
            write.write(row);
            if (sliceClock() - started + write.waiting() * flushMsPerRow >= COMMIT_WORK_MS) {
              flush();
              return;
            }
          }
          flush();
          more = false;
        }),
      );
      if (more) await yieldToOthers();
    }
    const summary = plan.summary();
    if (!samePlan(claimed.seen, summary)) {
      await rollBack(deps, batchId);
      deps.db.transaction(() => {
        release();
        deps.batches.resummarise(batchId, JSON.stringify(summary));
      })();
      return { kind: "changed", summary };
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
