// The owner's customers on a phone (decision 0051): a homeowner served last year wrote again from another e-mail, so
// the site made a second customer and suggests the merge. The owner opens Customers, finds her by her phone typed
// another way, opens her history (request, quote, invoice, job, what she owes, when she is due), merges the new
// record into hers, sees both histories as one, undoes the merge, and records her wood stove. Screenshots of the list
// and the customer's page at the project's width (375 px mobile, 1280 px desktop) are kept in test-results/.
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { openEstimateStore } from "../../server/requests/estimate-store.ts";
import { seedJob } from "../support/seed-quote.ts";
import { addAuthenticator, enrol, ownServer } from "./owner-support";

const own = ownServer("customers");
const server = own.server;

const base = {
  service: "Chimney Crown Repair",
  message: "The crown is cracked again.",
  city: "Normal",
  spam: false,
  idempotencyKey: null,
  ip: null,
  userAgent: null,
};

test.beforeAll(async () => {
  test.setTimeout(90_000);
  // Dana Whitfield, (309) 555-0177: a quote accepted, its invoice sent, the job done, her street known.
  const { jobId, quoteId } = seedJob(server.dataDir ?? "");
  const store = openEstimateStore({ dataDir: server.dataDir });
  try {
    store.jobs.markDone(jobId);
    const estimateId = store.quotes.get(quoteId)?.estimate_id ?? 0;
    store.visits.putPlace({ estimateId, town: "Normal", served: true, street: "1204 North Main Street", notes: "" });
    // A year on she writes again, from her work address, her name in capitals: a customer of its own, suggested.
    store.save({ ...base, name: "DANA WHITFIELD", email: "dana.w@work.example", phone: "309.555.0177" });
    store.save({ ...base, name: "Ann O'Neil", email: "ann@example.com", phone: "(309) 828-1234", city: "Bloomington" });
    store.save({ ...base, name: "José Núñez", email: "jose@example.com", phone: "(217) 555-0142", city: "Peoria" });
  } finally {
    store.close();
  }
  await own.start();
});
test.afterAll(own.stop);

const width = (page: Page) => page.viewportSize()?.width ?? 0;
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join("test-results", `customers-${name}-${width(page)}.png`), fullPage: true });

/** Nothing wider than the screen (a phone's layout viewport grows to fit what overflows, so the width is fixed). */
async function fitsWidth(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width(page));
}

test("the owner finds a customer by a phone typed another way, opens her history, merges two and undoes it", async ({
  page,
}) => {
  test.setTimeout(120_000);
  page.setDefaultTimeout(15_000);
  await addAuthenticator(page);
  await enrol(page, "Phone", server);
  const nav = page.getByRole("navigation", { name: "Console" });
  await nav.getByRole("link", { name: "Customers" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Customers" })).toBeVisible();
  // Eight tabs: on one line on a desk, two rows of four on a phone.
  await expect(nav.getByRole("link")).toHaveText([
    "Inbox",
    "Visits",
    "Quotes",
    "Jobs",
    "Money",
    "Customers",
    "Site",
    "Reports",
  ]);
  const tops = await nav
    .getByRole("link")
    .evaluateAll((links) => links.map((a) => Math.round(a.getBoundingClientRect().top)));
  expect(new Set(tops).size).toBe((page.viewportSize()?.width ?? 0) < 640 ? 2 : 1);
  await expect(page.getByText("4 customers on file.")).toBeVisible();

  // The suggestion comes first; nothing is merged yet.
  const suggested = page.getByRole("region", { name: "Suggested merges" });
  await expect(suggested.getByRole("listitem")).toHaveCount(1);
  await expect(suggested).toContainText("Same phone");
  await expect(suggested.getByRole("link")).toHaveText(["Dana Whitfield", "DANA WHITFIELD"]);
  await fitsWidth(page);
  await shot(page, "list");

  // Her phone, typed another way.
  await page.getByRole("searchbox", { name: "Name, street, phone or e-mail" }).fill("309 555 0177");
  await page.getByRole("button", { name: "Find" }).click();
  const found = page.getByRole("region", { name: "Found for “309 555 0177”" }).getByRole("listitem");
  await expect(found).toHaveCount(2);
  await found
    .filter({ hasText: "Dana Whitfield" })
    .filter({ hasText: "1204 North Main Street" })
    .getByRole("link")
    .click();

  // Her history, what she owes, when she is due.
  await expect(page.getByRole("heading", { level: 1, name: "Dana Whitfield" })).toBeVisible();
  await expect(page.getByText("Person · on file since")).toContainText("1 request");
  const history = page.getByRole("list", { name: "History" });
  for (const kind of ["Request:", "Quote:", "Invoice:", "Job:"]) await expect(history).toContainText(kind);
  await expect(history.getByRole("link", { name: /^INV-\d{4} sent$/ })).toBeVisible();
  await expect(page.getByLabel("They owe")).not.toHaveText("$0.00");
  await expect(page.getByLabel("Next due")).toContainText(String(new Date().getFullYear() + 1));
  const looksLike = page.getByRole("list", { name: "Looks like the same person" });
  await expect(looksLike).toContainText("DANA WHITFIELD");
  await expect(looksLike).toContainText("Same phone");
  await fitsWidth(page);
  await shot(page, "customer");

  // Merge the new record into hers: one customer, both histories.
  await looksLike.getByRole("button", { name: "Merge into Dana Whitfield" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Merged: their history is on this page now. Undo it below if they are not the same person.",
  );
  await expect(page.getByText("Person · on file since")).toContainText("2 requests");
  await expect(history.getByRole("link", { name: /Chimney Crown Repair/ })).toHaveCount(2);
  await expect(page.getByText("dana.w@work.example")).toBeVisible();
  await expect(page.getByRole("list", { name: "Looks like the same person" })).toHaveCount(0);
  const merges = page.getByRole("list", { name: "Merges" });
  await expect(merges).toContainText("DANA WHITFIELD merged in on");
  await shot(page, "merged");

  // Found by the other record's e-mail, it is one customer now.
  await nav.getByRole("link", { name: "Customers" }).click();
  await expect(page.getByRole("region", { name: "Suggested merges" })).toHaveCount(0);
  await page.getByRole("searchbox", { name: "Name, street, phone or e-mail" }).fill("dana.w@work.example");
  await page.getByRole("button", { name: "Find" }).click();
  const one = page.getByRole("region", { name: "Found for “dana.w@work.example”" }).getByRole("listitem");
  await expect(one).toHaveCount(1);
  await expect(one).toContainText("2 requests");
  await one.getByRole("link").click();

  // Undo: they stand apart again, and the suggestion is back.
  await page.getByRole("button", { name: "Undo: DANA WHITFIELD stands apart again" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Merge undone: they stand apart again, each with their own history.",
  );
  await expect(page.getByText("Person · on file since")).toContainText("1 request");
  await expect(page.getByRole("list", { name: "Looks like the same person" })).toContainText("DANA WHITFIELD");
  await expect(page.getByRole("list", { name: "Merges" })).toContainText("undone on");

  // Her wood stove, burned every day: on file with its due day.
  const place = page.getByRole("region", { name: /1204 North Main Street/ });
  await place.getByText("Add a flue here").click();
  await place.getByLabel("What it is").selectOption({ label: "Stove" });
  await place.getByLabel("Fuel").selectOption({ label: "Wood" });
  await place.getByLabel("How much it is used").selectOption({ label: "Used every day in season" });
  await place.getByLabel("Which one (e.g. living room)").fill("Basement stove");
  await place.getByRole("button", { name: "Add the flue" }).click();
  await expect(page.getByRole("status")).toHaveText("Flue added.");
  const flues = page.getByRole("list", { name: /^Flues at 1204 North Main Street/ });
  await expect(flues).toContainText("Basement stove");
  await expect(flues).toContainText("Stove · Wood · Used every day in season");
  await fitsWidth(page);
});
