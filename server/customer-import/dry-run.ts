// The dry run: the whole file read, every row mapped and planned, nothing written but the batch that remembers the
// file (its bytes and SHA-256) and what it found. The owner then imports that very file by its hash.
import { createHash } from "node:crypto";
import { dayAt } from "../../app/lib/business-day.ts";
import { recogniseFormat, type RecognisedFormat } from "./formats.ts";
import { IMPORT_SLICE_MS, yieldToOthers, type ImportDeps } from "./import-deps.ts";
import { mapRow } from "./map-row.ts";
import { createPlanner, type PlannedRow } from "./plan.ts";
import type { OwnWrites } from "./import-lookups.ts";
import { readCustomerFile, type ReadFile } from "./read-file.ts";
import { createSummary, type ImportSummary } from "./summary.ts";

export const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** The file read and its format told, or the reason it cannot be imported. */
export function readImportFile(bytes: Uint8Array): { file: ReadFile; format: RecognisedFormat } | { problem: string } {
  const file = readCustomerFile(bytes);
  if ("problem" in file) return file;
  const format = recogniseFormat(file.headers);
  if ("problem" in format) return format;
  if (file.rows.length === 0) return { problem: "That file has its column names but no customers under them." };
  return { file, format };
}

/**
 * A file's rows planned one at a time (`next` is null once all are), each counted as it goes; the rows themselves are
 * not kept. `own` is what a commit has written so far (the dry run has written nothing).
 */
export function planFile(
  deps: ImportDeps,
  read: { file: ReadFile; format: RecognisedFormat },
  fileName: string,
  own: OwnWrites | null = null,
) {
  const today = dayAt(deps.now(), deps.timeZone);
  const planner = createPlanner({ source: read.format.format, ...deps, own });
  const { file, format } = read;
  const summary = createSummary(
    { fileName, format: format.format, encoding: file.encoding, blankRows: file.blankRows },
    deps.customers,
  );
  let at = 0;
  return {
    next(): PlannedRow | null {
      const row = file.rows[at];
      if (!row) return null;
      const planned = planner.plan(mapRow(row, { ...format, today }));
      // The row's cells are not needed once it is planned: a 5,000-row file holds 200,000 of them.
      file.rows[at] = { row: row.row, cells: [] };
      at += 1;
      summary.add(planned);
      return planned;
    },
    summary: (): ImportSummary => summary.done(),
  };
}

export type DryRun = { batchId: number; summary: ImportSummary } | { problem: string };

export async function dryRun(deps: ImportDeps, upload: { bytes: Buffer; fileName: string }): Promise<DryRun> {
  const read = readImportFile(upload.bytes);
  if ("problem" in read) return read;
  const plan = planFile(deps, read, upload.fileName);
  for (let more = true; more;) {
    const started = performance.now();
    while ((more = plan.next() !== null) && performance.now() - started < IMPORT_SLICE_MS);
    if (more) await yieldToOthers();
  }
  const summary = plan.summary();
  deps.batches.expire();
  const batchId = deps.batches.dryRun({
    format: read.format.format,
    fileName: upload.fileName,
    fileHash: sha256(upload.bytes),
    file: upload.bytes,
    encoding: read.file.encoding,
    summary: JSON.stringify(summary),
  });
  return { batchId, summary };
}
