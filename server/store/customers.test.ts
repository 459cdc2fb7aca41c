// Customers in the store (decision 0051): a request's customer at intake (and a failure there never loses the
// request), suggestions on keys only (never a name alone, never an e-mail two households share), merges undone
// exactly and made once however often they are asked, the back-fill, search however a phone is typed, and the flues
// due in a window, across the 2027 daylight-saving days under three server zones.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { migrate } from "../db/database.ts";
import { MIGRATIONS } from "../db/migrations.ts";
import { openEstimateStore, type EstimateStore, type NewEstimate } from "../requests/estimate-store.ts";
import { quoteServiceOver, seedQuote } from "../../tests/support/seed-quote.ts";
import { COMMON_KEY_ROWS } from "./customer-links.ts";
import type { DueSettings } from "./flue-dues.ts";

let dir: string;
let clock: Date;
let store: EstimateStore;

const lead = (over: Partial<NewEstimate> = {}): NewEstimate => ({
  name: "Ann O'Neil",
  email: "ann@example.com",
  phone: "(309) 828-1234",
  service: "Tuckpointing",
  message: "Mortar is crumbling.",
  city: "Bloomington",
  spam: false,
  idempotencyKey: null,
  ip: null,
  userAgent: null,
  ...over,
});

const customerOf = (estimateId: number) =>
  store.db
    .prepare<[number], { customer_id: number | null; property_id: number | null }>(
      "SELECT customer_id, property_id FROM estimates WHERE id = ?",
    )
    .get(estimateId);

const SETTINGS: DueSettings = {
  cadences: { defaultMonths: 12, services: [{ preset: "waterproofing", months: 36 }] },
  presetNames: new Map([["Water repellent", "waterproofing"]]),
  timeZone: "America/Chicago",
};

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "customers-"));
  clock = new Date("2027-01-10T15:00:00Z");
  store = openEstimateStore({ dataDir: dir, now: () => clock });
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("a request at intake", () => {
  it("gets its own customer, its contacts keyed, and a property in its town", () => {
    const { id } = store.save(lead());
    const link = customerOf(id);
    expect(link?.customer_id).toBeGreaterThan(0);
    const customer = store.customers.get(link?.customer_id ?? 0);
    expect(customer).toMatchObject({ display_name: "Ann O'Neil", name_key: "ann oneil", source: "request" });
    expect(store.customers.contactsOf([customer?.id ?? 0]).map((c) => [c.kind, c.value, c.key])).toEqual([
      ["email", "ann@example.com", "ann@example.com"],
      ["phone", "(309) 828-1234", "+13098281234"],
    ]);
    expect(store.customers.property(link?.property_id ?? 0)).toMatchObject({ town: "Bloomington", street: "" });
  });

  it("keeps a phone that is not a valid number as typed, never as a key", () => {
    const { id } = store.save(lead({ phone: "828-1234" }));
    const contacts = store.customers.contactsOf([customerOf(id)?.customer_id ?? 0]);
    expect(contacts.find((c) => c.kind === "phone")).toMatchObject({ value: "828-1234", key: null });
  });

  it("gives spam no customer, until it is restored", () => {
    const { id } = store.save(lead({ spam: true }));
    expect(customerOf(id)?.customer_id).toBeNull();
    store.restore(id);
    expect(customerOf(id)?.customer_id).toBeGreaterThan(0);
  });

  it("stores the request even when its customer cannot be made, and the back-fill links it later", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    store.db.exec("CREATE TRIGGER refuse BEFORE INSERT ON customers BEGIN SELECT RAISE(ABORT, 'disk says no'); END");
    const saved = store.save(lead(), { notifyTo: "owner@example.com" });
    expect(saved.duplicate).toBe(false);
    expect(store.get(saved.id)?.name).toBe("Ann O'Neil");
    expect(customerOf(saved.id)?.customer_id).toBeNull();
    expect(store.db.prepare("SELECT count(*) AS n FROM properties").get()).toEqual({ n: 0 });
    expect(store.deliveries(saved.id).map((d) => d.kind)).toEqual(["owner-alert"]);
    expect(error).toHaveBeenCalledWith(expect.stringContaining(`Request ${saved.id} was stored without its customer`));
    store.db.exec("DROP TRIGGER refuse");
    expect(store.customerIntake.backfill()).toEqual({ requests: 1, customers: 1 });
    expect(customerOf(saved.id)?.customer_id).toBeGreaterThan(0);
    error.mockRestore();
  });
});

describe("suggestions", () => {
  it('make "Ann O\'Neil" and "ANN ONEIL" with one phone one suggestion, never a merge', () => {
    const a = store.save(lead({ email: "ann@example.com" }));
    const b = store.save(lead({ name: "ANN ONEIL", email: "aoneil@work.example", phone: "309.828.1234" }));
    const [ca, cb] = [customerOf(a.id)?.customer_id ?? 0, customerOf(b.id)?.customer_id ?? 0];
    expect(ca).not.toBe(cb);
    const { list } = store.customerLinks.suggestions();
    expect(list).toEqual([{ a: ca, b: cb, reasons: ["phone"], createdAt: expect.any(String) }]);
    expect(store.customers.get(cb)?.merged_into).toBeNull();
  });

  it("never come from a name alone", () => {
    store.save(lead({ email: "one@example.com", phone: "(309) 555-0101" }));
    store.save(lead({ email: "two@example.com", phone: "(309) 555-0102" }));
    expect(store.customerLinks.suggestions().list).toEqual([]);
  });

  it("meet a Gmail box spelled another way, and say so", () => {
    store.save(lead({ email: "ann.oneil@gmail.com", phone: "(309) 555-0101" }));
    store.save(lead({ email: "AnnONeil+chimney@googlemail.com", phone: "(309) 555-0102" }));
    expect(store.customerLinks.suggestions().list.map((s) => s.reasons)).toEqual([["email-alias"]]);
  });

  it("leave out an e-mail two households share, once the owner told them apart", () => {
    const a = store.save(lead({ name: "Pat Lee", email: "family@example.com", phone: "(309) 555-0101" }));
    const b = store.save(lead({ name: "Sam Lee", email: "family@example.com", phone: "(309) 555-0102" }));
    const [ca, cb] = [customerOf(a.id)?.customer_id ?? 0, customerOf(b.id)?.customer_id ?? 0];
    expect(store.customerLinks.suggestions().list.map((s) => s.reasons)).toEqual([["email"]]);
    expect(store.customerLinks.tellApart(ca, cb)).toBe(true);
    expect(store.customerLinks.suggestions().list).toEqual([]);
    // A third request on the shared e-mail is suggested by its phone only, never by the e-mail.
    const c = store.save(lead({ name: "Sam Lee", email: "family@example.com", phone: "(309) 555-0102" }));
    const cc = customerOf(c.id)?.customer_id ?? 0;
    expect(store.customerLinks.suggestions().list).toEqual([
      { a: cb, b: cc, reasons: ["phone"], createdAt: expect.any(String) },
    ]);
    expect(store.customerLinks.merge(cb, ca)).toBe("told-apart");
  });

  it("meet a street address once a visit's place fills the property in", () => {
    const a = store.save(lead({ email: "one@example.com", phone: "(309) 555-0101" }));
    const b = store.save(lead({ name: "New Owner", email: "two@example.com", phone: "(309) 555-0102" }));
    store.visits.putPlace({
      estimateId: a.id,
      town: "Bloomington",
      served: true,
      street: "1204 North Main Street",
      notes: "",
    });
    store.visits.putPlace({
      estimateId: b.id,
      town: "Bloomington",
      served: true,
      street: "1204 N. Main St.",
      notes: "",
    });
    const property = store.customers.property(customerOf(a.id)?.property_id ?? 0);
    expect(property).toMatchObject({ street: "1204 North Main Street", keyed: 0, address_key: null });
    expect(store.customers.rekeyProperties()).toBe(2);
    expect(store.customers.property(property?.id ?? 0)).toMatchObject({ keyed: 1, address_key: "1204 N MAIN ST" });
    store.customerLinks.suggestFor(customerOf(b.id)?.customer_id ?? 0);
    expect(store.customerLinks.suggestions().list.map((s) => s.reasons)).toEqual([["address"]]);
  });
});

describe("a merge", () => {
  it("keeps both histories, resolves every read to the survivor, and is undone exactly", () => {
    const a = store.save(lead({ email: "ann@example.com" }));
    const b = store.save(lead({ name: "ANN ONEIL", email: "aoneil@work.example" }));
    const [ca, cb] = [customerOf(a.id)?.customer_id ?? 0, customerOf(b.id)?.customer_id ?? 0];
    expect(store.customerLinks.merge(cb, ca)).toBe("merged");
    expect(store.customers.root(cb)).toBe(ca);
    expect(store.customers.group(ca)).toEqual([ca, cb]);
    expect(customerOf(b.id)?.customer_id).toBe(cb);
    expect(store.customerSearch.search("aoneil@work.example").map((s) => [s.id, s.requests])).toEqual([[ca, 2]]);
    expect(store.customerLinks.suggestions().list).toEqual([]);
    // Made on A after the merge: stays on A after the undo.
    const later = store.customers.addProperty(ca, { street: "9 Oak Ct", town: "Normal" });
    store.customers.addContact(ca, { kind: "phone", value: "(309) 555-0199" });
    const [merge] = store.customerLinks.mergesOf(ca);
    expect(store.customerLinks.undo(merge?.id ?? 0)).toBe("undone");
    expect(store.customerLinks.undo(merge?.id ?? 0)).toBe("already");
    expect(store.customers.get(cb)?.merged_into).toBeNull();
    expect(store.customers.group(ca)).toEqual([ca]);
    expect(store.customers.property(later)?.customer_id).toBe(ca);
    expect(store.customers.contactsOf([cb]).map((c) => c.value)).toEqual(["aoneil@work.example", "(309) 828-1234"]);
    expect(store.customerLinks.suggestions().list.map((s) => [s.a, s.b])).toEqual([[ca, cb]]);
  });

  it("is made once however many times it is asked, and never in a circle", () => {
    const ids = [1, 2, 3].map((n) => customerOf(store.save(lead({ email: `p${n}@example.com` })).id)?.customer_id ?? 0);
    const [a = 0, b = 0, c = 0] = ids;
    const outcomes = Array.from({ length: 50 }, () => store.customerLinks.merge(b, a));
    expect(outcomes.filter((o) => o === "merged")).toHaveLength(1);
    expect(store.db.prepare("SELECT count(*) AS n FROM customer_merges").get()).toEqual({ n: 1 });
    expect(store.customerLinks.merge(a, b)).toBe("missing");
    expect(store.customerLinks.merge(a, a)).toBe("same");
    expect(store.customerLinks.merge(c, b)).toBe("missing");
    expect(store.customerLinks.merge(c, a)).toBe("merged");
    expect(store.customers.group(a)).toEqual([a, b, c]);
  });
});

describe("the back-fill", () => {
  it("groups only exactly the same e-mail and phone, suggests the rest, and runs once", () => {
    store.db.exec("CREATE TRIGGER refuse BEFORE INSERT ON customers BEGIN SELECT RAISE(ABORT, 'not yet'); END");
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const ids = [
      store.save(lead({ email: "Ann@Example.com", phone: "(309) 828-1234" })).id,
      store.save(lead({ email: "ann@example.com ", phone: "309-828-1234" })).id,
      store.save(lead({ email: "ann@example.com", phone: "(309) 555-0100" })).id,
      store.save(lead({ name: "Bo", email: "bo@example.com", phone: "(309) 555-0101" })).id,
      store.save(lead({ email: "spam@example.com", spam: true })).id,
    ];
    error.mockRestore();
    store.db.exec("DROP TRIGGER refuse");
    expect(store.customerIntake.backfill()).toEqual({ requests: 4, customers: 3 });
    const [one, two, three, four, spam] = ids.map((id) => customerOf(id)?.customer_id);
    expect(one).toBe(two);
    expect(three).not.toBe(one);
    expect(four).not.toBe(one);
    expect(spam).toBeNull();
    expect(store.customerLinks.suggestions().list.map((s) => [s.a, s.b, s.reasons])).toEqual([[one, three, ["email"]]]);
    expect(store.customerIntake.backfill()).toEqual({ requests: 0, customers: 0 });
  });
});

describe("a common key", () => {
  it("a phone on 3,000 requests (a switchboard, a form-filler) suggests nothing, and the back-fill stays quick", () => {
    const insert = store.db.prepare(
      "INSERT INTO estimates (reference, name, email, phone, service, message, city) VALUES (?, ?, ?, ?, ?, ?, ?)",
    );
    store.db.transaction(() => {
      for (let i = 0; i < 3_000; i++)
        insert.run(`S-${i}`, `Stored ${i}`, `s-${i}@example.com`, "309-555-0101", "Chimney Repair", "x", "Normal");
    })();
    const started = performance.now();
    expect(store.customerIntake.backfill()).toEqual({ requests: 3_000, customers: 3_000 });
    // Unbounded, this made 4.5 million pairs; bounded, a few seconds even on a loaded 2-core machine.
    expect(performance.now() - started).toBeLessThan(20_000);
    const pairs = store.db.prepare("SELECT count(*) AS n FROM customer_suggestions").get() as { n: number };
    expect(pairs.n).toBeLessThan(COMMON_KEY_ROWS * COMMON_KEY_ROWS);
    // A number a few customers share still suggests them.
    const a = store.save(lead({ name: "Cy", email: "cy@example.com", phone: "(309) 828-7777" })).id;
    const b = store.save(lead({ name: "Cy Lee", email: "cy.lee@example.com", phone: "309.828.7777" })).id;
    const [ca, cb] = [a, b].map((id) => customerOf(id)?.customer_id ?? 0);
    expect(store.customerLinks.suggestions().list.some((s) => [s.a, s.b].sort().join() === [ca, cb].sort().join())).toBe(
      true,
    );
  }, 60_000);
});

describe("an existing database", () => {
  it("upgrades from 17 to the newest and its requests get customers at start, a booked visit's street keyed, the spam left out", () => {
    store.close();
    rmSync(dir, { recursive: true, force: true });
    dir = mkdtempSync(path.join(tmpdir(), "customers-old-"));
    const old = new Database(path.join(dir, "estimates.db"));
    migrate(
      old,
      MIGRATIONS.filter((m) => m.version <= 17),
    );
    const insert = old.prepare(
      "INSERT INTO estimates (reference, name, email, phone, message, city, spam) VALUES (?, ?, ?, ?, 'Old', ?, ?)",
    );
    insert.run("R-1", "Ann O'Neil", "ann@example.com", "(309) 828-1234", "Bloomington", 0);
    insert.run("R-2", "Ann O'Neil", "ANN@example.com", "309.828.1234", "Bloomington", 0);
    insert.run("R-3", "Spam Bot", "bot@example.com", "0000000", null, 1);
    old
      .prepare(
        "INSERT INTO booking_places (estimate_id, town, served, street, notes, placed_at) VALUES (?, ?, 1, ?, '', ?)",
      )
      .run(1, "Bloomington", "1204 North Main Street", "2026-11-01T15:00:00.000Z");
    old.close();

    store = openEstimateStore({ dataDir: dir, now: () => clock });
    expect(store.db.pragma("user_version", { simple: true })).toBe(MIGRATIONS.at(-1)?.version);
    expect(store.customerIntake.backfill()).toEqual({ requests: 2, customers: 1 });
    const [one, two, spam] = [1, 2, 3].map(customerOf);
    expect(one?.customer_id).toBe(two?.customer_id);
    expect(spam?.customer_id).toBeNull();
    expect(store.customers.property(one?.property_id ?? 0)).toMatchObject({
      street: "1204 North Main Street",
      address_key: "1204 N MAIN ST",
      keyed: 1,
    });
    expect(store.customerSearch.search("1204 main").map((c) => c.displayName)).toEqual(["Ann O'Neil"]);
  });
});

describe("search", () => {
  beforeEach(() => {
    store.save(lead());
    const b = store.save(lead({ name: "José Núñez", email: "jose@example.com", phone: "+1 (217) 555-0142 ext 9" }));
    store.visits.putPlace({
      estimateId: b.id,
      town: "Normal",
      served: true,
      street: "305 West Washington Avenue",
      notes: "",
    });
    store.save(lead({ name: "Dana Whitfield", email: "dana@example.com", phone: "(309) 555-0177", city: "Normal" }));
  });
  const names = (q: string) => store.customerSearch.search(q).map((s) => s.displayName);

  it("finds a phone however it is typed, whole or in part", () => {
    for (const q of ["309-828-1234", "(309) 828 1234", "+13098281234", "13098281234", "828-1234", "8281234", "1234"])
      expect(names(q), q).toEqual(["Ann O'Neil"]);
    expect(names("2175550142")).toEqual(["José Núñez"]);
  });

  it("finds a name with or without its marks, and a street by its words or their abbreviation", () => {
    expect(names("oneil")).toEqual(["Ann O'Neil"]);
    expect(names("O'Neil")).toEqual(["Ann O'Neil"]);
    expect(names("ann o")).toEqual(["Ann O'Neil"]);
    expect(names("jose nunez")).toEqual(["José Núñez"]);
    expect(names("washington avenue")).toEqual(["José Núñez"]);
    expect(names("305 w washington ave")).toEqual(["José Núñez"]);
    expect(names("dana@example.com")).toEqual(["Dana Whitfield"]);
    expect(names("DANA@EXAMPLE.COM")).toEqual(["Dana Whitfield"]);
  });

  it("finds nothing for nothing, and survives what FTS5 would read as syntax", () => {
    expect(names("")).toEqual([]);
    expect(names("zzz")).toEqual([]);
    for (const q of ['"', "AND", "a OR b", "*", "NEAR(a b)", "-1", "ann)", "^x", "col:x"])
      expect(() => names(q)).not.toThrow();
  });
});

describe.each(["UTC", "America/Chicago", "Asia/Kolkata"])("the flues due in a window (TZ=%s)", (tz) => {
  const saved = process.env.TZ;
  afterEach(() => {
    process.env.TZ = saved;
  });

  it("counts from a visit on 2027-03-14 and a job done at 1:30 am on 2027-11-07, with the job's services", () => {
    process.env.TZ = tz;
    store.close();
    // A job with a water repellent, accepted and done at 1:30 am CDT on the November change (06:30Z).
    const { token, quoteId, estimateId } = seedQuote(dir, {
      options: [["waterproofing", "inspection"]],
      sentAt: clock,
    });
    store = openEstimateStore({ dataDir: dir, now: () => clock });
    const quotes = quoteServiceOver(store, () => clock);
    const found = quotes.lookup(token, null);
    if (!found || found === "limited") throw new Error("no quote");
    const optionKey = quotes.page(found).options[0]?.key ?? "";
    quotes.accept(
      token,
      { optionKey, addonKeys: [], name: "Dana", consent: true, pamphlet: true, version: 1 },
      {
        ip: null,
        userAgent: null,
        inHome: false,
      },
    );
    const { job } = store.jobs.make(quoteId);
    clock = new Date("2027-11-07T06:30:00Z");
    store.jobs.markDone(job.id);
    const dana = customerOf(estimateId);
    const flue = store.flues.add(dana?.property_id ?? 0, { appliance: "fireplace", fuel: "wood", useLevel: "regular" });

    // Another homeowner: an estimate visit at 00:30-01:30 on 2027-03-14 (the spring change), an open request.
    const ann = store.save(lead());
    store.visits.insert({
      estimate_id: ann.id,
      uid: "v1@test",
      status: "booked",
      day: "2027-03-14",
      starts: "00:30",
      ends: "01:30",
      starts_at: "2027-03-14T06:30:00.000Z",
      ends_at: "2027-03-14T07:30:00.000Z",
      slot: 0,
      town: "Bloomington",
      street: "1204 N Main St",
      notes: "",
      email: "ann@example.com",
      phone_digits: "3098281234",
      booked_at: "2027-03-01T15:00:00.000Z",
      booked_by: "owner",
      booked_in_hours: 1,
      idempotency_key: null,
    });
    clock = new Date("2027-12-01T15:00:00Z");
    const { rows, next } = store.flueDues.dueBetween("2028-01-01", "2028-12-31", SETTINGS);
    expect(next).toBeNull();
    expect(rows.map((r) => [r.displayName, r.flueId, r.due.day, r.due.services])).toEqual([
      [
        "Dana Whitfield",
        flue,
        "2028-11-07",
        [
          { preset: null, day: "2028-11-07" },
          { preset: "waterproofing", day: "2030-11-07" },
        ],
      ],
      ["Ann O'Neil", null, "2028-03-14", [{ preset: null, day: "2028-03-14" }]],
    ]);
    expect(rows[1]).toMatchObject({
      emails: [{ value: "ann@example.com", key: "ann@example.com" }],
      phones: [{ value: "(309) 828-1234", key: "+13098281234" }],
      hasFutureVisit: false,
      hasOpenRequest: true,
    });
    expect(store.flueDues.dueBetween("2028-03-15", "2028-11-06", SETTINGS).rows).toEqual([]);
    // The owner's own day for one flue wins.
    store.flues.setOverride(flue, "2028-04-01");
    expect(store.flueDues.dueBetween("2028-04-01", "2028-04-01", SETTINGS).rows.map((r) => r.due.basis)).toEqual([
      "override",
    ]);
  });
});
