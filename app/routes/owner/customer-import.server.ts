// The import page's server side: the import's parts put together for a request, what the page shows of a dry run and
// of past batches, and each outcome in the owner's words.
import type { AppLoadContext } from "react-router";
import { localTime } from "../../../server/requests/lead-mail.ts";
import { serverImportDeps, type ImportDeps } from "../../../server/customer-import/import-deps.ts";
import { FORMAT_NAMES } from "../../../server/customer-import/formats.ts";
import type { CommitOutcome } from "../../../server/customer-import/commit.ts";
import type { ImportSummary } from "../../../server/customer-import/summary.ts";
import type { UndoOutcome } from "../../../server/customer-import/undo.ts";
import type { FileEncoding } from "../../../server/customer-import/read-file.ts";

/** Refused rows shown on the page; the rest are counted (the owner fixes these and imports again). */
export const REFUSED_SHOWN = 200;

export function deps(context: AppLoadContext): ImportDeps {
  return serverImportDeps(context.estimates, context.now);
}

const ENCODING_WORDS: Record<FileEncoding, string> = {
  "utf-8": "UTF-8",
  "utf-8 with BOM": "UTF-8 (Excel’s “CSV UTF-8”)",
  "utf-16 with BOM": "UTF-16 (Excel’s “Unicode text”)",
  "windows-1252": "Windows-1252 (Excel’s “CSV”)",
};

export type DryRunView = {
  batchId: number;
  hash: string;
  fileName: string;
  format: string;
  encoding: string;
  at: string;
  summary: Omit<ImportSummary, "refused"> & { refused: ImportSummary["refused"]; refusedHidden: number };
  /** Customers the commit writes: new, updated and those with a suggested merge. */
  toImport: number;
};

export function dryRunView(context: AppLoadContext, batchId: number): DryRunView | null {
  const batch = deps(context).batches.get(batchId);
  if (!batch || batch.state !== "dry-run") return null;
  const summary = JSON.parse(batch.summary) as ImportSummary;
  const { counts } = summary;
  return {
    batchId,
    hash: batch.file_hash,
    fileName: batch.file_name,
    format: FORMAT_NAMES[batch.format],
    encoding: ENCODING_WORDS[summary.encoding],
    at: localTime(batch.created_at),
    summary: {
      ...summary,
      refused: summary.refused.slice(0, REFUSED_SHOWN),
      refusedHidden: Math.max(0, summary.refused.length - REFUSED_SHOWN),
    },
    toImport: counts.new + counts.matched + counts.suggested,
  };
}

export type BatchView = {
  id: number;
  fileName: string;
  format: string;
  state: "committing" | "committed" | "undoing" | "undone";
  when: string;
  counts: ImportSummary["counts"];
};

export function batchViews(context: AppLoadContext): BatchView[] {
  return deps(context)
    .batches.list(20)
    .map((b) => ({
      id: b.id,
      fileName: b.file_name,
      format: FORMAT_NAMES[b.format],
      state: b.state === "dry-run" ? "committing" : b.state,
      when: localTime((b.state === "undone" ? b.undone_at : b.committed_at) ?? b.created_at),
      counts: (JSON.parse(b.summary) as ImportSummary).counts,
    }));
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** "8 new customers, 1 updated, 1 with a merge to look at; 3 rows were left out." */
export function importedWords({ counts }: ImportSummary): string {
  const parts = [`${plural(counts.new, "new customer")}`, `${counts.matched.toLocaleString("en-US")} updated`];
  if (counts.suggested > 0)
    parts.push(`${plural(counts.suggested, "customer")} with a possible duplicate to look at (Customers)`);
  const refused =
    counts.refused > 0 ? ` ${plural(counts.refused, "refused row was", "refused rows were")} left out.` : "";
  return `Imported: ${parts.join(", ")}.${refused}`;
}

const BUSY =
  "Another import is being written or undone right now, so nothing was changed. Wait until it shows as finished below, then try again.";

export type Answer = { redirect: string } | { status: number; error: string };

export function commitAnswer(outcome: CommitOutcome, batchId: number): Answer {
  switch (outcome.kind) {
    case "imported":
      return { redirect: `?done=${encodeURIComponent(importedWords(outcome.summary))}` };
    case "already":
      return { redirect: `?done=${encodeURIComponent("That file was imported already: nothing more was done.")}` };
    case "running":
      return {
        redirect: `?done=${encodeURIComponent("That file is being imported now: it shows below when it is in.")}`,
      };
    case "busy":
      return { status: 409, error: BUSY };
    case "changed":
      return { redirect: `?batch=${batchId}&changed=1` };
    case "missing":
      return { status: 404, error: "That dry run is gone (one is kept for a day). Upload the file again." };
    case "other-file":
      return {
        status: 409,
        error: "That is not the file this dry run read. Upload the file again and look at it first.",
      };
    case "unreadable":
      return { status: 409, error: outcome.problem };
  }
}

export function undoAnswer(outcome: UndoOutcome): Answer {
  switch (outcome.kind) {
    case "undone": {
      const back = outcome.restored > 0 ? `, ${plural(outcome.restored, "customer")} put back as they were` : "";
      const kept =
        outcome.keptLaterEdits > 0
          ? ` ${plural(outcome.keptLaterEdits, "change")} you made since ${outcome.keptLaterEdits === 1 ? "was" : "were"} kept.`
          : "";
      return {
        redirect: `?done=${encodeURIComponent(`Import undone: ${plural(outcome.removed, "customer")} removed${back}.${kept}`)}`,
      };
    }
    case "already":
      return { redirect: `?done=${encodeURIComponent("That import was undone already.")}` };
    case "running":
      return { redirect: `?done=${encodeURIComponent("That import is being undone now.")}` };
    case "busy":
      return { status: 409, error: BUSY };
    case "missing":
      return { status: 404, error: "There is no such import." };
    case "in-use":
      return {
        status: 409,
        error: `Not undone: ${plural(outcome.requests, "request")} came in on this import’s customers since. Those customers have history of their own now; nothing was changed.`,
      };
  }
}
