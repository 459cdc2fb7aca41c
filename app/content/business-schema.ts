// The schema of content/business.yaml. Its own module because schema.ts reads the towns from the business facts.
// `.meta({ title, description })` gives the owner console its labels and help.
import { z } from "zod";
import { parseClosedDayRule, RULE_EXAMPLES } from "./closed-days";

export const weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
export type Weekday = (typeof weekdays)[number];

/** The payment marks the site can show (app/lib/brand-icons.ts). */
export const paymentMethodNames = ["Visa", "Mastercard", "American Express", "Bitcoin"] as const;

const text = z.string().trim().min(1, "must not be empty");
const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be a time written HH:MM, e.g. 08:00 or 18:30");

function claim<T extends z.ZodType>(value: T, title: string, description: string) {
  return z
    .strictObject({
      value,
      confirmed: z.boolean().meta({ title: "Confirmed", description: "Tick once you have checked it is true." }),
    })
    .meta({ title, description });
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const monthDay = z
  .string()
  .regex(/^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, "must be a month and day like 03-01")
  .refine((v) => Number(v.slice(3)) <= (DAYS_IN_MONTH[Number(v.slice(0, 2)) - 1] ?? 0), "is not a day of the year (28 February at the latest)");
/** The day of a year (1 for 1 January) a month-day is, in a year of 365 days. */
const dayOfYear = (md: string) =>
  DAYS_IN_MONTH.slice(0, Number(md.slice(0, 2)) - 1).reduce((a, b) => a + b, 0) + Number(md.slice(3));

/** The slow season (decision 0055): within one calendar year, two weeks at least. */
const slowSeason = z
  .strictObject({
    from: monthDay.meta({ title: "From (MM-DD)" }),
    through: monthDay.meta({ title: "Through (MM-DD)" }),
  })
  .refine((s) => dayOfYear(s.through) - dayOfYear(s.from) >= 13, "must run two weeks at least, within one year");

export const businessFile = z.strictObject({
  name: text.meta({ title: "Business name", description: "The registered name, as on invoices." }),
  shortName: text.meta({ title: "Short name", description: "Used where the full name does not fit." }),
  phone: z
    .string()
    .regex(/^\(\d{3}\) \d{3}-\d{4}$/, "must be a phone number written (309) 555-0134")
    .meta({ title: "Phone", description: "Written (309) 555-0134; every call button dials it." }),
  email: z.email("must be an e-mail address").meta({ title: "E-mail", description: "Shown on the site." }),
  tagline: text.meta({ title: "Tagline", description: "The line in the top bar." }),
  hours: z
    .array(
      z
        .strictObject({
          days: z
            .array(z.enum(weekdays))
            .min(1, "must name at least one day")
            .meta({ title: "Days", description: "Days with these hours." }),
          opens: time.optional().meta({ title: "Opens", description: "HH:MM; leave empty when closed." }),
          closes: time.optional().meta({ title: "Closes", description: "HH:MM; leave empty when closed." }),
        })
        .refine((h) => (h.opens === undefined) === (h.closes === undefined), {
          message: "needs both an opening and a closing time, or neither (closed)",
          path: ["closes"],
        })
        .refine((h) => h.opens === undefined || h.closes === undefined || h.opens < h.closes, {
          message: "must close after it opens",
          path: ["closes"],
        }),
    )
    .min(1, "must list at least one line")
    .meta({ title: "Opening hours", description: "One line per group of days with the same hours." }),
  closedDays: z
    .array(
      z.strictObject({
        name: text.meta({ title: "Name", description: "What the day is, e.g. Thanksgiving." }),
        date: z
          .string()
          .trim()
          .refine((d) => parseClosedDayRule(d) !== null, `must be ${RULE_EXAMPLES}`)
          .meta({
            title: "When",
            description: `Every year: ${RULE_EXAMPLES} (first, second, third, fourth or last).`,
          }),
      }),
    )
    .max(30, "takes at most 30 days")
    .default([])
    .meta({
      title: "Closed days",
      description:
        "Holidays, every year. On them follow-ups and reminders wait for the next open day, and homeowners cannot book a visit unless you open the day under Visits → Availability.",
    }),
  address: z
    .strictObject({
      street: z.string().trim().max(120).optional().meta({
        title: "Street address",
        description: "Printed on quotes only (the law asks for it on contracts over $1,000); never on the site.",
      }),
      postalCode: z
        .string()
        .regex(/^\d{5}(-\d{4})?$/, "must be a ZIP code, e.g. 61701")
        .optional()
        .meta({ title: "ZIP code", description: "Printed on quotes only." }),
      locality: text.meta({ title: "Town" }),
      region: z.string().regex(/^[A-Z]{2}$/, "must be the two-letter state code, e.g. IL").meta({ title: "State code" }),
      regionName: text.meta({ title: "State" }),
      country: z.string().regex(/^[A-Z]{2}$/, "must be the two-letter country code, e.g. US").meta({ title: "Country" }),
    })
    .meta({
      title: "Address",
      description: "The site shows only the town; quotes also print the street and ZIP code.",
    }),
  timeZone: text.meta({ title: "Time zone", description: "The business's clock, e.g. America/Chicago." }),
  leads: z
    .strictObject({
      callBackWithinBusinessHours: z
        .number()
        .int()
        .min(1)
        .max(24)
        .meta({ title: "Call back within (business hours)" }),
      retentionMonths: z.number().int().min(1).max(120).meta({ title: "Keep requests for (months)" }),
      backups: z
        .strictObject({
          daily: z.number().int().min(1).max(60).meta({ title: "Daily backups kept" }),
          weekly: z.number().int().min(1).max(52).meta({ title: "Weekly backups kept" }),
        })
        .meta({
          title: "Backups",
          description: "The newest backup of each of the last so many days and weeks is kept.",
        }),
    })
    .meta({ title: "Estimate requests" }),
  dueCadences: z
    .strictObject({
      defaultMonths: z.number().int().min(1).max(60).meta({
        title: "Every chimney (months)",
        description: "A flue is due this long after its last completed visit or job (NFPA 211: once a year).",
      }),
      services: z
        .array(
          z.strictObject({
            preset: z
              .string()
              .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "must be a quote line's key, e.g. waterproofing")
              .meta({ title: "Quote line", description: "The key of a line in Quote lines, e.g. waterproofing." }),
            months: z.number().int().min(1).max(120).meta({ title: "Every (months)" }),
          }),
        )
        .max(30, "takes at most 30 services")
        .default([])
        .meta({
          title: "Services with their own cadence",
          description: "Due this long after the last job whose accepted quote had that line.",
        }),
    })
    .default({ defaultMonths: 12, services: [] })
    .meta({
      title: "When chimneys are due",
      description: "The customer pages and the reminders count from these. You can set one flue's day yourself.",
    }),
  slowSeason: slowSeason
    .default({ from: "03-01", through: "05-31" })
    .meta({
      title: "Slow season",
      description:
        '"Book next year" proposes a visit in these weeks (month-day, e.g. 03-01 to 05-31 for spring), the rush\'s homeowners moved to them.',
    }),
  socials: z
    .array(
      z.strictObject({
        name: z.enum(["Facebook", "Instagram", "YouTube"]).meta({ title: "Network" }),
        href: z.string().regex(/^https:\/\//, "must be an address starting with https://").meta({ title: "Address" }),
      }),
    )
    .meta({ title: "Social links" }),
  reviewUrl: z
    .url({ protocol: /^https$/, hostname: z.regexes.domain, error: "must be an address starting with https://" })
    .optional()
    .meta({
      title: "Review link",
      description:
        'Your Google Business Profile\'s "write a review" link (https://…). "Ask for a review" on a won request sends it.',
    }),
  cities: z
    .array(
      z.strictObject({
        slug: z
          .string()
          .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "must be lowercase words joined by dashes, e.g. east-peoria")
          .meta({ title: "Page name", description: "The town's page is /locations/<this>." }),
        name: text.meta({ title: "Town" }),
      }),
    )
    .min(1, "must list at least one town")
    .meta({ title: "Towns served", description: "In the order menus show them." }),
  claims: z
    .strictObject({
      foundedYear: claim(
        z.number().int().min(1900).max(2100).meta({ title: "Year" }),
        "Year the business started",
        'Pages say "since <year>" and "more than N years" from it.',
      ),
      familyRun: claim(z.boolean().meta({ title: "Family-run" }), "Family-run", "Tick if family-owned and run."),
      licences: claim(
        z
          .array(
            z.strictObject({
              name: text.meta({ title: "Licence", description: "Exactly as printed on it." }),
              number: text.meta({ title: "Number" }),
            }),
          )
          .meta({ title: "Licences" }),
        "Licences and registrations",
        "Each with its number; leave empty (and confirm) if you hold none.",
      ),
      insurance: claim(
        z.string().trim().meta({ title: "Insurance" }),
        "Insurance carried",
        'Printed as "We carry <this> insurance; certificates before we start."',
      ),
      warranty: claim(
        z.string().trim().meta({ title: "Warranty" }),
        "Workmanship warranty",
        'Printed as "Written workmanship warranty, typically <this>; terms in your contract."',
      ),
      paymentMethods: claim(
        z.array(z.enum(paymentMethodNames)).meta({ title: "Methods" }),
        "Payment methods accepted",
        "Only those you really accept.",
      ),
      afterHours: claim(
        z.string().trim().meta({ title: "After hours" }),
        "Calls outside business hours",
        "What happens, in one or two sentences.",
      ),
    })
    .meta({ title: "Your claims", description: "Shown on the site only once confirmed; until then it says less." }),
  marketing: z
    .strictObject({
      reminderWeeks: z.number().int().min(1).max(12).meta({
        title: "Remind this many weeks ahead",
        description: "A homeowner gets one e-mail this many weeks before a chimney of theirs is due.",
      }),
      secondReminder: z.boolean().meta({
        title: "A second reminder on the day it is due",
        description: "Only when nothing is booked or asked for by then. Never more than two.",
      }),
      postalAddress: claim(
        z.string().trim().max(200, "must be at most 200 characters").meta({ title: "Postal address" }),
        "Postal address on reminders and campaigns",
        "Printed at the foot of every reminder and campaign, as the law asks (CAN-SPAM): your street address or a P.O. box registered to the business, on one line.",
      ),
    })
    .default({ reminderWeeks: 3, secondReminder: true, postalAddress: { value: "", confirmed: false } })
    .meta({
      title: "Reminders and campaigns",
      description: "The e-mails that bring customers back (console: Campaigns). Their words: Site → Reminder and campaign e-mails.",
    }),
});

export type BusinessFile = z.output<typeof businessFile>;
