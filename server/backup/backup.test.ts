import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { business } from "../../app/content/business.ts";
import { createBooking } from "../booking/booking.ts";
import { openEstimateStore } from "../requests/estimate-store.ts";
import { newLead } from "../store/stored-lead.fixture.ts";
import {
  backupDatabase,
  backupFileName,
  backupRetentionDays,
  backupsToPrune,
  backupTime,
  listBackups,
  restoreDatabase,
  runningServerPid,
  type BackupFile,
} from "./backup.ts";

const retention = { daily: 7, weekly: 4 };

/** One backup every 6 hours from `from` to `to`, as the server takes them. */
function sixHourly(from: string, to: string): BackupFile[] {
  const out: BackupFile[] = [];
  for (let t = new Date(from).getTime(); t <= new Date(to).getTime(); t += 6 * 3_600_000) {
    const at = new Date(t);
    out.push({ file: backupFileName(at), at });
  }
  return out.reverse();
}

describe("backup names", () => {
  it("say when the backup was taken, to the second", () => {
    const at = new Date("2026-11-24T06:00:05.123Z");
    expect(backupFileName(at)).toBe("estimates-2026-11-24T06-00-05Z.db");
    expect(backupTime(backupFileName(at))?.toISOString()).toBe("2026-11-24T06:00:05.000Z");
    expect(backupTime("estimates-2026-11-24T06-00-05Z.db.partial")).toBeNull();
    expect(backupTime("notes.txt")).toBeNull();
  });
});

describe("retention: 7 daily and 4 weekly", () => {
  it("keeps the newest of each of the last 7 days and of the last 4 weeks, nothing older than 28 days", () => {
    const now = new Date("2026-11-24T18:00:00Z"); // a Tuesday
    const all = sixHourly("2026-09-01T00:00:00Z", now.toISOString());
    const pruned = new Set(backupsToPrune(all, now, retention).map((b) => b.file));
    const kept = all.filter((b) => !pruned.has(b.file)).map((b) => b.at.toISOString());
    expect(kept).toEqual([
      "2026-11-24T18:00:00.000Z",
      "2026-11-23T18:00:00.000Z",
      "2026-11-22T18:00:00.000Z", // Sunday: also the newest of last week
      "2026-11-21T18:00:00.000Z",
      "2026-11-20T18:00:00.000Z",
      "2026-11-19T18:00:00.000Z",
      "2026-11-18T18:00:00.000Z",
      "2026-11-15T18:00:00.000Z",
      "2026-11-08T18:00:00.000Z",
    ]);
    const oldest = Math.min(...all.filter((b) => !pruned.has(b.file)).map((b) => b.at.getTime()));
    expect(now.getTime() - oldest).toBeLessThan(backupRetentionDays(retention) * 86_400_000);
  });

  it("does not keep old backups longer when backups paused (the privacy page's promise holds)", () => {
    const all = sixHourly("2026-10-01T00:00:00Z", "2026-10-10T00:00:00Z");
    const now = new Date("2026-11-24T00:00:00Z");
    expect(backupsToPrune(all, now, retention)).toHaveLength(all.length);
  });

  it("is the setting the privacy page states", () => {
    expect(business.leads.backups).toEqual(retention);
    expect(backupRetentionDays(business.leads.backups)).toBe(28);
  });
});

describe("restore", () => {
  it("refuses while a live process holds the pid file, and ignores one left by a crash", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "restore-pid-"));
    writeFileSync(path.join(dir, "server.pid"), `${process.pid}\n`);
    expect(runningServerPid(dir)).toBe(process.pid);
    expect(() => restoreDatabase({ backupFile: "/nonexistent", dataDir: dir })).toThrow(
      `The server is running (process ${process.pid})`,
    );
    writeFileSync(path.join(dir, "server.pid"), "2147483646\n");
    expect(runningServerPid(dir)).toBeNull();
  });

  it("refuses a file that is not a sound database and leaves the current one alone", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "restore-bad-"));
    const bogus = path.join(dir, "estimates-2026-11-24T06-00-00Z.db");
    writeFileSync(bogus, "not a database at all, just some text that is long enough to look like a file");
    writeFileSync(path.join(dir, "estimates.db"), "current");
    expect(() => restoreDatabase({ backupFile: bogus, dataDir: dir })).toThrow("is not a sound copy of the database");
    expect(listBackups(dir)).toHaveLength(1);
  });
});

describe("visits in a backup", () => {
  it("come back with a restore: the visit, its invites, its link, the owner's availability and days off", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "backup-visits-"));
    const backupDir = mkdtempSync(path.join(tmpdir(), "backup-visits-to-"));
    const now = () => new Date("2026-11-30T16:00:00Z");
    const store = openEstimateStore({ dataDir, now });
    const booking = createBooking({
      store,
      now,
      siteUrl: "https://www.example.com",
      ownerAddress: () => "o@example.com",
    });
    const { id } = store.save(newLead({ idempotencyKey: null }));
    const token = booking.newLink(id);
    booking.place(token, { town: "Normal", served: true, street: "12 Elm St", notes: "" });
    booking.saveSettings({ ...booking.settings(), dailyCap: 4 });
    booking.blockDays("2026-12-24", "2026-12-26", "Christmas");
    const booked = booking.book(token, { day: "2026-12-02", starts: "08:00" }, { key: "b" });
    expect(booked.ok).toBe(true);
    store.close();
    const result = await backupDatabase({
      databaseFile: path.join(dataDir, "estimates.db"),
      dir: backupDir,
      retention,
    });
    expect(result.counts).toMatchObject({ requests: 1, visits: 1, mail: 3 });
    rmSync(path.join(dataDir, "estimates.db"), { force: true });
    expect(restoreDatabase({ backupFile: result.file, dataDir }).counts.visits).toBe(1);
    const back = openEstimateStore({ dataDir, now });
    const again = createBooking({ store: back, now, siteUrl: "https://www.example.com" });
    expect(again.view(token)?.visit).toMatchObject({ day: "2026-12-02", starts: "08:00", status: "booked" });
    expect(again.settings().dailyCap).toBe(4);
    expect(again.daysOff().map((d) => [d.first_day, d.note])).toEqual([["2026-12-24", "Christmas"]]);
    expect(back.deliveries(id).map((d) => d.kind)).toEqual(["visit-invite", "visit-owner", "visit-reminder"]);
    back.close();
  });
});

describe("quotes in a backup", () => {
  it("are backed up with their acceptances, and a copy whose contract changed by a byte is refused", async () => {
    const { quoteFixture } = await import("../quotes/quote.fixture.ts");
    const f = quoteFixture();
    const { quoteId } = f.draft();
    f.quotes.send(quoteId, { ip: null, userAgent: null });
    f.quotes.accept(
      f.link(quoteId),
      { optionKey: "a", addonKeys: [], name: "Dana Whitfield", consent: true, pamphlet: true, version: 1 },
      { ip: null, userAgent: null, inHome: false },
    );
    const dir = mkdtempSync(path.join(tmpdir(), "backup-quotes-"));
    const { backupDatabase, verifyDatabaseFile } = await import("./backup.ts");
    const result = await backupDatabase({ databaseFile: f.store.file, dir, retention });
    expect(result.counts).toMatchObject({ quotes: 1, acceptances: 1 });
    f.close();

    const Database = (await import("better-sqlite3")).default;
    const tampered = (sql: string) => {
      const copy = path.join(dir, `tampered-${Math.random()}.db`);
      writeFileSync(copy, readFileSync(result.file));
      const db = new Database(copy);
      db.exec("DROP TRIGGER quote_versions_never_change; DROP TRIGGER quote_acceptances_never_change;");
      db.exec(sql);
      db.close();
      return copy;
    };
    for (const sql of [
      "UPDATE quote_versions SET body = replace(body, '145000', '145001')",
      "UPDATE quote_acceptances SET record = replace(record, 'Dana', 'Dona')",
      "UPDATE quote_acceptances SET version_sha256 = 'x' || substr(version_sha256, 2)",
    ]) {
      const copy = tampered(sql);
      expect(() => verifyDatabaseFile(copy), sql).toThrow(/does not match its SHA-256/);
      expect(
        () => restoreDatabase({ backupFile: copy, dataDir: mkdtempSync(path.join(tmpdir(), "restore-")) }),
        sql,
      ).toThrow(/does not match its SHA-256/);
    }
  });
});
