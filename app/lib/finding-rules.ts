// What a finding must say before it is saved (issue 66, decision 0054), checked the same on the phone (at once, as
// the owner taps) and on the server (which decides): a state; Watch and Repair now with at least one photo; a Watch
// with what would make it worse and a day to look again (an unexplained "monitor" is how a crack becomes a claim);
// Not inspected with why; "Do not use until fixed" only on Repair now or Not inspected; at most 3 photos. Words that
// do not apply to the state chosen are dropped, never kept unseen. Pure.
import { addDays, daysBetween, type Day } from "./business-day";
import { isState, MAX_FINDING_PHOTOS, REPORT_LIMITS, type FindingState } from "~/content/condition-report";

/** A finding as posted: boxes as typed, the flag, and how many photos it has (on the server or on the phone). */
export type FindingForm = {
  state: string;
  doNotUse: boolean;
  defect: string;
  note: string;
  worseIf: string;
  recheckDay: string;
  notInspectedWhy: string;
  photos: number;
};

export type FindingField = keyof FindingForm;

/** A finding that passed: what the store saves. */
export type CheckedFinding = {
  state: FindingState;
  doNotUse: boolean;
  defect: string | null;
  note: string;
  worseIf: string;
  recheckDay: string | null;
  notInspectedWhy: string;
};

export type FindingCheck =
  { ok: true; finding: CheckedFinding } | { ok: false; problems: Partial<Record<FindingField, string>> };

/** The furthest a recheck may be set: five years on. */
export const RECHECK_MAX_DAYS = 5 * 366;

export const FINDING_WORDS = {
  state: "Choose Good, Watch, Repair now or Not inspected.",
  watchPhoto: "A Watch needs at least one photo: take one of what you saw.",
  repairPhoto: "Repair now needs at least one photo: take one of what you saw.",
  tooManyPhotos: `At most ${MAX_FINDING_PHOTOS} photos for a part: remove one first.`,
  worseIf: "Say what would make it worse, for example another winter of water getting in.",
  recheckDay: "Give a day to look at it again.",
  recheckFormat: "Give the day to look again as a date, for example 2028-03-15.",
  recheckPast: "The day to look again must be after today.",
  recheckFar: "The day to look again must be within 5 years.",
  notInspectedWhy: "Say why it was not inspected, for example snow covered it.",
  doNotUse: "“Do not use until fixed” goes with Repair now or Not inspected.",
  defect: "Choose what is wrong from the list.",
  note: `The note is longer than ${REPORT_LIMITS.note} characters: shorten it.`,
  worseIfLong: `What makes it worse: at most ${REPORT_LIMITS.worseIf} characters.`,
  whyLong: `Why: at most ${REPORT_LIMITS.notInspectedWhy} characters.`,
} as const;

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** A real calendar day (2027-02-30 is not one). */
export function isDay(value: string): value is Day {
  return DAY.test(value) && addDays(value, 0) === value;
}

/**
 * Checks a posted finding against the rules; `defects` are the part's defect keys in the words library, `today` the
 * business's day (app/lib/business-day.ts).
 */
export function checkFinding(form: FindingForm, { defects, today }: { defects: readonly string[]; today: Day }) {
  const problems: Partial<Record<FindingField, string>> = {};
  const state = isState(form.state) ? form.state : null;
  const note = form.note.trim();
  const worseIf = state === "watch" ? form.worseIf.trim() : "";
  const why = state === "not-inspected" ? form.notInspectedWhy.trim() : "";
  const recheck = state === "watch" ? form.recheckDay.trim() : "";
  const defect = state === "watch" || state === "repair" ? form.defect.trim() : "";
  if (!state) problems.state = FINDING_WORDS.state;
  if (note.length > REPORT_LIMITS.note) problems.note = FINDING_WORDS.note;
  if (defect && !defects.includes(defect)) problems.defect = FINDING_WORDS.defect;
  if (form.photos > MAX_FINDING_PHOTOS) problems.photos = FINDING_WORDS.tooManyPhotos;
  else if (form.photos < 1 && state === "watch") problems.photos = FINDING_WORDS.watchPhoto;
  else if (form.photos < 1 && state === "repair") problems.photos = FINDING_WORDS.repairPhoto;
  if (form.doNotUse && (state === "good" || state === "watch")) problems.doNotUse = FINDING_WORDS.doNotUse;
  if (state === "watch") {
    if (!worseIf) problems.worseIf = FINDING_WORDS.worseIf;
    else if (worseIf.length > REPORT_LIMITS.worseIf) problems.worseIf = FINDING_WORDS.worseIfLong;
    const recheckProblem = recheckWords(recheck, today);
    if (recheckProblem) problems.recheckDay = recheckProblem;
  }
  if (state === "not-inspected") {
    if (!why) problems.notInspectedWhy = FINDING_WORDS.notInspectedWhy;
    else if (why.length > REPORT_LIMITS.notInspectedWhy) problems.notInspectedWhy = FINDING_WORDS.whyLong;
  }
  if (!state || Object.keys(problems).length > 0) return { ok: false, problems } satisfies FindingCheck;
  return {
    ok: true,
    finding: {
      state,
      doNotUse: form.doNotUse && (state === "repair" || state === "not-inspected"),
      defect: defect || null,
      note,
      worseIf,
      recheckDay: recheck || null,
      notInspectedWhy: why,
    },
  } satisfies FindingCheck;
}

function recheckWords(day: string, today: Day): string | null {
  if (!day) return FINDING_WORDS.recheckDay;
  if (!isDay(day)) return FINDING_WORDS.recheckFormat;
  const ahead = daysBetween(today, day);
  if (ahead < 1) return FINDING_WORDS.recheckPast;
  if (ahead > RECHECK_MAX_DAYS) return FINDING_WORDS.recheckFar;
  return null;
}

/** The recheck day the phone offers for a new Watch: a year from today (the next yearly visit). */
export function usualRecheck(today: Day): Day {
  return addDays(today, 365);
}
