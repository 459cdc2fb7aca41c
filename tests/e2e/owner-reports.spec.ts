// The owner's numbers on a phone: 60 requests seeded through the store across 12 weeks, on a server of its own (so
// no other story's requests are counted), read back from the report's tables and CSV; then the help, opened from the
// report's "?" link, and the Site page's names. Screenshots of the three pages are kept (375 and 1280 px).
import path from "node:path";
import { expect, test } from "@playwright/test";
import { wallClock, zonedInstant } from "../../app/lib/business-hours.ts";
import { openEstimateStore, type NewEstimate } from "../../server/requests/estimate-store.ts";
import { addAuthenticator, enrol, ownServer } from "./owner-support";

const TZ = "America/Chicago";
/** Requests in each of the 11 weeks before this one (55), then 5 this week: 60. */
const PER_WEEK = [2, 3, 4, 5, 6, 7, 6, 5, 6, 5, 6];
const SERVICES = ["Chimney Crowns", "Tuckpointing", "Chimney Caps"];

const own = ownServer("reports");
const server = own.server;

/** Monday 00:00 on the business's clock, `back` weeks before this week's. */
function monday(back: number): Date {
  const w = wallClock(new Date(), TZ);
  return zonedInstant(w.year, w.month, w.day - ((w.weekday + 6) % 7) - 7 * back, 0, TZ);
}

function attribution(j: number): NewEstimate["attribution"] {
  const none = {
    page: null,
    landingPage: null,
    referrer: null,
    utmSource: null,
    utmMedium: null,
    utmCampaign: null,
    utmTerm: null,
    utmContent: null,
    gclid: null,
    fbclid: null,
    cityParam: null,
  };
  if (j === 0) return { ...none, referrer: "https://www.google.com/" };
  if (j === 1) return { ...none, utmSource: "google", utmMedium: "organic", utmCampaign: "gbp" };
  if (j === 2) return none;
  if (j === 3) return { ...none, utmSource: "facebook", utmCampaign: "spring" };
  return { ...none, referrer: "https://www.angi.com/companylist" };
}

/** Each past week's request j came on Tuesday at 9:00 + 10j minutes and was answered j + 1 business hours later. */
function seed() {
  let clock = new Date();
  const store = openEstimateStore({ dataDir: server.dataDir, now: () => clock });
  const save = (at: Date, j: number, extra: Partial<NewEstimate>) => {
    clock = at;
    return store.save({
      name: `Seeded ${at.toISOString()} ${j}`,
      email: `seed-${at.getTime()}-${j}@example.com`,
      phone: "(309) 555-0177",
      service: SERVICES[j % 3] ?? "",
      message: "Seeded for the report",
      city: "Normal",
      spam: false,
      idempotencyKey: null,
      ip: null,
      userAgent: null,
      attribution: attribution(j),
      ...extra,
    }).id;
  };
  PER_WEEK.forEach((n, i) => {
    const tuesday9 = monday(11 - i).getTime() + (24 + 9) * 3_600_000;
    for (let j = 0; j < n; j++) {
      const received = new Date(tuesday9 + j * 600_000);
      const id = save(received, j, { city: i % 2 ? "Pekin" : "Normal" });
      clock = new Date(received.getTime() + (j + 1) * 3_600_000);
      store.setStatus(id, j === 0 || j === 2 ? "won" : j === 1 ? "lost" : "contacted");
    }
  });
  for (let j = 0; j < 5; j++) save(new Date(monday(0).getTime() + (j + 1) * 60_000), 2, { city: "Peoria" });
  // A request the spam trap caught is not counted.
  save(new Date(monday(1).getTime() + 3_600_000), 2, { spam: true });
  store.close();
}

test.describe("Reports", () => {
  test.beforeAll(async () => {
    test.setTimeout(90_000);
    seed();
    await own.start();
  });
  test.afterAll(own.stop);

  test("the owner reads 12 weeks of requests, sources, wins and speed on a phone, and downloads them", async ({
    page,
  }, info) => {
    page.setDefaultTimeout(15_000);
    await addAuthenticator(page);
    await enrol(page, "Phone", server);
    await page.getByRole("link", { name: "Reports" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();

    const rows = async (caption: string) =>
      page
        .getByRole("table", { name: caption })
        .locator("tbody tr")
        .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => (c.textContent ?? "").trim())));

    const weeks = await rows("Requests per week");
    expect(weeks.map((r) => Number(r[1]))).toEqual([...PER_WEEK, 5]);
    expect(await rows("Where they came from")).toEqual([
      ["Search", "11"],
      ["Google Business Profile", "11"],
      ["Campaigns", "9"],
      ["Other websites", "14"],
      ["Direct", "15"],
    ]);
    expect(await rows("By service")).toEqual([
      ["Chimney Crowns", "21"],
      ["Chimney Caps", "20"],
      ["Tuckpointing", "19"],
    ]);
    expect(await rows("By town")).toEqual([
      ["Normal", "30"],
      ["Pekin", "25"],
      ["Peoria", "5"],
    ]);
    await expect(page.getByText("Won 21, lost 11: 66% of the decided requests won.")).toBeVisible();
    // Speed: answers took 1, 2 … n business hours; two a week within the 2-hour promise; this week none yet.
    const speed = await rows("Speed to lead per week, in business hours");
    const expected = PER_WEEK.map((n) => [String(n), `${(n + 1) / 2} h`, `${Math.ceil(0.9 * n)} h`, "2"]);
    expect(speed.map((r) => r.slice(1))).toEqual([...expected, ["0", "–", "–", "0"]]);
    await expect(page.getByText("Answered within 2 business hours")).toBeVisible();
    await expect(page.getByText("22 of 55")).toBeVisible();

    // Drawn on the server: SVG, no script on the page.
    await expect(page.locator("svg rect")).not.toHaveCount(0);
    await expect(page.locator("script[src]")).toHaveCount(0);

    const csv = await page.request.get(`${server.origin}/owner/reports.csv?chart=sources`);
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-disposition"]).toMatch(/^attachment; filename="report-sources-/);
    expect(await csv.text()).toContain('"Other websites","14"');
    const stranger = await fetch(`${server.origin}/owner/reports.csv?chart=sources`);
    expect(stranger.status).toBe(401);

    await page.screenshot({ path: path.join("test-results", `reports-${info.project.name}.png`), fullPage: true });

    // The "?" opens the report's part of the help.
    await page.getByRole("link", { name: "Help: Reports" }).click();
    await expect(page).toHaveURL(`${server.origin}/owner/help#reports`);
    // Exact: "Condition reports" is a section of Help too.
    await expect(page.getByRole("heading", { level: 2, name: "Reports", exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "When an e-mail bounces" })).toBeAttached();
    await page.screenshot({ path: path.join("test-results", `help-${info.project.name}.png`), fullPage: true });

    // The Site page names each page as the site does, the web address in small type beside it.
    await page.getByRole("link", { name: "Site", exact: true }).click();
    const eastPeoria = page.getByRole("link", { name: "East Peoria", exact: true });
    await expect(eastPeoria).toHaveAttribute("href", "/owner/site/edit/cities/east-peoria");
    await expect(page.locator("li", { has: eastPeoria })).toContainText("/locations/east-peoria");
    await expect(page.getByRole("link", { name: "Edit", exact: true })).toHaveCount(0);
    await page.screenshot({ path: path.join("test-results", `site-${info.project.name}.png`), fullPage: true });
  });
});
