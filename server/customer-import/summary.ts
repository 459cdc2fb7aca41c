// What a dry run (or its commit) found, as the owner reads it: counts that add up (rows read = new + matched +
// suggested + refused), every refused row with its number and reasons, a few of each kind to look at, and what
// happens about marketing. Stored with the batch as JSON.
import type { CustomerStore } from "../store/customers.ts";
import type { ImportSource } from "../store/import-batches.ts";
import type { MatchReason } from "../store/customer-links.ts";
import type { FileEncoding } from "./read-file.ts";
import type { PlannedRow } from "./plan.ts";

export type Example = { row: number; name: string; detail: string };

export type ImportSummary = {
  fileName: string;
  format: ImportSource;
  encoding: FileEncoding;
  /** Rows that are not blank, after the header. */
  rows: number;
  blankRows: number;
  counts: { new: number; matched: number; suggested: number; refused: number };
  /** Customers the file signs up (Jobber's yes), leaves not signed up, and keeps off because they are suppressed. */
  marketing: { signedUp: number; notSignedUp: number; staysOff: number };
  refused: { row: number; reasons: string[] }[];
  examples: { new: Example[]; matched: Example[]; suggested: Example[] };
};

const EXAMPLES = 20;

const REASON_WORDS: Record<MatchReason, string> = {
  phone: "same phone",
  email: "same e-mail",
  "email-alias": "the same Gmail box",
  address: "same address",
};

/** Counts rows as they are planned (the commit keeps no more than this of the rows it has written). */
export function createSummary(
  file: { fileName: string; format: ImportSource; encoding: FileEncoding; blankRows: number },
  customers: CustomerStore,
) {
  const counts = { new: 0, matched: 0, suggested: 0, refused: 0 };
  const marketing = { signedUp: 0, notSignedUp: 0, staysOff: 0 };
  const refused: ImportSummary["refused"] = [];
  const examples: ImportSummary["examples"] = { new: [], matched: [], suggested: [] };
  const nameOf = (id: number) => customers.get(id)?.display_name ?? `customer ${id}`;
  let added = 0;

  function example(p: Exclude<PlannedRow, { kind: "refused" }>): Example {
    const name = p.customer.name || p.customer.emails[0] || p.customer.phones[0]?.typed || "";
    if (p.kind === "new") return { row: p.row, name, detail: p.customer.address?.street1 ?? "" };
    if (p.kind === "matched")
      return {
        row: p.row,
        name,
        detail: p.by === "id" ? `updates ${nameOf(p.targetId)}, imported before` : `updates ${nameOf(p.targetId)}`,
      };
    const detail = p.looksLike
      .map((l) => {
        const who = "customerId" in l ? nameOf(l.customerId) : `row ${l.row}`;
        return `looks like ${who} (${l.reasons.map((r) => REASON_WORDS[r]).join(", ")})`;
      })
      .join("; ");
    return { row: p.row, name, detail };
  }

  return {
    add(p: PlannedRow): void {
      added += 1;
      counts[p.kind] += 1;
      if (p.kind === "refused") {
        refused.push({ row: p.row, reasons: p.reasons });
        return;
      }
      if (p.marketing === "signed-up") marketing.signedUp += 1;
      else if (p.marketing === "not-signed-up") marketing.notSignedUp += 1;
      else if (p.marketing === "stays-off") marketing.staysOff += 1;
      const list = examples[p.kind];
      if (list.length < EXAMPLES) list.push(example(p));
    },
    done(): ImportSummary {
      const rows = counts.new + counts.matched + counts.suggested + counts.refused;
      if (rows !== added) throw new Error("the import's counts do not add up");
      return { ...file, rows, counts, marketing, refused, examples };
    },
  };
}

/** Whether a commit's plan is the one the owner saw: the same counts and the same refused rows. */
export function samePlan(a: ImportSummary, b: ImportSummary): boolean {
  return JSON.stringify([a.counts, a.marketing, a.refused]) === JSON.stringify([b.counts, b.marketing, b.refused]);
}
