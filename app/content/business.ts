// The business's identity and the owner's claims, from content/business.yaml (schema: ./business-schema.ts).
// Every reader (pages, JSON-LD, the launch check, mail) takes them from here.
import { parse } from "yaml";
import { type BusinessFile, businessFile, type Weekday, weekdays } from "./business-schema";
import { claimWording } from "./claims";
import { onContent } from "./files";

export const BUSINESS_FILE = "content/business.yaml";

export class BusinessFileError extends Error {
  override name = "BusinessFileError";
}

/**
 * The last file that passed, and what came of it: a save checks the new file, and the server then puts the same
 * text in force (issue 38). The value is never changed in place.
 */
let lastParsed: { source: string; file: BusinessFile } | null = null;

/** Parses and checks content/business.yaml; the console validates a save with this same function. */
export function parseBusinessFile(source: string): BusinessFile {
  if (lastParsed?.source === source) return lastParsed.file;
  const file = parseAndCheck(source);
  lastParsed = { source, file };
  return file;
}

function parseAndCheck(source: string): BusinessFile {
  let data: unknown;
  try {
    data = parse(source);
  } catch (error) {
    throw new BusinessFileError(`${BUSINESS_FILE}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const result = businessFile.safeParse(data);
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => `  ${i.path.join(".") || "(file)"}: ${i.message}`);
  throw new BusinessFileError(`${BUSINESS_FILE} is not valid:\n${issues.join("\n")}`);
}

const SHORT_DAY: Record<Weekday, string> = {
  Monday: "Mon",
  Tuesday: "Tue",
  Wednesday: "Wed",
  Thursday: "Thu",
  Friday: "Fri",
  Saturday: "Sat",
  Sunday: "Sun",
};

/** [Monday…Friday] → "Monday - Friday"; days that do not follow each other are listed. */
function dayRange(days: readonly Weekday[], name: (d: Weekday) => string, dash: string): string {
  const first = days[0];
  const last = days.at(-1);
  const consecutive = days.every((d, i) => i === 0 || weekdays.indexOf(d) === weekdays.indexOf(days[i - 1] ?? d) + 1);
  if (first && last && days.length > 1 && consecutive) return `${name(first)}${dash}${name(last)}`;
  return days.map(name).join(", ");
}

/** "18:00" → { hour: 6, minute: "00", ampm: "PM" } */
function clock(time: string) {
  const [h = 0, m = 0] = time.split(":").map(Number);
  return { hour: h % 12 === 0 ? 12 : h % 12, minute: String(m).padStart(2, "0"), pm: h >= 12 };
}
const longTime = (t: string) => {
  const c = clock(t);
  return `${c.hour}:${c.minute} ${c.pm ? "PM" : "AM"}`;
};
const shortTime = (t: string) => {
  const c = clock(t);
  return `${c.hour}${c.minute === "00" ? "" : `:${c.minute}`}${c.pm ? "pm" : "am"}`;
};

/** The facts with what pages print derived from them: hour labels, the top bar's line, the footer text. */
export function businessFacts(file: BusinessFile) {
  const said = claimWording(file.claims, new Date(), file.timeZone);
  const hours = file.hours.map((h) => ({
    days: dayRange(h.days, (d) => d, " - "),
    label: h.opens && h.closes ? `${longTime(h.opens)} - ${longTime(h.closes)}` : "Closed",
    dayCodes: h.opens && h.closes ? h.days : ([] as readonly Weekday[]),
    opens: h.opens ?? null,
    closes: h.closes ?? null,
  }));
  return {
    name: file.name,
    shortName: file.shortName,
    /** Footer text and structured data; owner claims appear only once confirmed. */
    description: [
      `${said.familyRun ? "Family-run chimney" : "Chimney"} and masonry specialists rebuilding crowns, tuckpointing brick and sealing out water for homeowners across Central Illinois${said.foundedYear ? ` since ${said.foundedYear}` : ""}.`,
      said.licensed || said.insured ? `${said.credentials}.` : "",
    ]
      .join(" ")
      .trim(),
    phone: file.phone,
    email: file.email,
    tagline: file.tagline,
    hoursShort: file.hours
      .flatMap((h) =>
        h.opens && h.closes
          ? [`${dayRange(h.days, (d) => SHORT_DAY[d], "-")}: ${shortTime(h.opens)}-${shortTime(h.closes)}`]
          : [],
      )
      .join(" | "),
    hours,
    /** Holidays as rules that hold every year (app/content/closed-days.ts). */
    closedDays: file.closedDays,
    address: file.address,
    /** The business's clock: opening hours, e-mail times and call-back promises all use it. */
    timeZone: file.timeZone,
    /** How estimate requests are handled; the privacy page states these. */
    leads: file.leads,
    socials: file.socials,
    /** When a flue is next due: months after its last service, and services with their own (decision 0051). */
    dueCadences: file.dueCadences,
    /** The weeks "Book next year" proposes (decision 0055). */
    slowSeason: file.slowSeason,
    paymentMethods: file.claims.paymentMethods.value,
    /** The owner's claims: values with `confirmed` (docs/decisions/0007-owner-claims.md). */
    claims: file.claims,
    /** The towns served, in the order menus and lists show them. */
    cities: file.cities,
    /** Reminders and campaigns: how far ahead, and the postal address their foot prints (decision 0052). */
    marketing: file.marketing,
  };
}

/** Puts facts in place without a new snapshot (tests of the e-mails). */
export function replaceBusinessFacts(file: BusinessFile): void {
  Object.assign(business, businessFacts(file));
}

/** Readers hold `business` itself, so a new snapshot updates it in place rather than replacing it. */
export const business = {} as ReturnType<typeof businessFacts>;
onContent((files) => {
  Object.assign(business, businessFacts(parseBusinessFile(files.text.get(`/${BUSINESS_FILE}`) ?? "")));
});

export type Business = typeof business;
export type PaymentMethod = (typeof business.paymentMethods)[number];
/** The towns served, listed above. */
export type CitySlug = (typeof business.cities)[number]["slug"];

export function cityName(slug: CitySlug): string {
  return business.cities.find((c) => c.slug === slug)?.name ?? slug;
}
