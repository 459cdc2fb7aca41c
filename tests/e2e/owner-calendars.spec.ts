// The owner adds his own calendar on his phone (375 px) and sees it read, after two addresses the site can never read
// (one on a private network, one whose certificate fails) were refused in plain words and not added; a homeowner is no
// longer offered the window a busy time overlaps; the visit booked before that busy time shows the clash on the Visits
// view; his visits' feed address is made with its webcal: link, shown once (a reload shows it no more and makes no
// other), and made again only after the page asks, saying the old one stops. The calendar is served by a local https host standing in for Google
// (CALENDAR_TEST_HOSTS), the server's clock is Monday 30 November 2026, 10:00 in Chicago (TEST_CLOCK_FILE). Then his
// calendar gains an appointment: read again, it closes one more window; removed, its windows open again. Last, with
// his calendars listed above the form, a refused Add (a loopback address, the eleventh calendar) is said at the address
// box, in view on his phone, the box focused and still holding what he typed, the words an alert (issue 64).
// Screenshots: test-results/calendars-*.png.
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { openEstimateStore } from "../../server/requests/estimate-store.ts";
import { newLead } from "../../server/store/stored-lead.fixture.ts";
import { calendarAnswer, makeTls, startCalendarHost, type CalendarHost } from "../support/calendar-host.ts";
import { calendar, chicagoEvent } from "../support/ics-fixtures.ts";
import { addAuthenticator, enrol, onPhone, ownServer } from "./owner-support";

const env: Record<string, string> = {};
const own = ownServer("calendars", env);
const site = `http://127.0.0.1:${own.port}`;
const clockFile = path.join(tmpdir(), `calendars-e2e-clock-${process.pid}`);
let host: CalendarHost;
let homeowner = "";
/** Set by the second story: his work calendar gains a dentist's appointment on Thursday morning. */
let dentist = false;

/** Stores a request with its booking link and address; returns the link's token. */
function requestWithLink(n: number): string {
  const store = openEstimateStore({ dataDir: own.server.dataDir });
  try {
    const { id } = store.save(
      newLead({ name: `Pat Story ${n}`, email: `story${n}@example.com`, phone: `(309) 555-01${n}0` }),
    );
    const token = store.visits.newLink(id);
    store.visits.putPlace({ estimateId: id, town: "Normal", served: true, street: `${n}1 Elm St`, notes: "" });
    return token;
  } finally {
    store.close();
  }
}

/** Nothing wider than the phone's screen. */
async function fitsWidth(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
}

/** Stores calendars on the list as if he had added them (their reads follow by themselves). */
function storedCalendars(labels: string[]): void {
  const store = openEstimateStore({ dataDir: own.server.dataDir });
  try {
    for (const label of labels) store.calendars.add(host.url(`/work.ics?of=${label.toLowerCase()}`), label);
  } finally {
    store.close();
  }
}

/**
 * A refused Add as he sees it on his phone: the words at the address box, in view, the box focused (so a screen
 * reader says them, as the box's description) and still holding what he typed; the words are an alert besides.
 */
async function refusedAtTheField(page: Page, words: string, typed: string) {
  const box = page.getByLabel("Secret address in iCal format");
  const alert = page.getByRole("alert");
  await expect(alert).toHaveText(words);
  await expect(alert).toBeInViewport();
  await expect(box).toBeInViewport();
  await expect(box).toBeFocused();
  await expect(box).toHaveValue(typed);
  await expect(box).toHaveAttribute("aria-invalid", "true");
  await expect(box).toHaveAccessibleDescription(words);
}

test.describe.configure({ mode: "serial" });
test.describe("The owner's own calendar", () => {
  test.skip(({ isMobile }) => !isMobile, "a story at 375 px");

  test.beforeAll(async () => {
    if (!onPhone()) return;
    test.setTimeout(90_000);
    writeFileSync(clockFile, new Date("2026-11-30T16:00:00.000Z").toISOString());
    const tls = makeTls();
    host = await startCalendarHost(tls);
    // His work calendar: a roofing job on Tuesday 1:30-3 pm, and Wednesday morning at the supplier.
    host.on(
      "/work.ics",
      calendarAnswer(() =>
        calendar([
          chicagoEvent("roof@work", "2026-12-01", "13:30", "15:00", ["SUMMARY:Roof job for the Hendersons"]),
          chicagoEvent("supplier@work", "2026-12-02", "08:30", "09:30", ["SUMMARY:Supplier run"]),
          ...(dentist ? [chicagoEvent("dentist@work", "2026-12-03", "08:30", "09:30", ["SUMMARY:Dentist"])] : []),
        ]),
      ),
    );
    Object.assign(env, {
      CALENDAR_TEST_HOSTS: `calendar.test=127.0.0.1:${host.port}`,
      CALENDAR_TEST_CA: tls.certFile,
      CALENDAR_READ_SECONDS: "5",
      TEST_CLOCK_FILE: clockFile,
    });
    await own.start();
    // A visit booked on Tuesday 1-3 pm, before the roofing job was in his calendar.
    const booked = requestWithLink(1);
    const answer = await fetch(`${site}/visit/${booked}`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: site, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "book", window: "2026-12-01 13:00", key: "story-booked" }),
    });
    expect(answer.status).toBe(303);
    homeowner = requestWithLink(2);
  });
  test.afterAll(async () => {
    own.stop();
    await host?.close();
  });

  test("adds his calendar, sees it read, a window closed for homeowners, and the clash on his visit", async ({
    page,
    browser,
  }) => {
    // A long story: two refused addresses, one read, the feed made, reloaded, asked and made again.
    test.setTimeout(120_000);
    page.setDefaultTimeout(15_000);
    // What a homeowner is offered before: Wednesday 8-10 am is there.
    const visitor = await browser.newPage({ viewport: { width: 375, height: 812 } });
    await visitor.goto(`${site}/visit/${homeowner}`);
    await expect(visitor.getByRole("radio", { name: /8–10 am/ }).first()).toBeVisible();
    const before = await visitor
      .locator('input[type="radio"]')
      .evaluateAll((r) => r.map((i) => (i as HTMLInputElement).value));
    expect(before).toContain("2026-12-02 08:00");

    await addAuthenticator(page);
    await enrol(page, "Phone", own.server);
    await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Visits" }).click();
    await page.getByRole("link", { name: "Your calendars: busy times, and visits on your phone" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Calendars" })).toBeVisible();
    await expect(page.getByText("None yet.")).toBeVisible();
    // An address on his own network can never be read from the site: refused, and what he typed is kept.
    await page.getByLabel("Secret address in iCal format").fill("https://192.168.1.20/calendar.ics");
    await page.getByLabel("Name (for you)").fill("Office");
    await page.getByRole("button", { name: "Add calendar" }).click();
    await expect(
      page.getByText(
        "The address leads to a private network address (192.168.1.20). The site reads calendars from the internet only.",
      ),
    ).toBeVisible();
    await refusedAtTheField(
      page,
      "The address leads to a private network address (192.168.1.20). The site reads calendars from the internet only.",
      "https://192.168.1.20/calendar.ics",
    );
    await expect(page.getByText("None yet.")).toBeVisible();
    await expect(page.getByLabel("Name (for you)")).toHaveValue("Office");
    await fitsWidth(page);
    await page.screenshot({ path: path.join("test-results", "calendars-refused.png"), fullPage: true });
    // Nor can one whose security certificate fails.
    const stranger = await startCalendarHost(makeTls(["calendar.test"]));
    try {
      await page.getByLabel("Secret address in iCal format").fill(`https://calendar.test:${stranger.port}/x.ics`);
      await page.getByRole("button", { name: "Add calendar" }).click();
      await expect(
        page.getByText(
          "calendar.test did not prove who it is (its security certificate is not valid), so the calendar was not read.",
        ),
      ).toBeVisible();
      await expect(page.getByText("None yet.")).toBeVisible();
    } finally {
      await stranger.close();
    }
    await page.getByLabel("Secret address in iCal format").fill(`https://calendar.test:${host.port}/work.ics`);
    await page.getByLabel("Name (for you)").fill("Work");
    await page.getByRole("button", { name: "Add calendar" }).click();
    await expect(page.getByText("Added.")).toBeVisible();
    const card = page.getByTestId("calendar");
    await expect(card).toContainText("Work");
    await expect(card).toContainText(/Read 10(:\d\d)? am today: 2 busy times ahead\./);
    await expect(card).not.toContainText("Hendersons");
    await fitsWidth(page);
    await page.screenshot({ path: path.join("test-results", "calendars-read.png"), fullPage: true });

    // The homeowner is no longer offered Wednesday 8-10 am (the supplier run), and still the other windows.
    await visitor.reload();
    const after = await visitor
      .locator('input[type="radio"]')
      .evaluateAll((r) => r.map((i) => (i as HTMLInputElement).value));
    expect(after).not.toContain("2026-12-02 08:00");
    expect(after).toContain("2026-12-02 10:00");
    await fitsWidth(visitor);
    await visitor.screenshot({ path: path.join("test-results", "calendars-homeowner.png"), fullPage: true });

    // The visit booked before the roofing job: still booked, marked with the busy time, not the job's name.
    await page.getByRole("link", { name: "← Visits" }).click();
    const visit = page.getByTestId("visit").filter({ hasText: "Pat Story 1" });
    await expect(visit.getByTestId("clash")).toContainText("Clashes with your calendar:");
    await expect(visit.getByTestId("clash")).toContainText("Work: busy Tue, Dec 1, 1:30–3 pm");
    await expect(visit).not.toContainText("Hendersons");
    await expect(visit.getByRole("link", { name: "Move" })).toBeVisible();
    await fitsWidth(page);
    // The console's tabs still sit on one line on a desk, two rows of four on a phone.
    const tops = await page
      .getByRole("navigation", { name: "Console" })
      .getByRole("link")
      .evaluateAll((links) => links.map((a) => Math.round(a.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe((page.viewportSize()?.width ?? 0) < 640 ? 2 : 1);
    await visit.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join("test-results", "calendars-clash.png"), fullPage: true });

    // His visits on his phone: the address, once, with a webcal: link.
    await page.getByRole("link", { name: "Your calendars: busy times, and visits on your phone" }).click();
    await page.getByRole("button", { name: "Make the address" }).click();
    const add = page.getByRole("link", { name: "Add to my phone's calendar" });
    await expect(add).toHaveAttribute("href", /^webcal:\/\/localhost:\d+\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const https = await page.getByLabel("Or copy this address").inputValue();
    const feed = await page.request.get(https);
    expect(feed.status()).toBe(200);
    expect(await feed.text()).toContain("SUMMARY:Estimate: Pat Story 1");
    await fitsWidth(page);
    await page.screenshot({ path: path.join("test-results", "calendars-feed.png"), fullPage: true });

    // A reload shows the address no more, and makes no other: the one on his phone still answers.
    await page.reload();
    await expect(page.getByLabel("Or copy this address")).toHaveCount(0);
    await expect(page.getByText(/^Address made 10(:\d\d)? am today\./)).toBeVisible();
    await expect(page.getByText("The new address was shown once, when it was made.", { exact: false })).toBeVisible();
    expect((await page.request.get(https)).status()).toBe(200);

    // A new address asks first, and says the old one stops; he keeps the old one, then changes his mind.
    await page.getByRole("button", { name: "Make a new address" }).click();
    await expect(
      page.getByText("Your calendar app will stop updating from the old address. Make a new one?"),
    ).toBeVisible();
    await fitsWidth(page);
    await page.screenshot({ path: path.join("test-results", "calendars-feed-confirm.png"), fullPage: true });
    await page.getByRole("link", { name: "Keep the old address" }).click();
    await expect(page.getByRole("button", { name: "Make a new address" })).toBeVisible();
    expect((await page.request.get(https)).status()).toBe(200);
    await page.getByRole("button", { name: "Make a new address" }).click();
    await page.getByRole("button", { name: "Yes, make a new address" }).click();
    const fresh = await page.getByLabel("Or copy this address").inputValue();
    expect(fresh).toMatch(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(fresh).not.toBe(https);
    expect((await page.request.get(https)).status()).toBe(404);
    expect((await page.request.get(fresh)).status()).toBe(200);
    await page.reload();
    await expect(page.getByLabel("Or copy this address")).toHaveCount(0);
    expect((await page.request.get(fresh)).status()).toBe(200);
    await visitor.close();
  });

  test("reads his calendar again after it changed, then removes it: its windows open for homeowners again", async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    page.setDefaultTimeout(15_000);
    const offered = async (p: Page) =>
      p.locator('input[type="radio"]').evaluateAll((r) => r.map((i) => (i as HTMLInputElement).value));
    dentist = true;
    await addAuthenticator(page);
    await enrol(page, "Phone", own.server);
    await page.goto(`${own.server.origin}/owner/visits/calendars`);
    const card = page.getByTestId("calendar").filter({ hasText: "Work" });
    await card.getByRole("button", { name: "Read now" }).click();
    await expect(page.getByText("Read again.", { exact: true })).toBeVisible();
    await expect(card).toContainText(/Read 10(:\d\d)? am today: 3 busy times ahead\./);
    const visitor = await browser.newPage({ viewport: { width: 375, height: 812 } });
    await visitor.goto(`${site}/visit/${homeowner}`);
    await expect(visitor.getByRole("heading", { level: 1, name: "Pick a time for the free estimate" })).toBeVisible();
    const busy = await offered(visitor);
    expect(busy).not.toContain("2026-12-03 08:00");
    expect(busy).not.toContain("2026-12-02 08:00");

    await card.getByRole("button", { name: "Remove Work" }).click();
    await expect(page.getByText("Removed. Its busy times no longer close any window.")).toBeVisible();
    await page.reload();
    await expect(page.getByTestId("calendar")).toHaveCount(0);
    await expect(page.getByText("None yet.")).toBeVisible();
    await fitsWidth(page);
    await visitor.reload();
    const free = await offered(visitor);
    expect(free).toContain("2026-12-03 08:00");
    expect(free).toContain("2026-12-02 08:00");
    await visitor.close();
  });
  test("with his calendars listed, a refused Add says why at the address box, keeps it, and is announced", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    page.setDefaultTimeout(15_000);
    storedCalendars(["Work", "Family", "Crew"]);
    await addAuthenticator(page);
    await enrol(page, "Phone", own.server);
    await page.goto(`${own.server.origin}/owner/visits/calendars`);
    await expect(page.getByTestId("calendar")).toHaveCount(3);
    // His own computer's address (loopback), typed at the foot of the list: the page comes back at the box.
    await page.getByLabel("Secret address in iCal format").fill("https://127.0.0.1/calendar.ics");
    await page.getByLabel("Name (for you)").fill("Office");
    await page.getByRole("button", { name: "Add calendar" }).click();
    await refusedAtTheField(
      page,
      "The address leads to a loopback network address (127.0.0.1). The site reads calendars from the internet only.",
      "https://127.0.0.1/calendar.ics",
    );
    await expect(page.getByLabel("Name (for you)")).toHaveValue("Office");
    await expect(page.getByTestId("calendar")).toHaveCount(3);
    await fitsWidth(page);
    await page.screenshot({ path: path.join("test-results", "calendars-refused-at-field.png") });

    // The eleventh calendar: refused the same way, at the box, with the address he typed kept.
    storedCalendars(["School", "Church", "Rentals", "League", "Holidays", "Supplier", "Office"]);
    const eleventh = `https://calendar.test:${host.port}/eleventh.ics`;
    await page.getByLabel("Secret address in iCal format").fill(eleventh);
    await page.getByRole("button", { name: "Add calendar" }).click();
    await refusedAtTheField(page, "You have 10 calendars already: remove one first.", eleventh);
    await expect(page.getByTestId("calendar")).toHaveCount(10);
    await fitsWidth(page);
    await page.screenshot({ path: path.join("test-results", "calendars-eleventh-refused.png") });
  });
});
