// The chimney condition report's fixed vocabulary (issue 66, decision 0054): the parts a finding names, its states,
// the inspection's scope, and the limits the phone, the console and the server all count by. The words the homeowner
// reads for each are the owner's, in content/findings.yaml; the keys here are what the database stores (migration
// 24's CHECKs list the same values; a unit test keeps them equal), so they never change with the words.

/**
 * The parts of a chimney a finding can name, in the order the owner walks them: the top, the roof line,
 * the outside walls, then inside from the flue down to the hearth.
 */
export const REPORT_PARTS = [
  "crown",
  "cap",
  "chase-cover",
  "flashing",
  "mortar",
  "bricks",
  "efflorescence",
  "water-damage",
  "flue-liner",
  "smoke-chamber",
  "damper",
  "firebox",
  "creosote",
  "clearances",
] as const;
export type ReportPart = (typeof REPORT_PARTS)[number];

/** Good: no repair now. Watch: not urgent, with what makes it worse and a day to look again. Repair now. */
export const FINDING_STATES = ["good", "watch", "repair", "not-inspected"] as const;
export type FindingState = (typeof FINDING_STATES)[number];

/** NFPA 211's inspection levels (the report's header says which one this was). */
export const NFPA_LEVELS = [1, 2, 3] as const;
export type NfpaLevel = (typeof NFPA_LEVELS)[number];

export const WEATHER = ["dry", "damp", "rain", "snow", "ice", "wind"] as const;
export type Weather = (typeof WEATHER)[number];

/** How the top of the chimney was seen: standing on the roof, from a ladder at the eaves, from the ground, or not. */
export const ROOF_ACCESS = ["roof", "ladder", "ground", "none"] as const;
export type RoofAccess = (typeof ROOF_ACCESS)[number];

export const MAX_FINDING_PHOTOS = 3;

/**
 * How long a sent report is kept (decision 0054): Illinois' 10-year repose for construction claims plus the 4 years
 * after a late discovery (735 ILCS 5/13-214; counsel to set). Migration 24's trigger refuses any earlier delete.
 */
export const REPORT_YEARS = 14;

/** Characters each box takes; the boxes carry them as maxlength and the server refuses more in words. */
export const REPORT_LIMITS = {
  note: 500,
  worseIf: 300,
  notInspectedWhy: 300,
  limits: 1000,
  flueLabel: 60,
  reason: 300,
} as const;

/** A photo from the phone: the most bytes one may be (the phone sends ~2048 px JPEGs of 0.3-1.5 MB). */
export const REPORT_PHOTO_MAX_BYTES = 15 * 1024 * 1024;

/** The long side the phone resizes a photo to before it keeps and sends it. */
export const PHONE_PHOTO_SIDE = 2048;

/** A photo's id, made on the phone (crypto.randomUUID()): the key that makes a retry the same photo. */
export const CLIENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function isPart(value: unknown): value is ReportPart {
  return typeof value === "string" && (REPORT_PARTS as readonly string[]).includes(value);
}

export function isState(value: unknown): value is FindingState {
  return typeof value === "string" && (FINDING_STATES as readonly string[]).includes(value);
}

export function isWeather(value: unknown): value is Weather {
  return typeof value === "string" && (WEATHER as readonly string[]).includes(value);
}

export function isRoofAccess(value: unknown): value is RoofAccess {
  return typeof value === "string" && (ROOF_ACCESS as readonly string[]).includes(value);
}
