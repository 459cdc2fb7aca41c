// The keys a customer is matched by (decision 0051): an e-mail lowercased and trimmed, with a Gmail-canonical form
// beside it that only ever suggests; a phone in E.164 (libphonenumber-js), its extension kept apart; and a name
// folded for search, which is never a key. Pure: what the homeowner typed is kept as typed next to its key.
import { createRequire } from "node:module";
import type { parsePhoneNumberFromString } from "libphonenumber-js";

type ParsePhone = typeof parsePhoneNumberFromString;
let parsePhone: ParsePhone | null = null;

/**
 * libphonenumber-js, loaded at the first phone read: its numbering plans are 2.2 MB of the heap on Node 24, which the
 * idle server, and a start with nothing to match, do not need (issue 65, memory at rest). Synchronous, as the keys'
 * callers are (a store's write, the estimate form's intake); a package that cannot load fails that read in words.
 */
function phoneParser(): ParsePhone {
  if (parsePhone) return parsePhone;
  try {
    const library = createRequire(import.meta.url)("libphonenumber-js") as { parsePhoneNumberFromString: ParsePhone };
    parsePhone = library.parsePhoneNumberFromString;
    return parsePhone;
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new Error(`Phone numbers cannot be read: libphonenumber-js did not load (${why}).`, { cause: error });
  }
}

/** "  Ann.ONeil@Example.COM " → "ann.oneil@example.com"; null when it is not one address. */
export function emailKey(typed: string): string | null {
  const key = typed.normalize("NFC").trim().toLowerCase().replace(/\.$/, "");
  const at = key.lastIndexOf("@");
  if (at <= 0 || at !== key.indexOf("@") || /[\s<>(),;:"]/.test(key)) return null;
  const domain = key.slice(at + 1);
  if (!/^[^.]+(\.[^.]+)+$/.test(domain)) return null;
  return key;
}

const GMAIL = new Set(["gmail.com", "googlemail.com"]);

/**
 * The form two spellings of one Gmail box share: dots and a +tag in the local part ignored, googlemail.com as
 * gmail.com. Other providers treat dots as letters, so their key is its own canonical form. Suggests only: it never
 * rewrites an address and never joins two customers by itself.
 */
export function emailMatchKey(key: string): string {
  const at = key.lastIndexOf("@");
  const domain = key.slice(at + 1);
  if (!GMAIL.has(domain)) return key;
  const local = key.slice(0, at).split("+")[0]?.replace(/\./g, "") ?? "";
  return `${local}@gmail.com`;
}

export type PhoneKey = {
  /** "+13098281234". */
  e164: string;
  /** "12" from "309-828-1234 ext 12"; null when none. */
  extension: string | null;
};

/**
 * A phone as E.164, read as a US number unless it says otherwise; null when it is not a valid number (a 7-digit
 * "828-1234" has no area code: never stored as a key). Validity is the numbering plan, not a working line.
 */
export function phoneKey(typed: string): PhoneKey | null {
  const text = typed.normalize("NFKC").trim();
  if (!/\d/.test(text) || text.length > 60) return null;
  const parsed = phoneParser()(text, "US");
  if (!parsed?.isValid()) return null;
  return { e164: parsed.number, extension: parsed.ext ?? null };
}

/** "+13098281234" → "(309) 828-1234"; other countries in their international form. */
export function phoneLabel(key: PhoneKey): string {
  const parsed = phoneParser()(key.e164);
  const number = parsed ? (parsed.country === "US" ? parsed.formatNational() : parsed.formatInternational()) : key.e164;
  return key.extension ? `${number} ext. ${key.extension}` : number;
}

/**
 * A name folded for search and for telling the owner two names look alike: accents dropped, lowercase, apostrophes
 * closed up, every other mark a space. "Ann O'Neil" and "ANN ONEIL" both give "ann oneil". Never a key.
 */
export function nameKey(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/['’‘`ʼ]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}
