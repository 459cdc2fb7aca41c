// Canonical JSON (the shape of RFC 8785 for what quotes and invoices hold: objects with keys sorted by UTF-16 code
// units, no whitespace, strings as JSON.stringify writes them, whole numbers only) and its SHA-256. A sent version is
// stored as these exact bytes, so the hash stored beside it can be checked again at any time: by a restore, by a
// reader of the PDF, by a court. Pure.
import { createHash } from "node:crypto";

export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === "boolean" || typeof value === "string") return JSON.stringify(value);
  if (typeof value === "number") {
    // Money is cents, quantities thousandths: a fraction here is a bug, never something to round quietly.
    if (!Number.isSafeInteger(value)) throw new TypeError(`canonical JSON holds whole numbers only, not ${value}`);
    return String(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  throw new TypeError(`canonical JSON cannot hold ${typeof value}`);
}

export function sha256Hex(data: string | Buffer): string {
  return createHash("sha256").update(data).digest("hex");
}
