// Undoing a whole batch (decision 0053). What it changed on customers who were already there goes back, unless the
// owner changed it again since; what it added to them goes; the addresses it kept from marketing come off the list
// where the list still says the import put them there; a merge the owner made with one of its customers is undone;
// then the customers and properties it made go (with their contacts, flues and suggestions). All in short
// transactions with the event loop let go between them; each change row goes with what it took back, so an undo
// stopped by a crash goes on from where it was at the next start. A commit that failed is rolled back the same way.
import type { Fuel } from "../store/flues.ts";
import { IMPORT_SLICE_MS, yieldToOthers, type ImportDeps } from "./import-deps.ts";

export type UndoOutcome =
  | { kind: "undone"; removed: number; restored: number; keptLaterEdits: number }
  | { kind: "already" }
  | { kind: "running" }
  | { kind: "busy" }
  | { kind: "missing" }
  | { kind: "in-use"; requests: number };

type Before = { display_name: string; notes: string };
type FlueBefore = { fuel: Fuel; last_service_day: string | null };
type Tally = { removed: number; restored: number; keptLaterEdits: number };

const json = <T>(text: string | null) => (text === null ? null : (JSON.parse(text) as T));

/** Runs `step` in transactions of about IMPORT_SLICE_MS each, on disk before the next, until it says it is done. */
async function inSlices(deps: ImportDeps, step: () => boolean): Promise<void> {
  for (let more = true; more;) {
    await deps.durable.commit(
      deps.db.transaction(() => {
        const started = performance.now();
        while ((more = step()) && performance.now() - started < IMPORT_SLICE_MS);
      }),
    );
    if (more) await yieldToOthers();
  }
}

/** Takes back everything a batch wrote, whatever its state; resumable. */
export async function rollBack(deps: ImportDeps, batchId: number): Promise<Tally> {
  const { db, batches, customers, links, flues, gate } = deps;
  const tally: Tally = { removed: 0, restored: 0, keptLaterEdits: 0 };
  const changes = batches.changes(batchId).reverse();
  let at = 0;
  await inSlices(deps, () => {
    const change = changes[at++];
    if (!change) return false;
    const id = change.target_id ?? 0;
    if (change.kind === "contact-added") customers.removeContact(id);
    else if (change.kind === "flue-added") flues.remove(id);
    else if (change.kind === "suppression-added" && change.target_key) gate.lift(change.target_key);
    else if (change.kind === "customer-updated") {
      const now = customers.get(id);
      const was = json<Before>(change.before);
      const set = json<Before>(change.after);
      if (now && was && set) {
        if (now.display_name !== set.display_name || now.notes !== set.notes) tally.keptLaterEdits += 1;
        else {
          customers.update(id, { displayName: was.display_name, notes: was.notes });
          tally.restored += 1;
        }
      }
    } else if (change.kind === "flue-updated") {
      const flue = flues.get(id);
      const was = json<FlueBefore>(change.before);
      const set = json<FlueBefore>(change.after);
      if (flue && was && set) {
        if (flue.fuel !== set.fuel || flue.last_service_day !== set.last_service_day) tally.keptLaterEdits += 1;
        else {
          flues.update(id, {
            label: flue.label,
            appliance: flue.appliance,
            fuel: was.fuel,
            useLevel: flue.use_level,
            notes: flue.notes,
            lastServiceDay: was.last_service_day,
            dueOverride: flue.due_override,
            cadenceMonths: flue.cadence_months,
          });
          tally.restored += 1;
        }
      }
    }
    batches.forgetChange(change.id);
    return true;
  });
  const liveMerges = db.prepare<[number, number], { id: number }>(
    `SELECT id FROM customer_merges WHERE undone_at IS NULL AND (
       from_id IN (SELECT id FROM customers WHERE import_batch = ?) OR into_id IN (SELECT id FROM customers WHERE import_batch = ?))
     ORDER BY id DESC`,
  );
  await deps.durable.commit(
    db.transaction(() => {
      for (const merge of liveMerges.all(batchId, batchId)) links.undo(merge.id);
    }),
  );
  // Properties first (a customer's going would only unlink them), a hundred at a time.
  const deleteProperties = db.prepare("DELETE FROM properties WHERE import_batch = ? LIMIT 100");
  const deleteCustomers = db.prepare("DELETE FROM customers WHERE import_batch = ? LIMIT 100");
  await inSlices(deps, () => deleteProperties.run(batchId).changes > 0);
  await inSlices(deps, () => {
    const gone = deleteCustomers.run(batchId).changes;
    tally.removed += gone;
    return gone > 0;
  });
  return tally;
}

type UndoClaim = { kind: "claimed" } | Exclude<UndoOutcome, { kind: "undone" }>;

export async function undoBatch(deps: ImportDeps, batchId: number): Promise<UndoOutcome> {
  const linkedRequests = deps.db.prepare<[number, number], { n: number }>(
    `SELECT count(*) AS n FROM estimates WHERE customer_id IN (SELECT id FROM customers WHERE import_batch = ?)
       OR property_id IN (SELECT id FROM properties WHERE import_batch = ?)`,
  );
  const claimed = deps.db
    .transaction((): UndoClaim => {
      const batch = deps.batches.get(batchId);
      if (!batch) return { kind: "missing" };
      if (batch.state === "undoing") return { kind: "running" };
      if (batch.state !== "committed") return { kind: "already" };
      if (deps.batches.busy()) return { kind: "busy" };
      const requests = linkedRequests.get(batchId, batchId)?.n ?? 0;
      if (requests > 0) return { kind: "in-use", requests };
      deps.batches.move(batchId, "committed", "undoing");
      return { kind: "claimed" };
    })
    .immediate();
  if (claimed.kind !== "claimed") return claimed;
  const tally = await rollBack(deps, batchId);
  await deps.durable.commit(() => deps.batches.undone(batchId));
  return { kind: "undone", ...tally };
}

/**
 * At start: a batch a stopped server left half-written is rolled back to its dry run, and one left half-undone is
 * undone, so no batch stays in part. Returns what it did, for the log.
 */
export async function recoverImports(deps: ImportDeps): Promise<string[]> {
  const done: string[] = [];
  for (const { id, state } of deps.batches.stuck()) {
    await rollBack(deps, id);
    if (state === "committing") {
      deps.batches.move(id, "committing", "dry-run");
      done.push(`import ${id} was stopped while it was written: rolled back, its dry run kept`);
    } else {
      deps.batches.undone(id);
      done.push(`import ${id} was stopped while it was undone: undone`);
    }
  }
  return done;
}
