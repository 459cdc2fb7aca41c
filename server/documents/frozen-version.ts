// A frozen version (a sent quote's, a sent invoice's): stored as canonical JSON with its SHA-256 beside it, read back
// through its schema once per hash, and guarded by a trigger that refuses any change to a stored one (decision 0032).
import { canonicalJson, sha256Hex } from "./canonical-json.ts";

/** The bytes stored for a version, and their hash. */
export function frozenBytes(version: unknown): { body: string; sha256: string } {
  const body = canonicalJson(version);
  return { body, sha256: sha256Hex(body) };
}

/**
 * A reader of stored versions: checked by `parse`, then remembered by hash (a frozen version never changes). `body`
 * may be a function, called only when the hash is not remembered: a caller that knows the hash need not read the body.
 */
export function frozenReader<T>(parse: (json: unknown) => T): (body: string | (() => string), sha256: string) => T {
  const parsed = new Map<string, T>();
  return (body, sha256) => {
    const known = parsed.get(sha256);
    if (known) return known;
    const version = parse(JSON.parse(typeof body === "function" ? body() : body));
    if (parsed.size > 500) parsed.clear();
    parsed.set(sha256, version);
    return version;
  };
}

/** The SQL of `<table>_never_change`: every UPDATE of a row of `table` is refused with `message`. */
export function neverChangeTrigger(table: string, message: string): string {
  return `CREATE TRIGGER ${table}_never_change BEFORE UPDATE ON ${table}
BEGIN SELECT RAISE(ABORT, '${message}'); END;`;
}
