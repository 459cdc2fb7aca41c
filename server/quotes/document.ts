// What a quote is made of: the owner's draft (editable, kept as JSON on the quote), and a sent version (frozen:
// canonical JSON and its SHA-256, decision 0032). `freezeVersion` turns a draft, the request's customer, the
// business's facts and the owner's words into the version the homeowner sees; every amount in it comes from
// quoteTotals. Pure: the caller passes the time, the facts and the words.
import { z } from "zod";
import { frozenBytes, frozenReader } from "../documents/frozen-version.ts";
import { MAX_CENTS, MAX_MILLI, PPM } from "./money.ts";
import { quoteTotals, type Deposit, type PricedQuote } from "./totals.ts";
import { MAX_MATERIALS, TEXT_LIMITS } from "../../app/lib/text-limits.ts";

const DAY = /^\d{4}-\d{2}-\d{2}$/;
export const SHA256 = /^[0-9a-f]{64}$/;

export const MAX_OPTIONS = 3;
export const MAX_ADDONS = 4;
export const MAX_LINES = 30;
export const MAX_PHOTOS = 6;
/** Over this total the Home Repair and Remodeling Act asks for the pamphlet's signed acknowledgment (815 ILCS 513/20). */
export const PAMPHLET_ACK_OVER_CENTS = 100_000;

// The editor's boxes carry the same limits (maxlength) and refuse more in words; nothing is cut to fit.
const LIMIT = TEXT_LIMITS.quote;

const lineSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9]{1,16}$/),
  preset: z.string().max(60).nullable(),
  name: z.string().max(LIMIT.lineName.max),
  description: z.string().max(LIMIT.description.max),
  materials: z.array(z.string().max(LIMIT.material.max)).max(MAX_MATERIALS),
  quantity: z.number().int().min(0).max(MAX_MILLI),
  unit: z.string().max(LIMIT.unit.max),
  unitPrice: z.number().int().min(-MAX_CENTS).max(MAX_CENTS),
  taxable: z.boolean(),
});

const depositSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("none") }),
  z.strictObject({ kind: z.literal("percent"), ratePpm: z.number().int().min(0).max(PPM) }),
  z.strictObject({ kind: z.literal("amount"), cents: z.number().int().min(0).max(MAX_CENTS) }),
]);

export const draftSchema = z.strictObject({
  options: z
    .array(
      z.strictObject({
        id: z.string().regex(/^[a-z0-9]{1,16}$/),
        name: z.string().max(LIMIT.optionName.max),
        lines: z.array(lineSchema).max(MAX_LINES),
      }),
    )
    .min(1)
    .max(MAX_OPTIONS),
  addons: z.array(lineSchema).max(MAX_ADDONS),
  photos: z.array(z.string().regex(SHA256)).max(MAX_PHOTOS),
  validUntil: z.string().regex(DAY),
  deposit: depositSchema,
  note: z.string().max(LIMIT.note.max),
});

export type DraftLine = z.output<typeof lineSchema>;
export type Draft = z.output<typeof draftSchema>;

const photoSchema = z.strictObject({
  sha256: z.string().regex(SHA256),
  width: z.number().int(),
  height: z.number().int(),
});

/**
 * A line made from a condition report's finding (decision 0054): the finding's number as the report prints it and
 * the finding's photo the page shows beside the line (a copy the quote holds). Absent on every other line.
 */
const findingRefSchema = z.strictObject({ number: z.number().int().positive(), photo: photoSchema.nullable() });
export type FindingRef = z.output<typeof findingRefSchema>;

/** A line as sent: its amount, from quoteTotals, beside what it is; and the finding it was made from, if any. */
const frozenLine = lineSchema
  .omit({ id: true, preset: true })
  .extend({ key: z.string(), amount: z.number().int(), finding: findingRefSchema.optional() });

/** The business and the customer as a sent document (a quote, an invoice) names them. */
export const businessSchema = z.strictObject({
  name: z.string(),
  street: z.string().nullable(),
  locality: z.string(),
  region: z.string(),
  postalCode: z.string().nullable(),
  phone: z.string(),
  email: z.string(),
});
export const customerSchema = z.strictObject({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  town: z.string().nullable(),
});

const ownerWords = z.strictObject({ version: z.string(), text: z.string() });

export const versionSchema = z.strictObject({
  format: z.literal(1),
  reference: z.string(),
  requestReference: z.string(),
  version: z.number().int().min(1),
  sentAt: z.string(),
  validUntil: z.string().regex(DAY),
  /** The end of the valid-until day in the business's zone. */
  expiresAt: z.string(),
  timeZone: z.string(),
  business: businessSchema,
  customer: customerSchema,
  note: z.string(),
  options: z.array(
    z.strictObject({
      key: z.string(),
      name: z.string(),
      lines: z.array(frozenLine),
      subtotal: z.number().int(),
      tax: z.number().int(),
      total: z.number().int(),
    }),
  ),
  addons: z.array(frozenLine),
  taxRatePpm: z.number().int(),
  taxStatement: z.string(),
  deposit: depositSchema,
  depositHowToPay: z.string(),
  photos: z.array(photoSchema),
  terms: ownerWords,
  consent: ownerWords,
  pamphlet: z.strictObject({ version: z.string(), title: z.string(), text: z.string(), acknowledgment: z.string() }),
  cancellation: ownerWords,
});

export type QuoteVersion = z.output<typeof versionSchema>;
export type FrozenLine = z.output<typeof frozenLine>;

/** The priced shape quoteTotals reads, from a sent version. */
export function pricedOf(version: Pick<QuoteVersion, "options" | "addons" | "taxRatePpm" | "deposit">): PricedQuote {
  return { options: version.options, addons: version.addons, taxRatePpm: version.taxRatePpm, deposit: version.deposit };
}

/** The same from a draft. */
export function pricedDraft(draft: Draft, taxRatePpm: number): PricedQuote {
  return { options: draft.options, addons: draft.addons, taxRatePpm, deposit: draft.deposit as Deposit };
}

export type FreezeInput = {
  draft: Draft;
  reference: string;
  requestReference: string;
  version: number;
  sentAt: Date;
  expiresAt: Date;
  timeZone: string;
  business: QuoteVersion["business"];
  customer: QuoteVersion["customer"];
  photos: QuoteVersion["photos"];
  /** The lines made from findings, by the draft line's id (quote-finding-refs.ts). */
  findings?: ReadonlyMap<string, FindingRef>;
  words: {
    taxRatePpm: number;
    taxStatement: string;
    depositHowToPay: string;
    terms: QuoteVersion["terms"];
    consent: QuoteVersion["consent"];
    pamphlet: QuoteVersion["pamphlet"];
    cancellation: QuoteVersion["cancellation"];
  };
};

/** Why a draft cannot be sent, in the owner's words; empty when it can. */
export function draftProblems(draft: Draft, taxRatePpm: number, today: string): string[] {
  const problems: string[] = [];
  const named = (o: { name: string }, i: number) =>
    draft.options.length > 1 ? `${o.name || `Option ${i + 1}`}: ` : "";
  draft.options.forEach((option, i) => {
    if (option.lines.length === 0) problems.push(`${named(option, i)}add at least one line.`);
    if (draft.options.length > 1 && !option.name.trim()) problems.push(`Option ${i + 1} needs a name.`);
  });
  const all = [...draft.options.flatMap((o) => o.lines), ...draft.addons];
  if (all.some((l) => !l.name.trim())) problems.push("Every line needs a name.");
  if (all.some((l) => l.quantity <= 0)) problems.push("Every line needs a quantity above 0.");
  if (draft.addons.some((l) => l.unitPrice < 0))
    problems.push("An add-on cannot be a discount; put discounts in an option.");
  if (draft.validUntil < today) problems.push("The valid-until date has passed; choose a later one.");
  if (problems.length > 0) return problems;
  const priced = pricedDraft(draft, taxRatePpm);
  const everything = draft.addons.map((_, i) => i);
  let largest = 0;
  draft.options.forEach((option, i) => {
    const alone = quoteTotals(priced, { option: i, addons: [] });
    const full = quoteTotals(priced, { option: i, addons: everything });
    if (alone.total < 0) problems.push(`${named(option, i)}the discounts are larger than the work.`);
    if (full.total > MAX_CENTS) problems.push(`${named(option, i)}the total is too large.`);
    largest = Math.max(largest, full.total);
  });
  // The Act asks for the materials "listed with reasonable particularity" on work over $1,000 (815 ILCS 513/15).
  if (largest > PAMPHLET_ACK_OVER_CENTS && all.some((l) => l.unitPrice > 0 && l.materials.length === 0)) {
    problems.push(
      'List the materials of every line (write "None" for labour only): the law asks for them over $1,000.',
    );
  }
  return problems;
}

/** The version the homeowner will see, with every amount from quoteTotals. Throws when the draft has problems. */
export function freezeVersion(input: FreezeInput): QuoteVersion {
  const { draft, words } = input;
  const priced = pricedDraft(draft, words.taxRatePpm);
  const refOf = (id: string) => {
    const finding = input.findings?.get(id);
    return finding ? { finding } : {};
  };
  const frozen = (l: Draft["addons"][number], key: string, amount: number): FrozenLine => ({
    ...refOf(l.id),
    key,
    name: l.name.trim(),
    description: l.description.trim(),
    materials: l.materials.map((m) => m.trim()).filter(Boolean),
    quantity: l.quantity,
    unit: l.unit.trim(),
    unitPrice: l.unitPrice,
    taxable: l.taxable,
    amount,
  });
  const options = draft.options.map((option, i) => {
    const t = quoteTotals(priced, { option: i, addons: [] });
    const key = String.fromCharCode(97 + i);
    return {
      key,
      name: option.name.trim(),
      lines: option.lines.map((l, j) => frozen(l, `${key}${j + 1}`, t.lines[j] ?? 0)),
      subtotal: t.subtotal,
      tax: t.tax,
      total: t.total,
    };
  });
  const addonAmounts = quoteTotals(priced, { option: 0, addons: [] }).addonAmounts;
  return versionSchema.parse({
    format: 1,
    reference: input.reference,
    requestReference: input.requestReference,
    version: input.version,
    sentAt: input.sentAt.toISOString(),
    validUntil: draft.validUntil,
    expiresAt: input.expiresAt.toISOString(),
    timeZone: input.timeZone,
    business: input.business,
    customer: input.customer,
    note: draft.note.trim(),
    options,
    addons: draft.addons.map((l, i) => frozen(l, `x${i + 1}`, addonAmounts[i] ?? 0)),
    taxRatePpm: words.taxRatePpm,
    taxStatement: words.taxStatement,
    deposit: draft.deposit,
    depositHowToPay: words.depositHowToPay,
    photos: input.photos,
    terms: words.terms,
    consent: words.consent,
    pamphlet: words.pamphlet,
    cancellation: words.cancellation,
  });
}

/** The bytes stored for a version, and their hash. */
export function versionBytes(version: QuoteVersion): { body: string; sha256: string } {
  return frozenBytes(version);
}

/** A stored version read back (checked against its schema; remembered by its hash, the versions never change). */
export const readVersion: (body: string | (() => string), sha256: string) => QuoteVersion = frozenReader((json) =>
  versionSchema.parse(json),
);

/** The largest total any choice can reach: over $1,000, the pamphlet's acknowledgment is asked. */
export function largestTotal(version: QuoteVersion): number {
  const priced = pricedOf(version);
  const all = version.addons.map((_, i) => i);
  return Math.max(...version.options.map((_, i) => quoteTotals(priced, { option: i, addons: all }).total));
}
