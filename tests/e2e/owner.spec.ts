import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import {
  addAuthenticator,
  CONSOLE,
  enrol,
  expiredInvite,
  invite,
  leadStatus,
  oneTapLink,
  storeRequest,
  waitForPasskeyButton,
} from "./owner-support";

test("owner enrols a passkey from an invite, signs out, and signs in again", async ({ page }) => {
  await addAuthenticator(page);
  await enrol(page);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(`${CONSOLE}/owner/sign-in?signed-out`);
  await expect(page.getByText("You are signed out.")).toBeVisible();
  await page.goto(`${CONSOLE}/owner`);
  await expect(page).toHaveURL(`${CONSOLE}/owner/sign-in`);

  await waitForPasskeyButton(page);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL(`${CONSOLE}/owner`);
  await expect(page.getByRole("heading", { level: 1, name: "Estimate requests" })).toBeVisible();
});

test("owner's used or expired invite is refused", async ({ page }) => {
  await addAuthenticator(page);
  const link = invite();
  await page.goto(link);
  await waitForPasskeyButton(page);
  await page.getByRole("button", { name: "Create a passkey on this device" }).click();
  await expect(page).toHaveURL(`${CONSOLE}/owner`);

  for (const refused of [link, expiredInvite()]) {
    const response = await page.goto(refused);
    expect(response?.status()).toBe(410);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link has expired or was already used");
    await expect(page.getByRole("button", { name: "Create a passkey on this device" })).toHaveCount(0);
  }
});

test("owner opens a request from the alert's link, signs in, and marks it contacted", async ({ page }) => {
  await addAuthenticator(page);
  await enrol(page);
  await page.getByRole("button", { name: "Sign out" }).click();
  const lead = storeRequest();

  // The alert links to the request; signed out, the console asks for the passkey first and then goes there.
  await page.goto(`${CONSOLE}/owner/requests/${lead.id}`);
  await expect(page).toHaveURL(`${CONSOLE}/owner/sign-in?next=${encodeURIComponent(`/owner/requests/${lead.id}`)}`);
  await waitForPasskeyButton(page);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL(`${CONSOLE}/owner/requests/${lead.id}`);
  await expect(page.getByRole("heading", { level: 1, name: lead.name })).toBeVisible();
  await expect(page.getByRole("link", { name: "Call" })).toHaveAttribute("href", "tel:3095550177");
  await expect(page.getByRole("link", { name: "Text" })).toHaveAttribute("href", "sms:3095550177");
  await expect(page.getByRole("link", { name: "E-mail" })).toHaveAttribute(
    "href",
    new RegExp(`^mailto:${lead.email}\\?subject=`),
  );
  await expect(page.getByRole("link", { name: "Directions" })).toHaveAttribute("href", /maps.*Normal%2C%20IL/);

  await page.getByRole("button", { name: "Contacted", exact: true }).click();
  await expect(page.getByText("Status saved.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Contacted", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText("status: new → contacted")).toBeVisible();
  expect(leadStatus(lead.id)).toBe("contacted");
  await page.screenshot({ path: test.info().outputPath("request-contacted.png"), fullPage: true });

  await page.getByLabel("Add a note").fill("Left a voicemail, calling back Friday.");
  await page.getByRole("button", { name: "Save note" }).click();
  await expect(page.getByText("Note: Left a voicemail, calling back Friday.")).toBeVisible();
});

test("owner's one-tap link: opening it changes nothing, the button marks contacted, a second use is refused", async ({
  page,
}) => {
  const lead = storeRequest();
  const link = oneTapLink(lead.id);

  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Mark as contacted?" })).toBeVisible();
  expect(leadStatus(lead.id)).toBe("new");
  // A mail scanner's second GET still changes nothing.
  await page.reload();
  expect(leadStatus(lead.id)).toBe("new");

  await page.getByRole("button", { name: "Mark as contacted" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Marked as contacted" })).toBeVisible();
  expect(leadStatus(lead.id)).toBe("contacted");

  const again = await page.goto(link);
  expect(again?.status()).toBe(410);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link has expired or was already used.");
});

test("owner erases a person's details after confirming", async ({ page }) => {
  await addAuthenticator(page);
  await enrol(page);
  const lead = storeRequest();
  storeRequest({ email: lead.email.toUpperCase(), name: `${lead.name} again` });

  await page.goto(`${CONSOLE}/owner/erase`);
  await page.getByLabel("E-mail address").fill(lead.email);
  await page.getByRole("button", { name: "Find their requests" }).click();
  await expect(page.getByText(`This deletes 2 request(s) from ${lead.email}`)).toBeVisible();
  expect(leadStatus(lead.id)).toBe("new");

  await page.getByRole("button", { name: "Erase for good" }).click();
  await expect(page.getByText("Erased 2 request(s), with their notes and e-mails.")).toBeVisible();
  expect(leadStatus(lead.id)).toBeUndefined();
  const gone = await page.goto(`${CONSOLE}/owner/requests/${lead.id}`);
  expect(gone?.status()).toBe(404);
});

test("owner's session id is new at every sign-in: an id kept from before, or planted, is worth nothing", async ({
  page,
  context,
}) => {
  const sessionCookie = async () => (await context.cookies(CONSOLE)).find((c) => c.name === "owner")?.value;
  const status = async (cookie: string) =>
    (await fetch(`${CONSOLE}/owner`, { headers: { Cookie: `owner=${cookie}` }, redirect: "manual" })).status;

  await addAuthenticator(page);
  await enrol(page);
  const first = await sessionCookie();
  expect(first).toBeTruthy();
  const cookie = (await context.cookies(CONSOLE)).find((c) => c.name === "owner");
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/" });

  await page.getByRole("button", { name: "Sign out" }).click();
  expect(await status(first ?? "")).toBe(302);

  const planted = "planted-by-someone-else-0123456789abcdefghij";
  await context.addCookies([{ name: "owner", value: planted, url: CONSOLE }]);
  await page.goto(`${CONSOLE}/owner/sign-in`);
  await waitForPasskeyButton(page);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL(`${CONSOLE}/owner`);
  const second = await sessionCookie();
  expect(second).not.toBe(planted);
  expect(second).not.toBe(first);
  expect(await status(planted)).toBe(302);
  expect(await status(first ?? "")).toBe(302);
  expect(await status(second ?? "")).toBe(200);
});

test("owner restores a request from the spam folder and downloads the CSV", async ({ page }) => {
  await addAuthenticator(page);
  await enrol(page);
  const caught = storeRequest({ spam: true });
  await page.goto(`${CONSOLE}/owner/spam`);
  const item = page.getByRole("listitem").filter({ hasText: caught.name });
  await item.getByRole("button", { name: "Not spam: restore" }).click();
  await expect(page.getByText("Restored: it is in the inbox now.")).toBeVisible();
  await page.goto(`${CONSOLE}/owner?status=new`);
  await expect(page.getByRole("link", { name: new RegExp(caught.name) })).toBeVisible();

  await page.goto(`${CONSOLE}/owner/security`);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download all requests (CSV)" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^estimate-requests-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await file.path()) ?? "", "utf8");
  expect(csv).toContain(caught.email);
});
