import { expect, test } from "@playwright/test";
import { visit } from "./support";

const MESSAGE =
  "The page you are looking for might have been removed, had its name changed, or is temporarily unavailable.";

for (const path of ["/no-such-page", "/services/not-a-service", "/blog/not-an-article", "/deep/unknown/path"]) {
  test(`visitor who follows a broken link (${path}) gets a real 404 page inside the site`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle(/Page Not Found/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
    await expect(page.locator("main")).toContainText(MESSAGE);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expect(page.locator("header")).toBeVisible();
    await expect(page.locator("footer")).toBeVisible();
  });
}

test("from the 404 page, 'Back to Home' goes home and 'Go Back' returns to the previous page", async ({ page }) => {
  await visit(page, "/faq");
  await page.goto("/missing-page");
  await page.getByRole("button", { name: "Go Back" }).click();
  await expect(page).toHaveURL(/\/faq$/);

  await page.goto("/missing-page");
  await page.getByRole("link", { name: "Back to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});
