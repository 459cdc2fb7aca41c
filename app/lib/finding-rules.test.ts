// The finding rules (decision 0054): each refusal in its words at its field, and what a passing finding keeps.
import { describe, expect, it } from "vitest";
import { checkFinding, FINDING_WORDS, isDay, usualRecheck, type FindingForm } from "./finding-rules";

const today = "2027-03-16";
const defects = ["hairline-cracks", "cracked"];
const form = (over: Partial<FindingForm>): FindingForm => ({
  state: "good",
  doNotUse: false,
  defect: "",
  note: "",
  worseIf: "",
  recheckDay: "",
  notInspectedWhy: "",
  photos: 0,
  ...over,
});
const check = (over: Partial<FindingForm>) => checkFinding(form(over), { defects, today });
const problems = (over: Partial<FindingForm>) => {
  const result = check(over);
  return result.ok ? {} : result.problems;
};

describe("a finding", () => {
  it("needs a state", () => {
    expect(problems({ state: "" })).toEqual({ state: FINDING_WORDS.state });
    expect(problems({ state: "fine" })).toEqual({ state: FINDING_WORDS.state });
  });

  it("is Good with no photo, and keeps only its note", () => {
    expect(
      check({ state: "good", note: "  Sound. ", worseIf: "x", recheckDay: "2028-01-01", defect: "cracked" }),
    ).toEqual({
      ok: true,
      finding: {
        state: "good",
        doNotUse: false,
        defect: null,
        note: "Sound.",
        worseIf: "",
        recheckDay: null,
        notInspectedWhy: "",
      },
    });
  });

  it("as Repair now needs a photo; Watch needs a photo, what makes it worse and a day after today", () => {
    expect(problems({ state: "repair" })).toEqual({ photos: FINDING_WORDS.repairPhoto });
    expect(problems({ state: "watch" })).toEqual({
      photos: FINDING_WORDS.watchPhoto,
      worseIf: FINDING_WORDS.worseIf,
      recheckDay: FINDING_WORDS.recheckDay,
    });
    const watch = { state: "watch", photos: 1, worseIf: "Water in the cracks" };
    expect(problems({ ...watch, recheckDay: "2027-03-16" })).toEqual({ recheckDay: FINDING_WORDS.recheckPast });
    expect(problems({ ...watch, recheckDay: "2027-02-30" })).toEqual({ recheckDay: FINDING_WORDS.recheckFormat });
    expect(problems({ ...watch, recheckDay: "next spring" })).toEqual({ recheckDay: FINDING_WORDS.recheckFormat });
    expect(problems({ ...watch, recheckDay: "2033-03-16" })).toEqual({ recheckDay: FINDING_WORDS.recheckFar });
    expect(check({ ...watch, recheckDay: "2027-03-17", defect: "hairline-cracks" })).toMatchObject({
      ok: true,
      finding: { state: "watch", worseIf: "Water in the cracks", recheckDay: "2027-03-17", defect: "hairline-cracks" },
    });
  });

  it("has at most 3 photos", () => {
    expect(problems({ state: "good", photos: 4 })).toEqual({ photos: FINDING_WORDS.tooManyPhotos });
    expect(check({ state: "repair", photos: 3 }).ok).toBe(true);
  });

  it("as Not inspected says why, and may carry Do not use; Good and Watch may not", () => {
    expect(problems({ state: "not-inspected", notInspectedWhy: "  " })).toEqual({
      notInspectedWhy: FINDING_WORDS.notInspectedWhy,
    });
    expect(check({ state: "not-inspected", notInspectedWhy: "Snow on the roof", doNotUse: true })).toMatchObject({
      ok: true,
      finding: { doNotUse: true, notInspectedWhy: "Snow on the roof" },
    });
    expect(problems({ state: "good", doNotUse: true })).toEqual({ doNotUse: FINDING_WORDS.doNotUse });
    expect(problems({ state: "watch", doNotUse: true, photos: 1, worseIf: "x", recheckDay: "2028-01-01" })).toEqual({
      doNotUse: FINDING_WORDS.doNotUse,
    });
    expect(check({ state: "repair", doNotUse: true, photos: 1 })).toMatchObject({ finding: { doNotUse: true } });
  });

  it("names a defect of its own part only, and refuses boxes over their limits", () => {
    expect(problems({ state: "repair", photos: 1, defect: "spalling" })).toEqual({ defect: FINDING_WORDS.defect });
    expect(problems({ state: "good", note: "x".repeat(501) })).toEqual({ note: FINDING_WORDS.note });
    expect(problems({ state: "watch", photos: 1, worseIf: "x".repeat(301), recheckDay: "2028-01-01" })).toEqual({
      worseIf: FINDING_WORDS.worseIfLong,
    });
  });
});

describe("days", () => {
  it("are real calendar days, and a new Watch is looked at again a year on", () => {
    expect(isDay("2028-02-29")).toBe(true);
    expect(isDay("2027-02-29")).toBe(false);
    expect(isDay("2027-13-01")).toBe(false);
    expect(usualRecheck("2027-03-16")).toBe("2028-03-15");
  });
});
