// `npx tsx tools/bench-customers.ts [--customers N] [--history N] [--rounds N]`: the customer search (decision 0051,
// issue 65's figures) with 10,000 customers and 50,000 history items (requests and their estimate visits), on the
// built production server. Prints the search's time in the store (p50, p95) and the Customers page's time over HTTP
// with a query (p50, p95, the server's whole answer on loopback), and the page's brotli bytes on the wire, with and
// without a query. Not part of `npm test`; say the load average (`uptime`) with the figures.
import { execSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import http from "node:http";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { addDays } from "../app/lib/business-day.ts";
import { openEstimateStore } from "../server/requests/estimate-store.ts";
import { createOwnerConsole } from "../server/owner/owner-console.ts";
import { startProductionServer } from "./production-server.ts";

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => Number(args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const CUSTOMERS = arg("--customers", 10_000);
const HISTORY = arg("--history", 50_000);
const ROUNDS = arg("--rounds", 20);

execSync("npx tsx scripts/ensure-build.ts", { stdio: "inherit" });
const dataDir = mkdtempSync(path.join(tmpdir(), "bench-customers-"));

const FIRST = ["Ann", "Bo", "Carla", "Dana", "Eli", "Fran", "Gus", "Hana", "Ivan", "Jo", "Kay", "Luis", "Mia", "Ned"];
const LAST = ["O'Neil", "Whitfield", "Núñez", "Lee", "Smith", "Brandt", "Kowalski", "Nguyen", "Okafor", "Ruiz"];
const STREETS = ["Main Street", "Oak Avenue", "Prairie Road", "Elm Court", "Washington Street", "Lincoln Drive"];
const TOWNS = ["Bloomington", "Normal", "Peoria", "Morton", "Pekin", "Washington"];
const phoneOf = (i: number) => `(309) ${String(200 + (i % 700)).padStart(3, "0")}-${String(1000 + i).slice(-4)}`;

// The data: customers with an e-mail, a phone and a property each; requests on them; an estimate visit on each request.
const seeding = performance.now();
const store = openEstimateStore({ dataDir });
const requests = Math.round(HISTORY / 2);
store.db.transaction(() => {
  for (let i = 0; i < CUSTOMERS; i++) {
    const name = `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]} ${i}`;
    store.customers.create({
      displayName: name,
      source: "template",
      sourceId: String(i),
      contacts: [
        { kind: "email", value: `person${i}@example.com` },
        { kind: "phone", value: phoneOf(i) },
      ],
      properties: [
        { street: `${100 + i} ${STREETS[i % STREETS.length]}`, town: TOWNS[i % TOWNS.length] ?? "", zip: "61701" },
      ],
    });
  }
  const insertRequest = store.db.prepare(
    `INSERT INTO estimates (reference, received_at, name, email, phone, message, city, customer_id, property_id)
     VALUES (?, ?, ?, ?, ?, 'Bench request', ?, ?, ?)`,
  );
  const insertVisit = store.db.prepare(
    `INSERT INTO visits (estimate_id, uid, status, day, starts, ends, starts_at, ends_at, slot, town, street, email,
       phone_digits, booked_at, booked_by, booked_in_hours)
     VALUES (?, ?, 'booked', ?, ?, ?, ?, ?, ?, 'Normal', '1 Main St', ?, ?, ?, 'homeowner', 1)`,
  );
  const starts = ["08:00", "09:00", "10:00", "11:00", "13:00", "14:00", "15:00", "16:00"];
  for (let r = 0; r < requests; r++) {
    const c = (r % CUSTOMERS) + 1;
    const at = new Date(Date.UTC(2020, 0, 1) + r * 3_600_000).toISOString();
    const { lastInsertRowid } = insertRequest.run(
      `B-${r}`,
      at,
      `Bench ${c}`,
      `person${c - 1}@example.com`,
      phoneOf(c - 1),
      "Normal",
      c,
      c,
    );
    const day = addDays("2020-01-01", r % 3000);
    const start = starts[Math.floor(r / 3000) % starts.length] ?? "08:00";
    const slot = Math.floor(r / 24_000);
    insertVisit.run(
      lastInsertRowid,
      `bench-${r}@localhost`,
      day,
      start,
      start.replace(/^(\d\d)/, (h) => String(Number(h) + 1).padStart(2, "0")),
      at,
      at,
      slot,
      "x@example.com",
      "3095550100",
      at,
    );
  }
})();
// A few hundred customers whose phone meets another's: suggestions at the top of the page.
store.db.transaction(() => {
  for (let i = 0; i < 300; i++) {
    const { id } = store.customers.create({
      displayName: `${FIRST[i % FIRST.length]} again ${i}`,
      contacts: [{ kind: "phone", value: phoneOf(i * 7) }],
    });
    store.customerLinks.suggestFor(id);
  }
})();
const { token } = createOwnerConsole({ db: store.db }).sessions.create({
  ip: "127.0.0.1",
  userAgent: "bench",
  passkeyId: null,
});
const history = store.db
  .prepare("SELECT (SELECT count(*) FROM estimates) + (SELECT count(*) FROM visits) AS n")
  .get() as { n: number };
console.log(
  `Seeded ${store.customerSearch.count()} customers and ${history.n} history items in ${Math.round(performance.now() - seeding)} ms.`,
);

const QUERIES = [
  "309-205-1005",
  "(309) 205 1005",
  "3092051005",
  "205-1005",
  "1005",
  "oneil",
  "ann o'neil",
  "dana whitfield",
  "nunez",
  "main street",
  "1204 main st",
  "oak ave",
  "person4242@example.com",
  "PERSON77@EXAMPLE.COM",
  "bloomington",
  "kowalski 9",
  "zzz nobody",
];
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const ms = (n: number) => `${n.toFixed(1)} ms`;

// In the store: the search alone.
for (const q of QUERIES) store.customerSearch.search(q);
const inStore: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  for (const q of QUERIES) {
    const t = performance.now();
    store.customerSearch.search(q);
    inStore.push(performance.now() - t);
  }
}
// Intake: a request stored with its customer made and its suggestions found (its phone meets a customer on file),
// against the same request caught as spam, which makes no customer.
const intake: number[] = [];
const without: number[] = [];
for (let i = 0; i < 400; i++) {
  const t = performance.now();
  store.save({
    name: `New Caller ${i}`,
    email: `caller${i}@example.com`,
    phone: phoneOf(i * 13),
    service: "",
    message: "Bench",
    city: "Normal",
    spam: i % 2 === 1,
    idempotencyKey: null,
    ip: null,
    userAgent: null,
  });
  (i % 2 === 1 ? without : intake).push(performance.now() - t);
}
console.log(
  `A request stored with its customer: p50 ${ms(percentile(intake, 50))}, p95 ${ms(percentile(intake, 95))}; ` +
    `without one (as spam): p50 ${ms(percentile(without, 50))}, p95 ${ms(percentile(without, 95))} (200 each, each committed)`,
);
store.close();
console.log(
  `Search in the store: p50 ${ms(percentile(inStore, 50))}, p95 ${ms(percentile(inStore, 95))} (${inStore.length} searches)`,
);

// Over HTTP: the Customers page with the query, from the production server.
const { base, server } = await startProductionServer({
  DATA_DIR: dataDir,
  BACKUP_DIR: "off",
  RATE_LIMIT_PER_MINUTE: "1000000",
});
function get(pathname: string, encoding = "identity"): Promise<{ status: number; bytes: number; headerBytes: number }> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${base}${pathname}`,
      { headers: { Cookie: `owner=${token}`, "Accept-Encoding": encoding } },
      (res) => {
        let bytes = 0;
        res.on("data", (d: Buffer) => (bytes += d.length));
        res.on("end", () => {
          const headerBytes = res.rawHeaders.reduce((n, h, i) => n + h.length + (i % 2 === 0 ? 2 : 2), 0) + 17;
          resolve({ status: res.statusCode ?? 0, bytes, headerBytes });
        });
      },
    );
    req.on("error", reject);
  });
}
try {
  for (const q of QUERIES) await get(`/owner/customers?q=${encodeURIComponent(q)}`);
  // Interleaved with a console page that reads almost nothing (Account), for what any console page costs here.
  const overHttp: number[] = [];
  const baseline: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const q of QUERIES) {
      const t = performance.now();
      const { status } = await get(`/owner/customers?q=${encodeURIComponent(q)}`);
      overHttp.push(performance.now() - t);
      if (status !== 200) throw new Error(`${q}: ${status}`);
      const b = performance.now();
      await get("/owner/security");
      baseline.push(performance.now() - b);
    }
  }
  console.log(
    `Account page, interleaved, over HTTP: p50 ${ms(percentile(baseline, 50))}, p95 ${ms(percentile(baseline, 95))}`,
  );
  console.log(
    `Customers page with a query over HTTP: p50 ${ms(percentile(overHttp, 50))}, p95 ${ms(percentile(overHttp, 95))} (${overHttp.length} pages)`,
  );
  for (const pathname of ["/owner/customers", "/owner/customers?q=main%20street", "/owner/customers/1"]) {
    const { bytes, headerBytes } = await get(pathname, "br");
    console.log(`${pathname}: ${bytes.toLocaleString("en-US")} B brotli body (+ ~${headerBytes} B headers)`);
  }
} finally {
  server.kill();
}
console.log(
  `Load average: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(", ")}`,
);
