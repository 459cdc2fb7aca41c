// The business's identity: the one place to change a name, number, address or hour, and the owner's claims.
import { type Claims, claimWording } from "./claims";

const paymentMethods = ["Visa", "Mastercard", "American Express", "Bitcoin"] as const;

/**
 * OWNER: claims only you can make. Each has a value and `confirmed`. Leave `confirmed: false` until you have
 * checked the value is true (for a licence: its exact name and number). While a claim is unconfirmed the site
 * prints a weaker statement that is still true, and `npm run check:launch` lists it. Set `confirmed: true` to
 * publish it. Change a value, never the copy: every page takes these words from here.
 */
const claims = {
  // The year the business started. Pages say "since 2009" and "more than N years" from it.
  foundedYear: { value: 2009, confirmed: false },
  // true if the business is family-owned and family-run.
  familyRun: { value: true, confirmed: false },
  // Each licence or registration with its number, e.g. { name: "Illinois roofing contractor license", number: "104.0xxxxx" }.
  // Leave the list empty (and confirm it) if you hold none; the site then says nothing about being licensed.
  licences: { value: [], confirmed: false },
  // The kinds of insurance you carry. Printed as "We carry <this> insurance; certificates before we start."
  insurance: { value: "general liability and workers' compensation", confirmed: false },
  // The usual length of your written workmanship warranty. Printed as "Written workmanship warranty, typically
  // <this>; terms in your contract."
  warranty: { value: "5-10 years", confirmed: false },
  // The payment methods you really accept (the spec lists three cards and Bitcoin).
  paymentMethods: { value: paymentMethods, confirmed: false },
  // What happens when someone calls outside business hours, in one or two sentences.
  afterHours: {
    value:
      "Outside business hours, leave a voicemail: we check messages every evening and on Sundays, and call back the same day for anything unsafe.",
    confirmed: false,
  },
} as const satisfies Claims;

const said = claimWording(claims);

export const business = {
  // OWNER: replace with the registered business name (and the logo text in public/logo.svg).
  name: "Heartland Chimney & Masonry",
  shortName: "Heartland Chimney",
  /** Footer text and structured data; owner claims appear only once confirmed. */
  description: [
    `${said.familyRun ? "Family-run chimney" : "Chimney"} and masonry specialists rebuilding crowns, tuckpointing brick and sealing out water for homeowners across Central Illinois${said.foundedYear ? ` since ${said.foundedYear}` : ""}.`,
    said.licensed || said.insured ? `${said.credentials}.` : "",
  ]
    .join(" ")
    .trim(),
  phone: "(309) 555-0134",
  email: "estimates@example.com",
  tagline: "Serving Bloomington, IL & Surrounding Areas",
  hoursShort: "Mon-Fri: 8am-6pm | Sat: 9am-2pm",
  hours: [
    { days: "Monday - Friday", label: "8:00 AM - 6:00 PM", dayCodes: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "08:00", closes: "18:00" },
    { days: "Saturday", label: "9:00 AM - 2:00 PM", dayCodes: ["Saturday"], opens: "09:00", closes: "14:00" },
    { days: "Sunday", label: "Closed", dayCodes: [], opens: null, closes: null },
  ],
  address: { locality: "Bloomington", region: "IL", regionName: "Illinois", country: "US" },
  /** The business's clock: opening hours, e-mail times and call-back promises all use it. */
  timeZone: "America/Chicago",
  /** How estimate requests are handled; the privacy page states these, so change them here only. */
  leads: {
    /** The confirmation promises a call within this many business hours ("by 10:00 AM Monday"). */
    callBackWithinBusinessHours: 2,
    /** Requests older than this are deleted automatically. */
    retentionMonths: 24,
    /** Backups of the database kept: the newest of each of the last 7 days and of the last 4 weeks. */
    backups: { daily: 7, weekly: 4 },
  },
  socials: [
    { name: "Facebook", href: "https://www.facebook.com/example-heartland-chimney" },
    { name: "Instagram", href: "https://www.instagram.com/example-heartland-chimney" },
    { name: "YouTube", href: "https://www.youtube.com/@example-heartland-chimney" },
  ],
  paymentMethods,
  /** The owner's claims: see the note on `claims` above. */
  claims,
  /** The towns served, in the order menus and lists show them. */
  cities: [
    { slug: "bloomington", name: "Bloomington" },
    { slug: "normal", name: "Normal" },
    { slug: "peoria", name: "Peoria" },
    { slug: "east-peoria", name: "East Peoria" },
    { slug: "washington", name: "Washington" },
    { slug: "morton", name: "Morton" },
    { slug: "pekin", name: "Pekin" },
    { slug: "chillicothe", name: "Chillicothe" },
  ],
} as const satisfies {
  cities: readonly { slug: string; name: string }[];
  paymentMethods: readonly string[];
  [key: string]: unknown;
};

export type PaymentMethod = (typeof business.paymentMethods)[number];
/** The towns served, listed above. */
export type CitySlug = (typeof business.cities)[number]["slug"];

export function cityName(slug: CitySlug): string {
  return business.cities.find((c) => c.slug === slug)?.name ?? slug;
}
