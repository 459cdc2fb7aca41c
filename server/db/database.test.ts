import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openEstimateStore } from "../requests/estimate-store.ts";
import { migrate } from "./database.ts";
import { MIGRATIONS } from "./migrations.ts";
import { DUE_RANK } from "../store/outbox.ts";
import { MAIL_KINDS } from "../store/types.ts";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "db-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("numbered migrations", () => {
  it("are numbered 1, 2, … with no gap", () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual([...Array(MIGRATIONS.length).keys()].map((i) => i + 1));
  });

  it("upgrade a database from before user_version was set, keeping its rows and its alert", () => {
    const old = new Database(path.join(dir, "estimates.db"));
    old.exec(MIGRATIONS.find((m) => m.version === 1)?.up ?? "");
    old
      .prepare("INSERT INTO estimates (name, email, phone, message) VALUES ('Ann', 'ann@example.com', '5', 'hi')")
      .run();
    old.prepare("INSERT INTO outbox (estimate_id, recipient) VALUES (1, 'owner@example.com')").run();
    old.close();

    const store = openEstimateStore({ dataDir: dir });
    expect(store.db.pragma("user_version", { simple: true })).toBe(MIGRATIONS.at(-1)?.version);
    expect(store.get(1)).toMatchObject({ name: "Ann", reference: "R-1", status: "new" });
    expect(store.outbox()).toMatchObject([{ estimate_id: 1, kind: "owner-alert", recipient: "owner@example.com" }]);
    store.close();
  });

  it("upgrade to 16: the provider's events keep every row, kept by id alone; the outbox keeps its lookups", () => {
    const old = new Database(path.join(dir, "estimates.db"));
    expect(
      migrate(
        old,
        MIGRATIONS.filter((m) => m.version <= 15),
      ),
    ).toBe(15);
    old
      .prepare("INSERT INTO provider_events (event_id, type, received_at) VALUES (?, ?, ?)")
      .run("evt_1", "checkout.session.completed", "2026-11-30T15:00:00.000Z");
    old.close();

    const store = openEstimateStore({ dataDir: dir });
    const { db } = store;
    expect(db.prepare("SELECT * FROM provider_events").all()).toEqual([
      {
        event_id: "evt_1",
        provider: "stripe",
        type: "checkout.session.completed",
        received_at: "2026-11-30T15:00:00.000Z",
      },
    ]);
    expect(db.prepare("SELECT sql FROM sqlite_master WHERE name = 'provider_events'").pluck().get()).toMatch(
      /WITHOUT ROWID/,
    );
    // A repeat of an id is still refused by its key.
    expect(store.payments.firstSight("evt_1", "checkout.session.completed")).toBe(false);
    expect(store.payments.firstSight("evt_2", "checkout.session.completed")).toBe(true);
    // The outbox's reads by request use the unique (estimate_id, dedupe) index now.
    const plan = db.prepare("EXPLAIN QUERY PLAN SELECT * FROM outbox WHERE estimate_id = ? ORDER BY id").all(1) as {
      detail: string;
    }[];
    expect(plan.map((p) => p.detail).join("; ")).toMatch(/USING INDEX sqlite_autoindex_outbox_1 \(estimate_id=\?\)/);
    store.close();
  });

  it("upgrade to 17: the outbox's next message is read from outbox_due in the order it goes, with no sort", () => {
    const old = new Database(path.join(dir, "estimates.db"));
    migrate(
      old,
      MIGRATIONS.filter((m) => m.version <= 16),
    );
    old.exec("INSERT INTO estimates (name, email, phone, message) VALUES ('Ann', 'ann@example.com', '5', 'hi')");
    const queue = old.prepare(
      `INSERT INTO outbox (estimate_id, kind, dedupe, recipient, created_at, next_attempt_at, sent_at)
       VALUES (1, ?, ?, 'x@example.com', '2026-11-30T15:00:00.000Z', ?, ?)`,
    );
    queue.run("quote-followup", "f", "2026-11-30T15:00:00.000Z", null);
    queue.run("reminder", "r", "2026-12-30T15:00:00.000Z", null); // not due yet
    queue.run("job-on-my-way", "w", "2026-11-30T15:00:00.000Z", null);
    queue.run("quote-owner", "o", "2026-11-30T15:00:00.000Z", "2026-11-30T15:01:00.000Z"); // sent
    queue.run("owner-alert", "a", "2026-11-30T15:00:00.000Z", null);
    old.close();

    const store = openEstimateStore({ dataDir: dir, now: () => new Date("2026-12-01T15:00:00.000Z") });
    const { db } = store;
    expect(store.dueMail({ limit: 10 }).map((m) => m.kind)).toEqual(["owner-alert", "job-on-my-way", "quote-followup"]);
    const plan = db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT id, message FROM outbox
         WHERE sent_at IS NULL AND failed_at IS NULL AND cancelled_at IS NULL AND next_attempt_at <= ?
         ORDER BY ${DUE_RANK}, id LIMIT 1`,
      )
      .all("2026-12-01") as { detail: string }[];
    const details = plan.map((p) => p.detail).join("; ");
    expect(details).toMatch(/USING INDEX outbox_due/);
    expect(details).not.toMatch(/TEMP B-TREE/);
    // A session's state is in no index: closing it writes the table's page only.
    const columns = (index: string) => (db.pragma(`index_info(${index})`) as { name: string }[]).map((c) => c.name);
    expect(columns("checkout_sessions_quote")).toEqual(["quote_id"]);
    expect(columns("checkout_sessions_invoice")).toEqual(["invoice_id"]);
    store.close();
  });

  it("upgrade to 24: a report photo's page, PDF and thumbnail copies move to rows of their own, the evidence stays", () => {
    const old = new Database(path.join(dir, "estimates.db"));
    expect(
      migrate(
        old,
        MIGRATIONS.filter((m) => m.version <= 23),
      ),
    ).toBe(23);
    const at = "2026-12-01T15:00:00.000Z";
    old.exec("INSERT INTO estimates (name, email, phone, message) VALUES ('Ann', 'ann@example.com', '5', 'hi')");
    old
      .prepare("INSERT INTO condition_reports (id, estimate_id, created_at, updated_at) VALUES (1, 1, ?, ?)")
      .run(at, at);
    old
      .prepare(
        `INSERT INTO report_findings (id, report_id, part, state, created_at, updated_at)
         VALUES (1, 1, 'crown', 'repair', ?, ?)`,
      )
      .run(at, at);
    // Two stored photos with a 2 MB evidence each (the copies were read through it), and one still waiting.
    const evidence = (n: number) => Buffer.alloc(2_000_000, n);
    const copy = (n: number, size: string) => Buffer.from(`${size} of photo ${n}`);
    const stored = old.prepare(
      `INSERT INTO report_photos (id, client_id, report_id, finding_id, named_at, stored_at, upload_sha256, sha256,
         bytes_in, width, height, evidence, page, pdf, thumb) VALUES (?, ?, 1, 1, ?, ?, ?, ?, 10, 4, 3, ?, ?, ?, ?)`,
    );
    for (const n of [1, 2])
      stored.run(
        n,
        `photo-000${n}`,
        at,
        at,
        "a".repeat(64),
        String(n).repeat(64),
        evidence(n),
        copy(n, "page"),
        copy(n, "pdf"),
        copy(n, "thumb"),
      );
    old
      .prepare(
        "INSERT INTO report_photos (id, client_id, report_id, finding_id, named_at) VALUES (3, 'photo-0003', 1, 1, ?)",
      )
      .run(at);
    // Photo 1 is in a sent version.
    old
      .prepare(
        `INSERT INTO report_versions (id, report_id, version, snapshot, sha256, pdf_sha256, rev, sent_at)
         VALUES (1, 1, 1, '{}', ?, ?, 0, ?)`,
      )
      .run("b".repeat(64), "c".repeat(64), at);
    old.exec("INSERT INTO report_version_photos (version_id, photo_id) VALUES (1, 1)");
    old.close();

    const store = openEstimateStore({ dataDir: dir });
    const { db } = store;
    expect(db.pragma("user_version", { simple: true })).toBe(MIGRATIONS.at(-1)?.version);
    const columns = (db.pragma("table_info(report_photos)") as { name: string }[]).map((c) => c.name);
    expect(columns).not.toContain("page");
    expect(columns.at(-1)).toBe("evidence");
    expect(store.reportPhotos.ofReport(1).map((p) => [p.client_id, p.stored_at])).toEqual([
      ["photo-0001", at],
      ["photo-0002", at],
      ["photo-0003", null],
    ]);
    for (const n of [1, 2]) {
      for (const size of ["page", "pdf", "thumb"] as const)
        expect(store.reportPhotos.bytes({ id: n }, size)?.toString()).toBe(`${size} of photo ${n}`);
      expect(store.reportPhotos.bytes({ id: n }, "evidence")?.equals(evidence(n))).toBe(true);
    }
    expect(db.prepare("SELECT count(*) FROM report_photo_copies WHERE photo_id = 3").pluck().get()).toBe(0);
    expect(db.pragma("foreign_key_check")).toEqual([]);
    // Migration 22's rules hold on the rebuilt table; the copies follow them.
    expect(() => db.prepare("UPDATE report_photos SET width = 9 WHERE id = 2").run()).toThrow(/never changes/);
    expect(() => db.prepare("UPDATE report_photo_copies SET bytes = x'00' WHERE photo_id = 2").run()).toThrow(
      /never changes/,
    );
    expect(() => db.prepare("INSERT INTO report_version_photos (version_id, photo_id) VALUES (1, 3)").run()).toThrow(
      /every photo/,
    );
    expect(() => db.prepare("INSERT INTO report_photo_copies VALUES (3, 'page', x'00')").run()).toThrow(
      /stored report photo/,
    );
    expect(() =>
      db
        .prepare(
          "INSERT INTO report_photos (client_id, report_id, finding_id, named_at) VALUES ('photo-0004', 1, 1, ?)",
        )
        .run(at),
    ).toThrow(/at most 3 photos/);
    expect(store.reportPhotos.remove(1, "photo-0001")).toBe("sent");
    expect(() => db.prepare("DELETE FROM report_photo_copies WHERE photo_id = 1").run()).toThrow(/is kept/);
    // A draft's photo removed takes its copies with it.
    expect(store.reportPhotos.remove(1, "photo-0002")).toBe("removed");
    expect(db.prepare("SELECT photo_id, size FROM report_photo_copies ORDER BY photo_id, size").all()).toEqual([
      { photo_id: 1, size: "page" },
      { photo_id: 1, size: "pdf" },
      { photo_id: 1, size: "thumb" },
    ]);
    store.close();
  });

  it("rank every kind of mail on purpose: the owner's first, then what a homeowner waits for", () => {
    const store = openEstimateStore({ dataDir: dir });
    const rank = store.db.prepare<[string], number>(`SELECT ${DUE_RANK} FROM (SELECT ? AS kind)`).pluck();
    const ranks = Object.fromEntries(MAIL_KINDS.map((kind) => [kind, rank.get(kind)]));
    expect(ranks).toEqual({
      "owner-alert": 0,
      "visit-owner": 0,
      "quote-owner": 0,
      confirmation: 1,
      "visit-invite": 1,
      "quote-sent": 1,
      "quote-accepted": 1,
      "payment-homeowner": 1,
      "invoice-sent": 1,
      "job-day": 1,
      "job-on-my-way": 1,
      reminder: 2,
      "review-request": 2,
      "visit-reminder": 2,
      "quote-followup": 2,
      "invoice-reminder": 2,
      "job-reminder": 2,
      // With the rest: a condition report goes out once the owner is back from the visit, not while the homeowner
      // waits at a page; ranking it with them would mean making migration 17's index again (decision 0054).
      "report-sent": 2,
    });
    store.close();
  });

  it("run only the new steps, each in its own transaction: a failing step keeps the ones before it", () => {
    const db = new Database(path.join(dir, "x.db"));
    const steps = [
      { version: 1, name: "a", up: "CREATE TABLE a (id INTEGER PRIMARY KEY);" },
      { version: 2, name: "b", up: "CREATE TABLE b (id INTEGER PRIMARY KEY);" },
    ];
    expect(migrate(db, steps)).toBe(2);
    expect(migrate(db, steps)).toBe(2);
    const broken = [
      ...steps,
      { version: 3, name: "c", up: "CREATE TABLE c (id INTEGER); CREATE TABLE a (id INTEGER);" },
    ];
    expect(() => migrate(db, broken)).toThrow();
    expect(db.pragma("user_version", { simple: true })).toBe(2);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'c'").get()).toBeUndefined();
    db.close();
  });
});
