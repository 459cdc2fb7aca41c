// A homeowner can find out what happens to their details before and after sending the form.
import { expect, test } from "@playwright/test";
import { PHONE } from "./support";

test("visitor finds the privacy page from the footer and reads what is kept, for how long, and how to delete it", async ({
  page,
}) => {
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Privacy" }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your details, kept simply");
  for (const heading of [
    "What we collect",
    "Booking the estimate visit",
    "Counting visits",
    "Where it is kept and who sees it",
    "The e-mails we send you",
    "How long we keep it",
    "Seeing or deleting your details",
  ]) {
    await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
  }
  await expect(page.getByText("deleted automatically 24 months after they arrive")).toBeVisible();
  // The backup retention (business.leads.backups: 7 daily, 4 weekly) as server/backup/backup.ts applies it.
  await expect(page.getByText("gone from every backup within 28 days")).toBeVisible();
  await expect(page.getByText("We set no cookies")).toBeVisible();
  await expect(page.getByText("we keep only a fingerprint of it", { exact: false })).toBeVisible();
  await expect(
    page.getByText("A booking is part of your request: it is kept, deleted and erased with it."),
  ).toBeVisible();
  // Visitor counting (decision 0029): what is kept, what never is, and for how long.
  await expect(page.getByText("Your internet address and browser name are never stored for this.")).toBeVisible();
  await expect(page.getByText("no cookie, no script, nothing from another company", { exact: false })).toBeVisible();
  await expect(page.getByText("they are deleted after 25 months", { exact: false })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: PHONE, exact: true })).toHaveAttribute(
    "href",
    "tel:3095550134",
  );
});

test("visitor sees a privacy link beside the estimate form's submit button", async ({ page }) => {
  await page.goto("/contact");
  const form = page.getByRole("form", { name: "Request a Free Estimate" });
  const link = form.getByRole("link", { name: /privacy/i });
  await expect(link).toHaveAttribute("href", "/privacy");
  await expect(form.getByRole("button", { name: "Send My Request" })).toBeVisible();
});
