// Claims only the owner can make (years in business, family-run, licences, insurance, warranty, payment
// methods, after-hours arrangements) and the words the site prints for them. Each claim is a value plus
// `confirmed`. Until the owner confirms a claim, the site prints a weaker statement that is still true, and
// `npm run check:launch` lists the claim. See docs/decisions/0007-owner-claims.md.

/** A value the owner vouches for once `confirmed` is true. */
export type Claim<T> = { readonly value: T; readonly confirmed: boolean };

/** A state licence or local registration, exactly as printed on it. */
export type Licence = { readonly name: string; readonly number: string };

export type Claims = {
  /** The year the business started; "since" and "more than N years" derive from it. */
  readonly foundedYear: Claim<number>;
  readonly familyRun: Claim<boolean>;
  /** Every licence and registration, each with its number; empty when there are none. */
  readonly licences: Claim<readonly Licence[]>;
  /** The kinds of insurance carried, e.g. "general liability and workers' compensation". */
  readonly insurance: Claim<string>;
  /** The usual length of the written workmanship warranty, e.g. "5-10 years". */
  readonly warranty: Claim<string>;
  readonly paymentMethods: Claim<readonly string[]>;
  /** What happens when someone calls outside business hours, as one or two sentences. */
  readonly afterHours: Claim<string>;
};

export type ClaimKey = keyof Claims;

/** The words the site prints for the owner's claims: the strong wording once confirmed, else the weaker one. */
export type ClaimWording = {
  /** Undefined until confirmed: copy that needs the year must sit in a {{#claims.foundedYear}} section. */
  readonly foundedYear: number | undefined;
  /** Whole years since foundedYear minus one, so "more than N years" is true on any day of the year. */
  readonly yearsInBusiness: number | undefined;
  readonly familyRun: boolean;
  readonly licensed: boolean;
  readonly insured: boolean;
  readonly warrantied: boolean;
  /** One sentence on licences and registrations. */
  readonly licences: string;
  /** One sentence on insurance. */
  readonly insurance: string;
  /** One sentence on the warranty: the one wording used everywhere. */
  readonly warranty: string;
  /** The warranty as a short list item, without a full stop. */
  readonly warrantyShort: string;
  /** A short label for lists and card titles: "Licensed and insured", "Insured", or what is true without them. */
  readonly credentials: string;
  /** One or two sentences on calls outside business hours. */
  readonly afterHours: string;
};

function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1) ?? ""}`;
}

/** Licences the site may print: confirmed, named and numbered. */
export function publishableLicences(claims: Claims): readonly Licence[] {
  if (!claims.licences.confirmed) return [];
  return claims.licences.value.filter((l) => l.name.trim() !== "" && l.number.trim() !== "");
}

const yearIn = (now: Date, timeZone: string) =>
  Number(new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric" }).format(now));

/** The claims in words; years in business count by the business's calendar year, not the server's. */
export function claimWording(
  claims: Claims,
  now: Date = new Date(),
  timeZone = "America/Chicago",
): ClaimWording {
  const founded = claims.foundedYear.confirmed ? claims.foundedYear.value : undefined;
  const licences = publishableLicences(claims);
  const insurance = claims.insurance.confirmed ? claims.insurance.value.trim() : "";
  const warranty = claims.warranty.confirmed ? claims.warranty.value.trim() : "";
  const licensed = licences.length > 0;
  const insured = insurance !== "";
  const warrantied = warranty !== "";
  // The spec's "5-10 years" stays visible while unconfirmed, as a statement about the trade, not a promise.
  const typicalWarranty = claims.warranty.value.trim() || "5-10 years";

  return {
    foundedYear: founded,
    yearsInBusiness: founded === undefined ? undefined : Math.max(0, yearIn(now, timeZone) - founded - 1),
    familyRun: claims.familyRun.confirmed && claims.familyRun.value,
    licensed,
    insured,
    warrantied,
    licences: licensed
      ? `We hold ${listOf(licences.map((l) => `${l.name} no. ${l.number}`))}.`
      : "Illinois does not license masonry contractors statewide; contractor licensing and registration are up to each town.",
    insurance: insured
      ? `We carry ${insurance} insurance; certificates before we start.`
      : "Ask any contractor, us included, for certificates of insurance before work starts.",
    warranty: warrantied
      ? `Written workmanship warranty, typically ${warranty}; terms in your contract.`
      : `Workmanship warranties on masonry repair typically run ${typicalWarranty}; any warranty we give is written into your contract.`,
    warrantyShort: warrantied
      ? `Written workmanship warranty, typically ${warranty}`
      : "Any warranty written into your contract",
    credentials:
      licensed && insured
        ? "Licensed and insured"
        : insured
          ? "Insured"
          : licensed
            ? "Licensed"
            : "Written estimate and contract before we start",
    afterHours:
      claims.afterHours.confirmed && claims.afterHours.value.trim() !== ""
        ? claims.afterHours.value.trim()
        : "Outside business hours, leave a message and we'll call you back when we open.",
  };
}

/** The claims the owner has not confirmed yet, in the order business.ts lists them. */
export function unconfirmedClaims(claims: Claims): ClaimKey[] {
  return (Object.keys(claims) as ClaimKey[]).filter((key) => !claims[key].confirmed);
}
