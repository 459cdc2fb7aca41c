import { expect, test } from "@playwright/test";
import { PHONE_HREF, visit } from "./support";

test("visitor lands on the home page and finds every section the business promised", async ({ page }) => {
  await visit(page, "/");
  await expect(page).toHaveTitle(/Chimney & Masonry Repair/);
  const main = page.locator("main");
  await expect(main.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(main.getByRole("link", { name: "Get a Free Estimate" }).first()).toHaveAttribute("href", "/contact");
  await expect(main.getByRole("link", { name: "Our Services" })).toHaveAttribute("href", "/services/chimney-crowns");

  await expect(page.getByTestId("trusted-points").getByRole("listitem")).toHaveCount(5);
  const cards = page.getByTestId("service-cards").getByRole("article");
  await expect(cards).toHaveCount(6);
  for (const card of await cards.all()) await expect(card.getByRole("link")).toHaveAttribute("href", /^\/services\/[a-z-]+$/);
  await expect(page.getByTestId("why-choose-us").getByRole("listitem")).toHaveCount(6);

  const testimonials = page.getByTestId("testimonials").locator("figure");
  await expect(testimonials).toHaveCount(3);
  for (const t of await testimonials.all()) await expect(t.getByRole("img", { name: "5 out of 5 stars" })).toBeVisible();

  const cityLinks = page.getByTestId("service-area-links").getByRole("link");
  await expect(cityLinks).toHaveCount(8);
  for (const link of await cityLinks.all()) await expect(link).toHaveAttribute("href", /^\/locations\/[a-z-]+$/);
  await expect(page.locator("#service-area").getByRole("link", { name: /^Call/ })).toHaveAttribute("href", PHONE_HREF);

  const cta = page.locator("section", { has: page.getByRole("heading", { name: "Ready to Fix Your Chimney?" }) });
  await expect(cta.getByRole("link", { name: "Get a Free Estimate" })).toHaveAttribute("href", "/contact");
  await expect(cta.getByRole("link", { name: /^Call/ })).toHaveAttribute("href", PHONE_HREF);
});

test("every image on the home page has alt text and dimensions, and those below the fold load lazily", async ({ page }) => {
  await visit(page, "/");
  const images = await page.locator("img").evaluateAll((imgs) =>
    imgs.map((img) => ({
      alt: img.getAttribute("alt"),
      width: img.getAttribute("width"),
      height: img.getAttribute("height"),
      loading: img.getAttribute("loading"),
      top: img.getBoundingClientRect().top,
    })),
  );
  expect(images.length).toBeGreaterThan(5);
  for (const img of images) {
    expect(img.alt).not.toBeNull();
    expect(Number(img.width)).toBeGreaterThan(0);
    expect(Number(img.height)).toBeGreaterThan(0);
    if (img.top > 1200) expect(img.loading).toBe("lazy");
  }
});

test("the page works without JavaScript: content and links are in the server's HTML", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("service-cards").getByRole("article")).toHaveCount(6);
  await context.close();
});
