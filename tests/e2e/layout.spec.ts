import { expect, test } from "@playwright/test";
import {
  PHONE,
  PHONE_HREF,
  accessibilityState,
  animationsDone,
  expectExpanded,
  isMobile,
  scrollTo,
  visit,
} from "./support";

const SERVICES = [
  "Chimney Crowns",
  "Tuckpointing",
  "Masonry Repair",
  "Glass Block Windows",
  "Hoods & Caps",
  "Chimney Rebuilds",
];
const CITIES = ["Bloomington", "Normal", "Peoria", "East Peoria", "Washington", "Morton", "Pekin", "Chillicothe"];

test("visitor on a desktop sees the top bar with phone, tagline and hours; on a phone it is hidden", async ({
  page,
}) => {
  await visit(page, "/");
  const topBar = page.getByTestId("top-bar");
  if (isMobile(page)) {
    await expect(topBar).toBeHidden();
    return;
  }
  await expect(topBar).toBeVisible();
  await expect(topBar.getByRole("link", { name: PHONE })).toHaveAttribute("href", PHONE_HREF);
  await expect(topBar).toContainText("Serving Bloomington, IL & Surrounding Areas");
  await expect(topBar).toContainText("Mon-Fri: 8am-6pm | Sat: 9am-2pm");
});

test("logo links home and the header holds Home, Services, Blog, Locations and Contact", async ({ page }) => {
  test.skip(isMobile(page), "desktop navigation");
  await visit(page, "/faq");
  const header = page.locator("header");
  // Its name holds the words it shows (WCAG 2.5.3).
  await expect(header.getByRole("link", { name: "Heartland Chimney & Masonry home page" })).toHaveAttribute(
    "href",
    "/",
  );
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
  await expect(nav.getByRole("button", { name: "Services" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Blog" })).toHaveAttribute("href", "/blog");
  await expect(nav.getByRole("button", { name: "Locations" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Contact" })).toHaveAttribute("href", "/contact");
});

test("visitor opens the Services dropdown and lands on a service page at the top, menu closed", async ({ page }) => {
  test.skip(isMobile(page), "desktop dropdown");
  await visit(page, "/");
  await scrollTo(page, 800);
  const trigger = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Services" });
  await trigger.click();
  const menu = page.locator("#nav-services");
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("link")).toHaveText(SERVICES);
  // The list opens under its button, once its opening animation (a slight scale) has ended: a busy machine can be
  // measured mid-way, 2.4 px off.
  await menu.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
  const [button, list] = [await trigger.boundingBox(), await menu.boundingBox()];
  if (!button || !list) throw new Error("menu button and list have boxes");
  expect(list.y).toBeGreaterThanOrEqual(button.y + button.height);
  expect(Math.abs(list.x - button.x)).toBeLessThan(2);
  await menu.getByRole("link", { name: "Tuckpointing" }).click();
  await expect(page).toHaveURL(/\/services\/tuckpointing$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.locator("#nav-services")).toBeHidden();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test("visitor clicks outside an open dropdown, or opens the other one, and it closes", async ({ page }) => {
  test.skip(isMobile(page), "desktop dropdown");
  await visit(page, "/");
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("button", { name: "Services" }).click();
  await expect(page.locator("#nav-services")).toBeVisible();
  await nav.getByRole("button", { name: "Locations" }).click();
  await expect(page.locator("#nav-locations")).toBeVisible();
  await expect(page.locator("#nav-services")).toBeHidden();
  await page.mouse.click(640, 600);
  await expect(page.locator("#nav-locations")).toBeHidden();
});

test("keyboard user opens the Locations dropdown, finds the eight cities, and closes it with Escape", async ({
  page,
}) => {
  test.skip(isMobile(page), "desktop dropdown");
  await visit(page, "/");
  const trigger = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Locations" });
  await trigger.focus();
  await page.keyboard.press("Enter");
  const menu = page.locator("#nav-locations");
  await expect(menu.getByRole("link")).toHaveText(CITIES);
  await expect(menu).toBeVisible();
  expect(await accessibilityState(page, "[popovertarget=nav-locations]")).toMatchObject({
    name: "Locations",
    expanded: true,
  });
  // Disclosure navigation: the links follow the button in the tab order.
  await page.keyboard.press("Tab");
  await expect(menu.getByRole("link", { name: "Bloomington" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(trigger).toBeFocused();
  expect(await accessibilityState(page, "[popovertarget=nav-locations]")).toMatchObject({ expanded: false });
  await page.keyboard.press("Space");
  await expect(menu).toBeVisible();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(menu.getByRole("link", { name: "Normal" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/locations\/normal$/);
});

test("visitor on a phone toggles the menu and expands Services and Locations", async ({ page }) => {
  test.skip(!isMobile(page), "mobile menu");
  await visit(page, "/");
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  const toggle = page.getByRole("button", { name: "Open menu" });
  await expectExpanded(toggle, false);
  expect(await accessibilityState(page, "[popovertarget=site-nav]")).toMatchObject({
    name: "Open menu",
    expanded: false,
  });
  await toggle.click();
  const close = page.getByRole("button", { name: "Close menu" });
  await expectExpanded(close, true);
  expect(await accessibilityState(page, "[popovertarget=site-nav]")).toMatchObject({
    name: "Close menu",
    expanded: true,
  });
  const mobileNav = page.getByRole("navigation", { name: "Main" });
  await expect(mobileNav.getByRole("link", { name: "Blog" })).toBeVisible();

  const services = mobileNav.locator("summary", { hasText: "Services" });
  await services.click();
  await expectExpanded(services, true);
  for (const name of SERVICES) await expect(mobileNav.getByRole("link", { name, exact: true })).toBeVisible();

  // One sub-list at a time.
  const locations = mobileNav.locator("summary", { hasText: "Locations" });
  await locations.click();
  await expectExpanded(locations, true);
  await expectExpanded(services, false);
  for (const name of CITIES) await expect(mobileNav.getByRole("link", { name, exact: true })).toBeVisible();

  await close.click();
  await expectExpanded(page.getByRole("button", { name: "Open menu" }), false);
  await expect(mobileNav.getByRole("link", { name: "Blog" })).toBeHidden();
});

test("visitor on a phone picks a city from the menu; the new page starts at the top with the menu closed", async ({
  page,
}) => {
  test.skip(!isMobile(page), "mobile menu");
  await visit(page, "/");
  await scrollTo(page, 900);
  await page.getByRole("button", { name: "Open menu" }).click();
  const mobileNav = page.getByRole("navigation", { name: "Main" });
  await mobileNav.locator("summary", { hasText: "Locations" }).click();
  await mobileNav.getByRole("link", { name: "Pekin" }).click();
  await expect(page).toHaveURL(/\/locations\/pekin$/);
  await expectExpanded(page.getByRole("button", { name: "Open menu" }), false);
  await expect(mobileNav).toBeHidden();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  // Back (possibly from the back/forward cache): the menu and its sub-lists are closed there too.
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expectExpanded(page.getByRole("button", { name: "Open menu" }), false);
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  await expect(page.locator("header details[open]")).toHaveCount(0);
});

test("header condenses with a shadow past 50 px of scroll, and the scroll-to-top button appears past 500 px", async ({
  page,
}) => {
  await visit(page, "/");
  const header = page.locator("header").first();
  const toTop = page.getByRole("button", { name: "Scroll to top" });

  await scrollTo(page, 40);
  await expect(header).not.toHaveAttribute("data-condensed");
  await expect(toTop).toBeHidden();

  await scrollTo(page, 60);
  await expect(header).toHaveAttribute("data-condensed", "");
  await expect.poll(() => header.evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe("none");

  await scrollTo(page, 480);
  await expect(toTop).toBeHidden();
  await scrollTo(page, 520);
  await expect(toTop).toBeVisible();

  await toTop.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(header).not.toHaveAttribute("data-condensed");
  await expect(toTop).toBeHidden();
});

test("condensing the header never moves the page content", async ({ page }) => {
  await visit(page, "/");
  const mainTop = () => page.locator("main").evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
  const before = await mainTop();
  await scrollTo(page, 200);
  await expect(page.locator("header").first()).toHaveAttribute("data-condensed", "");
  await animationsDone(page);
  expect(await mainTop()).toBeCloseTo(before, 0);
});

test("footer carries the description, contact links, socials, payment methods, services, areas and this year", async ({
  page,
}) => {
  await visit(page, "/");
  const footer = page.locator("footer");
  await expect(footer.getByRole("link", { name: PHONE })).toHaveAttribute("href", PHONE_HREF);
  await expect(footer.getByRole("link", { name: /@example\.com/ })).toHaveAttribute("href", /^mailto:.+@example\.com$/);
  const socials = footer.getByRole("list", { name: "Social media" }).getByRole("link");
  await expect(socials).toHaveCount(3);
  for (const link of await socials.all()) {
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", /noopener/);
  }
  await expect(footer.getByRole("list", { name: "Accepted payment methods" }).getByRole("listitem")).toHaveText([
    "Visa",
    "Mastercard",
    "American Express",
    "Bitcoin",
  ]);
  await expect(footer.getByRole("heading", { name: "Services" })).toBeVisible();
  for (const name of SERVICES)
    await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", /^\/services\//);
  for (const name of CITIES)
    await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", /^\/locations\//);
  await expect(footer.getByTestId("copyright-year")).toHaveText(String(new Date().getFullYear()));
  // The description names owner claims (family-run, licensed) only once business.ts confirms them.
  await expect(footer).toContainText(/chimney and masonry specialists rebuilding crowns/i);
});

test("keyboard user skips straight to the content with a visible focus ring", async ({ page }) => {
  await visit(page, "/");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  const outline = await skip.evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe("none");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#main$/);
  await page.keyboard.press("Tab");
  const focusedInMain = await page.evaluate(() => document.activeElement?.closest("main") !== null);
  expect(focusedInMain).toBe(true);
});
