import { expect, test, type Page } from "@playwright/test";
import { PHONE, PHONE_HREF, answerOf, expectExpanded, isMobile, visit, waitForIslands } from "./support";

const CITIES = [
  { slug: "bloomington", name: "Bloomington" },
  { slug: "normal", name: "Normal" },
  { slug: "peoria", name: "Peoria" },
  { slug: "east-peoria", name: "East Peoria" },
  { slug: "washington", name: "Washington" },
  { slug: "morton", name: "Morton" },
  { slug: "pekin", name: "Pekin" },
  { slug: "chillicothe", name: "Chillicothe" },
] as const;

const ARTICLES = [
  {
    slug: "will-insurance-pay-for-chimney-repair",
    title: "Will Insurance Pay for Chimney Repair? Storm Damage, Claims and What to Expect",
    published: "May 31, 2025",
    datePublished: "2025-05-31",
    updated: null,
  },
  {
    slug: "signs-you-need-chimney-crown-repair-bloomington",
    title: "7 Signs You Need Chimney Crown Repair in Bloomington",
    published: "June 9, 2025",
    datePublished: "2025-06-09",
    updated: null,
  },
  {
    slug: "cost-of-chimney-repair-bloomington-il",
    title: "How Much Does Chimney Repair Cost in Bloomington, IL? (2025 Guide)",
    published: "June 10, 2025",
    datePublished: "2025-06-10",
    updated: "June 11, 2025",
  },
  {
    slug: "chimney-repair-peoria-il",
    title: "Chimney Repair in Peoria, IL: A Homeowner's Guide",
    published: "June 13, 2025",
    datePublished: "2025-06-13",
    updated: "June 16, 2025",
  },
] as const;

async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.flatMap((text) => {
    const data = JSON.parse(text) as unknown;
    return (Array.isArray(data) ? data : [data]) as Record<string, unknown>[];
  });
}

async function robotsContents(page: Page) {
  return page.locator('meta[name="robots"]').evaluateAll((metas) => metas.map((m) => m.getAttribute("content") ?? ""));
}

// ---------------------------------------------------------------------------------------------
// City pages
// ---------------------------------------------------------------------------------------------

for (const city of CITIES) {
  test(`visitor from ${city.name} lands on their city page with breadcrumb, 5 services, estimate and call buttons`, async ({
    page,
  }) => {
    const response = await page.goto(`/locations/${city.slug}`);
    expect(response?.status()).toBe(200);
    await waitForIslands(page);
    const main = page.locator("main");

    await expect(page.getByRole("heading", { level: 1 })).toContainText(city.name);

    const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(breadcrumb.getByRole("listitem")).toHaveCount(3);
    await expect(breadcrumb.getByRole("link")).toHaveText(["Home", "Locations"]);
    await expect(breadcrumb.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    const current = breadcrumb.getByRole("listitem").last().locator('[aria-current="page"]');
    await expect(current).toHaveText(city.name);

    const estimateHref = `/contact?city=${city.name.replace(" ", "%20")}`;
    const estimate = main.getByRole("link", { name: /^Get a Free Estimate/ });
    expect(await estimate.count()).toBeGreaterThanOrEqual(1);
    for (const link of await estimate.all()) await expect(link).toHaveAttribute("href", estimateHref);

    const serviceCards = page.getByTestId("city-service-cards").getByRole("article");
    await expect(serviceCards).toHaveCount(5);
    const serviceHrefs = new Set<string>();
    for (const card of await serviceCards.all()) {
      const link = card.getByRole("link");
      await expect(link).toHaveAttribute("href", /^\/services\/[a-z-]+$/);
      serviceHrefs.add((await link.getAttribute("href")) ?? "");
    }
    expect(serviceHrefs.size).toBe(5);

    const call = main.getByRole("link", { name: `Call ${PHONE}` });
    expect(await call.count()).toBeGreaterThanOrEqual(1);
    for (const link of await call.all()) await expect(link).toHaveAttribute("href", PHONE_HREF);

    const crumbs = (await jsonLd(page)).filter((d) => d["@type"] === "BreadcrumbList");
    expect(crumbs).toHaveLength(1);
    const items = (crumbs[0]?.itemListElement ?? []) as { name: string; position: number }[];
    expect(items.map((i) => i.name)).toEqual(["Home", "Locations", city.name]);

    expect(await robotsContents(page)).not.toContainEqual(expect.stringMatching(/noindex/i));
  });
}

test("visitor follows a link to an unlisted town and gets a generic page that search engines are told to skip", async ({
  page,
  request,
}) => {
  const response = await page.goto("/locations/heyworth-junction");
  expect(response?.status()).toBe(200);
  await waitForIslands(page);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Heyworth Junction");
  await expect(page.getByRole("navigation", { name: "Breadcrumb" }).locator('[aria-current="page"]')).toHaveText(
    "Heyworth Junction",
  );
  expect(await robotsContents(page)).toContainEqual(expect.stringMatching(/noindex/));

  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toContain("/locations/bloomington");
  expect(sitemap).not.toContain("heyworth");
});

// ---------------------------------------------------------------------------------------------
// Blog
// ---------------------------------------------------------------------------------------------

test("visitor browses the blog and finds 4 article cards, each with a title link, a date and an illustrated image", async ({
  page,
}) => {
  await visit(page, "/blog");
  const cards = page.getByTestId("post-list").getByRole("article");
  await expect(cards).toHaveCount(4);
  const hrefs: string[] = [];
  for (const card of await cards.all()) {
    const title = card.getByRole("heading", { level: 2 }).getByRole("link");
    await expect(title).toHaveAttribute("href", /^\/blog\/[a-z0-9-]+$/);
    hrefs.push((await title.getAttribute("href")) ?? "");
    await expect(card.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}$/);
    await expect(card.locator("time")).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    await expect(card.getByRole("img")).toHaveAttribute("alt", /\S/);
  }
  expect(hrefs.sort()).toEqual(ARTICLES.map((a) => `/blog/${a.slug}`).sort());
  await expect(page.getByText("Our Blog is Coming Soon!")).toHaveCount(0);
});

test("visitor clicks a blog card title and reads that article", async ({ page }) => {
  await visit(page, "/blog");
  const article = ARTICLES[2];
  await page.getByTestId("post-list").getByRole("link", { name: article.title }).click();
  await expect(page).toHaveURL(new RegExp(`/blog/${article.slug}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(article.title);
});

for (const article of ARTICLES) {
  test(`reader opens "${article.title}" and sees its title, publication date and article structured data`, async ({
    page,
  }) => {
    const response = await page.goto(`/blog/${article.slug}`);
    expect(response?.status()).toBe(200);
    await waitForIslands(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(article.title);

    const dates = page.getByTestId("post-dates");
    await expect(dates).toContainText(`Published ${article.published}`);
    if (article.updated) await expect(dates).toContainText(`Updated ${article.updated}`);
    else await expect(dates).not.toContainText("Updated");

    const postings = (await jsonLd(page)).filter((d) => d["@type"] === "BlogPosting");
    expect(postings).toHaveLength(1);
    expect(postings[0]?.datePublished).toBe(article.datePublished);
    expect(postings[0]?.headline).toBe(article.title);
  });
}

test("reader of the insurance article finds an FAQ of 5 questions", async ({ page }) => {
  await visit(page, "/blog/will-insurance-pay-for-chimney-repair");
  const faq = page.getByRole("region", { name: "Chimney Insurance Questions" });
  await expect(faq.getByRole("heading", { level: 2 })).toBeVisible();
  await expect(faq.locator("dt")).toHaveCount(5);
  await expect(faq.locator("dd")).toHaveCount(5);
});

test("reader of the cost guide finds a table of 10 services whose rows link to the service pages", async ({ page }) => {
  await visit(page, "/blog/cost-of-chimney-repair-bloomington-il");
  const table = page.locator("article table");
  await expect(table).toHaveCount(1);
  await expect(table.locator("tbody tr")).toHaveCount(10);
  const links = table.locator("tbody").getByRole("link");
  expect(await links.count()).toBeGreaterThan(0);
  for (const link of await links.all()) {
    await expect(link).toHaveAttribute(
      "href",
      /^\/services\/(chimney-crowns|tuckpointing|hoods-and-caps|chimney-rebuilds|masonry-repair|glass-block-windows)$/,
    );
  }
  await expect(table.getByRole("link", { name: "Tuckpointing", exact: true })).toHaveAttribute(
    "href",
    "/services/tuckpointing",
  );

  await table.getByRole("link", { name: "Chimney Crown Repair", exact: true }).click();
  await expect(page).toHaveURL(/\/services\/chimney-crowns$/);
});

test("reader on a 375 px phone sees the cost table without sideways scrolling", async ({ page }) => {
  test.skip(!isMobile(page), "narrow screens");
  await page.setViewportSize({ width: 375, height: 812 });
  await visit(page, "/blog/cost-of-chimney-repair-bloomington-il");
  await expect(page.locator("article table tbody tr")).toHaveCount(10);
  await page.locator("article table").scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test("reader on a 375 px phone can read every cost in full: the table fits its card instead of being cut off", async ({
  page,
}) => {
  test.skip(!isMobile(page), "narrow screens");
  await page.setViewportSize({ width: 375, height: 812 });
  await visit(page, "/blog/cost-of-chimney-repair-bloomington-il");
  const table = page.locator("article table");
  await table.scrollIntoViewIfNeeded();
  // The card around the table hides overflow, so a table wider than the card is silently clipped.
  const { tableRight, cardRight } = await table.evaluate((el) => ({
    tableRight: el.getBoundingClientRect().right,
    cardRight: (el.parentElement as HTMLElement).getBoundingClientRect().right,
  }));
  const costs = table.locator('tbody td[data-label="Typical cost"]');
  await expect(costs).toHaveCount(10);
  for (const cost of await costs.all()) {
    const textRight = await cost.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return range.getBoundingClientRect().right;
    });
    expect(textRight, `cost "${(await cost.textContent()) ?? ""}" is cut off`).toBeLessThanOrEqual(cardRight + 0.5);
  }
  expect(tableRight).toBeLessThanOrEqual(Math.min(cardRight, 375) + 0.5);
});

test("reader of the crown article finds the 7 numbered signs in order", async ({ page }) => {
  await visit(page, "/blog/signs-you-need-chimney-crown-repair-bloomington");
  const signs = page.locator("article").getByRole("heading", { name: /^\d+\.\s/ });
  await expect(signs).toHaveCount(7);
  await expect(signs).toHaveText([/^1\. /, /^2\. /, /^3\. /, /^4\. /, /^5\. /, /^6\. /, /^7\. /]);
});

// ---------------------------------------------------------------------------------------------
// FAQ page
// ---------------------------------------------------------------------------------------------

test("visitor on the FAQ page finds 5 general and 4 service questions and a 'Contact Us Directly' link", async ({
  page,
}) => {
  await visit(page, "/faq");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const general = page.getByRole("region", { name: "General Questions" });
  const service = page.getByRole("region", { name: "Service Questions" });
  await expect(general.locator("summary")).toHaveCount(5);
  await expect(service.locator("summary")).toHaveCount(4);
  await expect(page.locator("main details")).toHaveCount(9);
  await expect(page.locator("main details[open]")).toHaveCount(0);
  await expect(page.locator("main").getByRole("link", { name: "Contact Us Directly" })).toHaveAttribute(
    "href",
    "/contact",
  );
});

test("visitor on the FAQ page opens one answer at a time in each accordion and closes it again", async ({ page }) => {
  await visit(page, "/faq");
  for (const [name, count] of [
    ["General Questions", 5],
    ["Service Questions", 4],
  ] as const) {
    const region = page.getByRole("region", { name, exact: true });
    const triggers = region.locator("summary");
    await expect(triggers).toHaveCount(count);
    const open = region.locator("details[open]");

    const first = triggers.first();
    const last = triggers.last();
    const firstAnswer = answerOf(first);
    const lastAnswer = answerOf(last);
    await expect(firstAnswer).toBeHidden();

    await first.click();
    await expectExpanded(first, true);
    await expect(firstAnswer).toBeVisible();

    await last.click();
    await expectExpanded(last, true);
    await expect(lastAnswer).toBeVisible();
    await expectExpanded(first, false);
    await expect(firstAnswer).toBeHidden();
    await expect(open).toHaveCount(1);

    await last.click();
    await expectExpanded(last, false);
    await expect(lastAnswer).toBeHidden();
    await expect(open).toHaveCount(0);
  }
});

test("keyboard user works the FAQ page accordion with Tab, Enter and Space", async ({ page }) => {
  await visit(page, "/faq");
  const triggers = page.getByRole("region", { name: "General Questions" }).locator("summary");
  await expect(triggers).toHaveCount(5);

  await triggers.nth(0).focus();
  await page.keyboard.press("Tab");
  await expect(triggers.nth(1)).toBeFocused();
  await page.keyboard.press("Enter");
  await expectExpanded(triggers.nth(1), true);
  await page.keyboard.press("Space");
  await expectExpanded(triggers.nth(1), false);
  await expect(answerOf(triggers.nth(1))).toBeHidden(); // closed (after its 0.3 s animation)
  await page.keyboard.press("Tab");
  await expect(triggers.nth(2)).toBeFocused();
  await page.keyboard.press("Space");
  await expectExpanded(triggers.nth(2), true);
  await expect(answerOf(triggers.nth(2))).toBeVisible();
});

test("search engines get all nine FAQ page answers in the server HTML while they are closed", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/faq");
  const answers = page.locator("main details:not([open]) > summary + *");
  await expect(answers).toHaveCount(9);
  for (const answer of await answers.all())
    expect((await answer.textContent())?.trim().length ?? 0).toBeGreaterThan(20);
  await context.close();
});
