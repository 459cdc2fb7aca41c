// What an import works with: the customers' stores (migration 19), its own batches (migration 21), the suppression
// list's gate, the business's clock and day, and how long it may hold the event loop at a time.
import type { Db } from "../db/database.ts";
import type { DurableCommits } from "../db/durable-commit.ts";
import type { EstimateStore } from "../requests/estimate-store.ts";
import { createCustomerBatches, type CustomerBatches } from "../store/customer-batches.ts";
import type { CustomerLinks } from "../store/customer-links.ts";
import type { CustomerStore } from "../store/customers.ts";
import type { FlueStore } from "../store/flues.ts";
import { createImportBatchStore, type ImportBatchStore } from "../store/import-batches.ts";
import { suppressionGate, type MarketingGate } from "./import-marketing.ts";
import { business } from "../../app/content/business.ts";
import { createImportLookups, type ImportLookups } from "./import-lookups.ts";

export type ImportDeps = {
  db: Db;
  /** Each of the commit's short transactions is on disk before the next, its fsync off the event loop. */
  durable: DurableCommits;
  customers: CustomerStore;
  links: CustomerLinks;
  flues: FlueStore;
  batches: ImportBatchStore;
  /** New customers written a slice at a time (the search index's triggers, store/customer-batches.ts). */
  newCustomers: CustomerBatches;
  lookups: ImportLookups;
  gate: MarketingGate;
  now: () => Date;
  timeZone: string;
};

/**
 * How long an import works before it lets the event loop go (the public pages answer meanwhile): a dry run yields,
 * a commit ends its transaction and yields. Short enough that a visitor waits no longer than an ordinary page takes.
 */
export const IMPORT_SLICE_MS = 40;

const thread: { cpuUsage: () => NodeJS.CpuUsage; threadCpuUsage?: () => NodeJS.CpuUsage } = process;

/**
 * The clock a commit's slices are timed by, in ms: the main thread's CPU time where Node has it (24, the server's),
 * else the wall clock. On a busy machine the wall clock counts the waits for a core too, which cut a slice to a few
 * rows; each slice's commit writes a segment of the search index, so a few rows a slice cost several times the CPU.
 */
export const sliceClock = (): number => {
  if (!thread.threadCpuUsage) return performance.now();
  const used = thread.threadCpuUsage();
  return (used.user + used.system) / 1000;
};

/** Lets other work run; resolves on the event loop's next turn. */
export const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

// One batch store and one set of lookups per connection: their statements are prepared once, not on every request.
const prepared = new WeakMap<
  Db,
  { batches: ImportBatchStore; newCustomers: CustomerBatches; lookups: ImportLookups }
>();
const gates = new WeakMap<Db, MarketingGate>();

/** The server's import: the one suppression list as its gate, the business's time zone. */
export function serverImportDeps(store: EstimateStore, now: () => Date): ImportDeps {
  let gate = gates.get(store.db);
  if (!gate) {
    gate = suppressionGate(store.db, now);
    gates.set(store.db, gate);
  }
  return importDeps(store, { gate, now, timeZone: business.timeZone });
}

export function importDeps(
  store: EstimateStore,
  { gate, now, timeZone }: { gate: MarketingGate; now: () => Date; timeZone: string },
): ImportDeps {
  let own = prepared.get(store.db);
  if (!own) {
    own = {
      batches: createImportBatchStore(store.db, now),
      newCustomers: createCustomerBatches(store.db, now),
      lookups: createImportLookups(store.db, store.customers, store.customerLinks),
    };
    prepared.set(store.db, own);
  }
  return {
    db: store.db,
    durable: store.durable,
    customers: store.customers,
    links: store.customerLinks,
    flues: store.flues,
    ...own,
    gate,
    now,
    timeZone,
  };
}
