import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import sharp from "sharp";
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";
import routes from "../../app/routes.ts";
import { business } from "../../app/content/business.ts";
import { withConsole } from "../../scripts/owner.ts";
import { createOwnerConsole } from "../../server/owner/owner-console.ts";
import { openEstimateStore } from "../../server/requests/estimate-store.ts";
import { newLead } from "../../server/store/stored-lead.fixture.ts";
import { wallAt } from "../../server/time/wall-time.ts";
import { quoteServiceOver, seedInvoice, seedJob, seedQuote } from "../support/seed-quote.ts";
import { seedVisitIn } from "../support/seed-report.ts";
import { sendReportIn } from "../support/seed-sent-report.ts";
import { addAuthenticator, invite, ownServer, waitForPasskeyButton } from "./owner-support";
import { animationsDone, expectExpanded, isMobile, visit, waitForIslands } from "./support";

// One axe test per page and width, each with its own timeout, so a slow page on a busy machine fails alone.
const EXTRA_PAGES = [
  "/no-such-page",
  "/locations/heyworth",
  "/contact/received?status=ok",
  "/contact/received?status=invalid&fields=email",
];

/** The prerendered sitemap lists every known page; read when the tests are collected, so each gets its own test. */
function sitemapPaths(): string[] {
  const file = path.join(process.env.BUILD_DIR ?? "build", "client/sitemap.xml");
  if (!existsSync(file)) throw new Error(`No ${file}: run npm run build before the browser tests.`);
  const xml = readFileSync(file, "utf8");
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? "").pathname);
}

/**
 * axe as an owner's own checker runs it: at the top of the page, without scrolling, nothing drawn for it
 * (decision 0023). WCAG 2.2 AA, plus "label in name" (2.5.3), which axe ships as experimental and Lighthouse runs.
 */
async function axeViolations(page: Page) {
  // Judge the page at rest: a menu or answer that is still sliding open is partly clipped.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
  // Legacy mode runs axe in the page itself; the default opens a blank page per check to finish the run, which
  // doubled each check's time (1.6-2.1 s against 0.6-0.9 s, same passes) and only matters for cross-origin frames,
  // and no page of ours has a frame.
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
      rules: { "label-content-name-mismatch": { enabled: true } },
    })
    .analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/**
 * Every address at 375 px, where homeowners read; at 1280 px the first address of each template (a town, an
 * article…) and every page of its own (the home page, each service, the blog…), since pages of one template differ
 * only in words, which axe judges alike at both widths (docs/testing.md, "Accessibility at two widths").
 */
function templateOf(address: string): string {
  const [first = "", ...rest] = (address.split("?")[0] ?? "").split("/").filter(Boolean);
  // Each service page has sections of its own (spec: a crown's damage signs, the cap types…): each is a template.
  return rest.length > 0 && first !== "services" ? `${first}/:slug` : address;
}
const ADDRESSES = [...sitemapPaths(), ...EXTRA_PAGES];
const WIDE_SAMPLES = new Set(
  ADDRESSES.filter((a, i) => ADDRESSES.findIndex((b) => templateOf(b) === templateOf(a)) === i),
);

for (const address of ADDRESSES) {
  test(`${address} passes axe's WCAG 2.2 AA checks, with no console errors or CSP violations`, async ({
    browser,
  }, info) => {
    test.skip(info.project.name === "desktop" && !WIDE_SAMPLES.has(address), "at 1280 px, one address per template");
    test.setTimeout(60_000);
    const { baseURL, viewport, isMobile, hasTouch } = info.project.use;
    const context = await browser.newContext({ baseURL, viewport, isMobile, hasTouch });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("console", (message) => {
      // The 404 page's own document is the one expected failed load.
      const expected404 = address === "/no-such-page" && message.text().includes("status of 404");
      if (message.type() === "error" && !expected404) problems.push(`console: ${message.text()}`);
    });
    page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    try {
      await visit(page, address);
      problems.push(...(await axeViolations(page)));
    } finally {
      await context.close();
    }
    expect(problems).toEqual([]);
  });
}

test("open menus, an open answer and a toast pass axe too", async ({ page }) => {
  test.setTimeout(60_000);
  await visit(page, "/contact");
  if (isMobile(page)) {
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("navigation", { name: "Main" }).locator("summary", { hasText: "Services" }).click();
  } else {
    await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Services" }).click();
  }
  // Half-open menus overlap their links; check the menu as the visitor sees it once it has opened.
  await animationsDone(page);
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(page.locator(":popover-open")).toHaveCount(0);
  if (isMobile(page)) await expect(page.getByRole("button", { name: "Open menu" })).toBeVisible();
  await page.locator("#contact-faq-heading").scrollIntoViewIfNeeded();
  await page.locator("summary", { hasText: /warranty/i }).click();
  await page.route("**/api/estimate", (route) => route.fulfill({ status: 500, body: "" }));
  await page.getByLabel("Full Name").fill("A");
  await page.getByLabel("Email Address").fill("a@example.com");
  await page.getByLabel("Phone Number").fill("309 555 0100");
  await page.getByLabel("message").fill("Hello");
  await page.getByRole("button", { name: "Send My Request" }).click();
  await expect(page.getByRole("region", { name: "Notifications (F8)" }).getByRole("listitem")).toBeVisible();
  await animationsDone(page);
  expect(await axeViolations(page)).toEqual([]);
});

test("keyboard-only visitor walks the menus, an answer and the whole form with focus always visible", async ({
  page,
}) => {
  test.skip(isMobile(page), "keyboard walk on desktop");
  await visit(page, "/contact");
  const focusIsVisible = () =>
    page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return false;
      const style = getComputedStyle(el);
      const rect = el.getBoundingClientRect();
      return style.outlineStyle !== "none" && rect.width > 0 && rect.height > 0;
    });

  // Menus: open Services with the keyboard, walk it, close it.
  const services = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Services" });
  await page.keyboard.press("Tab"); // keyboard modality, as for any keyboard user
  await services.focus();
  expect(await focusIsVisible()).toBe(true);
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  await expect(page.locator("#nav-services").getByRole("link").first()).toBeFocused();
  await page.keyboard.press("Tab");
  expect(await focusIsVisible()).toBe(true);
  await page.keyboard.press("Escape");
  await expect(services).toBeFocused();

  // Tab from the top of the page through everything: focus is always visible and reaches the footer (never trapped).
  await page.locator("body").focus();
  const seen: string[] = [];
  for (let i = 0; i < 120; i++) {
    await page.keyboard.press("Tab");
    expect(await focusIsVisible(), `focus ${i} visible`).toBe(true);
    const label = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      return `${el.tagName}:${el.getAttribute("aria-label") ?? el.getAttribute("name") ?? el.textContent?.trim().slice(0, 30)}`;
    });
    seen.push(label);
    if (await page.evaluate(() => document.activeElement?.closest("footer") !== null)) break;
  }
  const joined = seen.join("\n");
  for (const field of ["INPUT:name", "INPUT:email", "INPUT:phone", "SELECT:service", "TEXTAREA:message"])
    expect(joined).toContain(field);
  expect(joined).toContain("BUTTON:Send My Request");
  expect(joined).not.toContain("INPUT:_gotcha");
  expect(seen.at(-1)).toMatch(/^A:/);

  // An answer opens and closes from the keyboard.
  const question = page.locator("summary", { hasText: /emergency/i });
  await question.focus();
  await page.keyboard.press("Enter");
  await expectExpanded(question, true);
  await page.keyboard.press("Space");
  await expectExpanded(question, false);
});

test("with reduced motion requested, menus and answers open without animation", async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: "reduce", viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await visit(page, "/faq");
  const answer = page.locator("main details").first();
  const duration = await answer.evaluate((el) => getComputedStyle(el, "::details-content").transitionDuration);
  expect(duration.split(",").every((d) => parseFloat(d) < 0.01)).toBe(true);
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("navigation", { name: "Main" });
  const menuDuration = await menu.evaluate((el) => getComputedStyle(el).transitionDuration);
  expect(menuDuration.split(",").every((d) => parseFloat(d) < 0.01)).toBe(true);
  await context.close();
});

/*
 * The pages behind the homeowner's links (/visit/…, /quote/…) at each step, and every console page at 375 px, signed
 * in, on a server of their own with real data in it. Each step is its own test, in order on one server (a step that
 * pauses booking or exhausts the quote lookups comes last).
 */
const OWN_ENV: Record<string, string> = {};
const own = ownServer("axe", OWN_ENV);
OWN_ENV.SITE_URL = own.server.origin;
const site = own.server.origin;
const DATA = own.server.dataDir ?? "";
let ownerState: Awaited<ReturnType<BrowserContext["storageState"]>> | undefined;
let seeded: ConsoleSeed | undefined;

/** What a step opens: a path, or a path and what the person does there before axe looks. */
type Step = {
  name: string;
  open: (page: Page) => Promise<string>;
  then?: (page: Page) => Promise<void>;
  /** Whose browser: the homeowner's (no session), or the owner's phone signed in. */
  as?: "homeowner" | "owner";
  /** A page an accessibility fix changed: its screenshot is kept (test-results/), to look at. */
  shot?: boolean;
  /** Also checked at 1280 px: one state of each kind of page (a homeowner's link is read on a phone first). */
  wide?: boolean;
};

/** axe on one step, with console errors; the document's own error status (a 404 page) is the one expected failure. */
async function checkStep(page: Page, step: Step) {
  const problems: string[] = [];
  const statuses = new Set<number>();
  page.on("response", (r) => {
    if (r.request().isNavigationRequest() && r.status() >= 400) statuses.add(r.status());
  });
  page.on("console", (message) => {
    const status = Number(/status of (\d+)/.exec(message.text())?.[1]);
    if (message.type() === "error" && !statuses.has(status)) problems.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  await visit(page, await step.open(page));
  if (step.then) {
    await step.then(page);
    await waitForIslands(page);
  }
  problems.push(...(await axeViolations(page)));
  if (step.shot) await page.screenshot({ path: test.info().outputPath("page.png"), fullPage: true });
  expect(problems).toEqual([]);
}

const unique = () => `${Date.now()}${Math.random().toString(36).slice(2, 8)}`;
const phoneDigits = () => `(309) 555-${String(1000 + Math.floor(Math.random() * 9000))}`;

/** A request with its booking link; `receivedDaysAgo` ages it (a link books for 30 days). */
function requestWithLink(place?: { town: string; served: boolean }, receivedDaysAgo = 0) {
  const at = new Date(Date.now() - receivedDaysAgo * 86_400_000);
  const store = openEstimateStore({ dataDir: DATA, now: () => at });
  try {
    const n = unique();
    const { id } = store.save(
      newLead({ name: `Hana Axe ${n}`, email: `hana-${n}@example.com`, phone: phoneDigits(), city: "Normal" }),
    );
    const token = store.visits.newLink(id);
    if (place) store.visits.putPlace({ estimateId: id, ...place, street: "12 Elm St", notes: "Side door" });
    return { id, token };
  } finally {
    store.close();
  }
}

/** Books the first open window, as the page's form would post it; `held` fills the field only robots see. */
async function book(request: APIRequestContext, token: string, held = false) {
  const page = await (await request.get(`${site}/visit/${token}`)).text();
  const window = /name="window" value="([^"]+)"/.exec(page)?.[1] ?? "";
  const answer = await request.post(`${site}/visit/${token}`, {
    form: { intent: "book", window, key: `axe-${unique()}`, ...(held ? { company: "Acme" } : {}) },
    headers: { Origin: site },
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(303);
}

/** A booked visit written straight in: `startsInHours` from now (negative: the visit is over). */
function visitAt(token: string, startsInHours: number) {
  const store = openEstimateStore({ dataDir: DATA });
  try {
    const estimateId = store.visits.link(token)?.estimate_id ?? 0;
    const lead = store.get(estimateId);
    const starts = new Date(Date.now() + startsInHours * 3_600_000);
    const ends = new Date(starts.getTime() + 2 * 3_600_000);
    const from = wallAt(starts, business.timeZone);
    const to = wallAt(ends, business.timeZone);
    store.visits.insert({
      estimate_id: estimateId,
      uid: `axe-${unique()}@example.com`,
      status: "booked",
      day: from.day,
      starts: from.time,
      ends: to.time,
      starts_at: starts.toISOString(),
      ends_at: ends.toISOString(),
      slot: 90 + Math.floor(Math.random() * 9),
      town: "Normal",
      street: "12 Elm St",
      notes: "",
      email: lead?.email ?? "",
      phone_digits: (lead?.phone ?? "").replace(/\D/g, ""),
      booked_at: new Date().toISOString(),
      booked_by: "homeowner",
      booked_in_hours: 1,
      idempotency_key: null,
    });
  } finally {
    store.close();
  }
}

/** Forms that would stop at the browser's own checks post anyway, as an older browser would send them. */
const skipBrowserChecks = (page: Page) =>
  page.evaluate(() => document.querySelectorAll("form").forEach((f) => (f.noValidate = true)));

/** A copy of one of our forms on another site (our pages' CSP keeps their own forms from posting elsewhere). */
function copiedForm(page: Page, address: string, fields: Record<string, string>) {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${value}">`)
    .join("");
  const html = `<!doctype html><title>Copy</title><form method="post" action="${site}${address}">${inputs}<button>Send</button></form>`;
  return page
    .route("http://elsewhere.example/**", (route) => route.fulfill({ contentType: "text/html", body: html }))
    .then(() => "http://elsewhere.example/form");
}

const TWO_OPTIONS = {
  options: [
    ["crown-rebuild", "flashing"],
    ["partial-rebuild", "crown-rebuild"],
  ],
  addons: ["waterproofing"],
};

/** The homeowner accepts on the page: the option, both consents, the name. */
async function acceptOnPage(page: Page) {
  await page.getByRole("radio").first().check();
  for (const box of await page.locator('#accept input[type="checkbox"]').all()) await box.check();
  await page.getByLabel("Your full name").fill("Dana Whitfield");
  await page.getByRole("button", { name: "I accept" }).click();
  await expect(page.getByText("Thank you: your acceptance is recorded.")).toBeVisible();
}

const VISIT_STEPS: Step[] = [
  { name: "a new link asks where the house is", wide: true, open: async () => `/visit/${requestWithLink().token}` },
  {
    name: "the address form with its problems",
    open: async () => `/visit/${requestWithLink().token}`,
    then: async (page) => {
      await page.getByLabel("Street address").fill("");
      await skipBrowserChecks(page);
      await page.getByRole("button", { name: "Show open times" }).click();
      await expect(page.locator("#visit-street-problem")).toBeVisible();
    },
  },
  {
    name: "a town not booked online",
    open: async () => `/visit/${requestWithLink({ town: "Chicago", served: false }).token}`,
  },
  {
    name: "the open windows",
    wide: true,
    open: async () => `/visit/${requestWithLink({ town: "Normal", served: true }).token}`,
    then: async (page) => page.getByRole("radio").first().check(),
  },
  ...(["taken", "closed", "limit", "off"] as const).map((notice) => ({
    name: `the open windows, with the "${notice}" notice`,
    open: async () => `/visit/${requestWithLink({ town: "Normal", served: true }).token}?notice=${notice}`,
  })),
  {
    name: "booked, with the cancel form open",
    wide: true,
    open: async (page) => {
      const { token } = requestWithLink({ town: "Normal", served: true });
      await book(page.request, token);
      return `/visit/${token}`;
    },
    then: async (page) => {
      await expect(page.getByRole("heading", { level: 1, name: "Booked" })).toBeVisible();
      await page.getByText("Cancel the visit").first().click();
    },
  },
  {
    name: "booked, held for a call",
    open: async (page) => {
      const { token } = requestWithLink({ town: "Normal", served: true });
      await book(page.request, token, true);
      return `/visit/${token}`;
    },
  },
  {
    name: "moving the visit",
    open: async (page) => {
      const { token } = requestWithLink({ town: "Normal", served: true });
      await book(page.request, token);
      return `/visit/${token}?move=1`;
    },
  },
  {
    name: "moved",
    open: async (page) => {
      const { token } = requestWithLink({ town: "Normal", served: true });
      await book(page.request, token);
      return `/visit/${token}?move=1`;
    },
    then: async (page) => {
      await page.getByRole("radio").nth(1).check();
      await page.getByRole("button", { name: "Move to this time" }).click();
      await expect(page.getByText("Your visit has moved.")).toBeVisible();
    },
  },
  {
    name: "too close to the visit to change it",
    open: async () => {
      const { token } = requestWithLink({ town: "Normal", served: true });
      visitAt(token, 2);
      return `/visit/${token}?notice=too-late`;
    },
  },
  {
    name: "after the visit",
    open: async () => {
      const { token } = requestWithLink({ town: "Normal", served: true });
      visitAt(token, -30);
      return `/visit/${token}`;
    },
  },
  {
    name: "cancelled",
    open: async (page) => {
      const { token } = requestWithLink({ town: "Normal", served: true });
      await book(page.request, token);
      return `/visit/${token}`;
    },
    then: async (page) => {
      await page.getByText("Cancel the visit").first().click();
      await page.getByLabel("Why?").fill("We sold the house");
      await page.getByRole("button", { name: "Cancel the visit" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Visit cancelled" })).toBeVisible();
    },
  },
  { name: "an expired link", open: async () => `/visit/${requestWithLink(undefined, 40).token}` },
  {
    name: "a change sent from another site's copy of the form",
    open: async (page) => {
      const { token } = requestWithLink({ town: "Normal", served: true });
      await book(page.request, token);
      return copiedForm(page, `/visit/${token}`, { intent: "cancel" });
    },
    then: async (page) => {
      await page.getByRole("button", { name: "Send" }).click();
      // The site's own refusal page (issue 51: not a bare "Bad Request"), which axe then checks.
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    },
  },
  { name: "an unknown link", wide: true, open: async () => `/visit/${"A".repeat(43)}` },
];

const QUOTE_STEPS: Step[] = [
  { name: "sent, opened the first time", wide: true, open: async () => `/quote/${seedQuote(DATA, TWO_OPTIONS).token}` },
  {
    name: "opened again, another option ticked",
    open: async (page) => {
      const { token } = seedQuote(DATA, TWO_OPTIONS);
      await page.request.get(`${site}/quote/${token}`);
      return `/quote/${token}`;
    },
    then: async (page) => {
      await page.getByRole("radio").nth(1).check();
      await page.getByRole("checkbox").first().check();
    },
  },
  {
    name: "its total checked by the server",
    open: async () => `/quote/${seedQuote(DATA, TWO_OPTIONS).token}`,
    then: async (page) => {
      await page.getByRole("button", { name: "Check my total" }).click();
      await expect(page.getByText("Checked by our server:")).toBeVisible();
    },
  },
  {
    name: "accepting without the consent or a name",
    wide: true,
    open: async () => `/quote/${seedQuote(DATA, TWO_OPTIONS).token}`,
    then: async (page) => {
      await skipBrowserChecks(page);
      await page.getByRole("button", { name: "I accept" }).click();
      await expect(page.locator("#q[aria-describedby]")).toHaveCount(1);
    },
  },
  {
    name: "accepting without a name",
    open: async () => `/quote/${seedQuote(DATA, TWO_OPTIONS).token}`,
    then: async (page) => {
      for (const box of await page.locator('#accept input[type="checkbox"]').all()) await box.check();
      await skipBrowserChecks(page);
      await page.getByRole("button", { name: "I accept" }).click();
      await expect(page.locator("#name-error")).toBeVisible();
    },
  },
  {
    name: "asking for changes without saying what",
    shot: true,
    open: async () => `/quote/${seedQuote(DATA, TWO_OPTIONS).token}`,
    then: async (page) => {
      await page.getByText("Not ready? Ask for changes or decline").click();
      await page.getByRole("button", { name: "Ask for changes" }).click();
      await expect(page.locator("#changes-error")).toBeVisible();
    },
  },
  {
    name: "changes asked for",
    open: async () => `/quote/${seedQuote(DATA, TWO_OPTIONS).token}`,
    then: async (page) => {
      await page.getByText("Not ready? Ask for changes or decline").click();
      await page.getByLabel("What should we change?").fill("Could the cap be copper?");
      await page.getByRole("button", { name: "Ask for changes" }).click();
      await expect(page.getByText("Thank you: we have your request")).toBeVisible();
    },
  },
  {
    name: "accepted",
    wide: true,
    open: async () => `/quote/${seedQuote(DATA, TWO_OPTIONS).token}`,
    then: acceptOnPage,
  },
  {
    name: "accepted, opened again later",
    open: async (page) => {
      const { token } = seedQuote(DATA, TWO_OPTIONS);
      await visit(page, `/quote/${token}`);
      await acceptOnPage(page);
      return `/quote/${token}`;
    },
  },
  {
    name: "declined",
    open: async () => `/quote/${seedQuote(DATA, TWO_OPTIONS).token}`,
    then: async (page) => {
      await page.getByText("Not ready? Ask for changes or decline").click();
      await page.getByLabel("Why not? (optional)").fill("Too dear");
      await page.getByRole("button", { name: "Decline the quote" }).click();
      await expect(page.getByText("Thank you for letting us know.")).toBeVisible();
    },
  },
  {
    name: "expired",
    open: async () =>
      `/quote/${seedQuote(DATA, { ...TWO_OPTIONS, sentAt: new Date(Date.now() - 40 * 86_400_000) }).token}`,
  },
  {
    name: "withdrawn",
    open: async () => {
      const { token, quoteId } = seedQuote(DATA, TWO_OPTIONS);
      withQuotes((quotes) => quotes.withdraw(quoteId, { ip: null, userAgent: null }));
      return `/quote/${token}`;
    },
  },
  {
    name: "an answer sent from another site's copy of the page",
    wide: true,
    open: async (page) => copiedForm(page, `/quote/${seedQuote(DATA, TWO_OPTIONS).token}`, { intent: "total" }),
    then: async (page) => {
      await page.getByRole("button", { name: "Send" }).click();
      // The site's own refusal page (issue 51: not a bare "Bad Request"), which axe then checks.
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    },
  },
];

/** The homeowner's invoice: sent and owed, part paid by the owner's check, paid, and a link that is not one. */
const INVOICE_STEPS: Step[] = [
  { name: "sent, nothing paid yet", wide: true, open: async () => `/invoice/${seedInvoice(DATA).token}` },
  { name: "part paid by check", open: async () => `/invoice/${seedInvoice(DATA, { paidCents: 10_000 }).token}` },
  { name: "paid in full", open: async () => `/invoice/${seedInvoice(DATA, { paidCents: "all" }).token}` },
  { name: "an unknown link", open: async () => `/invoice/${"x".repeat(43)}` },
];

/** The homeowner's job page: days set and the invoice sent, and a link that is not one. */
const JOB_STEPS: Step[] = [
  { name: "two work days, the invoice sent", wide: true, open: async () => `/job/${seedJob(DATA).token}` },
  { name: "an unknown link", open: async () => `/job/${"x".repeat(43)}` },
];

/** A condition report recorded at a visit on a day of its own and sent, opened by its link (decision 0054). */
async function sentReport(): Promise<string> {
  const store = openEstimateStore({ dataDir: DATA });
  try {
    for (let i = 0; ; i++) {
      const day = `2032-${String(1 + Math.floor(Math.random() * 12)).padStart(2, "0")}-${String(1 + Math.floor(Math.random() * 28)).padStart(2, "0")}`;
      try {
        const visit = seedVisitIn(store, {
          day,
          lead: { name: "Dana Whitfield", email: `dana-${unique()}@example.com` },
        });
        return `/report/${(await sendReportIn(store, visit)).token}`;
      } catch (error) {
        if (i > 20) throw error;
      }
    }
  } finally {
    store.close();
  }
}

/** The homeowner's chimney condition report: Do not use, a repair, a watch, a good part, one not inspected. */
const REPORT_STEPS: Step[] = [
  { name: "sent, every kind of finding", wide: true, shot: true, open: sentReport },
  { name: "an unknown link", open: async () => `/report/${"x".repeat(43)}` },
];

/** Last, because they change the server for every link after them. */
const CLOSING_STEPS: Step[] = [
  {
    name: "visit: booking online paused",
    open: async () => {
      const { token } = requestWithLink();
      const store = openEstimateStore({ dataDir: DATA });
      try {
        const settings = JSON.parse(store.visits.settingsJson() ?? "{}") as Record<string, unknown>;
        store.visits.saveSettings(JSON.stringify({ ...settings, enabled: false }));
      } finally {
        store.close();
      }
      return `/visit/${token}`;
    },
  },
  {
    name: "quote: too many tries at unknown links",
    open: async (page) => {
      for (let i = 0; i < 25; i++) await page.request.get(`${site}/quote/${"B".repeat(40)}${i}`);
      return `/quote/${seedQuote(DATA, TWO_OPTIONS).token}`;
    },
  },
];

function withQuotes<T>(work: (quotes: ReturnType<typeof quoteServiceOver>) => T): T {
  const store = openEstimateStore({ dataDir: DATA });
  try {
    return work(quoteServiceOver(store));
  } finally {
    store.close();
  }
}

/** What the console's pages are opened with: ids and links from the data seeded for them. */
type ConsoleSeed = {
  newRequest: number;
  busyRequest: number;
  visit: number;
  quotes: Record<"draft" | "sent" | "changes" | "accepted" | "declined" | "expired" | "withdrawn", number>;
  acceptedLink: string;
  sentLink: string;
  actToken: string;
  usedActToken: string;
};

/**
 * A console with a working week in it: new, contacted and spam requests, visits booked and a day off, quotes in every
 * state, two calendars (one failing) and the feed address, a one-tap link.
 */
async function seedConsole(request: APIRequestContext): Promise<ConsoleSeed> {
  const dataDir = DATA;
  const store = openEstimateStore({ dataDir });
  let newRequest = 0;
  let actToken = "";
  let usedActToken = "";
  try {
    const leads = ["Chimney Crown Repair", "Tuckpointing", "Chimney Cap", "Brick Repair"].map((service, i) => {
      const n = unique();
      return store.save(
        newLead({
          name: `Pat Inbox ${i}`,
          email: `pat-${n}@example.com`,
          phone: phoneDigits(),
          service,
          city: "Normal",
        }),
      ).id;
    });
    newRequest = leads[0] ?? 0;
    store.setStatus(leads[1] ?? 0, "contacted");
    store.save(newLead({ name: "Cheap Pills", email: `spam-${unique()}@example.com`, spam: true, message: "Buy now" }));
    const tokens = createOwnerConsole({ db: store.db }).actionTokens;
    actToken = tokens.create(newRequest, "mark-contacted");
    usedActToken = tokens.create(leads[2] ?? 0, "mark-contacted");
    tokens.consume(usedActToken);
    const work = store.calendars.add("https://calendar.google.com/calendar/ical/work/basic.ics", "Work");
    store.calendars.failed(
      store.calendars.add("https://example.com/family.ics", "Family"),
      "The address answered 404.",
    );
    store.calendars.unchanged(work);
    store.calendars.newFeedToken();
    const nextWeek = wallAt(new Date(Date.now() + 9 * 86_400_000), business.timeZone).day;
    store.visits.addDayOff(nextWeek, nextWeek, "Family wedding");
  } finally {
    store.close();
  }
  // Visits booked as homeowners book them.
  const booked = requestWithLink({ town: "Normal", served: true });
  await book(request, booked.token);
  await book(request, requestWithLink({ town: "Bloomington", served: true }).token);
  const quote = (sentAt?: Date) => seedQuote(dataDir, { ...TWO_OPTIONS, sentAt });
  const sent = quote();
  const changes = quote();
  const accepted = quote();
  const declined = quote();
  const withdrawn = quote();
  const expired = quote(new Date(Date.now() - 40 * 86_400_000));
  const draft = withQuotes((quotes) => {
    const found = quotes.lookup(accepted.token, null);
    if (!found || found === "limited") throw new Error("the seeded quote is not found");
    const choice = {
      optionKey: quotes.page(found).options[0]?.key ?? "",
      addonKeys: [],
      name: "Dana Whitfield",
      consent: true,
      pamphlet: true,
      version: 1,
    };
    quotes.accept(accepted.token, choice, { ip: null, userAgent: null, inHome: false });
    quotes.answer(declined.token, "declined", "Too dear");
    quotes.answer(changes.token, "changes", "Could the cap be copper?");
    quotes.withdraw(withdrawn.quoteId, { ip: null, userAgent: null });
    return quotes.draftFor(booked.id).id;
  });
  const visitStore = openEstimateStore({ dataDir });
  const visitId = visitStore.visits.forLead(booked.id)?.id ?? 0;
  visitStore.close();
  return {
    newRequest,
    busyRequest: booked.id,
    visit: visitId,
    quotes: {
      draft,
      sent: sent.quoteId,
      changes: changes.quoteId,
      accepted: accepted.quoteId,
      declined: declined.quoteId,
      expired: expired.quoteId,
      withdrawn: withdrawn.quoteId,
    },
    acceptedLink: `/quote/${accepted.token}`,
    sentLink: `/quote/${sent.token}`,
    actToken,
    usedActToken,
  };
}

/** The visit's property with a flue on file, for the report's parts. */
function withFlue(visitId: number) {
  const store = openEstimateStore({ dataDir: DATA });
  try {
    const visit = store.visits.get(visitId);
    const { propertyId } = store.reports.requestLink(visit?.estimate_id ?? 0);
    if (propertyId && store.flues.ofProperties([propertyId]).length === 0)
      store.flues.add(propertyId, {
        label: "Living room",
        appliance: "fireplace",
        fuel: "wood",
        useLevel: "occasional",
      });
  } finally {
    store.close();
  }
}

const seed = () => {
  if (!seeded) throw new Error("the console was not seeded");
  return seeded;
};
const owner = (name: string, path: (s: ConsoleSeed) => string, then?: Step["then"]): Step => ({
  name,
  open: async () => path(seed()),
  then,
  as: "owner",
});
const signedOut = (name: string, open: () => string): Step => ({ name, open: async () => open() });

/** One file of each kind the console edits (app/routes/owner/site-files.server.ts): the kind, and a slug for a folder. */
const firstSlug = (dir: string) =>
  readdirSync(path.join("content", dir))
    .sort()[0]
    ?.replace(/\.(yaml|md)$/, "") ?? "";
const SITE_FILES: Record<string, string> = {
  business: "",
  home: "",
  services: firstSlug("services"),
  cities: firstSlug("cities"),
  posts: firstSlug("posts"),
  faqs: "",
  testimonials: "",
  gallery: "",
  "cost-table": "",
  accessibility: "",
  "review-request": "",
  "quote-presets": "",
  "quote-terms": "",
  findings: "",
  "marketing-mail": "",
  "condition-report": "",
};

/**
 * Every console route in app/routes.ts, with the pages axe checks on it, or why it has none (a file, not a page).
 * A new console route fails "every console route has an axe check" until it is listed here.
 */
const CONSOLE_ROUTES: Record<string, Step[] | string> = {
  "(index)": [{ ...owner("inbox", () => "/owner"), shot: true }],
  "sign-in": [signedOut("sign-in", () => "/owner/sign-in")],
  "sign-out": "a POST answered with a redirect",
  "enrol/:token": [
    signedOut("enrol from an invite", () => invite(own.server)),
    signedOut("enrol from a used invite", () => {
      const { token } = withConsole(DATA, (c) => c.passkeys.createInvite(-60_000));
      return `/owner/enrol/${token}`;
    }),
  ],
  "passkey/:ceremony": "JSON for the passkey button",
  "requests/:id": [
    owner("a new request", (s) => `/owner/requests/${s.newRequest}`),
    owner(
      "a request with its visit and quote",
      (s) => `/owner/requests/${s.busyRequest}`,
      async (page) => {
        for (const summary of await page.locator("main summary").all()) await summary.click();
      },
    ),
    owner("a request that is not there", () => "/owner/requests/999999"),
  ],
  "requests/:id/photos/:photo": "an image",
  quotes: [owner("quotes", () => "/owner/quotes")],
  "quotes/:id": (["draft", "sent", "changes", "accepted", "declined", "expired", "withdrawn"] as const).map((state) =>
    owner(
      `a quote: ${state}`,
      (s) => `/owner/quotes/${s.quotes[state]}`,
      async (page) => {
        for (const summary of await page.locator("main summary").all()) await summary.click();
      },
    ),
  ),
  "quotes/:id/send": [owner("sending a quote", (s) => `/owner/quotes/${s.quotes.draft}/send`)],
  "quotes/:id/pdf/:version": "a PDF",
  "quotes/:id/photos/:photo": "an image",
  spam: [owner("spam", () => "/owner/spam")],
  security: [owner("security", () => "/owner/security")],
  "export.csv": "a CSV file",
  erase: [owner("erase", () => "/owner/erase")],
  "act/done": [signedOut("one-tap done", () => `/owner/act/done?request=${seed().newRequest}`)],
  "act/:token": [
    signedOut("one-tap link", () => `/owner/act/${seed().actToken}`),
    signedOut("one-tap link used", () => `/owner/act/${seed().usedActToken}`),
  ],
  site: [
    owner(
      "site",
      () => "/owner/site",
      async (page) => {
        // Each kind of file the owner edits has its form checked below.
        const kinds = await page
          .locator('main a[href^="/owner/site/edit/"]')
          .evaluateAll((links) => links.map((a) => a.getAttribute("href")?.split("/")[4] ?? ""));
        expect([...new Set(kinds)].sort()).toEqual(Object.keys(SITE_FILES).sort());
      },
    ),
  ],
  "site/edit/:kind/:slug?": [
    owner("site edit: a new article", () => "/owner/site/edit/posts/a-new-article?new"),
    ...Object.entries(SITE_FILES).map(([kind, address]) =>
      owner(`site edit: ${kind}`, () => `/owner/site/edit/${kind}${address ? `/${address}` : ""}`),
    ),
  ],
  "site/photos": [owner("site photos", () => "/owner/site/photos")],
  visits: [owner("visits", () => "/owner/visits")],
  "visits/settings": [owner("visit settings", () => "/owner/visits/settings")],
  "visits/calendars": [owner("calendars", () => "/owner/visits/calendars")],
  "visits/:id": [owner("a visit", (s) => `/owner/visits/${s.visit}`)],
  "visits/:id/report": [
    owner("a condition report with no flue yet", (s) => `/owner/visits/${s.visit}/report`),
    owner(
      "a condition report, every part open",
      (s) => {
        withFlue(s.visit);
        return `/owner/visits/${s.visit}/report`;
      },
      async (page) => {
        for (const summary of await page.locator("main details summary").all()) await summary.click();
      },
    ),
  ],
  "visits/:id/report/save": "JSON for the report's field island",
  "visits/:id/report/photos/:photo": "an image, or a photo's upload",
  reports: [owner("reports", () => "/owner/reports")],
  "reports.csv": "a CSV file",
  money: [
    owner(
      "money, its payment forms open",
      () => "/owner/money",
      async (page) => {
        for (const summary of await page.locator("main summary").all()) await summary.click();
      },
    ),
  ],
  "money.csv": "a CSV file",
  "invoices/:id": [
    owner("an invoice: draft", () => `/owner/invoices/${seedInvoice(DATA, { sent: false }).invoiceId}`),
    owner(
      "an invoice: sent, part paid, its forms open",
      () => `/owner/invoices/${seedInvoice(DATA, { paidCents: 10_000 }).invoiceId}`,
      async (page) => {
        for (const summary of await page.locator("main summary").all()) await summary.click();
      },
    ),
  ],
  "invoices/:id/pdf": "a PDF",
  jobs: [owner("jobs", () => "/owner/jobs")],
  "jobs/:id": [
    owner(
      "a job, its move pickers open",
      () => `/owner/jobs/${seedJob(DATA, { invoice: false }).jobId}`,
      async (page) => {
        for (const summary of await page.locator("main summary").all()) await summary.click();
      },
    ),
  ],
  "jobs/:id/photos": [
    owner("a job's photos: none yet", () => `/owner/jobs/${seedJob(DATA, { invoice: false }).jobId}/photos`),
    { ...owner("a job's photos: a consented pair, ready for Recent work", () => ""), open: jobWithConsentedPair },
  ],
  "jobs/:id/photos/:photo": "an image",
  help: [owner("help", () => "/owner/help")],
  campaigns: [owner("campaigns: counted, with the e-mail's preview", () => "/owner/campaigns?count=1")],
  customers: [owner("customers", () => "/owner/customers")],
  "customers.csv": "a CSV file",
  "customers/:id": [
    owner(
      "a customer, its forms open",
      (s) => `/owner/customers/${customerOf(s.busyRequest)}`,
      async (page) => {
        for (const summary of await page.locator("main summary").all()) await summary.click();
      },
    ),
  ],
  "customers/import": [owner("customer import", () => "/owner/customers/import")],
  "customers/import/template.csv": "a CSV file",
  "next-year/:kind/:id": [owner("book next year from a visit", (s) => `/owner/next-year/visit/${s.visit}`)],
};

/** The customer a seeded request was put on at intake. */
function customerOf(requestId: number): number {
  const store = openEstimateStore({ dataDir: DATA });
  try {
    const row = store.db
      .prepare<[number], { customer_id: number | null }>("SELECT customer_id FROM estimates WHERE id = ?")
      .get(requestId);
    if (!row?.customer_id) throw new Error(`request ${requestId} has no customer`);
    return row.customer_id;
  } finally {
    store.close();
  }
}

/** A job with a before and an after photo the homeowner said yes to: the owner's page shows the publish form. */
async function jobWithConsentedPair(): Promise<string> {
  const { jobId } = seedJob(DATA);
  const jpeg = await sharp({ create: { width: 160, height: 120, channels: 3, background: "#94331d" } })
    .jpeg()
    .toBuffer();
  const store = openEstimateStore({ dataDir: DATA });
  try {
    for (const kind of ["before", "after"] as const) {
      const photo = store.jobPhotos.add(jobId, kind, { jpeg, preview: jpeg, width: 160, height: 120 });
      store.jobPhotos.consent(jobId, photo.id, "test");
    }
  } finally {
    store.close();
  }
  return `/owner/jobs/${jobId}/photos`;
}

/** The console's routes as app/routes.ts lists them, by their path under /owner. */
function consoleRoutes(): string[] {
  const owner = routes.find((r) => r.path === "owner");
  return (owner?.children ?? []).map((r) => (r.index ? "(index)" : (r.path ?? "")));
}

test("every console route has an axe check, or is listed as a file", () => {
  expect(Object.keys(CONSOLE_ROUTES).sort()).toEqual(consoleRoutes().sort());
});

test.describe("the pages behind the homeowner's links, and the console at 375 px", () => {
  test.describe.configure({ mode: "default" });

  test.beforeAll(async ({ browser }, info) => {
    test.setTimeout(120_000);
    await own.start();
    const context = await browser.newContext();
    try {
      seeded = await seedConsole(context.request);
      if (info.project.name === "mobile") {
        const page = await context.newPage();
        await addAuthenticator(page);
        // As enrol() in owner-support.ts, with the patience a busy machine needs.
        await page.goto(invite(own.server));
        await waitForPasskeyButton(page);
        await page.getByLabel("Name this passkey").fill("Phone");
        await page.getByRole("button", { name: "Create a passkey on this device" }).click();
        await expect(page.getByRole("heading", { level: 1, name: "Estimate requests" })).toBeVisible({
          timeout: 30_000,
        });
        ownerState = await context.storageState();
      }
    } finally {
      await context.close();
    }
  });
  test.afterAll(() => own.stop());

  const run = (step: Step, label: string) =>
    test(`${label}: ${step.name} passes axe`, async ({ browser }, info) => {
      // A condition report is recorded (its photos through the ingest) and sent (its PDF drawn) before axe looks.
      test.setTimeout(label === "report" ? 180_000 : 60_000);
      if (step.as === "owner" || label === "console")
        test.skip(info.project.name !== "mobile", "the console at 375 px, on the owner's phone");
      test.skip(info.project.name !== "mobile" && !step.wide, "at 1280 px, one state of each kind of page");
      const context = await browser.newContext({
        baseURL: site,
        viewport: info.project.use.viewport ?? undefined,
        isMobile: info.project.name === "mobile",
        hasTouch: info.project.name === "mobile",
        storageState: step.as === "owner" ? ownerState : undefined,
      });
      try {
        await checkStep(await context.newPage(), step);
      } finally {
        await context.close();
      }
    });

  for (const step of VISIT_STEPS) run(step, "visit");
  for (const step of QUOTE_STEPS) run(step, "quote");
  for (const step of INVOICE_STEPS) run(step, "invoice");
  for (const step of JOB_STEPS) run(step, "job");
  for (const step of REPORT_STEPS) run(step, "report");
  run(
    owner("a quote shown on the owner's phone at the homeowner's", (s) => s.sentLink),
    "quote",
  );
  for (const steps of Object.values(CONSOLE_ROUTES))
    if (typeof steps !== "string") for (const s of steps) run(s, "console");
  for (const step of CLOSING_STEPS) run(step, "last");
});
