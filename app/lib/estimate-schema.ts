// Server-side validation of an estimate request, from the same field list the form renders.
import { z } from "zod";
import { ESTIMATE_LIMITS, SERVICE_CHOICES } from "./estimate-fields";

// C0/C1 control characters other than tab and newlines have no place in a form field.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/**
 * Invisible format characters (Unicode Cf: bidi overrides and isolates, zero-width characters, soft hyphen, BOM,
 * tag characters) and Hangul fillers. They change what the owner reads without being seen, so they are removed
 * from e-mail and phone; visible letters of any script (Zoë, José, 李, Ольга) are kept exactly.
 */
const INVISIBLE = /[\p{Cf}\u115F\u1160\u3164\uFFA0]/gu;
export function stripInvisible(value: string): string {
  return value.replace(INVISIBLE, "");
}

const INVISIBLE_CHAR = new RegExp(INVISIBLE.source, "u");
const ZWJ = "\u200D";
const ZWNJ = "\u200C";
// Scripts whose spelling uses the zero-width joiner and non-joiner: Persian and Arabic (می‌خواهم), Indic conjuncts.
const JOINING_SCRIPT =
  /[\p{sc=Arabic}\p{sc=Syriac}\p{sc=Nko}\p{sc=Mongolian}\p{sc=Devanagari}\p{sc=Bengali}\p{sc=Gurmukhi}\p{sc=Gujarati}\p{sc=Oriya}\p{sc=Tamil}\p{sc=Telugu}\p{sc=Kannada}\p{sc=Malayalam}\p{sc=Sinhala}\p{sc=Myanmar}\p{sc=Khmer}\p{sc=Tibetan}]/u;
const PICTOGRAPH = /\p{Extended_Pictographic}/u;
const MARK_OR_SKIN_TONE = /[\p{M}\p{Emoji_Modifier}]/u;
const VARIATION_SELECTOR = /[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/u;
// A visible character a variation selector may follow (never a space, a mark, or another selector).
const VARIATION_BASE = /[\p{L}\p{N}\p{S}\p{P}]/u;
// A subdivision flag (🏴 and tag letters, then CANCEL TAG) is the only place tag characters belong.
const TAG_SEQUENCE = /\u{1F3F4}[\u{E0030}-\u{E0039}\u{E0061}-\u{E007A}]{2,7}\u{E007F}/uy;

/**
 * What a homeowner typed, as typed, minus what deceives: bidi overrides and isolates and every other invisible
 * format character go, except the joiners and variation selectors that are part of the text. A zero-width joiner
 * or non-joiner stays between two letters of a script that uses it, a joiner also between two emoji (👩‍👩‍👧); one
 * variation selector stays after a visible character (❤️, 1️⃣); tag characters stay inside a subdivision flag.
 * A joiner between Latin letters, at an edge or in a run, and runs of selectors (hidden data) are removed.
 */
export function keepText(value: string): string {
  const chars = Array.from(value);
  const out: string[] = [];
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i] ?? "";
    if (char === "\u{1F3F4}") {
      TAG_SEQUENCE.lastIndex = 0;
      const flag = TAG_SEQUENCE.exec(chars.slice(i, i + 9).join(""));
      if (flag) {
        out.push(flag[0]);
        i += Array.from(flag[0]).length - 1;
        continue;
      }
    }
    if (char === ZWJ || char === ZWNJ) {
      let b = out.length - 1;
      while (b >= 0 && MARK_OR_SKIN_TONE.test(out[b] ?? "")) b--;
      const before = b >= 0 ? (out[b] ?? "") : "";
      // Before it: a letter of the script, or one of its marks (a virama is Devanagari, a fatha is Inherited).
      const after = chars[i + 1] ?? "";
      const script =
        (JOINING_SCRIPT.test(out.at(-1) ?? "") || JOINING_SCRIPT.test(before)) && JOINING_SCRIPT.test(after);
      const emoji = char === ZWJ && PICTOGRAPH.test(before) && PICTOGRAPH.test(after);
      if (script || emoji) out.push(char);
      continue;
    }
    if (VARIATION_SELECTOR.test(char)) {
      if (VARIATION_BASE.test(out.at(-1) ?? "")) out.push(char);
      continue;
    }
    if (!INVISIBLE_CHAR.test(char)) out.push(char);
  }
  return out.join("");
}

const singleLine = (label: string, max: number, clean: (value: string) => string = stripInvisible) =>
  z
    .string({ error: `${label} is required.` })
    .transform(clean)
    .pipe(
      z
        .string()
        .trim()
        .min(1, `${label} is required.`)
        .max(max, `${label} must be at most ${max} characters.`)
        .refine(
          (v) => !CONTROL_CHARS.test(v) && !/[\r\n\u2028\u2029]/.test(v),
          `${label} contains characters we can't accept.`,
        ),
    );

export const estimateSchema = z.object({
  // A name is written, like the message (Persian surnames carry a non-joiner); e-mail and phone are identifiers.
  name: singleLine("Full Name", ESTIMATE_LIMITS.name, keepText),
  email: singleLine("Email Address", ESTIMATE_LIMITS.email).pipe(
    z.email("Email Address must be a valid email address."),
  ),
  phone: singleLine("Phone Number", ESTIMATE_LIMITS.phone).refine(
    (v) => /^[0-9+().\-\s/x#ext]+$/i.test(v) && (v.match(/\d/g)?.length ?? 0) >= 7,
    "Phone Number must be a valid phone number.",
  ),
  service: z
    .union([z.literal(""), z.enum(SERVICE_CHOICES, { error: "Service Needed must be one of the listed services." })])
    .optional()
    .default(""),
  message: z
    .string({ error: "Message is required." })
    // Browsers send form line breaks as CRLF; store plain newlines.
    .transform((v) => keepText(v).replace(/\r\n?|[\u2028\u2029]/g, "\n"))
    .pipe(
      z
        .string()
        .trim()
        .min(1, "Message is required.")
        .max(ESTIMATE_LIMITS.message, `Message must be at most ${ESTIMATE_LIMITS.message} characters.`)
        .refine((v) => !CONTROL_CHARS.test(v), "Message contains characters we can't accept."),
    ),
});

export type EstimateRequest = z.infer<typeof estimateSchema>;

export type FieldError = { field: string; code: string; message: string };

export type EstimateValidation = { ok: true; data: EstimateRequest } | { ok: false; errors: FieldError[] };

/** Validates raw form values; each field may appear at most once. */
export function validateEstimate(values: Record<string, unknown>): EstimateValidation {
  const result = estimateSchema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  return {
    ok: false,
    errors: result.error.issues.map((issue) => ({
      field: String(issue.path[0] ?? "form"),
      code: issue.code,
      message: issue.message,
    })),
  };
}
