// Every console form is submitted by a browser story, as the owner would submit it (issue 51): the forms no other
// story taps. The inventory, form by form, is docs/console-forms.md.
import { expect, test } from "@playwright/test";
import { openEstimateStore } from "../../server/requests/estimate-store.ts";
import { seedQuote } from "../support/seed-quote.ts";
import {
  addAuthenticator,
  CONSOLE,
  enrol,
  onPhone,
  ownServer,
  storeRequest,
  waitForPasskeyButton,
} from "./owner-support";

const draftOf = (quoteId: number) => {
  const store = openEstimateStore({ dataDir: process.env.E2E_DATA_DIR });
  try {
    return JSON.parse(store.quotes.get(quoteId)?.draft ?? "{}") as {
      options: { name: string; lines: { name: string }[] }[];
      addons: { name: string }[];
    };
  } finally {
    store.close();
  }
};

test("owner restores a request from its own screen and books the caller's visit", async ({ page }) => {
  await addAuthenticator(page);
  await enrol(page);
  const lead = storeRequest({ spam: true });
  await page.goto(`${CONSOLE}/owner/requests/${lead.id}`);
  await page.getByRole("button", { name: "Not spam: restore" }).click();
  await expect(page.getByText("Restored: it is in the inbox now.")).toBeVisible();

  await page.getByText("Book the visit").click();
  await page.getByLabel("Street").fill("12 Elm St");
  await page.getByLabel("Notes").fill("Side gate; the dog is friendly.");
  await page.getByRole("radio").first().check();
  await page.getByRole("button", { name: "Book and send the invite" }).click();
  await expect(page.getByText("Visit booked. The homeowner gets an e-mail with a calendar invite.")).toBeVisible();
  await expect(page.getByText("Notes: Side gate; the dog is friendly.")).toBeVisible();
});

test("owner builds a quote with every button of the editor: lines, a discount, an add-on, options, remove, save", async ({
  page,
}) => {
  await addAuthenticator(page);
  await enrol(page);
  const lead = storeRequest();
  await page.goto(`${CONSOLE}/owner/requests/${lead.id}`);
  await page.getByRole("button", { name: "New quote" }).click();
  const quoteId = Number(/\/owner\/quotes\/(\d+)/.exec(page.url())?.[1]);
  const tap = (name: string) => page.getByRole("button", { name, exact: true }).first().click();

  await tap("Blank line");
  await expect(page.getByText("Saved.")).toBeVisible();
  await page.getByLabel("Line name").first().fill("Crown wash");
  await tap("Save");
  await expect(page.getByText("Saved.")).toBeVisible();
  expect(draftOf(quoteId).options[0]?.lines.map((l) => l.name)).toEqual(["Crown wash"]);

  await tap("Discount");
  await expect(page.getByLabel("Line name").nth(1)).toHaveValue("Discount");
  await page.getByText("Add an add-on").click();
  await tap("Blank add-on");
  expect(draftOf(quoteId).addons).toHaveLength(1);

  await tap("Remove this line");
  expect(draftOf(quoteId).options[0]?.lines.map((l) => l.name)).toEqual(["Discount"]);

  await tap("Offer options (good / better / best)");
  await expect(page.getByLabel("Option 2")).toHaveValue("Better");
  await page.getByRole("button", { name: "Remove", exact: true }).last().click();
  await expect(page.getByLabel("Option 2")).toHaveCount(0);
  expect(draftOf(quoteId).options).toHaveLength(1);
});

test("owner pauses and resumes a sent quote's follow-ups, shows it on his phone, and withdraws it", async ({
  page,
}) => {
  await addAuthenticator(page);
  await enrol(page);
  const { quoteId } = seedQuote(process.env.E2E_DATA_DIR ?? "");
  await page.goto(`${CONSOLE}/owner/quotes/${quoteId}`);
  await page.getByRole("button", { name: "Pause follow-ups" }).click();
  await expect(page.getByText("Follow-ups paused: none goes until you resume them.")).toBeVisible();
  await page.getByRole("button", { name: "Resume follow-ups" }).click();
  await expect(page.getByText("Follow-ups resumed.")).toBeVisible();

  await page.getByRole("button", { name: "Show it on this phone" }).click();
  await expect(page).toHaveURL(/\/quote\/[A-Za-z0-9_-]+/);
  await expect(page.getByRole("heading", { level: 1, name: "Your quote" })).toBeVisible();

  await page.goto(`${CONSOLE}/owner/quotes/${quoteId}`);
  await page.getByRole("button", { name: "Withdraw this quote" }).click();
  await expect(page.getByText("Withdrawn: its links now lead nowhere, and no follow-up goes.")).toBeVisible();
});

test("owner records a deposit received on an accepted quote", async ({ page, browser }) => {
  await addAuthenticator(page);
  await enrol(page);
  const { quoteId, token } = seedQuote(process.env.E2E_DATA_DIR ?? "");
  // The homeowner accepts on their own phone.
  const home = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const dana = await home.newPage();
  await dana.goto(`${CONSOLE}/quote/${token}`);
  await dana.getByRole("checkbox", { name: /receive this quote and its records electronically/ }).check();
  const pamphlet = dana.getByRole("checkbox", { name: /have received from the contractor a copy of the pamphlet/ });
  if (await pamphlet.count()) await pamphlet.check();
  await dana.getByLabel("Your full name").fill("Dana Whitfield");
  await dana.getByRole("button", { name: "I accept" }).click();
  await expect(dana.getByText("Thank you: your acceptance is recorded.")).toBeVisible();
  await home.close();

  await page.goto(`${CONSOLE}/owner/quotes/${quoteId}`);
  // More than the deposit still owed is refused (issue 64), with what was typed kept; what is owed is recorded.
  await page.getByLabel("Amount ($)").fill("550");
  await page.getByLabel("How").selectOption("check");
  await page.getByRole("button", { name: "Record a deposit received" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "$550.00 is more than the $435.00 still owed on the deposit. Nothing was recorded.",
  );
  await page.getByLabel("Amount ($)").fill("435");
  await page.getByLabel("How").selectOption("check");
  await page.getByRole("button", { name: "Record a deposit received" }).click();
  await expect(page.getByText("Deposit recorded.")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: /^\$435\.00 by check/ })).toBeVisible();
});

test.describe("sign-in settings, on a server of their own", () => {
  // "Sign out everywhere" ends every session on its server: not the shared one, where other stories are signed in.
  const own = ownServer("owner-forms");
  test.beforeAll(() => own.start());
  test.afterAll(() => own.stop());

  test("owner is told his only passkey stays, ends this session, then signs out everywhere", async ({ page }) => {
    await addAuthenticator(page);
    await enrol(page, "Phone", own.server);
    const signIn = async () => {
      await page.goto(`${own.server.origin}/owner/sign-in`);
      await waitForPasskeyButton(page);
      await page.getByRole("button", { name: "Sign in with a passkey" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Estimate requests" })).toBeVisible();
    };
    await page.goto(`${own.server.origin}/owner/security`);
    await page.getByRole("button", { name: "Remove passkey Phone" }).click();
    await expect(
      page.getByText("That is your only passkey. Add another one first (or make a new invite on the server)."),
    ).toBeVisible();

    await page.getByRole("button", { name: "Sign out here" }).click();
    await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toBeVisible();
    await signIn();

    await page.goto(`${own.server.origin}/owner/security`);
    await page.getByRole("button", { name: "Sign out everywhere" }).click();
    await expect(page).toHaveURL(/\/owner\/sign-in\?signed-out/);
    await page.goto(`${own.server.origin}/owner`);
    await expect(page).toHaveURL(/\/owner\/sign-in/);
  });
});

test.describe("a second device, on a server of its own", () => {
  // Its sessions and passkeys are counted: not the shared server's, where other stories enrol.
  const own = ownServer("owner-devices");
  test.skip(({ isMobile }) => !isMobile, "the owner's phone");
  test.beforeAll(async () => {
    if (onPhone()) await own.start();
  });
  test.afterAll(() => own.stop());

  test("owner ends his laptop's session and removes its passkey from his phone", async ({ page, browser }) => {
    test.setTimeout(60_000);
    page.setDefaultTimeout(15_000);
    await addAuthenticator(page);
    await enrol(page, "Phone", own.server);
    const laptop = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await addAuthenticator(laptop);
    await enrol(laptop, "Laptop", own.server);

    await page.goto(`${own.server.origin}/owner/security`);
    const sessions = page.locator("li").filter({ has: page.getByRole("button", { name: /^(End|Sign out here)$/ }) });
    await expect(sessions).toHaveCount(2);
    await page.getByRole("button", { name: "End", exact: true }).click();
    await expect(page.getByText("That session has ended.")).toBeVisible();
    await page.reload();
    await expect(sessions).toHaveCount(1);
    await expect(page.getByRole("button", { name: "End", exact: true })).toHaveCount(0);
    // The laptop is signed out, and the phone is not.
    await laptop.goto(`${own.server.origin}/owner`);
    await expect(laptop).toHaveURL(/\/owner\/sign-in/);

    await page.getByRole("button", { name: "Remove passkey Laptop" }).click();
    await expect(page.getByText("Passkey removed.")).toBeVisible();
    await page.reload();
    await expect(page.getByRole("button", { name: "Remove passkey Laptop" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Remove passkey Phone" })).toBeVisible();
    // The laptop's passkey no longer signs in.
    await waitForPasskeyButton(laptop);
    await laptop.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(laptop.getByText("That passkey was not accepted. Try again, or use another passkey.")).toBeVisible();
    await expect(laptop).toHaveURL(/\/owner\/sign-in/);
    await laptop.close();
  });
});
