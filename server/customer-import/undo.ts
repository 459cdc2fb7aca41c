// Undoing a whole batch, in one immediate transaction (decision 0053): the customers and properties it made go (with
// their contacts, flues and suggestions; a merge the owner made with one of them is undone first, so the other
// customer stands as it was); on customers that were already there, what it added goes and what it changed goes back,
// unless the owner changed it again since. The addresses it kept from marketing come off the list only where the
// list still says the import put them there. A batch whose customers have requests on them since is not undone.
import type { Fuel } from "../store/flues.ts";
import type { ImportDeps } from "./import-deps.ts";

export type UndoOutcome =
  | { kind: "undone"; removed: number; restored: number; keptLaterEdits: number }
  | { kind: "already" }
  | { kind: "missing" }
  | { kind: "in-use"; requests: number };

type Before = { display_name: string; notes: string };
type FlueBefore = { fuel: Fuel; last_service_day: string | null };

export function undoBatch(deps: ImportDeps, batchId: number): UndoOutcome {
  const { db, batches, customers, links, flues, gate } = deps;
  const json = <T>(text: string | null) => (text === null ? null : (JSON.parse(text) as T));
  const made = db.prepare<[number], { id: number }>("SELECT id FROM customers WHERE import_batch = ?");
  const linkedRequests = db.prepare<[number, number], { n: number }>(
    `SELECT count(*) AS n FROM estimates WHERE customer_id IN (SELECT id FROM customers WHERE import_batch = ?)
       OR property_id IN (SELECT id FROM properties WHERE import_batch = ?)`,
  );
  const liveMerges = db.prepare<[number, number], { id: number }>(
    `SELECT id FROM customer_merges WHERE undone_at IS NULL AND (
       from_id IN (SELECT id FROM customers WHERE import_batch = ?) OR into_id IN (SELECT id FROM customers WHERE import_batch = ?))
     ORDER BY id DESC`,
  );
  const deleteProperties = db.prepare("DELETE FROM properties WHERE import_batch = ?");
  const deleteCustomers = db.prepare("DELETE FROM customers WHERE import_batch = ?");

  const run = db.transaction((): UndoOutcome => {
    const batch = batches.get(batchId);
    if (!batch) return { kind: "missing" };
    if (batch.state !== "committed") return { kind: "already" };
    const requests = linkedRequests.get(batchId, batchId)?.n ?? 0;
    if (requests > 0) return { kind: "in-use", requests };
    let restored = 0;
    let keptLaterEdits = 0;
    for (const change of batches.changes(batchId).reverse()) {
      const id = change.target_id ?? 0;
      if (change.kind === "contact-added") customers.removeContact(id);
      else if (change.kind === "flue-added") flues.remove(id);
      else if (change.kind === "suppression-added" && change.target_key) gate.lift(change.target_key);
      else if (change.kind === "customer-updated") {
        const now = customers.get(id);
        const was = json<Before>(change.before);
        const set = json<Before>(change.after);
        if (!now || !was || !set) continue;
        if (now.display_name !== set.display_name || now.notes !== set.notes) keptLaterEdits += 1;
        else {
          customers.update(id, { displayName: was.display_name, notes: was.notes });
          restored += 1;
        }
      } else if (change.kind === "flue-updated") {
        const flue = flues.get(id);
        const was = json<FlueBefore>(change.before);
        const set = json<FlueBefore>(change.after);
        if (!flue || !was || !set) continue;
        if (flue.fuel !== set.fuel || flue.last_service_day !== set.last_service_day) keptLaterEdits += 1;
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
          restored += 1;
        }
      }
    }
    for (const merge of liveMerges.all(batchId, batchId)) links.undo(merge.id);
    const removed = made.all(batchId).length;
    deleteProperties.run(batchId);
    deleteCustomers.run(batchId);
    if (!batches.undone(batchId)) throw new Error("the batch was undone twice");
    return { kind: "undone", removed, restored, keptLaterEdits };
  });
  return run.immediate();
}
