// The launch check catches each kind of leftover: it is tested on fixtures, never on the live content, so it
// keeps passing while the placeholders are still there and keeps failing when the check itself breaks.
import { describe, expect, it } from "vitest";
import type { Claims } from "../../app/content/claims";
import { type LaunchInput, findLaunchBlockers, findLaunchNotices } from "../../scripts/launch-blockers";

const confirmedClaims: Claims = {
  foundedYear: { value: 2004, confirmed: true },
  familyRun: { value: false, confirmed: true },
  licences: { value: [{ name: "Illinois roofing contractor license", number: "104.099999" }], confirmed: true },
  insurance: { value: "general liability and workers' compensation", confirmed: true },
  warranty: { value: "5-10 years", confirmed: true },
  paymentMethods: { value: ["Visa", "Mastercard", "American Express", "Bitcoin"], confirmed: true },
  afterHours: { value: "Leave a voicemail; we call back the next morning.", confirmed: true },
};

/** A site ready to go live: real name, number, inbox, links, customers and settings. */
const ready: LaunchInput = {
  business: {
    name: "Prairie Stack Masonry LLC",
    shortName: "Prairie Stack",
    phone: "(309) 828-4410",
    email: "office@prairiestack.com",
    socials: [{ name: "Facebook", href: "https://www.facebook.com/prairiestack" }],
    reviewUrl: "https://g.page/r/CXa1b2c3d4e5f6g7/review",
    claims: confirmedClaims,
  },
  testimonials: [{ name: "Ann B.", consent: "written, e-mail of 2026-03-02", date: "2026-02-20" }],
  env: { SITE_URL: "https://www.prairiestack.com", SMTP_URL: "smtps://user:pw@smtp.prairiestack.com:465" },
  files: { business: "content/business.yaml", testimonials: "content/testimonials.yaml" },
};

function blockersFor(change: (input: LaunchInput) => LaunchInput) {
  return findLaunchBlockers(change(ready)).map((b) => `${b.file} ${b.field}`);
}

const withBusiness = (patch: Partial<LaunchInput["business"]>) => (i: LaunchInput) => ({
  ...i,
  business: { ...i.business, ...patch },
});
const withEnv = (env: LaunchInput["env"]) => (i: LaunchInput) => ({ ...i, env });
const withClaim = <K extends keyof Claims>(key: K, claim: Claims[K]) =>
  withBusiness({ claims: { ...confirmedClaims, [key]: claim } });

describe("launch check", () => {
  it("passes a site with nothing left to change", () => {
    expect(findLaunchBlockers(ready)).toEqual([]);
  });

  it("catches the placeholder name, in either field", () => {
    expect(blockersFor(withBusiness({ name: "Heartland Chimney & Masonry" }))).toEqual(["content/business.yaml name"]);
    expect(blockersFor(withBusiness({ shortName: "Heartland Chimney" }))).toEqual(["content/business.yaml shortName"]);
  });

  it("catches a fictional 555-01xx phone number however it is written", () => {
    for (const phone of ["(309) 555-0134", "309.555.0199", "+1 309 555 0100", "3095550142"]) {
      expect(blockersFor(withBusiness({ phone })), phone).toEqual(["content/business.yaml phone"]);
    }
    expect(blockersFor(withBusiness({ phone: "(309) 555-0200" }))).toEqual([]);
  });

  it("catches an example.com (or other reserved) e-mail address", () => {
    for (const email of ["estimates@example.com", "a@mail.example.org", "a@shop.test", "not-an-address"]) {
      expect(blockersFor(withBusiness({ email })), email).toEqual(["content/business.yaml email"]);
    }
  });

  it("catches placeholder social links", () => {
    const socials = [{ name: "Instagram", href: "https://www.instagram.com/example-heartland-chimney" }];
    expect(blockersFor(withBusiness({ socials }))).toEqual(["content/business.yaml socials[0] (Instagram)"]);
  });

  it("lists each quote text the owner has not confirmed, and a missing street address", () => {
    const unconfirmed = (i: LaunchInput): LaunchInput => ({
      ...i,
      quoteTerms: { file: "content/quote-terms.yaml", unconfirmed: ["terms", "pamphlet"] },
    });
    expect(blockersFor(unconfirmed)).toEqual([
      "content/quote-terms.yaml terms.confirmed",
      "content/quote-terms.yaml pamphlet.confirmed",
    ]);
    expect(blockersFor(withBusiness({ address: { postalCode: "61701" } }))).toEqual([
      "content/business.yaml address.street, address.postalCode",
    ]);
    expect(blockersFor(withBusiness({ address: { street: "12 Main St", postalCode: "61701" } }))).toEqual([]);
  });

  it("lists the marketing mail's postal address until it is real and confirmed, and its notice until confirmed", () => {
    const postal = (value: string, confirmed: boolean) =>
      withBusiness({ marketing: { postalAddress: { value, confirmed } } });
    expect(blockersFor(postal("P.O. Box 0000, Bloomington, IL 61702", false))).toEqual([
      "content/business.yaml marketing.postalAddress",
    ]);
    expect(blockersFor(postal("P.O. Box 0000, Bloomington, IL 61702", true))).toEqual([
      "content/business.yaml marketing.postalAddress",
    ]);
    expect(blockersFor(postal("", true))).toEqual(["content/business.yaml marketing.postalAddress"]);
    expect(blockersFor(postal("P.O. Box 1412, Bloomington, IL 61702", false))).toEqual([
      "content/business.yaml marketing.postalAddress",
    ]);
    expect(blockersFor(postal("P.O. Box 1412, Bloomington, IL 61702", true))).toEqual([]);
    const notice = (i: LaunchInput): LaunchInput => ({
      ...i,
      marketingMail: { file: "content/marketing-mail.yaml", unconfirmed: ["notice"] },
    });
    expect(blockersFor(notice)).toEqual(["content/marketing-mail.yaml notice.confirmed"]);
  });

  it("mentions the review link while it is unset", () => {
    expect(blockersFor(withBusiness({ reviewUrl: null }))).toEqual(["content/business.yaml reviewUrl"]);
    expect(blockersFor(withBusiness({ reviewUrl: undefined }))).toEqual(["content/business.yaml reviewUrl"]);
    const [blocker] = findLaunchBlockers(withBusiness({ reviewUrl: null })(ready));
    expect(blocker?.problem).toContain('"Ask for a review"');
  });

  it("catches sample testimonials, and real ones without consent or a date", () => {
    const testimonials = [
      { name: "Mark T.", sample: true },
      { name: "Linda K.", date: "2026-01-05" },
      { name: "Dave R.", consent: "written" },
    ];
    expect(blockersFor((i) => ({ ...i, testimonials }))).toEqual([
      "content/testimonials.yaml [0] (Mark T.)",
      "content/testimonials.yaml [1] (Linda K.).consent",
      "content/testimonials.yaml [2] (Dave R.).date",
    ]);
  });

  it("catches every owner claim left unconfirmed", () => {
    const unconfirmed = Object.fromEntries(
      Object.entries(confirmedClaims).map(([key, claim]) => [key, { ...claim, confirmed: false }]),
    ) as Claims;
    expect(blockersFor(withBusiness({ claims: unconfirmed }))).toEqual(
      Object.keys(confirmedClaims).map((key) => `content/business.yaml claims.${key}.confirmed`),
    );
  });

  it("catches a confirmed licence without its number", () => {
    const licences = { value: [{ name: "City of Peoria contractor registration", number: "" }], confirmed: true };
    expect(blockersFor(withClaim("licences", licences))).toEqual(["content/business.yaml claims.licences.value[0]"]);
    expect(blockersFor(withClaim("licences", { value: [], confirmed: true }))).toEqual([]);
  });

  it("catches SITE_URL unset, left at localhost, a placeholder domain or plain http", () => {
    const smtp = ready.env.SMTP_URL;
    for (const SITE_URL of [
      undefined,
      "",
      "http://localhost:3000",
      "http://127.0.0.1:3000",
      "https://www.example.com",
      "http://www.prairiestack.com",
      "prairiestack",
    ]) {
      expect(blockersFor(withEnv({ SITE_URL, SMTP_URL: smtp })), String(SITE_URL)).toEqual([
        "environment / .env SITE_URL",
      ]);
    }
  });

  it("catches mail left unconfigured, unless a hosted form service takes the requests", () => {
    const site = ready.env.SITE_URL;
    expect(blockersFor(withEnv({ SITE_URL: site }))).toEqual(["environment / .env SMTP_URL"]);
    expect(blockersFor(withEnv({ SITE_URL: site, SMTP_URL: "  " }))).toEqual(["environment / .env SMTP_URL"]);
    expect(blockersFor(withEnv({ SITE_URL: site, ESTIMATE_ENDPOINT: "https://formspree.io/f/abc" }))).toEqual([]);
  });

  it("catches backups turned off while the site stores the requests itself", () => {
    expect(blockersFor(withEnv({ ...ready.env, BACKUP_DIR: "off" }))).toEqual(["environment / .env BACKUP_DIR"]);
    expect(blockersFor(withEnv({ ...ready.env, BACKUP_DIR: "/var/backups/heartland-site" }))).toEqual([]);
    // A test's clock left in the settings would move the server's time.
    expect(blockersFor(withEnv({ ...ready.env, TEST_CLOCK_FILE: "/tmp/clock" }))).toEqual([
      "environment / .env TEST_CLOCK_FILE",
    ]);
  });

  it("catches the calendars' stand-in hosts and their certificate, settings for tests only", () => {
    expect(
      blockersFor(
        withEnv({
          ...ready.env,
          TEST_CLOCK_FILE: "/tmp/clock",
          CALENDAR_TEST_HOSTS: "calendar.test=127.0.0.1:8443",
          CALENDAR_TEST_CA: "/tmp/ca.pem",
        }),
      ),
    ).toEqual([
      "environment / .env TEST_CLOCK_FILE",
      "environment / .env CALENDAR_TEST_HOSTS",
      "environment / .env CALENDAR_TEST_CA",
    ]);
  });

  it("names the missing Stripe settings as a notice, not a blocker, and refuses the test-only stand-in", () => {
    expect(blockersFor(withEnv({ ...ready.env }))).toEqual([]);
    expect(findLaunchNotices({}).map((n) => n.field)).toEqual(["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"]);
    expect(findLaunchNotices({ STRIPE_SECRET_KEY: "rk_live_x" }).map((n) => n.field)).toEqual([
      "STRIPE_WEBHOOK_SECRET",
    ]);
    expect(findLaunchNotices({ STRIPE_SECRET_KEY: "rk_live_x", STRIPE_WEBHOOK_SECRET: "whsec_x" })).toEqual([]);
    expect(blockersFor(withEnv({ ...ready.env, STRIPE_API_BASE: "http://127.0.0.1:12111" }))).toEqual([
      "environment / .env STRIPE_API_BASE",
    ]);
  });

  it("names the file and field of each blocker and says what is wrong", () => {
    const blockers = findLaunchBlockers(withBusiness({ phone: "(309) 555-0134" })(ready));
    expect(blockers).toEqual([
      {
        file: "content/business.yaml",
        field: "phone",
        problem: expect.stringContaining("555-01xx") as unknown as string,
      },
    ]);
  });
});

describe("publishing from the console", () => {
  it("says plainly when the working copy cannot be written by the user running the check, or git is missing", () => {
    const withPublishing = (problem: string | null) => (i: LaunchInput) => ({
      ...i,
      publishing: { repoDir: "/srv/heartland-site", problem },
    });
    expect(blockersFor(withPublishing(null))).toEqual([]);
    const found = findLaunchBlockers(
      withPublishing("the server cannot write to /srv/heartland-site/content (permission denied)")(ready),
    );
    expect(found).toEqual([
      {
        file: "/srv/heartland-site",
        field: "publishing",
        problem:
          "the console's saves cannot be published: the server cannot write to /srv/heartland-site/content " +
          "(permission denied); make the folder the site user's own and run this check as that user " +
          "(README, Put it on a server, step 4)",
      },
    ]);
    expect(blockersFor(withPublishing("git is not installed on the server"))).toEqual([
      "/srv/heartland-site publishing",
    ]);
  });
});
