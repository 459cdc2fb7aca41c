// Which services a done job was: the quote presets (content/quote-presets.yaml) among the lines of its accepted
// quote's chosen option and add-ons. A sent version keeps each line's name but not its preset, so a line is matched
// to the draft line of the same name that came from a preset, else to the preset of that name. Pure.
import { draftSchema, type QuoteVersion } from "../quotes/document.ts";

const fold = (name: string) => name.trim().toLowerCase();

/** The names of the lines the homeowner accepted: the chosen option's and the chosen add-ons'. */
export function acceptedLineNames(version: QuoteVersion, optionKey: string, addonKeys: readonly string[]): string[] {
  const option = version.options.find((o) => o.key === optionKey);
  return [
    ...(option?.lines ?? []).map((l) => l.name),
    ...version.addons.filter((a) => addonKeys.includes(a.key)).map((a) => a.name),
  ];
}

/** The preset keys of these lines, once each. `presetNames` maps a preset's name to its key. */
export function presetsOf(
  lineNames: readonly string[],
  draftJson: string,
  presetNames: ReadonlyMap<string, string>,
): string[] {
  const fromDraft = new Map<string, string>();
  const draft = draftSchema.safeParse(safeJson(draftJson));
  if (draft.success) {
    for (const line of [...draft.data.options.flatMap((o) => o.lines), ...draft.data.addons])
      if (line.preset) fromDraft.set(fold(line.name), line.preset);
  }
  const byName = new Map([...presetNames].map(([name, key]) => [fold(name), key]));
  const keys = lineNames.flatMap((n) => fromDraft.get(fold(n)) ?? byName.get(fold(n)) ?? []);
  return [...new Set(keys)];
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
