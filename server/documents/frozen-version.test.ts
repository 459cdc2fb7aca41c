// Frozen versions: canonical bytes and their hash, read back once per hash, and a trigger that refuses any change.
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "./canonical-json.ts";
import { frozenBytes, frozenReader, neverChangeTrigger } from "./frozen-version.ts";

describe("a frozen version", () => {
  it("is stored as canonical JSON with its SHA-256", () => {
    const { body, sha256 } = frozenBytes({ b: 2, a: [1, "x"], c: undefined });
    expect(body).toBe('{"a":[1,"x"],"b":2}');
    expect(sha256).toBe(sha256Hex(body));
  });

  it("is checked once and then remembered by its hash", () => {
    let parsed = 0;
    const read = frozenReader((json) => (parsed++, json as { a: number }));
    const { body, sha256 } = frozenBytes({ a: 1 });
    expect(read(body, sha256)).toEqual({ a: 1 });
    expect(read(body, sha256)).toBe(read(body, sha256));
    expect(parsed).toBe(1);
  });

  it("is read from the database only when its hash is not remembered", () => {
    const { body, sha256 } = frozenBytes({ a: 2 });
    const read = frozenReader((json) => json as { a: number });
    let loads = 0;
    const load = () => (loads++, body);
    expect(read(load, sha256)).toEqual({ a: 2 });
    expect(read(load, sha256)).toEqual({ a: 2 });
    expect(loads).toBe(1);
  });

  it("is refused any change by its table's trigger", () => {
    const db = new Database(":memory:");
    db.exec("CREATE TABLE versions (id INTEGER PRIMARY KEY, body TEXT NOT NULL)");
    db.exec(neverChangeTrigger("versions", "a sent version never changes"));
    db.prepare("INSERT INTO versions (body) VALUES ('{}')").run();
    expect(() => db.prepare("UPDATE versions SET body = '[]'").run()).toThrow("a sent version never changes");
    expect(db.prepare("SELECT body FROM versions").pluck().get()).toBe("{}");
    db.close();
  });
});
