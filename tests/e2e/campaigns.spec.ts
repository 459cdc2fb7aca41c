// Marketing mail in the browser (decision 0052), on a server of its own with a local mail server and its clock on a
// Monday at 10:00 in Chicago. The owner opens Campaigns from Customers, picks who (due by a day, in a town), counts
// them, reads the e-mail as they will get it, and presses Send once (a second press, on the Back button's page, queues
// nothing more): each gets it once. A homeowner with JavaScript off opens their reminder's link, rebooks in one tap,
// and unsubscribes from the e-mail's link (its page only a button). Screenshots of the campaign screen and the
// unsubscribe page at the project's width (375 px mobile, 1280 px desktop) in test-results/.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { simpleParser } from "mailparser";
import { expect, test, type Page } from "@playwright/test";
import { openEstimateStore } from "../../server/requests/estimate-store.ts";
import { addressKeys } from "../../server/marketing/address-keys.ts";
import { emailKey } from "../../server/customers/contact-keys.ts";
import { seedDueCustomers, type SeededCustomer } from "../support/seed-customers.ts";
import { startSmtp, waitFor } from "../server/smtp.ts";
import { addAuthenticator, enrol, ownServer } from "./owner-support";

const OWNER = "owner@heartland.example";
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let own: ReturnType<typeof ownServer>;
let ann: SeededCustomer;
let normal: SeededCustomer[];
let pekin: SeededCustomer[];

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const clock = path.join(mkdtempSync(path.join(tmpdir(), "campaigns-clock-")), "clock");
  // Monday 2027-09-20, 10:00 in Chicago: Ann's chimney is due three weeks on.
  writeFileSync(clock, "2027-09-20T15:00:00.000Z");
  smtp = await startSmtp();
  own = ownServer("campaigns", {
    SMTP_URL: smtp.url,
    NOTIFY_EMAIL: OWNER,
    CONFIRMATION_EMAIL: "off",
    REMINDER_AFTER_BUSINESS_HOURS: "0",
    TEST_CLOCK_FILE: clock,
    MARKETING_SEND_INTERVAL_MS: "50",
    REMINDER_PASS_SECONDS: "1",
  });
  const store = openEstimateStore({ dataDir: own.server.dataDir });
  try {
    [ann] = seedDueCustomers(store, { count: 1, due: "2027-10-11", town: "Bloomington", prefix: "ann" }) as [
      SeededCustomer,
    ];
    normal = seedDueCustomers(store, { count: 3, due: "2028-03-01", town: "Normal", prefix: "normal" });
    pekin = seedDueCustomers(store, { count: 2, due: "2028-03-01", town: "Pekin", prefix: "pekin" });
  } finally {
    store.close();
  }
  await own.start();
});
test.afterAll(async () => {
  own.stop();
  await smtp.close();
});

const width = (page: Page) => page.viewportSize()?.width ?? 0;
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join("test-results", `campaigns-${name}-${width(page)}.png`), fullPage: true });
const mailsTo = (address: string) => smtp.received.filter((m) => m.to.includes(address));

/** Nothing wider than the screen. */
async function fitsWidth(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width(page));
}

test("the owner sends a campaign before the season: picks who, sees the count and the e-mail, presses Send once", async ({
  page,
}) => {
  test.setTimeout(120_000);
  page.setDefaultTimeout(15_000);
  await addAuthenticator(page);
  await enrol(page, "Phone", own.server);
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Customers" }).click();
  await page.getByRole("link", { name: "Campaigns and reminders" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Campaigns" })).toBeVisible();
  // The placeholder postal address is said before anything is sent.
  await expect(page.getByText(/The postal address at the foot of the e-mails is "P\.O\. Box 0000/)).toBeVisible();

  await page.getByLabel("Chimney due by").fill("2028-03-31");
  await page.getByLabel("Town").selectOption("Normal");
  await page.getByRole("button", { name: "Count them" }).click();
  await expect(page.getByRole("heading", { level: 3, name: "3 people" })).toBeVisible();
  const preview = page.getByRole("figure");
  await expect(preview).toContainText("Subject: Book your chimney inspection before the fall rush");
  await expect(preview).toContainText(`Hello ${normal[0]?.name ?? ""},`);
  await expect(preview).toContainText("P.O. Box 0000, Bloomington, IL 61702");
  await expect(preview.getByRole("link", { name: "Unsubscribe from reminders and offers" })).toBeVisible();
  await fitsWidth(page);
  await shot(page, "count");

  await page.getByRole("button", { name: "Send to 3 people" }).click();
  const onItsWay = /^Campaign #(\d+) is on its way: 3 e-mails queued \(due by 2028-03-31 · in Normal\)\./;
  await expect(page.getByRole("status").first()).toHaveText(onItsWay);
  const first = onItsWay.exec((await page.getByRole("status").first().textContent()) ?? "")?.[1];
  // A second press: the Back button's page (loaded again) and its Send name the same campaign; nothing more is queued.
  await page.goBack();
  await page.getByRole("button", { name: "Send to 3 people" }).click();
  await expect(page.getByRole("status").first()).toHaveText(onItsWay);
  expect(onItsWay.exec((await page.getByRole("status").first().textContent()) ?? "")?.[1]).toBe(first);
  for (const person of normal) await waitFor(() => mailsTo(person.email)[0], 20_000);
  await page.reload();
  const sent = page.getByRole("listitem").filter({ hasText: "3 people · due by 2028-03-31 · in Normal" });
  await expect(sent).toHaveCount(1);
  await expect(sent).toContainText("3 sent");
  for (const person of normal) expect(mailsTo(person.email)).toHaveLength(1);
  await fitsWidth(page);
  await shot(page, "sent");
});

test.describe("the homeowner, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("opens the reminder's link and rebooks in one tap, then unsubscribes from the e-mail's link", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    page.setDefaultTimeout(15_000);
    const reminder = await simpleParser((await waitFor(() => mailsTo(ann.email)[0], 30_000)).raw);
    const text = reminder.text ?? "";
    const here = (label: string) => {
      const link = new RegExp(`${label}: (\\S+)`).exec(text)?.[1] ?? "";
      return `${own.server.origin}${new URL(link).pathname}`;
    };

    await page.goto(here("Book my inspection"));
    await expect(page.getByRole("heading", { level: 1, name: `Book your inspection, ${ann.name}` })).toBeVisible();
    await expect(page.getByText(/N Main St, Bloomington/)).toBeVisible();
    expect(await page.locator("script[src]").count()).toBe(0);
    await fitsWidth(page);
    await shot(page, "rebook");
    // One tap: the next open time's own button.
    await page.getByRole("button", { name: /^Book / }).click();
    await expect(page).toHaveURL(/\/visit\/[A-Za-z0-9_-]+$/);
    await expect(page.getByRole("heading", { level: 1, name: "Booked" })).toBeVisible();
    const subjects = async () => Promise.all(mailsTo(ann.email).map(async (m) => (await simpleParser(m.raw)).subject));
    await expect
      .poll(subjects, { timeout: 20_000 })
      .toContainEqual(expect.stringMatching(/^Booked: your free estimate visit/));
    await waitFor(() => mailsTo(OWNER)[0], 20_000);
    // The link again: the visit it booked, and no second request.
    await page.goto(here("Book my inspection"));
    await expect(page.getByRole("heading", { level: 1, name: "You are booked" })).toBeVisible();

    await page.goto(here("Unsubscribe from reminders and offers"));
    await expect(page.getByRole("heading", { level: 1, name: "Stop our reminders and offers?" })).toBeVisible();
    // The GET changed nothing and shows one thing to do: a button, in a form that posts.
    await expect(page.locator("form")).toHaveCount(1);
    await expect(page.locator("form")).toHaveAttribute("method", "post");
    await expect(page.locator("form").getByRole("button")).toHaveText(["Unsubscribe"]);
    await fitsWidth(page);
    await shot(page, "unsubscribe");
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "You are unsubscribed" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Unsubscribe" })).toHaveCount(0);
    await shot(page, "unsubscribed");
    const store = openEstimateStore({ dataDir: own.server.dataDir });
    try {
      const rows = store.db.prepare("SELECT source FROM suppressions").all();
      expect(rows).toEqual([{ source: "unsubscribe" }]);
      const requests = store.db
        .prepare("SELECT count(*) AS n FROM estimates WHERE customer_id = ?")
        .get(store.customers.root(ann.id));
      expect(requests).toEqual({ n: 1 });
    } finally {
      store.close();
    }
  });
});

test("the owner erases a customer who asked to be forgotten: reads what goes and what is kept, ticks, erases; never mailed again", async ({
  page,
}) => {
  test.setTimeout(90_000);
  page.setDefaultTimeout(15_000);
  const [gone, stays] = pekin as [SeededCustomer, SeededCustomer];
  await addAuthenticator(page);
  await enrol(page, "Phone", own.server);
  await page.goto(`${own.server.origin}/owner/customers/${gone.id}`);
  await expect(page.getByRole("heading", { level: 1, name: gone.name })).toBeVisible();
  await page.getByText("Erase this customer", { exact: true }).first().click();
  await expect(page.getByRole("heading", { level: 3, name: "What is kept, and why" })).toBeVisible();
  await expect(page.getByText("Nothing for your books: they never signed a quote.")).toBeVisible();
  await expect(
    page.getByText(/as a scrambled code on the do-not-mail list, so no reminder or campaign reaches/),
  ).toBeVisible();
  await fitsWidth(page);
  await shot(page, "erase");
  // Not ticked: the browser asks for the tick, nothing is sent.
  const erase = page.getByRole("button", { name: "Erase this customer" });
  await erase.click();
  await expect(page).toHaveURL(new RegExp(`/owner/customers/${gone.id}$`));
  await page.getByLabel("Yes, erase them for good").check();
  await erase.click();
  await expect(page).toHaveURL(/\/owner\/customers\?erased=\d+&kept=0$/);
  await expect(page.getByRole("status").first()).toHaveText(
    /^Erased, with \d+ requests?\. Their e-mails and phones stay on the do-not-mail list as a code\.$/,
  );
  await page.getByLabel("Name, street, phone or e-mail").fill(gone.email);
  await page.getByRole("button", { name: "Find" }).click();
  await expect(page.getByRole("link", { name: new RegExp(gone.name) })).toHaveCount(0);
  // Their page is gone; a campaign to their town counts only the neighbour.
  expect((await page.goto(`${own.server.origin}/owner/customers/${gone.id}`))?.status()).toBe(404);
  await page.goto(`${own.server.origin}/owner/campaigns?dueBefore=&town=Pekin&servedIn=&count=1`);
  await expect(page.getByRole("heading", { level: 3, name: "1 person" })).toBeVisible();
  await expect(page.getByText(`${stays.name}, Pekin`, { exact: true })).toBeVisible();
  // Their address is on the list as the import's gate reads it (server/customer-import/import-marketing.ts).
  const store = openEstimateStore({ dataDir: own.server.dataDir });
  try {
    const list = store.marketing.suppressions;
    expect(list.has(addressKeys(list.secret()).hash("email", emailKey(gone.email.toUpperCase()) ?? ""))).toBe(true);
    expect(store.customers.get(gone.id)).toBeUndefined();
  } finally {
    store.close();
  }
});
