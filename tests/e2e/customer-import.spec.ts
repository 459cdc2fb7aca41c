// The owner brings his old customer list in from Jobber on a phone (decision 0053). From Customers he opens the import,
// chooses the client export as Jobber gives it (its own headers, research §2.5), and sees the dry run: counts that add
// up, each refused row by its number and why, who gets reminders; nothing has changed yet. He imports it, finds one of
// his old customers by her phone typed another way, her address and ZIP as typed, then undoes the whole import and
// his customer list is empty again. Every step is a form the browser submits. A server of its own; the
// screenshots are kept in test-results/.
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { addAuthenticator, enrol, onPhone, ownServer } from "./owner-support";

const own = ownServer("customer-import");
const JOBBER_FILE = path.resolve("tests/support/customer-import/jobber-clients.csv");

test.beforeAll(async () => {
  if (!onPhone()) return;
  test.setTimeout(90_000);
  await own.start();
});
test.afterAll(() => own.stop());

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join("test-results", `customer-import-${name}-375.png`), fullPage: true });

async function fitsWidth(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

test("the owner imports his Jobber client export, sees the dry run, imports it, finds a customer and undoes it all", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== "mobile", "a phone's story");
  test.setTimeout(150_000);
  page.setDefaultTimeout(15_000);
  await addAuthenticator(page);
  await enrol(page, "Phone", own.server);
  const nav = page.getByRole("navigation", { name: "Console" });
  await nav.getByRole("link", { name: "Customers" }).click();
  await expect(page.getByText("0 customers on file.")).toBeVisible();
  await page.getByRole("link", { name: "Import customers from a file" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Import customers" })).toBeVisible();
  await fitsWidth(page);
  await shot(page, "upload");

  // The dry run: nothing is written yet.
  await page.getByLabel("The file (CSV)").setInputFiles(JOBBER_FILE);
  await page.getByRole("button", { name: "Look at the file" }).click();
  const dry = page.getByRole("heading", { name: "What this file would do" });
  await expect(dry).toBeVisible();
  await expect(
    page.getByText("jobber-clients.csv: Jobber client export, read as UTF-8. Nothing has changed yet."),
  ).toBeVisible();
  await expect(page.locator("p", { hasText: "rows read =" })).toHaveText(
    "12 rows read = 8 new + 0 already here + 1 possible duplicates + 3 refused",
  );
  const refused = page.getByRole("region", { name: "Refused rows (3)" }).getByRole("listitem");
  await expect(refused).toHaveText([
    "Row 6: the phone “828-1234” has no area code.",
    "Row 9: the e-mail “luis.ortega@example” is not an e-mail address.",
    "Row 12: it has no name, e-mail or phone.",
  ]);
  const mail = page.getByRole("region", { name: "Reminder e-mails" });
  await expect(mail).toContainText("4 customers said yes to visit reminders in Jobber: they can get your reminders.");
  await expect(mail).toContainText("5 customers are not signed up: the file does not say they said yes.");
  await page.getByText("Possible duplicates (1)").click();
  await expect(page.getByText(/Row 8: ANN ONEIL, looks like row 7 \(same phone\)/)).toBeVisible();
  await fitsWidth(page);
  await shot(page, "dry-run");
  await page.goto(`${own.server.origin}/owner/customers`);
  await expect(page.getByText("0 customers on file.")).toBeVisible();
  await page.goBack();

  // The import itself.
  await page.getByRole("button", { name: "Import 9 customers" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Imported: 8 new customers, 0 updated, 1 customer with a possible duplicate to look at (Customers). 3 refused rows were left out.",
  );
  const imports = page.getByRole("region", { name: "Your imports" });
  await expect(imports).toContainText("8 new, 0 updated, 1 possible duplicates, 3 refused.");
  await fitsWidth(page);
  await shot(page, "imported");

  // Margaret Hollis, found by her phone typed another way, her address and ZIP as typed.
  await page.getByRole("link", { name: "← Customers" }).click();
  await expect(page.getByText("9 customers on file.")).toBeVisible();
  await page.getByRole("searchbox", { name: "Name, street, phone or e-mail" }).fill("309 828 4417");
  await page.getByRole("button", { name: "Find" }).click();
  const found = page.getByRole("region", { name: "Found for “309 828 4417”" }).getByRole("listitem");
  await expect(found).toHaveCount(1);
  await found.getByRole("link", { name: "Margaret Hollis" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Margaret Hollis" })).toBeVisible();
  await expect(page.getByText("mhollis@example.com")).toBeVisible();
  await expect(page.getByText("(309) 828-4417")).toBeVisible();
  await expect(page.getByText("1204 N Main St, Bloomington 61701")).toBeVisible();
  await fitsWidth(page);
  await shot(page, "customer");

  // The whole import undone: the list is as it was.
  await page.goto(`${own.server.origin}/owner/customers/import`);
  await imports.getByText("Undo this import").click();
  await fitsWidth(page);
  await shot(page, "undo");
  // The file's name is for a screen reader, after a space Chromium's accessible name puts before a positioned span.
  await imports.getByRole("button", { name: /^Yes, undo it\s?: jobber-clients\.csv$/ }).click();
  await expect(page.getByRole("status")).toHaveText(/^Import undone: 9 customers removed/);
  await expect(imports).toContainText("Undone");
  await expect(imports.getByText("Undo this import")).toHaveCount(0);
  await fitsWidth(page);
  await shot(page, "undone");
  await page.getByRole("link", { name: "← Customers" }).click();
  await expect(page.getByText("0 customers on file.")).toBeVisible();
});
