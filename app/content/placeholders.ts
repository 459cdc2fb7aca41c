// Placeholders a content file may use, so business facts and the owner's claims are written in one place
// (content/business.yaml) and quoted everywhere else. Filled in when a content file is loaded (build time).
//
//   {{business.name}}            a business fact
//   {{claims.warranty}}          the one wording of an owner claim: strong once confirmed, weaker before
//   {{#claims.insured}}…{{/claims.insured}}   text shown only once the claim is confirmed
//   {{^claims.insured}}…{{/claims.insured}}   text shown only while it is not
//
// See docs/decisions/0007-owner-claims.md and the table in docs/copy-fixes.md.
import { business } from "./business";
import { claimWording } from "./claims";
import { onContent } from "./files";

export class PlaceholderError extends Error {
  override name = "PlaceholderError";
}

/** Values for {{key}}; undefined means "not confirmed, so only inside its {{#section}}". */
let values: Record<string, string | undefined> = {};
/** Conditions for {{#key}} and {{^key}} sections: true once the owner has confirmed the claim. */
let sections: Record<string, boolean> = {};

onContent(() => {
  const said = claimWording(business.claims);
  const cards = business.paymentMethods.filter((m) => m !== "Bitcoin");
  values = {
  "business.name": business.name,
  "business.cards": `${cards.slice(0, -1).join(", ")} and ${cards.at(-1) ?? ""}`,
  "claims.foundedYear": said.foundedYear === undefined ? undefined : String(said.foundedYear),
  "claims.yearsInBusiness": said.yearsInBusiness === undefined ? undefined : String(said.yearsInBusiness),
  "claims.licences": said.licences,
  "claims.insurance": said.insurance,
  "claims.warranty": said.warranty,
  "claims.warrantyShort": said.warrantyShort,
  "claims.credentials": said.credentials,
  "claims.afterHours": said.afterHours,
  };
  sections = {
  "claims.foundedYear": said.foundedYear !== undefined,
  "claims.familyRun": said.familyRun,
  "claims.licensed": said.licensed,
  "claims.insured": said.insured,
  "claims.warrantied": said.warrantied,
  };
});

const SECTION = /\{\{\s*([#^])\s*([\w.]+)\s*\}\}([\s\S]*?)\{\{\s*\/\s*\2\s*\}\}/g;
const VALUE = /\{\{\s*([\w.]+)\s*\}\}/g;
const ANY = /\{\{[^}]*\}\}/;

const list = (keys: string[], mark = "") => keys.map((k) => `{{${mark}${k}}}`).join(", ");

/** Fills every placeholder in a piece of text; a mistake throws with `where` and the known names. */
export function fillPlaceholders(text: string, where: string): string {
  const withSections = text.replace(SECTION, (_, mark: string, key: string, inner: string) => {
    const shown = sections[key];
    if (shown === undefined) {
      throw new PlaceholderError(
        `${where}: unknown section {{${mark}${key}}}; use one of ${list(Object.keys(sections), "#")}`,
      );
    }
    return shown === (mark === "#") ? inner : "";
  });
  const filled = withSections.replace(VALUE, (_, key: string) => {
    if (!(key in values)) {
      throw new PlaceholderError(`${where}: unknown {{${key}}}; use one of ${list(Object.keys(values))}`);
    }
    const value = values[key];
    if (value === undefined) {
      throw new PlaceholderError(
        `${where}: {{${key}}} is not confirmed in content/business.yaml yet; put it inside {{#${key}}}…{{/${key}}}`,
      );
    }
    return value;
  });
  const left = ANY.exec(filled);
  if (left) throw new PlaceholderError(`${where}: "${left[0]}" is not a placeholder (is a section left open?)`);
  return filled;
}

// YAML must never see a filled-in value (an owner's "Note: …" would break it), nor a placeholder at the start of
// a value (YAML would read "{{" as a mapping). So placeholders are swapped for private-use markers before parsing
// and filled in each string afterwards.
const OPEN = "\uE000";
const CLOSE = "\uE001";
const MARKER = new RegExp(`${OPEN}(\\d+)${CLOSE}`, "g");

/** Swaps each placeholder for a marker YAML reads as plain text; `restore` puts them back and fills them. */
export function protectPlaceholders(source: string): {
  source: string;
  restore: (data: unknown, file: string) => unknown;
} {
  const found: string[] = [];
  const protectedSource = source.replace(/\{\{[^}]*\}\}/g, (match) => `${OPEN}${found.push(match) - 1}${CLOSE}`);
  const restoreText = (text: string, where: string) =>
    fillPlaceholders(
      text.replace(MARKER, (_, i: string) => found[Number(i)] ?? ""),
      where,
    );
  const restore = (data: unknown, file: string, at: readonly (string | number)[] = []): unknown => {
    if (typeof data === "string") return restoreText(data, at.length > 0 ? `${file} (${at.join(".")})` : file);
    if (Array.isArray(data)) return data.map((item, i) => restore(item, file, [...at, i]));
    if (data && typeof data === "object") {
      return Object.fromEntries(Object.entries(data).map(([k, v]) => [k, restore(v, file, [...at, k])]));
    }
    return data;
  };
  return { source: protectedSource, restore };
}
