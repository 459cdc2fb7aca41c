import { expect, test } from "@playwright/test";
import { addAuthenticator, CONSOLE, enrol, expiredInvite, invite, waitForPasskeyButton } from "./owner-support";

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
