// What the due days count with (decision 0051): the owner's cadences from content/business.yaml and the names of
// his quote lines (content/quote-presets.yaml), read when needed so a change saved in the console counts at once.
import type { QuotePreset } from "../../app/content/quote-words.ts";
import type { DueSettings } from "../store/flue-dues.ts";

export function dueSettings(
  facts: { dueCadences: DueSettings["cadences"]; timeZone: string },
  presets: readonly Pick<QuotePreset, "key" | "name">[],
): DueSettings {
  return {
    cadences: facts.dueCadences,
    presetNames: new Map(presets.map((p) => [p.name, p.key])),
    timeZone: facts.timeZone,
  };
}
