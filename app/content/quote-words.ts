// What quotes are made of that the owner writes (decision 0032): the line presets for this business's jobs
// (content/quote-presets.yaml) and the legal and money words every quote carries (content/quote-terms.yaml): terms,
// the consent to electronic records, the consumer-rights pamphlet, the cancellation notice, the sales-tax statement
// and how to pay the deposit. Each legal text carries `confirmed` and a `version`; the launch check lists it until the
// owner (with counsel) confirms it. Only the server and the console read these files: a sent quote carries a frozen
// copy of the words it was sent with, so changing them here never changes a quote already sent.
import { z } from "zod";

export const QUOTE_PRESETS_FILE = "content/quote-presets.yaml";
export const QUOTE_TERMS_FILE = "content/quote-terms.yaml";

const text = z.string().trim().min(1, "must not be empty");
const dollars = z
  .string()
  .trim()
  .regex(/^-?\d{1,8}(\.\d{2})?$/, "must be dollars and cents, e.g. 1450.00 (a minus sign for a discount)");
const quantity = z
  .string()
  .trim()
  .regex(/^\d{1,5}(\.\d{1,3})?$/, "must be a number of units, e.g. 1 or 120 or 2.5");
const percent = z
  .string()
  .trim()
  .regex(/^\d{1,3}(\.\d{1,4})?$/, "must be a percentage without the % sign, e.g. 30 or 8.75");

export const quotePresetsFile = z.strictObject({
  presets: z
    .array(
      z.strictObject({
        key: z
          .string()
          .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "must be lowercase words joined by dashes, e.g. crown-rebuild")
          .meta({ title: "Short name", description: "Lowercase words joined by dashes; never shown to customers." }),
        name: text.max(80, "must be at most 80 characters").meta({ title: "Line name", description: "As on the quote." }),
        description: z
          .string()
          .trim()
          .max(400, "must be at most 400 characters")
          .meta({ title: "What the work is", description: "One or two sentences under the line name." }),
        unit: text.max(20, "must be at most 20 characters").meta({
          title: "Unit",
          description: 'What the quantity counts: "each", "sq ft", "linear ft", "hour".',
        }),
        quantity: quantity.meta({ title: "Usual quantity", description: "Changed on each quote as needed." }),
        price: dollars.meta({ title: "Price per unit (dollars)", description: "e.g. 1450.00 or 18.50." }),
        materials: z
          .array(text.max(120, "must be at most 120 characters"))
          .max(12, "must list at most 12 materials")
          .meta({
            title: "Materials",
            description: "Listed on the quote, as the Home Repair and Remodeling Act asks (815 ILCS 513/15).",
          }),
        taxable: z.boolean().default(false).meta({
          title: "Sold without installation (taxed)",
          description: "Leave unticked for installed work, which carries no sales tax. Ask your accountant first.",
        }),
      }),
    )
    .min(1, "must list at least one line")
    .max(40, "must list at most 40 lines")
    .refine((list) => new Set(list.map((p) => p.key)).size === list.length, "each line needs its own short name")
    .meta({ title: "Quote lines", description: "A tap adds one to a quote with its price, unit and materials." }),
});

/** A legal text the owner (and counsel) must confirm before go-live; its version is stored with every acceptance. */
function ownerText(title: string, description: string) {
  return z
    .strictObject({
      version: z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,30}$/, "must be a short label such as 2026-11 or v2")
        .meta({ title: "Version", description: "Change it whenever you change the words." }),
      text: text.max(12_000, "must be at most 12,000 characters").meta({
        title: "Words",
        description: "A blank line between paragraphs.",
      }),
      confirmed: z.boolean().meta({ title: "Confirmed", description: "Tick once you (and your lawyer) have checked it." }),
    })
    .meta({ title, description });
}

export const quoteTermsFile = z.strictObject({
  validDays: z
    .number()
    .int()
    .min(1)
    .max(365)
    .meta({ title: "Valid for (days)", description: "A new quote's valid-until date is this many days ahead." }),
  deposit: z
    .strictObject({
      percent: percent.meta({ title: "Deposit (%)", description: "Of the total; 0 for none. Changed per quote." }),
      howToPay: text.max(600).meta({ title: "How to pay the deposit", description: "Printed under the deposit." }),
    })
    .meta({ title: "Deposit" }),
  salesTax: z
    .strictObject({
      statement: text.max(600).meta({
        title: "Sales tax statement",
        description: "Printed under every total. Installed work carries no sales-tax line in Illinois.",
      }),
      rate: percent.meta({
        title: "Sales tax rate (%)",
        description: "Only for items sold without installation, which are off by default.",
      }),
      confirmed: z.boolean().meta({ title: "Confirmed", description: "Tick once your accountant has checked it." }),
    })
    .meta({ title: "Sales tax" }),
  terms: ownerText("Terms", "The terms every quote carries, above the acceptance."),
  consent: ownerText(
    "Consent to electronic records",
    "What the homeowner agrees to before accepting online (ESIGN, 15 U.S.C. 7001(c)): paper on request, withdrawing, what is needed to read the records.",
  ),
  pamphlet: z
    .strictObject({
      version: z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,30}$/, "must be a short label such as 2026-11 or v2")
        .meta({ title: "Version" }),
      title: text.meta({ title: "Title" }),
      text: text.max(20_000).meta({
        title: "Words",
        description: "The pamphlet exactly as 815 ILCS 513/20(c) prints it; a blank line between paragraphs.",
      }),
      acknowledgment: text.max(600).meta({
        title: "Acknowledgment",
        description: "What the homeowner confirms for work over $1,000 (815 ILCS 513/20(a)).",
      }),
      confirmed: z.boolean().meta({ title: "Confirmed", description: "Tick once you have checked it." }),
    })
    .meta({ title: "Consumer rights pamphlet", description: "Home Repair: Know Your Consumer Rights." }),
  cancellation: ownerText(
    "Cancellation notice",
    "Given when the homeowner accepts at home on your phone: the 3-business-day right to cancel (16 CFR 429).",
  ),
  photoConsent: ownerText(
    "Photo consent",
    "What the homeowner agrees to on the job page before a before-and-after photo of the job may go on Recent work: the town is named, never the street or the house number.",
  ),
  followUps: z
    .strictObject({
      days: z
        .array(z.number().int().min(1).max(60))
        .max(2, "at most two follow-ups after sending; the third is before the valid-until date")
        .meta({ title: "Days after sending", description: "e.g. 2 and 6." }),
      daysBeforeExpiry: z
        .number()
        .int()
        .min(0)
        .max(30)
        .meta({ title: "Days before the valid-until date", description: "0 for none." }),
      subject: text.max(120).meta({ title: "Subject" }),
      message: text.max(1200).meta({ title: "Message", description: "One or two sentences above the link." }),
    })
    .meta({
      title: "Follow-up e-mails",
      description: "At most 3, in business hours, stopped by any answer; you can pause them on each quote.",
    }),
});

export type QuotePresets = z.output<typeof quotePresetsFile>;
export type QuotePreset = QuotePresets["presets"][number];
export type QuoteTerms = z.output<typeof quoteTermsFile>;

/** The legal texts a quote carries, by field, with what the launch check calls them. */
export const QUOTE_OWNER_TEXTS = {
  terms: "the quote terms, which every quote carries",
  consent: "the consent to electronic records, which every quote carries",
  pamphlet: 'the "Home Repair: Know Your Consumer Rights" pamphlet, which every quote carries',
  cancellation: "the 3-day cancellation notice, which every quote carries",
  salesTax: "the sales tax statement, which every quote carries",
  photoConsent: "the homeowner's consent to show photos of their job, which the job page asks for",
} as const satisfies Partial<Record<keyof QuoteTerms, string>>;

/** The texts not yet confirmed, in a fixed order. */
export function unconfirmedQuoteTexts(terms: QuoteTerms): (keyof typeof QUOTE_OWNER_TEXTS)[] {
  return (Object.keys(QUOTE_OWNER_TEXTS) as (keyof typeof QUOTE_OWNER_TEXTS)[]).filter((k) => !terms[k].confirmed);
}
