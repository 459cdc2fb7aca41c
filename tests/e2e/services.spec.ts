import { expect, test, type Locator, type Page } from "@playwright/test";
import { PHONE, PHONE_HREF, visit, waitForIslands, answerOf, expectExpanded } from "./support";

const SERVICE_PAGES = [
  { slug: "chimney-crowns", name: "Chimney Crowns" },
  { slug: "tuckpointing", name: "Tuckpointing" },
  { slug: "hoods-and-caps", name: "Hoods & Caps" },
  { slug: "chimney-rebuilds", name: "Chimney Rebuilds" },
  { slug: "masonry-repair", name: "Masonry Repair" },
  { slug: "glass-block-windows", name: "Glass Block Windows" },
] as const;

const INSURANCE_ARTICLE = "/blog/will-insurance-pay-for-chimney-repair";

/** A content section of a service page: `<section id=... data-section-kind=...>` opened by an h2. */
function section(page: Page, id: string, kind: "prose" | "cards" | "steps" | "checklist") {
  return page.locator(`main section#${id}[data-section-kind="${kind}"]`);
}

/** The cards of a cards section: the direct items of its grid list (feature lists nest inside them). */
function cards(sectionLocator: Locator) {
  return sectionLocator.locator("ul").first().locator(":scope > li");
}

/** The numbered steps of a steps section. */
function steps(sectionLocator: Locator) {
  return sectionLocator.getByRole("list").locator(":scope > li");
}

function faqRegion(page: Page) {
  return page.getByRole("region", { name: "Frequently Asked Questions", exact: true });
}

/** The questions (<summary>) of the page's FAQ block. */
function faqTriggers(page: Page) {
  return faqRegion(page).locator("summary");
}

async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.flatMap((text) => {
    const data = JSON.parse(text) as unknown;
    return (Array.isArray(data) ? data : [data]) as Record<string, unknown>[];
  });
}

for (const service of SERVICE_PAGES) {
  test(`visitor opens the ${service.name} page and finds the hero, 4 FAQs, the CTA band and service structured data`, async ({
    page,
  }) => {
    const response = await page.goto(`/services/${service.slug}`);
    expect(response?.status()).toBe(200);
    await waitForIslands(page);

    const h1 = page.getByRole("heading", { level: 1 });
    await expect(h1).toHaveCount(1);
    await expect(h1).toBeVisible();

    const hero = page.locator("main section", { has: h1 });
    await expect(hero.getByRole("link", { name: "Get a Free Estimate" })).toHaveAttribute("href", "/contact");
    await expect(hero.getByRole("link", { name: `Call ${PHONE}` })).toHaveAttribute("href", PHONE_HREF);

    await expect(faqTriggers(page)).toHaveCount(4);
    for (const trigger of await faqTriggers(page).all()) await expectExpanded(trigger, false);
    await expect(faqRegion(page).getByRole("link", { name: "View All FAQs" })).toHaveAttribute("href", "/faq");

    const cta = page.getByRole("region", { name: "Ready to Fix Your Chimney?" });
    await expect(cta.getByRole("heading", { level: 2 })).toHaveText("Ready to Fix Your Chimney?");
    await expect(cta.getByRole("link", { name: "Get a Free Estimate" })).toHaveAttribute("href", "/contact");
    await expect(cta.getByRole("link", { name: `Call ${PHONE}` })).toHaveAttribute("href", PHONE_HREF);

    const serviceData = (await jsonLd(page)).filter((d) => d["@type"] === "Service");
    expect(serviceData).toHaveLength(1);
    const provider = serviceData[0]?.provider as Record<string, unknown> | undefined;
    expect(provider?.telephone).toBe(PHONE);
  });
}

test("visitor reads the chimney crowns page: 6 damage signs, a services list, the 4-step process and 'Schedule Now'", async ({
  page,
}) => {
  await visit(page, "/services/chimney-crowns");

  const signs = section(page, "crown-damage-signs", "cards");
  await expect(signs.getByRole("heading", { level: 2 })).toBeVisible();
  await expect(cards(signs)).toHaveCount(6);

  const servicesList = section(page, "crown-services", "checklist");
  await expect(servicesList.getByRole("heading", { level: 2 })).toBeVisible();
  expect(await servicesList.getByRole("listitem").count()).toBeGreaterThan(0);

  const process = section(page, "crown-replacement-process", "steps");
  await expect(steps(process)).toHaveCount(4);
  await expect(process.getByRole("heading", { level: 3 })).toHaveText([
    /Inspection$/,
    /Preparation$/,
    /Installation$/,
    /Finishing$/,
  ]);

  const scheduleNow = page.locator("main").getByRole("link", { name: "Schedule Now" });
  await expect(scheduleNow).toHaveCount(1);
  await expect(scheduleNow).toHaveAttribute("href", "/contact");
});

test("visitor reads the tuckpointing page and finds 6 signs, the 5-step process and 6 benefits", async ({ page }) => {
  await visit(page, "/services/tuckpointing");
  await expect(cards(section(page, "tuckpointing-signs", "cards"))).toHaveCount(6);
  const process = section(page, "tuckpointing-process", "steps");
  await expect(steps(process)).toHaveCount(5);
  await expect(process.getByRole("heading", { level: 3 })).toHaveCount(5);
  await expect(cards(section(page, "tuckpointing-benefits", "cards"))).toHaveCount(6);
});

test("visitor compares 6 cap types, each with its feature list, then reads 3 benefits and the 5-step installation", async ({
  page,
}) => {
  await visit(page, "/services/hoods-and-caps");
  const types = cards(section(page, "chimney-cap-types", "cards"));
  await expect(types).toHaveCount(6);
  for (const type of await types.all()) {
    await expect(type.getByRole("heading", { level: 3 })).toBeVisible();
    const features = type.getByRole("list").getByRole("listitem");
    expect(await features.count()).toBeGreaterThanOrEqual(1);
  }
  await expect(cards(section(page, "chimney-cap-benefits", "cards"))).toHaveCount(3);
  await expect(steps(section(page, "cap-installation-process", "steps"))).toHaveCount(5);
});

test("visitor weighing a rebuild finds 6 signs, 3 rebuild types, the 7-step process and an FAQ link to the insurance article", async ({
  page,
}) => {
  await visit(page, "/services/chimney-rebuilds");
  await expect(cards(section(page, "chimney-rebuild-signs", "cards"))).toHaveCount(6);
  const types = section(page, "chimney-rebuild-types", "cards");
  await expect(cards(types)).toHaveCount(3);
  await expect(types.getByRole("heading", { level: 3 })).toHaveText([
    "Partial Rebuild",
    "Complete Rebuild",
    "Historic Restoration",
  ]);
  await expect(steps(section(page, "chimney-rebuild-process", "steps"))).toHaveCount(7);

  // The link sits in a closed answer: present in the HTML, but only reachable once the question is opened.
  const articleLink = faqRegion(page).locator(`a[href="${INSURANCE_ARTICLE}"]`);
  await expect(articleLink).toHaveCount(1);
  await expect(articleLink).toBeHidden();
  const trigger = faqTriggers(page).filter({ has: page.getByText(/insurance/i) });
  await expect(trigger).toHaveCount(1);
  await trigger.click();
  await expectExpanded(trigger, true);
  await expect(articleLink).toBeVisible();
  await articleLink.click();
  await expect(page).toHaveURL(new RegExp(`${INSURANCE_ARTICLE}$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Will Insurance Pay for Chimney Repair?");
});

test("visitor on the masonry repair page finds 6 problems, 6 solutions with 'Request Service', 6 benefits and 'Schedule Free Estimate'", async ({
  page,
}) => {
  await visit(page, "/services/masonry-repair");
  await expect(cards(section(page, "common-masonry-problems", "cards"))).toHaveCount(6);

  const solutions = cards(section(page, "masonry-repair-solutions", "cards"));
  await expect(solutions).toHaveCount(6);
  for (const solution of await solutions.all()) {
    await expect(solution.getByRole("link", { name: "Request Service", exact: true })).toHaveAttribute(
      "href",
      "/contact",
    );
  }
  await expect(page.locator("main").getByRole("link", { name: "Request Service", exact: true })).toHaveCount(6);

  await expect(cards(section(page, "masonry-repair-benefits", "cards"))).toHaveCount(6);
  const schedule = page.locator("main").getByRole("link", { name: "Schedule Free Estimate" });
  await expect(schedule).toHaveCount(1);
  await expect(schedule).toHaveAttribute("href", "/contact");
});

test("visitor on the glass block page can request a quote or call, and reads the 4 benefit cards", async ({ page }) => {
  await visit(page, "/services/glass-block-windows");
  const main = page.locator("main");
  await expect(main.getByRole("link", { name: "Request Your Free Quote" })).toHaveAttribute("href", "/contact");
  await expect(main.getByRole("link", { name: "Call Us Now" })).toHaveAttribute("href", PHONE_HREF);

  const benefits = section(page, "glass-block-benefits", "cards");
  await expect(cards(benefits)).toHaveCount(4);
  await expect(benefits.getByRole("heading", { level: 3 })).toHaveText([
    "Security",
    "Privacy",
    "Natural Light",
    "Energy Efficiency",
  ]);
});

test("visitor opens one FAQ answer at a time on a service page, and closes the open one by clicking it again", async ({
  page,
}) => {
  await visit(page, "/services/chimney-crowns");
  const triggers = faqTriggers(page);
  await expect(triggers).toHaveCount(4);
  await expect(faqRegion(page).locator("details[open]")).toHaveCount(0);

  const first = triggers.nth(0);
  const second = triggers.nth(1);
  const firstAnswer = answerOf(first);
  const secondAnswer = answerOf(second);
  await expect(firstAnswer).toBeHidden();

  await first.click();
  await expectExpanded(first, true);
  await expect(firstAnswer).toBeVisible();

  await second.click();
  await expectExpanded(second, true);
  await expect(secondAnswer).toBeVisible();
  await expectExpanded(first, false);
  await expect(firstAnswer).toBeHidden();
  await expect(faqRegion(page).locator("details[open]")).toHaveCount(1);

  await second.click();
  await expectExpanded(second, false);
  await expect(secondAnswer).toBeHidden();
  await expect(faqRegion(page).locator("details[open]")).toHaveCount(0);
});

test("keyboard user tabs to the FAQ questions and toggles them with Enter and Space", async ({ page }) => {
  await visit(page, "/services/chimney-crowns");
  const triggers = faqTriggers(page);
  await expect(triggers).toHaveCount(4);

  // Shift+Tab from 'View All FAQs' lands on the last question (closed answers hold no tab stops).
  await faqRegion(page).getByRole("link", { name: "View All FAQs" }).focus();
  await page.keyboard.press("Shift+Tab");
  await expect(triggers.nth(3)).toBeFocused();

  // Tab moves from one question to the next.
  await triggers.nth(0).focus();
  await page.keyboard.press("Tab");
  await expect(triggers.nth(1)).toBeFocused();

  await page.keyboard.press("Enter");
  await expectExpanded(triggers.nth(1), true);
  await expect(answerOf(triggers.nth(1))).toBeVisible();
  await page.keyboard.press("Enter");
  await expectExpanded(triggers.nth(1), false);

  await page.keyboard.press("Space");
  await expectExpanded(triggers.nth(1), true);
  await page.keyboard.press("Space");
  await expectExpanded(triggers.nth(1), false);
  await expect(answerOf(triggers.nth(1))).toBeHidden(); // closed (after its 0.3 s animation)

  // Disclosure pattern: Tab and Shift+Tab move between questions (no arrow-key roving).
  await page.keyboard.press("Tab");
  await expect(triggers.nth(2)).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(triggers.nth(1)).toBeFocused();
});

test("search engines get every FAQ answer in the server HTML, even the closed ones", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/services/chimney-crowns");
  const triggers = faqTriggers(page);
  await expect(triggers).toHaveCount(4);
  for (const trigger of await triggers.all()) {
    await expectExpanded(trigger, false);
    const answer = answerOf(trigger);
    await expect(answer).toHaveCount(1);
    await expect(answer).toBeHidden();
    expect((await answer.textContent())?.trim().length ?? 0).toBeGreaterThan(40);
  }
  await context.close();
});
