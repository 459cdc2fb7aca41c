// The import on a real database (a temporary one): the dry run writes nothing but its batch and its counts add up;
// the commit writes that plan whole or not at all; a second import of one file updates and creates nobody; an undo
// puts everything back; the suppression list decides who is signed up.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { openEstimateStore, type EstimateStore } from "../requests/estimate-store.ts";
import { commitBatch } from "./commit.ts";
import { jobberExport } from "../../tests/support/jobber-export.ts";
import { dryRun, sha256 } from "./dry-run.ts";
import { importDeps, type ImportDeps } from "./import-deps.ts";
import { suppressionGate, type AddressKind, type MarketingGate } from "./import-marketing.ts";
import { addressKeys } from "../marketing/address-keys.ts";
import { createSuppressionStore } from "../store/suppressions.ts";
import { recoverImports, undoBatch } from "./undo.ts";
import { planFile, readImportFile } from "./dry-run.ts";
import { createWriter } from "./write-plan.ts";
import { noOwnWrites } from "./import-lookups.ts";
import type { ImportSummary } from "./summary.ts";

const fixture = (name: string) => readFileSync(new URL(`../../tests/support/customer-import/${name}`, import.meta.url));

/** The suppression list as the gate sees it, in memory: hash → why. */
function listGate(list = new Map<string, string>()): MarketingGate & { list: Map<string, string> } {
  const hash = (kind: AddressKind, key: string) => `${kind}:${key}`;
  return {
    list,
    suppressed: ({ emails, phones }, ignore) =>
      [...emails.map((e) => hash("email", e)), ...phones.map((p) => hash("phone", p))].some(
        (h) => list.has(h) && !ignore?.has(h),
      ),
    keepFrom(kind, key) {
      const h = hash(kind, key);
      if (list.has(h)) return null;
      list.set(h, "import");
      return h;
    },
    lift(h) {
      if (list.get(h) === "import") list.delete(h);
    },
  };
}

let dir: string;
let store: EstimateStore;
let gate: ReturnType<typeof listGate>;
let deps: ImportDeps;
const now = () => new Date("2026-12-01T16:00:00Z");

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "import-"));
  store = openEstimateStore({ dataDir: dir, now });
  gate = listGate();
  deps = importDeps(store, { gate, now, timeZone: "America/Chicago" });
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const count = (sql: string) => (store.db.prepare(sql).get() as { n: number }).n;
const customersNow = () => count("SELECT count(*) AS n FROM customers");

async function dry(name: string, bytes: Buffer = fixture(name)) {
  const result = await dryRun(deps, { bytes, fileName: name });
  if ("problem" in result) throw new Error(result.problem);
  return { ...result, hash: sha256(bytes) };
}

async function imported(name: string): Promise<{ batchId: number; summary: ImportSummary }> {
  const { batchId, hash } = await dry(name);
  const outcome = await commitBatch(deps, batchId, hash);
  if (outcome.kind !== "imported") throw new Error(outcome.kind);
  return { batchId, summary: outcome.summary };
}

describe("the dry run", () => {
  it("counts a Jobber export so it adds up, lists the refused rows, and writes only its batch", async () => {
    const before = customersNow();
    const { summary } = await dry("jobber-clients.csv");
    expect(summary.counts).toEqual({ new: 8, matched: 0, suggested: 1, refused: 3 });
    expect(summary.rows).toBe(12);
    expect(summary.counts.new + summary.counts.matched + summary.counts.suggested + summary.counts.refused).toBe(12);
    expect(summary.refused.map((r) => r.row)).toEqual([6, 9, 12]);
    expect(summary.examples.suggested).toEqual([
      { row: 8, name: "ANN ONEIL", detail: "looks like row 7 (same phone)" },
    ]);
    // Margaret, Renée, Gwen and Carol said yes in Jobber; nobody else is signed up.
    expect(summary.marketing).toEqual({ signedUp: 4, notSignedUp: 5, staysOff: 0 });
    expect(customersNow()).toBe(before);
    expect(gate.list.size).toBe(0);
    expect(count("SELECT count(*) AS n FROM import_batches WHERE state = 'dry-run'")).toBe(1);
  });

  it("refuses a file it cannot import, in words", async () => {
    const result = await dryRun(deps, { bytes: Buffer.from("Name,Town\nAl,Normal\n"), fileName: "x.csv" });
    expect(result).toEqual({ problem: expect.stringMatching(/^We could not tell which program wrote this file/) });
  });
});

describe("the commit", () => {
  it("writes the plan: the J-ID kept, the ZIP as typed, Ann O'Neil and ANN ONEIL one suggestion", async () => {
    const { summary } = await imported("jobber-clients.csv");
    expect(customersNow()).toBe(9);
    const hollis = store.customers.bySource("jobber", "1041");
    expect(hollis?.display_name).toBe("Margaret Hollis");
    expect(store.customers.contactsOf([hollis?.id ?? 0]).map((c) => [c.kind, c.key])).toEqual([
      ["email", "mhollis@example.com"],
      ["phone", "+13098284417"],
    ]);
    const rentals = store.customers.bySource("jobber", "1044");
    expect(store.customers.propertiesOf([rentals?.id ?? 0])[0]).toMatchObject({ zip: "06103", zip5: "06103" });
    const ann = store.customers.bySource("jobber", "1046")?.id ?? 0;
    const ann2 = store.customers.bySource("jobber", "1047")?.id ?? 0;
    expect(store.customerLinks.suggestionsFor(ann)).toEqual([
      expect.objectContaining({ a: Math.min(ann, ann2), b: Math.max(ann, ann2), reasons: ["phone"] }),
    ]);
    // Not signed up: every address of the five whose row did not say yes is on the list as the import's.
    expect([...gate.list.keys()]).toContain("email:dale.kowalski@example.net");
    expect([...gate.list.keys()]).not.toContain("email:mhollis@example.com");
    expect(summary.counts.new).toBe(8);
  });

  it("imports one file twice: no new customer the second time, every row matched by its old id", async () => {
    await imported("jobber-clients.csv");
    const first = customersNow();
    const again = await dry("jobber-clients.csv");
    expect(again.summary.counts).toEqual({ new: 0, matched: 9, suggested: 0, refused: 3 });
    await commitBatch(deps, again.batchId, again.hash);
    expect(customersNow()).toBe(first);
    // A Housecall Pro report has no ids: its rows' own content finds them again.
    await imported("housecall-pro-customers.csv");
    const hcp = await dry("housecall-pro-customers.csv");
    expect(hcp.summary.counts).toEqual({ new: 0, matched: 4, suggested: 0, refused: 1 });
  });

  it("updates a customer the site already has, by the same e-mail and name, and the undo takes it back", async () => {
    const site = store.customers.create({
      displayName: "margaret hollis",
      source: "request",
      sourceId: "1",
      notes: "Called about the crown",
      contacts: [{ kind: "email", value: "MHollis@example.com" }],
    });
    const { batchId, summary } = await imported("jobber-clients.csv");
    expect(summary.counts).toMatchObject({ new: 7, matched: 1 });
    expect(summary.examples.matched).toEqual([{ row: 2, name: "Margaret Hollis", detail: "updates margaret hollis" }]);
    const after = store.customers.get(site.id);
    // The homeowner's own spelling stays; the old tool's notes and phone and house are added.
    expect(after?.display_name).toBe("margaret hollis");
    expect(after?.notes).toBe(
      "Called about the crown\nLead source: Google\nTags: annual sweep\nChimney notes: Clay liner, cap replaced 2021",
    );
    expect(store.customers.contactsOf([site.id]).map((c) => c.key)).toEqual(["mhollis@example.com", "+13098284417"]);
    expect(store.customers.propertiesOf([site.id]).map((p) => p.street)).toEqual(["1204 N Main St"]);
    expect(await undoBatch(deps, batchId)).toEqual({ kind: "undone", removed: 8, restored: 1, keptLaterEdits: 0 });
    expect(store.customers.get(site.id)).toMatchObject({
      display_name: "margaret hollis",
      notes: "Called about the crown",
    });
    expect(store.customers.contactsOf([site.id]).map((c) => c.key)).toEqual(["mhollis@example.com"]);
    expect(store.customers.propertiesOf([site.id])).toEqual([]);
    expect(customersNow()).toBe(1);
  });

  it("commits the very file of the dry run: another hash is refused, a second commit does nothing", async () => {
    const { batchId, hash } = await dry("jobber-clients.csv");
    expect(await commitBatch(deps, batchId, sha256(Buffer.from("another file")))).toEqual({ kind: "other-file" });
    expect(customersNow()).toBe(0);
    expect((await commitBatch(deps, batchId, hash)).kind).toBe("imported");
    expect(await commitBatch(deps, batchId, hash)).toEqual({ kind: "already" });
    expect(customersNow()).toBe(9);
  });

  it("two dry runs of one file: the first commit wins, the second sees the list changed and writes nothing", async () => {
    const a = await dry("jobber-clients.csv");
    const b = await dry("jobber-clients.csv");
    expect((await commitBatch(deps, a.batchId, a.hash)).kind).toBe("imported");
    const second = await commitBatch(deps, b.batchId, b.hash);
    expect(second).toMatchObject({ kind: "changed", summary: { counts: { new: 0, matched: 9, suggested: 0 } } });
    expect(customersNow()).toBe(9);
    expect(store.db.prepare("SELECT state FROM import_batches WHERE id = ?").get(b.batchId)).toEqual({
      state: "dry-run",
    });
  });

  it("is never half-written: a failure on the sixth customer leaves no customer, no change and the dry run", async () => {
    const { batchId, hash } = await dry("jobber-clients.csv");
    let calls = 0;
    const failing = listGate();
    const keep = failing.keepFrom;
    failing.keepFrom = (kind, key) => {
      calls += 1;
      if (calls === 6) throw new Error("disk full");
      return keep(kind, key);
    };
    await expect(commitBatch({ ...deps, gate: failing }, batchId, hash)).rejects.toThrow("disk full");
    expect(customersNow()).toBe(0);
    expect(count("SELECT count(*) AS n FROM properties")).toBe(0);
    expect(count("SELECT count(*) AS n FROM import_changes")).toBe(0);
    expect(store.db.prepare("SELECT state FROM import_batches WHERE id = ?").get(batchId)).toEqual({
      state: "dry-run",
    });
    expect((await commitBatch(deps, batchId, hash)).kind).toBe("imported");
  });
});

describe("two imports at once", () => {
  it("one is written, the other finds it busy and writes nothing; its dry run stays", async () => {
    const jobber = await dry("jobber-clients.csv");
    const hcp = await dry("housecall-pro-customers.csv");
    const [a, b] = await Promise.all([
      commitBatch(deps, jobber.batchId, jobber.hash),
      commitBatch(deps, hcp.batchId, hcp.hash),
    ]);
    expect([a.kind, b.kind]).toEqual(["imported", "busy"]);
    expect(customersNow()).toBe(9);
    expect(store.db.prepare("SELECT state FROM import_batches WHERE id = ?").get(hcp.batchId)).toEqual({
      state: "dry-run",
    });
    expect((await commitBatch(deps, hcp.batchId, hcp.hash)).kind).toBe("imported");
    expect(customersNow()).toBe(13);
  });

  it("writes each slice's new customers together, never one by one, and the search index finds them", async () => {
    // One INSERT a customer, contact and property made FTS5 write a segment for each (store/customer-batches.ts).
    const { batchId, hash, summary } = await dry("big.csv", jobberExport(300));
    const one = vi.spyOn(store.customers, "create");
    const together = vi.spyOn(deps.newCustomers, "createMany");
    expect((await commitBatch(deps, batchId, hash)).kind).toBe("imported");
    expect(one).not.toHaveBeenCalled();
    const sizes = together.mock.calls.map(([inputs]) => inputs.length);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(summary.counts.new + summary.counts.suggested);
    expect(Math.max(...sizes)).toBeGreaterThan(1);
    const someone = store.customers.get(1);
    expect(store.customerSearch.search(someone?.display_name ?? "-").map((c) => c.id)).toContain(1);
  }, 30_000);

  it("a commit lets the event loop go between its short transactions, each whole", async () => {
    const bytes = jobberExport(300);
    const { batchId, hash } = await dry("big.csv", bytes);
    let turns = 0;
    const counting = setInterval(() => (turns += 1), 0);
    const outcome = await commitBatch(deps, batchId, hash);
    clearInterval(counting);
    expect(outcome.kind).toBe("imported");
    expect(turns).toBeGreaterThan(1);
  }, 30_000);
});

describe("a server stopped in the middle", () => {
  it("of a commit: the next start rolls the batch back to its dry run, and it can be imported whole", async () => {
    const { batchId, hash } = await dry("jobber-clients.csv");
    // As a commit leaves it when the process dies after its first transactions: some rows written, "committing".
    const read = readImportFile(fixture("jobber-clients.csv"));
    if ("problem" in read) throw new Error(read.problem);
    const own = noOwnWrites();
    const plan = planFile(deps, read, "jobber-clients.csv", own);
    store.db.transaction(() => {
      deps.batches.move(batchId, "dry-run", "committing");
      const write = createWriter({ ...deps, source: "jobber", batchId, own });
      for (let i = 0; i < 5; i++) {
        const row = plan.next();
        if (row) write.write(row);
      }
      write.flush();
    })();
    expect(customersNow()).toBeGreaterThan(0);
    expect(await recoverImports(deps)).toEqual([
      `import ${batchId} was stopped while it was written: rolled back, its dry run kept`,
    ]);
    expect(customersNow()).toBe(0);
    expect(gate.list.size).toBe(0);
    expect(count("SELECT count(*) AS n FROM import_changes")).toBe(0);
    expect((await commitBatch(deps, batchId, hash)).kind).toBe("imported");
    expect(customersNow()).toBe(9);
  });
});

describe("marketing", () => {
  it("an erased person's suppression holds when an import brings them back saying yes, and through the undo", async () => {
    // Margaret was erased: her hashed entries stay on the list.
    gate.list.set("email:mhollis@example.com", "erasure");
    gate.list.set("phone:+13098284417", "erasure");
    const { batchId, summary } = await imported("jobber-clients.csv");
    expect(summary.marketing).toEqual({ signedUp: 3, notSignedUp: 5, staysOff: 1 });
    expect(gate.list.get("email:mhollis@example.com")).toBe("erasure");
    await undoBatch(deps, batchId);
    expect(gate.list.get("email:mhollis@example.com")).toBe("erasure");
    expect(gate.list.get("phone:+13098284417")).toBe("erasure");
    // What the import put on the list comes off with it.
    expect([...gate.list.values()]).toEqual(["erasure", "erasure"]);
  });
});

describe("marketing, on the real suppression list", () => {
  it("keeps imported addresses off it unless Jobber said yes; an erased person stays off; the undo lifts only its own", async () => {
    const list = createSuppressionStore(store.db, now);
    const keys = addressKeys(list.secret());
    list.add(keys.hash("email", "mhollis@example.com"), "email", "erasure");
    deps = importDeps(store, { gate: suppressionGate(store.db, now), now, timeZone: "America/Chicago" });
    const { batchId, summary } = await imported("jobber-clients.csv");
    expect(summary.marketing).toEqual({ signedUp: 3, notSignedUp: 5, staysOff: 1 });
    expect(list.has(keys.hash("email", "mhollis@example.com"))).toBe(true);
    // Renée said yes: not on the list. Dale did not: both his e-mails and both phones are, as the import's.
    expect(list.has(keys.hash("email", "renee.dubois@example.org"))).toBe(false);
    expect(list.has(keys.hash("email", "kowalski.home@example.com"))).toBe(true);
    expect(list.has(keys.hash("phone", "+13095310190"))).toBe(true);
    // Dale 4, Prairie Rentals 2, Ann 1 (ANN ONEIL shares it), Walter 1.
    expect(list.counts()).toMatchObject({ erasure: 1, import: 8 });
    await undoBatch(deps, batchId);
    expect(list.counts()).toMatchObject({ erasure: 1, import: 0 });
  });

  it("an address the import kept off, then unsubscribed or erased, stays off through the import's undo", async () => {
    const list = createSuppressionStore(store.db, now);
    const keys = addressKeys(list.secret());
    deps = importDeps(store, { gate: suppressionGate(store.db, now), now, timeZone: "America/Chicago" });
    const { batchId } = await imported("jobber-clients.csv");
    // Dale (reminders no) is on the list as the import's; then he unsubscribes, and Walter is erased.
    const dale = keys.hash("email", "kowalski.home@example.com");
    const walter = keys.hash("phone", "+13094541182");
    expect([list.has(dale), list.has(walter)]).toEqual([true, true]);
    list.add(dale, "email", "unsubscribe");
    list.add(walter, "phone", "erasure");
    await undoBatch(deps, batchId);
    expect([list.has(dale), list.has(walter)]).toEqual([true, true]);
    expect(list.counts()).toMatchObject({ unsubscribe: 1, erasure: 1 });
  });
});

describe("the undo", () => {
  it("takes a whole batch away, undoing a merge the owner made with one of its customers first", async () => {
    const site = store.customers.create({
      displayName: "A. O'Neil",
      source: "request",
      contacts: [{ kind: "phone", value: "309-287-6620" }],
    });
    const { batchId, summary } = await imported("jobber-clients.csv");
    // Not the same name: both Ann rows come in as customers of their own, each with a suggestion.
    expect(summary.counts).toMatchObject({ new: 7, suggested: 2 });
    const ann = store.customers.bySource("jobber", "1046")?.id ?? 0;
    expect(store.customerLinks.merge(site.id, ann)).toBe("merged");
    expect(await undoBatch(deps, batchId)).toMatchObject({ kind: "undone", removed: 9 });
    expect(store.customers.get(site.id)).toMatchObject({ display_name: "A. O'Neil", merged_into: null });
    expect(store.customerLinks.suggestionsFor(site.id)).toEqual([]);
    expect(customersNow()).toBe(1);
    expect(count("SELECT count(*) AS n FROM properties")).toBe(0);
    expect(await undoBatch(deps, batchId)).toEqual({ kind: "already" });
  });
});

describe("an erasure by e-mail (the console's Erase, npm run leads -- --erase)", () => {
  it("drops a dry run whose file may hold the address, scrubs the summaries, and the undo still works", async () => {
    // Dale wrote in first; the import then matched his record and added to it; a second dry run waits.
    store.save({
      name: "Dale Kowalski",
      email: "kowalski.home@example.com",
      phone: "",
      service: "Chimney Sweep",
      message: "Annual sweep please",
      city: "Bloomington",
      spam: false,
      idempotencyKey: null,
      ip: null,
      userAgent: null,
    });
    const { batchId } = await imported("jobber-clients.csv");
    await dry("jobber-clients.csv");
    expect(count("SELECT count(*) AS n FROM import_batches WHERE state = 'dry-run'")).toBe(1);

    expect(store.erase("kowalski.home@example.com")).toBe(1);
    expect(count("SELECT count(*) AS n FROM import_batches WHERE state = 'dry-run'")).toBe(0);
    const bytes = Buffer.concat([readFileSync(store.file), readFileSync(`${store.file}-wal`)]);
    expect(bytes.includes("kowalski.home@example.com")).toBe(false);
    expect(bytes.includes("Annual sweep please")).toBe(false);
    expect(await undoBatch(deps, batchId)).toMatchObject({ kind: "undone" });
  });
});
