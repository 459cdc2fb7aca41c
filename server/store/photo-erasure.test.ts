// Erasure and the retention purge take a request's photos with it, down to the bytes: the database file and its
// write-ahead log are read raw afterwards (secure_delete zeroes freed pages, the log is truncated).
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openEstimateStore, type NewEstimate } from "../requests/estimate-store.ts";
import { newLead } from "./stored-lead.fixture.ts";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Bytes no SQLite page would hold by chance: a marker, then pseudo-random filler (so nothing compresses it away). */
function photoBytes(marker: string, size = 300_000): Buffer {
  const out = Buffer.alloc(size);
  let s = 7;
  for (let i = 0; i < size; i++) out[i] = (s = (s * 16807) % 2147483647) & 0xff;
  for (let at = 0; at + marker.length < size; at += 40_000) out.write(marker, at, "latin1");
  return out;
}

function lead(email: string, marker: string): NewEstimate {
  return newLead({
    email,
    photos: [
      { jpeg: photoBytes(`${marker}-FULL`), preview: photoBytes(`${marker}-SMALL`, 40_000), width: 1600, height: 1200 },
    ],
  });
}

function rawFiles(file: string): Buffer {
  return Buffer.concat([readFileSync(file), existsSync(`${file}-wal`) ? readFileSync(`${file}-wal`) : Buffer.alloc(0)]);
}

describe("a request's photos leave no bytes behind", () => {
  it("when the homeowner's requests are erased (npm run leads -- --erase, the console's Erase)", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "photo-erase-"));
    dirs.push(dir);
    const store = openEstimateStore({ dataDir: dir });
    store.save(lead("gone@example.com", "ERASE-ME"));
    store.save(lead("kept@example.com", "KEEP-ME"));
    expect(rawFiles(store.file).includes("ERASE-ME-FULL")).toBe(true);
    expect(rawFiles(store.file).includes("ERASE-ME-SMALL")).toBe(true);

    expect(store.erase("GONE@example.com")).toBe(1);
    const raw = rawFiles(store.file);
    expect(raw.includes("ERASE-ME")).toBe(false);
    expect(raw.includes("KEEP-ME-FULL")).toBe(true);
    const kept = store.list()[0];
    expect(kept?.photo_count).toBe(1);
    expect(store.db.prepare("SELECT count(*) AS n FROM estimate_photos").get()).toEqual({ n: 1 });
    store.close();
    expect(rawFiles(path.join(dir, "estimates.db")).includes("ERASE-ME")).toBe(false);
  });

  it("when the retention purge deletes old requests", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "photo-purge-"));
    dirs.push(dir);
    let now = new Date("2024-01-10T12:00:00Z");
    const store = openEstimateStore({ dataDir: dir, now: () => now });
    store.save(lead("old@example.com", "OLD-PHOTO"));
    now = new Date("2026-06-01T12:00:00Z");
    store.save(lead("new@example.com", "NEW-PHOTO"));
    expect(store.purge(new Date("2025-01-01T00:00:00Z")).map((l) => l.email)).toEqual(["old@example.com"]);
    const raw = rawFiles(store.file);
    expect(raw.includes("OLD-PHOTO")).toBe(false);
    expect(raw.includes("NEW-PHOTO-FULL")).toBe(true);
    store.close();
  });
});
