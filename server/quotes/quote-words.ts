// The owner's quote words and line presets (content/quote-terms.yaml, content/quote-presets.yaml), read from the site's
// folder each time a quote is edited or sent, so a change saved in the console counts at once. A file that cannot be
// read is reported in the owner's words where it is needed (the quote screen), never at a homeowner.
import { readFileSync } from "node:fs";
import path from "node:path";
import { loadYaml } from "../../app/content/load.ts";
import {
  QUOTE_PRESETS_FILE,
  QUOTE_TERMS_FILE,
  quotePresetsFile,
  quoteTermsFile,
  type QuotePreset,
  type QuoteTerms,
} from "../../app/content/quote-words.ts";
import { parseDollars, parsePercent, parseQuantity } from "./money.ts";
import type { DraftLine } from "./document.ts";

export type QuoteWords = { terms: QuoteTerms; presets: QuotePreset[] };

export function readQuoteWords(repoDir: string): QuoteWords {
  const read = (file: string) => readFileSync(path.join(repoDir, file), "utf8");
  return {
    terms: loadYaml(`/${QUOTE_TERMS_FILE}`, read(QUOTE_TERMS_FILE), quoteTermsFile),
    presets: loadYaml(`/${QUOTE_PRESETS_FILE}`, read(QUOTE_PRESETS_FILE), quotePresetsFile).presets,
  };
}

/** The tax rate for taxable lines, in parts per million. */
export function taxRatePpm(terms: QuoteTerms): number {
  return parsePercent(terms.salesTax.rate) ?? 0;
}

/** A preset as a new line of a draft. */
export function lineFromPreset(preset: QuotePreset, id: string): DraftLine {
  return {
    id,
    preset: preset.key,
    name: preset.name,
    description: preset.description,
    materials: [...preset.materials],
    quantity: parseQuantity(preset.quantity) ?? 1000,
    unit: preset.unit,
    unitPrice: parseDollars(preset.price) ?? 0,
    taxable: preset.taxable,
  };
}
