import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { animationsDone, expectExpanded, isMobile, visit } from "./support";

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
  const results = await new AxeBuilder({ page })
    .options({
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
      rules: { "label-content-name-mismatch": { enabled: true } },
    })
    .analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

for (const address of [...sitemapPaths(), ...EXTRA_PAGES]) {
  test(`${address} passes axe's WCAG 2.2 AA checks, with no console errors or CSP violations`, async ({ page }) => {
    test.setTimeout(60_000);
    const problems: string[] = [];
    page.on("console", (message) => {
      // The 404 page's own document is the one expected failed load.
      const expected404 = address === "/no-such-page" && message.text().includes("status of 404");
      if (message.type() === "error" && !expected404) problems.push(`console: ${message.text()}`);
    });
    page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    await visit(page, address);
    problems.push(...(await axeViolations(page)));
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
