import { expect, test, type Page } from "@playwright/test";
import { openEstimateStore } from "../../server/requests/estimate-store.ts";
import { PHONE, PHONE_HREF, isMobile, visit } from "./support";

const SUCCESS = "Message Sent Successfully!";
const ERROR_TITLE = "Error Sending Message";

function leads() {
  const store = openEstimateStore({ dataDir: process.env.E2E_DATA_DIR });
  try {
    return store.list({ limit: 500, includeSpam: true });
  } finally {
    store.close();
  }
}

async function fill(page: Page, overrides: Partial<Record<"name" | "email" | "phone" | "message", string>> = {}) {
  const unique = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const values = {
    name: `Zoë Tester ${unique}`,
    email: `zoe-${unique}@example.com`,
    phone: "(309) 555-0199",
    message: `Crown is cracked and the flashing leaks. ${unique}`,
    ...overrides,
  };
  await page.getByLabel("Full Name").fill(values.name);
  await page.getByLabel("Email Address").fill(values.email);
  await page.getByLabel("Phone Number").fill(values.phone);
  await page.getByLabel("Service Needed").selectOption("Chimney Crown Repair");
  await page.getByLabel("message").fill(values.message);
  return values;
}

// The page's clock follows the real one until here; a few seconds ahead leaves room for a slow machine, and before
// the send no timer of the page's is waiting.
const pauseClock = (page: Page) => page.clock.pauseAt(Date.now() + 5_000);
const form = (page: Page) => page.getByRole("form", { name: "Request a Free Estimate" });
const submit = (page: Page) => page.getByRole("button", { name: "Send My Request" }).click();
const toasts = (page: Page) => page.getByRole("region", { name: "Notifications (F8)" }).getByRole("listitem");

test("visitor finds the phone, e-mail, service area, hours and payment methods beside the form", async ({ page }) => {
  await visit(page, "/contact");
  await expect(page.locator("main").getByRole("link", { name: PHONE })).toHaveAttribute("href", PHONE_HREF);
  await expect(page.locator("main").getByRole("link", { name: /@example\.com/ })).toHaveAttribute("href", /^mailto:/);
  await expect(page.getByTestId("contact-service-area")).toHaveText(
    "Normal, Peoria, East Peoria, Washington, Morton, Pekin, Chillicothe",
  );
  await expect(page.locator("main")).toContainText("8:00 AM - 6:00 PM");
  await expect(page.locator("main")).toContainText("9:00 AM - 2:00 PM");
  await expect(
    page.locator("main").getByRole("list", { name: "Accepted payment methods" }).getByRole("listitem"),
  ).toHaveCount(4);
  await expect(page.getByRole("heading", { name: "Request a Free Estimate" })).toBeVisible();
  await expect(page.getByRole("img", { name: /Map of our service area/ })).toBeVisible();
  await expect(page.locator("#contact-faq-heading")).toBeVisible();
  await expect(page.getByRole("region", { name: "Frequently Asked Questions" }).locator("summary")).toHaveCount(6);
});

test("the form has the spec's labelled fields and service choices", async ({ page }) => {
  await visit(page, "/contact");
  for (const label of ["Full Name", "Email Address", "Phone Number", "message"]) {
    await expect(page.getByLabel(label)).toHaveAttribute("required", "");
  }
  await expect(page.getByLabel("Email Address")).toHaveAttribute("type", "email");
  await expect(page.getByLabel("Phone Number")).toHaveAttribute("type", "tel");
  await expect(page.getByLabel("Service Needed").locator("option")).toHaveText([
    "Select a service",
    "Chimney Crown Repair",
    "Tuckpointing",
    "Chimney Caps & Hoods",
    "Chimney Rebuild",
    "Other",
  ]);
  await expect(page.getByLabel("Service Needed")).not.toHaveAttribute("required");
});

test("the browser's own checks stop an incomplete request", async ({ page }) => {
  await visit(page, "/contact");
  await submit(page);
  await expect(page.getByLabel("Full Name")).toBeFocused();
  expect(await page.getByLabel("Full Name").evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
  await expect(page.getByText(SUCCESS)).toHaveCount(0);
});

test("visitor requests an estimate and sees the success panel, the toast, and the empty form 5 s later", async ({
  page,
}) => {
  await page.clock.install();
  await visit(page, "/contact");
  const values = await fill(page);
  // Time stands still from here: on a slow machine the checks below take real seconds, and they must not count.
  await pauseClock(page);
  await submit(page);

  const panel = page.getByRole("status").filter({ hasText: "Thank you" });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole("heading", { name: SUCCESS })).toBeVisible();
  await expect(form(page)).toHaveCount(0);
  const toast = toasts(page);
  await expect(toast).toHaveCount(1);
  await expect(toast).toContainText(SUCCESS);
  await expect(toast).toContainText("We'll get back to you as soon as possible. (Sent via our secure website form.)");

  const stored = leads().find((lead) => lead.email === values.email);
  expect(stored).toMatchObject({
    name: values.name,
    phone: values.phone,
    message: values.message,
    service: "Chimney Crown Repair",
    spam: 0,
  });

  await page.clock.runFor(4_500);
  await expect(panel).toBeVisible();
  await page.clock.runFor(600);
  await expect(form(page)).toBeVisible();
  await expect(page.getByLabel("Full Name")).toHaveValue("");
  await expect(page.getByLabel("message")).toHaveValue("");
  await expect(toast).toBeVisible();
  await page.clock.runFor(2_000);
  await expect(toasts(page)).toHaveCount(0);
});

test("nothing loads until the visitor uses the form; one who fills and sends at once still gets the toast, not a new page", async ({
  page,
}) => {
  const loaded: string[] = [];
  page.on("request", (request) => {
    if (["script", "stylesheet"].includes(request.resourceType())) loaded.push(new URL(request.url()).pathname);
  });
  // A slow phone: the form's script arrives only after the visitor has pressed Send.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/*.js", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/contact");
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 500))));
  expect(loaded).toEqual([]);
  await expect(page.locator("[data-island][data-hydrated]")).toHaveCount(0);

  const values = await fill(page);
  await submit(page);
  await expect(page.locator("[data-island][data-hydrated]")).toHaveCount(0);
  release();
  await expect(page.getByRole("heading", { name: SUCCESS })).toBeVisible({ timeout: 15_000 });
  await expect(toasts(page)).toContainText(SUCCESS);
  expect(new URL(page.url()).pathname).toBe("/contact");
  expect(loaded.some((p) => p.endsWith(".css"))).toBe(true);
  expect(leads().filter((lead) => lead.email === values.email)).toMatchObject([{ name: values.name, spam: 0 }]);
});

test("while sending, the button is disabled and reads 'Sending...'; a double click stores one request", async ({
  page,
}) => {
  await visit(page, "/contact");
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/estimate", async (route) => {
    await held;
    await route.continue();
  });
  const values = await fill(page);
  const button = page.getByRole("button", { name: "Send My Request" });
  await button.dblclick();
  const sending = page.getByRole("button", { name: "Sending..." });
  await expect(sending).toBeDisabled();
  release();
  await expect(page.getByRole("heading", { name: SUCCESS })).toBeVisible();
  expect(leads().filter((lead) => lead.email === values.email)).toHaveLength(1);
});

test("a server error keeps the visitor's values and shows the server's message for 7 s", async ({ page }) => {
  await page.clock.install();
  await visit(page, "/contact");
  await page.route("**/api/estimate", (route) =>
    route.fulfill({
      status: 422,
      contentType: "application/json",
      body: JSON.stringify({ error: "Email Address is not accepted." }),
    }),
  );
  const values = await fill(page);
  await pauseClock(page);
  await submit(page);
  const toast = toasts(page);
  await expect(toast).toContainText(ERROR_TITLE);
  await expect(toast).toContainText("There was an issue: Email Address is not accepted. Please try again.");
  await expect(page.getByLabel("Full Name")).toHaveValue(values.name);
  await expect(page.getByLabel("message")).toHaveValue(values.message);
  await expect(page.getByRole("button", { name: "Send My Request" })).toBeEnabled();
  await page.clock.runFor(6_500);
  await expect(toast).toBeVisible();
  await page.clock.runFor(1_000);
  await expect(toasts(page)).toHaveCount(0);
});

test("a server error without a JSON message names the status", async ({ page }) => {
  await visit(page, "/contact");
  await page.route("**/api/estimate", (route) =>
    route.fulfill({ status: 502, contentType: "text/html", body: "<h1>Bad gateway</h1>" }),
  );
  await fill(page);
  await submit(page);
  await expect(toasts(page)).toContainText("There was an issue: Server responded with status 502. Please try again.");
});

test("with no connection the visitor is told to check it or contact us directly", async ({ page }) => {
  await visit(page, "/contact");
  await page.route("**/api/estimate", (route) => route.abort("internetdisconnected"));
  const values = await fill(page);
  await submit(page);
  await expect(toasts(page)).toContainText(ERROR_TITLE);
  await expect(toasts(page)).toContainText(
    "Could not connect. Please check your internet connection or contact us directly.",
  );
  await expect(page.getByLabel("Email Address")).toHaveValue(values.email);
});

test("only one toast shows at a time; the close button and F8 work", async ({ page }) => {
  await visit(page, "/contact");
  let calls = 0;
  await page.route("**/api/estimate", (route) => {
    calls += 1;
    return route.fulfill({
      status: 500,
      contentType: "application/json",
      body: JSON.stringify({ error: `Failure ${calls}` }),
    });
  });
  await fill(page);
  await submit(page);
  await expect(toasts(page)).toContainText("Failure 1");
  // On screen, at the bottom of the window: not inside a section that is laid out on its own (decision 0012).
  await expect(toasts(page)).toBeInViewport({ ratio: 1 });
  await submit(page);
  await expect(toasts(page)).toContainText("Failure 2");
  await expect(toasts(page)).toHaveCount(1);

  await page.keyboard.press("F8");
  await expect(page.getByRole("region", { name: /Notifications/ }).locator("ol")).toBeFocused();

  await page.getByRole("button", { name: "Close notification" }).click();
  await expect(toasts(page)).toHaveCount(0);
});

test("a toast swiped 50 px or more to the right is dismissed", async ({ page }) => {
  test.skip(isMobile(page), "pointer swipe checked on desktop");
  await visit(page, "/contact");
  await page.route("**/api/estimate", (route) => route.fulfill({ status: 500, body: "" }));
  await fill(page);
  await submit(page);
  const toast = toasts(page);
  await expect(toast).toBeVisible();
  // Measure where the toast rests: on a busy machine it may still be sliding in when it first shows.
  await toast.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
  const box = await toast.boundingBox();
  if (!box) throw new Error("toast has no box");
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 30, y);
  await page.mouse.down();
  for (let dx = 10; dx <= 120; dx += 10) await page.mouse.move(box.x + 30 + dx, y);
  await page.mouse.up();
  await expect(toasts(page)).toHaveCount(0);
});

test("?city=Peoria says the request is for Peoria and sends the city with it; unknown values are ignored", async ({
  page,
}) => {
  await visit(page, "/contact?city=peoria");
  await expect(page.getByTestId("city-note")).toHaveText("Your estimate request is for Peoria.");
  const values = await fill(page);
  await submit(page);
  await expect(page.getByRole("heading", { name: SUCCESS })).toBeVisible();
  expect(leads().find((lead) => lead.email === values.email)?.city).toBe("Peoria");

  await visit(page, "/contact?city=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E");
  await expect(page.getByTestId("city-note")).toHaveCount(0);
  await expect(page.locator("img[src='x']")).toHaveCount(0);
});

test("without JavaScript the form still sends and the visitor sees a confirmation page", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/contact");
  const values = await fill(page);
  await page.getByRole("button", { name: "Send My Request" }).click();
  // With the request's own link to book the visit (decision 0030).
  await expect(page).toHaveURL(/\/contact\/received\?status=ok&visit=[\w-]{43}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(SUCCESS);
  expect(leads().find((lead) => lead.email === values.email)).toMatchObject({ name: values.name });
  await context.close();
});

test("the owner learns where a request came from: the first page of the visit, its campaign tags and the page it was sent from", async ({
  page,
}) => {
  await page.goto("/services/tuckpointing?utm_source=google&utm_medium=cpc&utm_campaign=fall&gclid=Cj0-abc_1");
  await page.goto("/blog");
  await visit(page, "/contact?city=normal");
  const values = await fill(page);
  await submit(page);
  await expect(page.getByRole("heading", { name: SUCCESS })).toBeVisible();
  expect(leads().find((lead) => lead.email === values.email)).toMatchObject({
    page: "/contact?city=normal",
    landing_page: "/services/tuckpointing?utm_source=google&utm_medium=cpc&utm_campaign=fall&gclid=Cj0-abc_1",
    utm_source: "google",
    utm_medium: "cpc",
    utm_campaign: "fall",
    gclid: "Cj0-abc_1",
    city: "Normal",
  });
  // None of it is shown back to the visitor.
  await expect(page.getByText("utm_source")).toHaveCount(0);
  await expect(page.getByText("Cj0-abc_1")).toHaveCount(0);
});

test("without JavaScript the request still says which page it was sent from", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/contact?city=Pekin");
  const values = await fill(page);
  await page.getByRole("button", { name: "Send My Request" }).click();
  await expect(page).toHaveURL(/\/contact\/received\?status=ok/);
  expect(leads().find((lead) => lead.email === values.email)).toMatchObject({
    page: "/contact?city=Pekin",
    landing_page: null,
  });
  await context.close();
});
