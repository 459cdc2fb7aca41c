// The import of the owner's old customer list, against the built server: the page and the template refuse strangers
// on every spelling; an upload is a dry run that writes nothing but its batch, with counts that add up and refused
// rows by number; the commit imports that very file once, however many taps and tabs; a second import updates and
// creates nobody; two imports at once never half-write; an erased person stays off the mailing list; undo.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOwnerConsole } from "../../server/owner/owner-console.ts";
import { addressKeys } from "../../server/marketing/address-keys.ts";
import { createSuppressionStore } from "../../server/store/suppressions.ts";
import { createCustomerErasure } from "../../server/customers/customer-erasure.ts";
import { startServer, stopServer, type RunningServer } from "./harness.ts";
import { LEAKS } from "./raw-http.ts";
import { jobberExport } from "../support/jobber-export.ts";
import { multipartBody } from "../support/multipart.ts";
import { ownerFormPost, tableRows, withStoreAt } from "../support/server-db.ts";

const PAGE = "/owner/customers/import";
const fixture = (name: string) => readFileSync(new URL(`../support/customer-import/${name}`, import.meta.url));

let server: RunningServer;
let session: { token: string; csrf: string };

beforeAll(async () => {
  server = await startServer({ BUILD_DIR: "build", RATE_LIMIT_PER_MINUTE: "100000", BACKUP_DIR: "off" });
  session = withStoreAt(server.dataDir, (store) => {
    const { token, session: s } = createOwnerConsole({ db: store.db }).sessions.create({
      ip: "127.0.0.1",
      userAgent: "test",
      passkeyId: null,
    });
    // The marketing key exists before any import, as it does once the server has sent anything.
    createSuppressionStore(store.db, () => new Date()).secret();
    return { token, csrf: s.csrf };
  });
}, 120_000);

afterAll(async () => {
  if (server) await stopServer(server);
});

const owner = () => ({ Cookie: `owner=${session.token}` });
const db = <T>(work: Parameters<typeof withStoreAt<T>>[1]) => withStoreAt(server.dataDir, work);
const count = (sql: string) => db((s) => (s.db.prepare(sql).get() as { n: number }).n);
const customers = () => count("SELECT count(*) AS n FROM customers");
/** Every table but the import's own batches: what a dry run must leave as it was. */
const rowsButBatches = () => JSON.stringify(db(tableRows).filter(([name]) => name !== "import_batches"));

function upload(bytes: Uint8Array, { headers = {}, csrf = session.csrf, name = "clients.csv" } = {}) {
  const { body, contentType } = multipartBody([
    { name: "csrf", value: csrf },
    { name: "intent", value: "dry-run" },
    { name: "file", filename: name, type: "text/csv", bytes },
  ]);
  return fetch(server.url + PAGE, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.url, "Content-Type": contentType, ...owner(), ...headers },
    body,
  });
}

/** The page's words, tags taken out. */
async function page(query = ""): Promise<string> {
  const response = await fetch(`${server.url}${PAGE}${query}`, { headers: owner() });
  expect(response.status).toBe(200);
  return (await response.text())
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

/** Uploads a file: the dry run's batch, and the hash its page's form carries. */
async function dryRun(bytes: Uint8Array): Promise<{ batch: number; hash: string; words: string }> {
  const response = await upload(bytes);
  expect(response.status, await response.clone().text()).toBe(302);
  const batch = Number(/batch=(\d+)/.exec(response.headers.get("location") ?? "")?.[1]);
  const html = await (await fetch(`${server.url}${PAGE}?batch=${batch}`, { headers: owner() })).text();
  const hash = /name="hash" value="([0-9a-f]{64})"/.exec(html)?.[1] ?? "";
  return { batch, hash, words: await page(`?batch=${batch}`) };
}

const commit = (batch: number, hash: string) =>
  ownerFormPost(server.url, session, PAGE, { intent: "commit", batch: String(batch), hash });
const undo = (batch: number) => ownerFormPost(server.url, session, PAGE, { intent: "undo", batch: String(batch) });
const doneWords = (response: Response) =>
  decodeURIComponent(/done=([^&]+)/.exec(response.headers.get("location") ?? "")?.[1] ?? "");

const spellings = (p: string) => [
  p,
  p.toUpperCase(),
  p.replace("/owner", "/%6Fwner"),
  p.replace("/owner", "/x/../owner"),
  `${p}.data`,
  `${p};x=1`,
  p.replace("/owner", "/Owner"),
];

describe("the import's guards", () => {
  it("refuse strangers on every spelling, and a forged, foreign or tokenless upload stores nothing", async () => {
    const before = JSON.stringify(db(tableRows));
    for (const p of [PAGE, `${PAGE}/template.csv`].flatMap(spellings)) {
      const response = await fetch(server.url + p, { redirect: "manual" });
      const body = await response.text();
      expect(body, p).not.toMatch(LEAKS);
      const location = response.headers.get("location") ?? "";
      expect(
        (response.status === 302 && location.startsWith("/owner/sign-in")) ||
          [401, 404].includes(response.status) ||
          (response.status === 202 && /sign-in/.test(body)) ||
          (response.status === 204 && /sign-in/.test(response.headers.get("x-remix-redirect") ?? "")),
        `${p} -> ${response.status}`,
      ).toBe(true);
    }
    const file = fixture("jobber-clients.csv");
    expect((await upload(file, { headers: { Cookie: "" } })).status).toBe(401);
    expect(
      (await upload(file, { headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" } })).status,
    ).toBe(403);
    expect((await upload(file, { csrf: "not-the-token" })).status).toBe(403);
    const noOrigin = await fetch(server.url + PAGE, {
      method: "POST",
      redirect: "manual",
      headers: { ...owner(), "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrf: session.csrf, intent: "undo", batch: "1" }),
    });
    expect(noOrigin.status).toBe(403);
    expect((await ownerFormPost(server.url, session, PAGE, { intent: "frobnicate", batch: "1" })).status).toBe(400);
    expect(JSON.stringify(db(tableRows))).toBe(before);
  });

  it("refuses a file over 10 MB while it arrives, and a file that is not a customer list, in words", async () => {
    const big = await upload(new Uint8Array(10 * 1024 * 1024 + 1).fill(0x61));
    expect(big.status).toBe(413);
    expect(await big.text()).toContain("That file is too large to be one customer list (10 MB at most).");
    const other = await upload(new TextEncoder().encode("Date,Amount\n2026-01-02,40.00\n"));
    expect(other.status).toBe(422);
    expect(await other.text()).toContain("We could not tell which program wrote this file.");
    expect(count("SELECT count(*) AS n FROM import_batches")).toBe(0);
  });

  it("offers the template, which the import recognises", async () => {
    const response = await fetch(`${server.url}${PAGE}/template.csv`, { headers: owner() });
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const bytes = new Uint8Array(await response.arrayBuffer());
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    // A BOM, so Excel opens it as UTF-8.
    expect(text.startsWith('\uFEFF"Customer number","First name","Last name"')).toBe(true);
    expect(text).toContain('"Last service day","Flue","Fuel","Notes"');
  });
});

describe("importing a Jobber export", () => {
  let first: { batch: number; hash: string; words: string };

  it("is a dry run first: counts that add up, refused rows by number, and nothing written", async () => {
    const before = rowsButBatches();
    first = await dryRun(fixture("jobber-clients.csv"));
    expect(first.words).toContain("12 rows read = 8 new + 0 already here + 1 possible duplicates + 3 refused");
    expect(first.words).toContain("Row 6: the phone “828-1234” has no area code.");
    expect(first.words).toContain("Row 9: the e-mail “luis.ortega@example” is not an e-mail address.");
    expect(first.words).toContain("Row 12: it has no name, e-mail or phone.");
    expect(first.words).toContain("Import 9 customers");
    expect(first.words).toContain("4 customers said yes to visit reminders in Jobber");
    expect(rowsButBatches()).toBe(before);
  });

  it("imports that very file once, however many times Import is pressed at once", async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, () => commit(first.batch, first.hash)));
    expect(answers.every((a) => a.status === 302)).toBe(true);
    const words = answers.map(doneWords);
    expect(
      words.filter((w) => w.startsWith("Imported: 8 new customers, 0 updated, 1 customer with a possible duplicate")),
    ).toHaveLength(1);
    // The other 49 taps came while it was written, or after: nothing more was done for any of them.
    expect(
      words.filter(
        (w) =>
          w === "That file is being imported now: it shows below when it is in." ||
          w === "That file was imported already: nothing more was done.",
      ),
    ).toHaveLength(49);
    expect(customers()).toBe(9);
    expect((await page()).replace(/\s+/g, " ")).toContain("8 new, 0 updated, 1 possible duplicates, 3 refused.");
  }, 60_000);

  it("imports the same file again: every customer updated, none added", async () => {
    const again = await dryRun(fixture("jobber-clients.csv"));
    expect(again.words).toContain("12 rows read = 0 new + 9 already here + 0 possible duplicates + 3 refused");
    const done = await commit(again.batch, again.hash);
    expect(doneWords(done)).toBe("Imported: 0 new customers, 9 updated. 3 refused rows were left out.");
    expect(customers()).toBe(9);
    const undone = await undo(again.batch);
    expect(doneWords(undone)).toBe("Import undone: 0 customers removed.");
    expect(customers()).toBe(9);
  });

  it("two imports at once: one is written, the others are told to wait and write nothing", async () => {
    const a = await dryRun(fixture("housecall-pro-customers.csv"));
    const b = await dryRun(fixture("housecall-pro-customers.csv"));
    const c = await dryRun(fixture("our-template.csv"));
    const answers = await Promise.all([commit(a.batch, a.hash), commit(b.batch, b.hash), commit(c.batch, c.hash)]);
    const imported = answers.filter((r) => r.status === 302 && doneWords(r).startsWith("Imported"));
    const busy = answers.filter((r) => r.status === 409);
    expect(imported).toHaveLength(1);
    expect(busy).toHaveLength(2);
    for (const r of busy)
      expect(await r.text()).toContain("Another import is being written or undone right now, so nothing was changed.");
    // Tapped again one after the other: the template goes in whole; the Housecall Pro file that came second sees
    // that the first already brought its customers in, and shows its dry run again.
    const rest = [a, b, c].filter((_, i) => answers[i]?.status === 409);
    const again = [];
    for (const d of rest) again.push(await commit(d.batch, d.hash));
    const locations = [...imported, ...again].map((r) => r.headers.get("location") ?? "");
    expect(locations.filter((l) => l.includes("done=Imported"))).toHaveLength(2);
    const changed = locations.find((l) => l.includes("changed=1")) ?? "";
    expect(changed).toMatch(new RegExp(`batch=(${a.batch}|${b.batch})&changed=1`));
    expect(await page(changed.slice(changed.indexOf("?")))).toContain(
      "5 rows read = 0 new + 4 already here + 0 possible duplicates + 1 refused",
    );
    expect(customers()).toBe(9 + 4 + 3);
    // Every batch is whole: each committed one has exactly the customers its counts say.
    const made = db((s) =>
      s.db
        .prepare("SELECT import_batch AS batch, count(*) AS n FROM customers GROUP BY import_batch ORDER BY batch")
        .all(),
    );
    expect(made).toEqual([
      { batch: first.batch, n: 9 },
      { batch: expect.any(Number), n: 4 },
      { batch: c.batch, n: 3 },
    ]);
  }, 60_000);
});

describe("an erased customer in a later import", () => {
  it("stays off the mailing list even when the file says yes, and the page says so", async () => {
    // Carol Nguyen (J-ID 1052, reminders yes) is erased as the console erases her: her customer goes, her hashed
    // entry stays, and the first import's summary no longer names her.
    db((s) => {
      const carol = s.customers.bySource("jobber", "1052");
      expect(createCustomerErasure(s).erase(carol?.id ?? 0)).toMatchObject({ customers: 1 });
    });
    const summaries = db((s) => s.db.prepare("SELECT summary FROM import_batches").all());
    expect(JSON.stringify(summaries)).not.toContain("Carol Nguyen");
    const later = await dryRun(fixture("jobber-clients.csv"));
    expect(later.words).toContain("1 new + 8 already here");
    expect(later.words).toContain("1 customer on your do-not-mail list stays on it, whatever the file says.");
    await commit(later.batch, later.hash);
    const stillOff = db((s) => {
      const list = createSuppressionStore(s.db, () => new Date());
      return list.has(addressKeys(list.secret()).hash("email", "carol.nguyen@example.com"));
    });
    expect(stillOff).toBe(true);
  });
});

describe("undoing an import", () => {
  it("takes the whole first import away (Carol, erased, is gone already) and says so", async () => {
    const batches = db((s) =>
      s.db.prepare("SELECT id FROM import_batches WHERE state = 'committed' ORDER BY id").all(),
    );
    const firstBatch = (batches[0] as { id: number }).id;
    const response = await undo(firstBatch);
    expect(doneWords(response)).toMatch(/^Import undone: 8 customers removed/);
    expect(count(`SELECT count(*) AS n FROM customers WHERE import_batch = ${firstBatch}`)).toBe(0);
    expect(doneWords(await undo(firstBatch))).toBe("That import was undone already.");
  });
});

describe("a server killed in the middle of an import", () => {
  it("comes back with the batch rolled back to its dry run, never half-written, and it imports whole", async () => {
    const before = customers();
    const big = await dryRun(jobberExport(2000));
    const answer = commit(big.batch, big.hash).catch(() => null);
    const written = () => count(`SELECT count(*) AS n FROM customers WHERE import_batch = ${big.batch}`);
    for (const started = Date.now(); written() === 0;) {
      if (Date.now() - started > 30_000) throw new Error("the commit wrote nothing in 30 s");
      await new Promise((r) => setTimeout(r, 10));
    }
    await stopServer(server, "SIGKILL");
    await answer;
    expect(written()).toBeGreaterThan(0);
    expect(db((s) => s.db.prepare("SELECT state FROM import_batches WHERE id = ?").get(big.batch))).toEqual({
      state: "committing",
    });
    server = await startServer(
      { BUILD_DIR: "build", RATE_LIMIT_PER_MINUTE: "100000", BACKUP_DIR: "off" },
      server.dataDir,
    );
    expect(server.output()).toContain(
      `Customer import: import ${big.batch} was stopped while it was written: rolled back, its dry run kept.`,
    );
    expect(written()).toBe(0);
    expect(customers()).toBe(before);
    const again = await commit(big.batch, big.hash);
    expect(doneWords(again)).toMatch(/^Imported: [\d,]+ new customers/);
    expect(written()).toBeGreaterThan(1800);
  }, 180_000);
});
