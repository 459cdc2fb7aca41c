// The visit page's forms (app/routes/visit.tsx, app/components/visit-forms.tsx): field names, limits, and the one
// check of what a homeowner sends, used by the page's action and its tests.

import { overLimit, TEXT_LIMITS, type TextLimit } from "./text-limits";

export const VISIT_FIELD = {
  intent: "intent",
  town: "town",
  otherTown: "other-town",
  street: "street",
  notes: "notes",
  window: "window",
  key: "key",
  reason: "reason",
  /** Hidden from people; a bot that fills it is held as spam. */
  trap: "company",
} as const;

export const OTHER_TOWN = "other";

const BOX = TEXT_LIMITS.visit;
/** The boxes' limits (app/lib/text-limits.ts) and the hidden key's. */
export const VISIT_LIMITS = {
  street: BOX.street.max,
  notes: BOX.notes.max,
  otherTown: BOX.otherTown.max,
  reason: BOX.reason.max,
  key: 64,
} as const;

export type PlaceInput = { town: string; served: boolean; street: string; notes: string };
export type PlaceProblem = { field: "town" | "other-town" | "street" | "notes"; message: string };

/**
 * Text as typed, one line (notes keep their line breaks) and trimmed; control characters dropped. Never cut: the
 * caller refuses a value over its limit (`overLimit`), in words.
 */
export function cleanText(value: unknown, multiline = false): string {
  if (typeof value !== "string") return "";
  // eslint-disable-next-line no-control-regex
  const controls = multiline ? /[\u0000-\u0009\u000B-\u001F\u007F]/g : /[\u0000-\u001F\u007F]/g;
  return value
    .replace(/\r\n?/g, "\n")
    .replace(controls, " ")
    .replace(/[ \t]+/g, " ")
    .trim();
}

/** Where the visit is: one of our towns, or another the homeowner names (then the owner calls). */
export function readPlace(
  form: { get(name: string): unknown },
  towns: readonly string[],
): { ok: true; place: PlaceInput } | { ok: false; problems: PlaceProblem[]; values: Record<string, string> } {
  const chosen = cleanText(form.get(VISIT_FIELD.town));
  const other = cleanText(form.get(VISIT_FIELD.otherTown));
  const street = cleanText(form.get(VISIT_FIELD.street));
  const notes = cleanText(form.get(VISIT_FIELD.notes), true);
  const values = { town: chosen, "other-town": other, street, notes };
  const problems: PlaceProblem[] = [];
  const tooLong = (field: PlaceProblem["field"], value: string, limit: TextLimit) => {
    const over = overLimit(value, limit);
    if (over) problems.push({ field, message: over });
    return over !== null;
  };
  const served = towns.find((t) => t.toLowerCase() === chosen.toLowerCase());
  if (!served && chosen !== OTHER_TOWN) problems.push({ field: "town", message: "Choose the town the house is in." });
  if (!tooLong("other-town", other, BOX.otherTown) && chosen === OTHER_TOWN && other.length < 2) {
    problems.push({ field: "other-town", message: "Type the name of the town." });
  }
  if (!tooLong("street", street, BOX.street) && street.length < 3) {
    problems.push({ field: "street", message: "Type the street address, like 12 Elm St." });
  }
  tooLong("notes", notes, BOX.notes);
  if (problems.length > 0) return { ok: false, problems, values };
  return { ok: true, place: { town: served ?? other, served: served !== undefined, street, notes } };
}

/** "2026-12-01 08:00" from the window radio; null when it is anything else. */
export function readWindow(value: unknown): { day: string; starts: string } | null {
  if (typeof value !== "string") return null;
  const m = /^(\d{4}-\d{2}-\d{2}) ([01]\d|2[0-3]):([0-5]\d)$/.exec(value);
  return m ? { day: m[1] as string, starts: `${m[2]}:${m[3]}` } : null;
}

export function windowValue(window: { day: string; starts: string }): string {
  return `${window.day} ${window.starts}`;
}
