// What the owner's imports remember of an erased person (decisions 0052's "Erasing a customer" and 0053), for both
// erasures: a customer's (server/customers/customer-erasure.ts) and an address's (retention.ts, the console's Erase).
// The change rows that name their record, contacts, flues or hashed addresses go: an undo has nothing of theirs left
// to put back, and never mistakes an id SQLite hands out again for theirs. A dry run waiting for its commit goes whole,
// its file with it (the file may hold them: the owner uploads it again, and the new dry run meets their suppression
// entry). In every batch's summary, each example or reason that quotes them says "(erased)", its counts unchanged.
import type { Db } from "../db/database.ts";

export const ERASED_WORDS = "(erased)";

/** What names the person, gathered before their rows go. */
export type ErasedPerson = {
  customers: readonly number[];
  contacts: readonly number[];
  flues: readonly number[];
  /** Their addresses' keyed hashes (the suppression list's keys). */
  hashes: readonly string[];
  /** Names, e-mails, phones and streets as they may be quoted; short ones are left out (they would match anyone). */
  words: readonly string[];
};

const MIN_WORD = 4;

/** Every string in a JSON value that contains one of `words` (case-insensitively) replaced by ERASED_WORDS. */
function scrub(value: unknown, words: readonly string[]): unknown {
  if (typeof value === "string") {
    const lower = value.toLowerCase();
    return words.some((w) => lower.includes(w)) ? ERASED_WORDS : value;
  }
  if (Array.isArray(value)) return value.map((v) => scrub(v, words));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === "fileName" ? v : scrub(v, words)]));
  }
  return value;
}

export function createImportErasure(db: Db) {
  const forgetChanges = db.prepare(
    `DELETE FROM import_changes WHERE
       (kind = 'customer-updated' AND target_id IN (SELECT value FROM json_each(@customers)))
    OR (kind = 'contact-added' AND target_id IN (SELECT value FROM json_each(@contacts)))
    OR ((kind = 'flue-added' OR kind = 'flue-updated') AND target_id IN (SELECT value FROM json_each(@flues)))
    OR (kind = 'suppression-added' AND target_key IN (SELECT value FROM json_each(@hashes)))`,
  );
  const dropDryRuns = db.prepare("DELETE FROM import_batches WHERE state = 'dry-run'");
  const summaries = db.prepare<[], { id: number; summary: string }>("SELECT id, summary FROM import_batches");
  const setSummary = db.prepare("UPDATE import_batches SET summary = ? WHERE id = ?");

  return {
    /** In the erasure's transaction, before the person's rows are deleted (the ids are read from them). */
    erase(person: ErasedPerson): void {
      forgetChanges.run({
        customers: JSON.stringify(person.customers),
        contacts: JSON.stringify(person.contacts),
        flues: JSON.stringify(person.flues),
        hashes: JSON.stringify(person.hashes),
      });
      // A batch being written keeps its file until it is committed: its rows meet the suppression entry.
      dropDryRuns.run();
      const words = [...new Set(person.words.map((w) => w.trim().toLowerCase()).filter((w) => w.length >= MIN_WORD))];
      if (words.length === 0) return;
      for (const { id, summary } of summaries.all()) {
        const next = JSON.stringify(scrub(JSON.parse(summary) as unknown, words));
        if (next !== summary) setSummary.run(next, id);
      }
    },
  };
}
