// What must change before the site goes live, found in the business facts, the testimonials and the settings.
// Pure: scripts/check-launch.ts gathers the inputs and prints the list; tests feed it fixtures.
import { type Claims, publishableLicences, unconfirmedClaims } from "../app/content/claims";
import { QUOTE_OWNER_TEXTS } from "../app/content/quote-words";

export type LaunchBlocker = {
  /** The file (or "environment / .env") where the fix goes. */
  readonly file: string;
  /** The field within it. */
  readonly field: string;
  readonly problem: string;
};

export type LaunchInput = {
  readonly business: {
    readonly name: string;
    readonly shortName: string;
    readonly phone: string;
    readonly email: string;
    readonly socials: readonly { readonly name: string; readonly href: string }[];
    /** The Google "write a review" link; null or absent while unset. */
    readonly reviewUrl?: string | null;
    readonly claims: Claims;
    /** Quotes print the street and ZIP code (815 ILCS 513/15); absent in fixtures that do not check it. */
    readonly address?: { readonly street?: string; readonly postalCode?: string };
    /** Reminders and campaigns print this postal address (CAN-SPAM); absent in fixtures that do not check it. */
    readonly marketing?: { readonly postalAddress: { readonly value: string; readonly confirmed: boolean } };
  };
  /** The quote texts (content/quote-terms.yaml) the owner has not confirmed yet, by field. */
  readonly quoteTerms?: { readonly file: string; readonly unconfirmed: readonly (keyof typeof QUOTE_OWNER_TEXTS)[] };
  /** The legal words of the marketing e-mails (content/marketing-mail.yaml) the owner has not confirmed yet. */
  readonly marketingMail?: { readonly file: string; readonly unconfirmed: readonly "notice"[] };
  readonly testimonials: readonly {
    readonly name: string;
    readonly sample?: boolean;
    readonly consent?: string;
    readonly date?: string;
  }[];
  /** The process environment with .env underneath it. */
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly files: { readonly business: string; readonly testimonials: string };
  /**
   * Publishing from the console, tried as the user running the check (on the server: the site's user): the working
   * copy and why it cannot publish (null when it can). Absent where the console does not publish (BUILD_DIR, no .git).
   */
  readonly publishing?: { readonly repoDir: string; readonly problem: string | null };
};

/** The names the site was built with; nobody's real business. */
export const PLACEHOLDER_NAMES = ["Heartland Chimney & Masonry", "Heartland Chimney"];

/** 555-0100 to 555-0199 are set aside for fiction (North American Numbering Plan). */
const FICTIONAL_PHONE = /555\D{0,3}01\d\d(?!\d)/;

/** Domains reserved for examples and tests (RFC 2606, RFC 6761). */
function isReservedHost(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, "");
  return (
    /(^|\.)example\.(com|net|org)$/.test(h) ||
    /\.(example|test|invalid|localhost)$/.test(h) ||
    h === "example" ||
    h === "localhost"
  );
}

function isLoopback(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, "");
  return h === "localhost" || h.endsWith(".localhost") || h.startsWith("127.") || h === "::1" || h === "0.0.0.0";
}

const CLAIM_NAMES: Record<keyof Claims, string> = {
  foundedYear: "the year the business started",
  familyRun: "family-run",
  licences: "licences and registrations",
  insurance: "the insurance carried",
  warranty: "the warranty",
  paymentMethods: "the payment methods accepted",
  afterHours: "the after-hours arrangement",
};

function set(value: string | undefined): string | undefined {
  const v = value?.trim();
  return v ? v : undefined;
}

export function findLaunchBlockers(input: LaunchInput): LaunchBlocker[] {
  const found: LaunchBlocker[] = [];
  const { business, files } = input;
  const add = (file: string, field: string, problem: string) => found.push({ file, field, problem });

  // Placeholder identity.
  for (const field of ["name", "shortName"] as const) {
    const value = business[field];
    if (PLACEHOLDER_NAMES.includes(value) || /example|placeholder|lorem|your business/i.test(value)) {
      add(files.business, field, `"${value}" is the placeholder name; use the registered business name`);
    }
  }
  if (FICTIONAL_PHONE.test(business.phone)) {
    add(files.business, "phone", `${business.phone} is a fictional 555-01xx number; use the business's phone`);
  }
  const emailDomain = business.email.split("@")[1] ?? "";
  if (!emailDomain || isReservedHost(emailDomain)) {
    add(files.business, "email", `${business.email} is a placeholder address; use the inbox the owner reads`);
  }
  business.socials.forEach((social, i) => {
    let host = "";
    try {
      host = new URL(social.href).hostname;
    } catch {
      // An unparseable link is reported below like a placeholder.
    }
    if (!host || isReservedHost(host) || /example/i.test(social.href)) {
      add(files.business, `socials[${i}] (${social.name})`, `${social.href} is a placeholder link`);
    }
  });

  if (!business.reviewUrl) {
    add(
      files.business,
      "reviewUrl",
      'not set: "Ask for a review" on a won request needs your Google Business Profile\'s review link',
    );
  }

  // Quotes: the business's full address, and the owner's own legal words, confirmed (decision 0032).
  if (business.address && (!set(business.address.street) || !set(business.address.postalCode))) {
    add(
      files.business,
      "address.street, address.postalCode",
      "not set: a quote over $1,000 must give the business's name and address (815 ILCS 513/15)",
    );
  }
  for (const key of input.quoteTerms?.unconfirmed ?? []) {
    add(
      input.quoteTerms?.file ?? "",
      `${key}.confirmed`,
      `the owner has not confirmed ${QUOTE_OWNER_TEXTS[key]}; have it checked first`,
    );
  }

  // Marketing mail (decision 0052): a real postal address at the foot, and the notice's words, both confirmed.
  const postal = business.marketing?.postalAddress;
  if (postal && (!set(postal.value) || /0000|example|placeholder/i.test(postal.value) || !postal.confirmed)) {
    add(
      files.business,
      "marketing.postalAddress",
      set(postal.value) && postal.confirmed
        ? `"${postal.value}" is a placeholder: reminders and campaigns must print the business's postal address (CAN-SPAM)`
        : "not confirmed: reminders and campaigns print it as the business's postal address (CAN-SPAM); check it, then confirm it",
    );
  }
  for (const key of input.marketingMail?.unconfirmed ?? []) {
    add(
      input.marketingMail?.file ?? "",
      `${key}.confirmed`,
      "the owner has not confirmed the notice at the foot of reminders and campaigns (CAN-SPAM); have it checked first",
    );
  }

  // Testimonials: real customers only, with consent and a date.
  input.testimonials.forEach((t, i) => {
    const field = `[${i}] (${t.name})`;
    if (t.sample) {
      add(files.testimonials, field, "a sample testimonial; replace it with a real customer's words, consent and date");
      return;
    }
    if (!set(t.consent))
      add(files.testimonials, `${field}.consent`, "no record of the customer's consent to be quoted");
    if (!set(t.date)) add(files.testimonials, `${field}.date`, "no date for the job or review");
  });

  // Owner-only claims.
  for (const key of unconfirmedClaims(business.claims)) {
    add(files.business, `claims.${key}.confirmed`, `the owner has not confirmed ${CLAIM_NAMES[key]}`);
  }
  if (business.claims.licences.confirmed) {
    const printable = new Set(publishableLicences(business.claims));
    business.claims.licences.value.forEach((licence, i) => {
      if (!printable.has(licence)) {
        add(files.business, `claims.licences.value[${i}]`, "a licence needs both its name and its number");
      }
    });
  }

  // Settings.
  const envFile = "environment / .env";
  const siteUrl = set(input.env.SITE_URL);
  if (!siteUrl) {
    add(
      envFile,
      "SITE_URL",
      "not set: canonical links, the sitemap and social previews would point at http://localhost:3000",
    );
  } else {
    let url: URL | undefined;
    try {
      url = new URL(siteUrl);
    } catch {
      add(envFile, "SITE_URL", `"${siteUrl}" is not a URL`);
    }
    if (url && isLoopback(url.hostname)) add(envFile, "SITE_URL", `${siteUrl} is this machine, not the public site`);
    else if (url && isReservedHost(url.hostname)) add(envFile, "SITE_URL", `${siteUrl} is a placeholder domain`);
    else if (url && url.protocol !== "https:") add(envFile, "SITE_URL", `${siteUrl} is not https`);
  }
  if (!set(input.env.SMTP_URL) && !set(input.env.ESTIMATE_ENDPOINT)) {
    add(envFile, "SMTP_URL", "no mail configured: estimate requests would be stored but never e-mailed to the owner");
  }
  if (set(input.env.BACKUP_DIR)?.toLowerCase() === "off" && !set(input.env.ESTIMATE_ENDPOINT)) {
    add(envFile, "BACKUP_DIR", "backups are off: one disk failure would lose every request ever received");
  }
  if (set(input.env.TEST_CLOCK_FILE)) {
    add(envFile, "TEST_CLOCK_FILE", "set: the server's clock would read a file (for tests only); remove it");
  }
  if (set(input.env.STRIPE_API_BASE)) {
    add(envFile, "STRIPE_API_BASE", "set: Stripe's API would be answered by this machine (for tests only); remove it");
  }
  for (const name of ["CALENDAR_TEST_HOSTS", "CALENDAR_TEST_CA"]) {
    if (set(input.env[name])) {
      add(envFile, name, "set: calendars at .test names would be read from this machine (for tests only); remove it");
    }
  }

  // Publishing: the console's saves need a working copy this user can write, and git.
  if (input.publishing?.problem) {
    add(
      input.publishing.repoDir,
      "publishing",
      `the console's saves cannot be published: ${input.publishing.problem}; make the folder the site user's own ` +
        "and run this check as that user (README, Put it on a server, step 4)",
    );
  }

  return found;
}

/**
 * What the site can go live without, but the owner should know of: said by the check, never counted as a blocker.
 * Without both Stripe settings homeowners cannot pay the deposit on the site (the owner records checks, cash and
 * Zelle as before; README, Taking payments).
 */
export function findLaunchNotices(env: Readonly<Record<string, string | undefined>>): LaunchBlocker[] {
  const missing = ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"].filter((name) => !env[name]?.trim());
  return missing.map((field) => ({
    file: "environment / .env",
    field,
    problem: "not set: homeowners cannot pay the deposit on the site (README, Taking payments (Stripe))",
  }));
}
