// The quote from findings' pure rules (decision 0054): the findings' numbers in the report's order, the map from part
// and defect to the owner's presets (read from the real content files), and what the owner's choices must say.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadYaml } from "~/content/load";
import { FINDINGS_FILE, findingsFile } from "~/content/findings";
import { QUOTE_PRESETS_FILE, quotePresetsFile } from "~/content/quote-words";
import { REPORT_PARTS } from "~/content/condition-report";
import {
  choiceProblems,
  findingNumbers,
  QUOTE_FINDING_WORDS,
  suggestedPreset,
  type NumberedFinding,
} from "./finding-quote";

const words = loadYaml(`/${FINDINGS_FILE}`, readFileSync(FINDINGS_FILE, "utf8"), findingsFile);
const presets = loadYaml(`/${QUOTE_PRESETS_FILE}`, readFileSync(QUOTE_PRESETS_FILE, "utf8"), quotePresetsFile);
const keys = new Set(presets.presets.map((p) => p.key));

describe("the map from part and defect to a preset", () => {
  it("suggests the line each defect names, from the owner's presets", () => {
    expect(suggestedPreset(words, "crown", "cracked", keys)).toBe("crown-rebuild");
    expect(suggestedPreset(words, "crown", "hairline-cracks", keys)).toBe("crown-seal");
    expect(suggestedPreset(words, "flashing", "failed", keys)).toBe("flashing");
    expect(suggestedPreset(words, "flue-liner", words.parts["flue-liner"].defects[0]?.key ?? "", keys)).toBe(
      "flue-liner",
    );
  });

  it("suggests none for work outside the business's services, no defect, or a preset no longer on file", () => {
    expect(suggestedPreset(words, "creosote", "glazed", keys)).toBeNull();
    expect(suggestedPreset(words, "crown", null, keys)).toBeNull();
    expect(suggestedPreset(words, "crown", "no-such-defect", keys)).toBeNull();
    const without = new Set([...keys].filter((k) => k !== "crown-rebuild"));
    expect(suggestedPreset(words, "crown", "cracked", without)).toBeNull();
  });

  it("reaches a preset on file from every defect that names one", () => {
    for (const part of REPORT_PARTS)
      for (const d of words.parts[part].defects)
        expect(suggestedPreset(words, part, d.key, keys)).toBe(d.preset ?? null);
  });
});

describe("the findings' numbers", () => {
  const f = (
    id: number,
    flue: number | null,
    part: NumberedFinding["part"],
    state: NumberedFinding["state"] = "repair",
  ) => ({
    id,
    flue_id: flue,
    part,
    state,
  });

  it("count the findings with a state, flue by flue in the property's order, part by part in the walk's order", () => {
    const numbers = findingNumbers(
      [f(1, 20, "creosote"), f(2, 10, "firebox"), f(3, 20, "crown"), f(4, 10, "crown", null), f(5, 10, "cap", "good")],
      [10, 20],
    );
    expect([...numbers.entries()].sort((a, b) => a[1] - b[1])).toEqual([
      [5, 1],
      [2, 2],
      [3, 3],
      [1, 4],
    ]);
  });
});

describe("the owner's choices", () => {
  it("asks a quoted finding for its line and a finding left out for its reason, at the field", () => {
    expect(
      choiceProblems(
        [
          { findingId: 1, quote: true, preset: "", reason: "" },
          { findingId: 2, quote: false, preset: "crown-rebuild", reason: "  " },
          { findingId: 3, quote: false, preset: "", reason: "x".repeat(301) },
          { findingId: 4, quote: true, preset: "crown-rebuild", reason: "" },
          { findingId: 5, quote: false, preset: "", reason: "A roofer does it." },
        ],
        keys,
      ),
    ).toEqual({
      "preset-1": QUOTE_FINDING_WORDS.preset,
      "reason-2": QUOTE_FINDING_WORDS.reason,
      "reason-3": QUOTE_FINDING_WORDS.reasonLong,
    });
  });
});
