// What an import works with: the customers' stores (migration 20), its own batches (migration 22), the suppression
// list's gate, and the business's clock and day.
import type { Db } from "../db/database.ts";
import type { EstimateStore } from "../requests/estimate-store.ts";
import type { CustomerLinks } from "../store/customer-links.ts";
import type { CustomerStore } from "../store/customers.ts";
import type { FlueStore } from "../store/flues.ts";
import { createImportBatchStore, type ImportBatchStore } from "../store/import-batches.ts";
import type { MarketingGate } from "./import-marketing.ts";

export type ImportDeps = {
  db: Db;
  customers: CustomerStore;
  links: CustomerLinks;
  flues: FlueStore;
  batches: ImportBatchStore;
  gate: MarketingGate;
  now: () => Date;
  timeZone: string;
};

// One batch store per connection: its statements are prepared once, not on every request.
const batchStores = new WeakMap<Db, ImportBatchStore>();

export function importDeps(
  store: EstimateStore,
  { gate, now, timeZone }: { gate: MarketingGate; now: () => Date; timeZone: string },
): ImportDeps {
  let batches = batchStores.get(store.db);
  if (!batches) {
    batches = createImportBatchStore(store.db, now);
    batchStores.set(store.db, batches);
  }
  return {
    db: store.db,
    customers: store.customers,
    links: store.customerLinks,
    flues: store.flues,
    batches,
    gate,
    now,
    timeZone,
  };
}
