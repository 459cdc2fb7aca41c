// Limits are said, not applied in silence (issue 51): on his phone the owner pastes a description far longer than the
// box takes. The box says its limit (maxlength); an old phone or a paste path that ignores it is simulated by taking
// the attribute away. The server refuses it by the box's name and limit, nothing is saved, and his text is still there.
// The same for a calendar's name on the calendars page.
import { expect, test } from "@playwright/test";
import { openEstimateStore } from "../../server/requests/estimate-store.ts";
import { addAuthenticator, CONSOLE, enrol, storeRequest } from "./owner-support";

test("owner types past a quote line's limit and sees it refused, with his text still in the box", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== "mobile", "the phone's story, at 375 px");
  await addAuthenticator(page);
  await enrol(page);
  const lead = storeRequest();
  await page.goto(`${CONSOLE}/owner/requests/${lead.id}`);
  await page.getByRole("button", { name: "New quote" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Quote Q-/ })).toBeVisible();
  const quoteId = Number(/\/owner\/quotes\/(\d+)/.exec(page.url())?.[1]);
  await page.getByRole("button", { name: "Blank line" }).first().click();

  await page.getByText("Unit, description, materials").click();
  const description = page.getByLabel("What the work is");
  await expect(description).toHaveAttribute("maxlength", "400");
  // The browser keeps to maxlength; an old phone or a pasted text may not.
  await description.evaluate((box) => box.removeAttribute("maxlength"));
  const typed = "Take the crown down to the top course, pour a new one with a drip edge. ".repeat(140).slice(0, 10_000);
  await description.fill(typed);
  await page.getByRole("button", { name: "Save", exact: true }).click();

  await expect(page.getByText("Description: at most 400 characters.")).toBeVisible();
  await expect(page.getByText("Nothing was saved.")).toBeVisible();
  await expect(page.getByText("Saved.", { exact: true })).toHaveCount(0);
  await expect(page.getByLabel("What the work is")).toHaveValue(typed);
  await expect(page.getByLabel("What the work is")).toHaveAttribute("maxlength", "400");
  await page.screenshot({ path: testInfo.outputPath("quote-description-refused-375.png"), fullPage: true });

  const store = openEstimateStore({ dataDir: process.env.E2E_DATA_DIR });
  try {
    const draft = JSON.parse(store.quotes.get(quoteId)?.draft ?? "{}") as {
      options: { lines: { description: string }[] }[];
    };
    expect(draft.options[0]?.lines.map((l) => l.description)).toEqual([""]);
  } finally {
    store.close();
  }
});

test("owner names a calendar past its limit and sees it refused by name, with both boxes as he typed them", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== "mobile", "the phone's story, at 375 px");
  await addAuthenticator(page);
  await enrol(page);
  await page.goto(`${CONSOLE}/owner/visits/calendars`);
  const countCalendars = () => {
    const store = openEstimateStore({ dataDir: process.env.E2E_DATA_DIR });
    try {
      return (store.db.prepare("SELECT COUNT(*) AS n FROM owner_calendars").get() as { n: number }).n;
    } finally {
      store.close();
    }
  };
  const before = countCalendars();

  const address = "https://calendar.example.com/owner/private-3f9a/basic.ics";
  await page.getByLabel("Secret address in iCal format").fill(address);
  const label = page.getByLabel("Name (for you)");
  await expect(label).toHaveAttribute("maxlength", "60");
  await label.evaluate((box) => box.removeAttribute("maxlength"));
  const typed = "Work calendar for the crew, the truck and the Saturday estimates in Bloomington";
  await label.fill(typed);
  await page.getByRole("button", { name: "Add calendar" }).click();

  await expect(page.getByText("Name (for you): at most 60 characters.")).toBeVisible();
  await expect(page.getByText("Added.", { exact: true })).toHaveCount(0);
  await expect(page.getByLabel("Name (for you)")).toHaveValue(typed);
  await expect(page.getByLabel("Name (for you)")).toHaveAttribute("maxlength", "60");
  await expect(page.getByLabel("Secret address in iCal format")).toHaveValue(address);
  await page.screenshot({ path: testInfo.outputPath("calendar-label-refused-375.png"), fullPage: true });
  expect(countCalendars()).toBe(before);
});
