// The owner sees who came, from where, and how many asked for an estimate: visitors seeded through real HTTP
// requests (each its own address behind a trusted proxy, its own browser, referrer and campaign tags) and one
// estimate request sent to the real endpoint, on a server of its own; every number of the new figures is read back
// from the report's tables and CSV at 375 and 1280 px. Screenshots: test-results/visitors-<project>.png.
import path from "node:path";
import Database from "better-sqlite3";
import { expect, test } from "@playwright/test";
import { addAuthenticator, enrol, ownServer } from "./owner-support";

const own = ownServer("visitors", { TRUST_PROXY: "loopback" });
const site = `http://127.0.0.1:${own.port}`;

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const IPAD =
  "Mozilla/5.0 (iPad; CPU OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Safari/604.1";
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

/** [address, browser, path, referrer]: four people, seven page views, and two requests that must not count. */
const VIEWS: [string, string, string, string | null][] = [
  ["192.0.2.1", IPHONE, "/", "https://www.google.com/"],
  ["192.0.2.1", IPHONE, "/faq", `${site}/`],
  ["192.0.2.1", IPHONE, "/", "https://www.google.com/"],
  ["192.0.2.2", CHROME, "/services/chimney-crowns?utm_source=newsletter&utm_campaign=spring", null],
  ["192.0.2.3", IPAD, "/faq", "https://www.angi.com/companylist"],
  ["192.0.2.3", IPAD, "/no-such-page", `${site}/faq`],
  ["192.0.2.4", WINDOWS, "/", "https://www.bing.com/"],
  // Not views: a crawler, and a HEAD.
  ["192.0.2.5", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "/", null],
];

async function seedTraffic() {
  for (const [ip, ua, target, referrer] of VIEWS) {
    const response = await fetch(`${site}${target}`, {
      headers: { "User-Agent": ua, "X-Forwarded-For": ip, ...(referrer ? { Referer: referrer } : {}) },
    });
    await response.arrayBuffer();
  }
  await fetch(`${site}/`, { method: "HEAD", headers: { "User-Agent": CHROME, "X-Forwarded-For": "192.0.2.6" } });
  // The iPhone's owner asks for an estimate from the form; the page script sent where the visit began.
  const request = await fetch(`${site}/api/estimate`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Accept: "application/json",
      Origin: site,
      "User-Agent": IPHONE,
      "X-Forwarded-For": "192.0.2.1",
    },
    body: new URLSearchParams({
      name: "Visitor Story",
      email: "visitor-story@example.com",
      phone: "309-555-0100",
      message: "The crown is cracked.",
      _landing: "/",
      _referrer: "https://www.google.com/",
    }),
  });
  expect(request.status).toBe(200);
  // Counts are written every 5 s: wait for all seven views to be in the database.
  const db = new Database(path.join(own.server.dataDir ?? "", "estimates.db"), { readonly: true });
  try {
    for (let i = 0; i < 100; i++) {
      const row = db
        .prepare<[], { views: number }>("SELECT sum(views) AS views FROM visit_days WHERE kind = 'all'")
        .get();
      if (row?.views === 7) return;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error("the seeded views never reached the database");
  } finally {
    db.close();
  }
}

test.describe("Visitors in the reports", () => {
  test.beforeAll(async () => {
    test.setTimeout(90_000);
    await own.start();
    await seedTraffic();
  });
  test.afterAll(own.stop);

  test("the owner reads visitors, pages, sources and requests per visitor, with whole-number axes", async ({
    page,
  }, info) => {
    page.setDefaultTimeout(15_000);
    await addAuthenticator(page);
    await enrol(page, "Phone", own.server);
    // The console's tabs sit on one line on a desk, two rows of four on a phone.
    const tabs = page.getByRole("navigation", { name: "Console" }).getByRole("link");
    await expect(tabs).toHaveText(["Inbox", "Visits", "Quotes", "Jobs", "Money", "Customers", "Site", "Reports"]);
    const tops = await tabs.evaluateAll((links) => links.map((a) => Math.round(a.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe((page.viewportSize()?.width ?? 0) < 640 ? 2 : 1);

    await page.getByRole("link", { name: "Reports" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
    const rows = async (caption: string) =>
      page
        .getByRole("table", { name: caption, exact: true })
        .locator("tbody tr")
        .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => (c.textContent ?? "").trim())));

    // Four people, seven pages; this week only.
    const weeks = await rows("Visitors per week");
    expect(weeks).toHaveLength(12);
    expect(weeks.slice(0, 11).map((r) => r.slice(1))).toEqual(Array(11).fill(["0", "0"]));
    expect(weeks.at(-1)?.slice(1)).toEqual(["4", "7"]);
    await expect(page.getByText("the same person on two days counts twice")).toBeVisible();
    await expect(page.getByText("In these 12 weeks: 4 visitors, 7 page views.")).toBeVisible();

    expect(await rows("Top pages")).toEqual([
      ["/", "2", "3"],
      ["/faq", "2", "2"],
      ["/services/chimney-crowns", "1", "1"],
      ["Not found", "1", "1"],
    ]);
    // Counted where each visit came in: the iPhone's second page and the iPad's 404 came from the site itself.
    expect(await rows("Where visitors came from")).toEqual([
      ["Google", "1", "2"],
      ["angi.com", "1", "1"],
      ["Bing", "1", "1"],
      ["Direct", "1", "1"],
    ]);
    expect(await rows("Campaign links")).toEqual([
      ["source: newsletter", "1", "1"],
      ["campaign: spring", "1", "1"],
    ]);
    expect(await rows("Phones, tablets and computers")).toEqual([
      ["Desktop", "2", "2"],
      ["Phone", "1", "3"],
      ["Tablet", "1", "2"],
    ]);
    expect(await rows("Requests per visitor, by source")).toEqual([
      ["Google", "1", "1", "100%"],
      ["angi.com", "1", "0", "0%"],
      ["Bing", "1", "0", "0%"],
      ["Direct", "1", "0", "0%"],
    ]);
    expect(await rows("Requests per visitor, by first page")).toEqual([
      ["/", "2", "1", "50%"],
      ["/faq", "1", "0", "0%"],
      ["/services/chimney-crowns", "1", "0", "0%"],
    ]);
    expect((await rows("Requests per week")).at(-1)?.[1]).toBe("1");

    // Counts take whole-number ticks: one request a week draws 0 and 1, never 0.5.
    for (const id of ["visitors", "per-week"]) {
      const labels = await page.locator(`section:has(> h2#${id})`).first().locator("svg text").allTextContents();
      expect(labels.filter((t) => /^\d+\.\d+$/.test(t.trim()))).toEqual([]);
    }
    await expect(page.locator("script[src]")).toHaveCount(0);

    const csv = await page.request.get(`${own.server.origin}/owner/reports.csv?chart=conversion-pages`);
    expect(await csv.text()).toBe(
      '\uFEFF"first page","visitors","requests","requests per 100 visitors"\r\n' +
        '"/","2","1","50"\r\n"/faq","1","0","0"\r\n"/services/chimney-crowns","1","0","0"\r\n',
    );
    const visitorsCsv = await page.request.get(`${own.server.origin}/owner/reports.csv?chart=visitors`);
    expect((await visitorsCsv.text()).trim().split("\r\n").at(-1)).toMatch(/^"\d{4}-\d\d-\d\d","4","7"$/);

    await page.screenshot({ path: path.join("test-results", `visitors-${info.project.name}.png`), fullPage: true });
  });
});
