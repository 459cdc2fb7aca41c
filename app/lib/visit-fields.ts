// The visit page's forms (app/routes/visit.tsx, app/components/visit-forms.tsx): field names, limits, and the one
// check of what a homeowner sends, used by the page's action and its tests.

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

export const VISIT_LIMITS = { street: 160, notes: 400, otherTown: 60, reason: 300, key: 64 } as const;

export type PlaceInput = { town: string; served: boolean; street: string; notes: string };
export type PlaceProblem = { field: "town" | "other-town" | "street"; message: string };

/** Text as typed, one line (notes keep their line breaks), trimmed and cut to `max`; control characters dropped. */
export function cleanText(value: unknown, max: number, multiline = false): string {
  if (typeof value !== "string") return "";
  // eslint-disable-next-line no-control-regex
  const controls = multiline ? /[\u0000-\u0009\u000B-\u001F\u007F]/g : /[\u0000-\u001F\u007F]/g;
  return value
    .replace(/\r\n?/g, "\n")
    .replace(controls, " ")
    .replace(/[ \t]+/g, " ")
    .trim()
    .slice(0, max);
}

/** Where the visit is: one of our towns, or another the homeowner names (then the owner calls). */
export function readPlace(
  form: { get(name: string): unknown },
  towns: readonly string[],
): { ok: true; place: PlaceInput } | { ok: false; problems: PlaceProblem[]; values: Record<string, string> } {
  const chosen = cleanText(form.get(VISIT_FIELD.town), 60);
  const other = cleanText(form.get(VISIT_FIELD.otherTown), VISIT_LIMITS.otherTown);
  const street = cleanText(form.get(VISIT_FIELD.street), VISIT_LIMITS.street);
  const notes = cleanText(form.get(VISIT_FIELD.notes), VISIT_LIMITS.notes, true);
  const values = { town: chosen, "other-town": other, street, notes };
  const problems: PlaceProblem[] = [];
  const served = towns.find((t) => t.toLowerCase() === chosen.toLowerCase());
  if (!served && chosen !== OTHER_TOWN) problems.push({ field: "town", message: "Choose the town the house is in." });
  if (chosen === OTHER_TOWN && other.length < 2) {
    problems.push({ field: "other-town", message: "Type the name of the town." });
  }
  if (street.length < 3) problems.push({ field: "street", message: "Type the street address, like 12 Elm St." });
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
