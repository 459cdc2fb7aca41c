import { expect, type Page } from "@playwright/test";

export const PHONE = "(309) 555-0134";
export const PHONE_HREF = "tel:3095550134";

/** Opens a page and waits until its interactive parts (islands) have hydrated. */
export async function visit(page: Page, path: string) {
  await page.goto(path);
  await waitForIslands(page);
}

export async function waitForIslands(page: Page) {
  await expect(page.locator("[data-island]:not([data-hydrated])")).toHaveCount(0);
}

export function isMobile(page: Page) {
  return (page.viewportSize()?.width ?? 1280) < 640;
}

export async function scrollTo(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo(0, top), y);
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(y);
}
