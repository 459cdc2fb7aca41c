// The owner edits the site from a phone. Every publish is a real build into a new folder, then the switch, on a
// server of its own (PUBLISHING, see playwright.config.ts), so the other stories keep seeing the site as built.
// The stories that publish run one after another: "Undo last change" undoes the newest change, whoever made it.
// Issue 51's stories (a photo removed, a list reordered and cut, an article unpublished, a review asked for with the
// review link saved here) come after the others, so the counts those check are not changed under them; the job's
// before-and-after pair (issue 53) comes last of all.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { jpegMetadataSegments } from "../../server/photos/photo-ingest.ts";
import { hasGps, makeTestPhoto } from "../support/test-photos.ts";
import { openEstimateStore } from "../../server/requests/estimate-store.ts";
import { seedJob } from "../support/seed-job.ts";
import { addAuthenticator, enrol, PUBLISHING } from "./owner-support";

const SITE = PUBLISHING.origin;
const BUILD = 200_000;
const PUBLISH = 120_000;
/** Where the job photos' story leaves its screenshots, for a person to look at. */
const SHOTS = process.env.SHOTS_DIR ?? path.join(tmpdir(), "job-photos-shots");

/** Waits for the newest publish to end as published with this summary; returns what the console says of it. */
async function published(page: Page, summary: string) {
  const newest = page.locator("li[data-state]").first();
  await expect(newest).toContainText(summary, { timeout: BUILD });
  await expect(newest).toHaveAttribute("data-state", "published", { timeout: BUILD });
  await expect(newest).toContainText(/Published · \d+(\.\d)? s/);
  const words = (await newest.innerText()).replace(/\s+/g, " ");
  console.log(`publish: ${words}`);
  return words;
}

/** The newest commit in the site's repository the console publishes from. */
function lastCommit(...args: string[]) {
  const repo = process.env.E2E_SITE_REPO ?? "";
  return execFileSync("git", ["-C", repo, ...args], { encoding: "utf8" });
}

test.describe("Owner edits the site from the console and it publishes itself", () => {
  test.describe.configure({ mode: "serial" });

  test.beforeEach(async ({ page }, info) => {
    // Only the waits for a build are long; a missing button fails fast.
    page.setDefaultTimeout(15_000);
    // Each publish is a real build; the phone-sized project tells these stories once.
    test.skip(info.project.name !== "mobile", "phone stories");
    test.setTimeout(2 * BUILD);
    await addAuthenticator(page);
    await enrol(page, "Phone", PUBLISHING);
  });

  test("opens on Sundays from a phone, sees the new hours on the site, then undoes it", async ({ page }) => {
    await page.goto(`${SITE}/owner/site`);
    await page.getByRole("link", { name: "Business facts", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Business facts" })).toBeVisible();
    const sunday = page.getByRole("group", { name: "Opening hours 3" });
    await sunday.getByLabel("Opens").fill("10:00", { timeout: 15_000 });
    await sunday.getByLabel("Closes").fill("12:00");
    await page.getByRole("button", { name: "Save and publish" }).click();

    await expect(page.getByText("Saved. Publishing now.")).toBeVisible();
    // The page refreshes itself while the build runs.
    await published(page, "Business facts: Opening hours");

    // Every page's footer lists the hours (the top bar, hidden on phones, says "Sun: 10am-12pm").
    await page.goto(`${SITE}/faq`);
    await expect(page.getByRole("contentinfo")).toContainText("Sunday10:00 AM - 12:00 PM");

    // Undo: the change before comes back, published the same way.
    await page.goto(`${SITE}/owner/site`);
    await page.getByRole("button", { name: "Undo last change" }).click();
    await published(page, "Undo: Business facts: Opening hours");
    // A new address: the browser may keep the page it saw a minute ago for up to five minutes (Cache-Control).
    await page.goto(`${SITE}/accessibility`);
    await expect(page.getByRole("contentinfo")).toContainText("SundayClosed");
  });

  test("a change the build refuses leaves the site as it was and says why", async ({ page }) => {
    await page.goto(`${SITE}/owner/site/edit/cities/pekin`);
    // The form accepts any page name here; only the build knows which service pages exist.
    await page.getByLabel("Featured services 1", { exact: true }).fill("no-such-service");
    await page.getByRole("button", { name: "Save and publish" }).click();
    const failed = page.locator('[data-state="failed"]').first();
    await expect(failed).toContainText("Not published", { timeout: BUILD });
    await expect(failed).toContainText(
      "The site was not changed: content/cities/pekin.yaml is not valid: featuredServices: no service page named no-such-service",
    );
    const response = await page.goto(`${SITE}/locations/pekin`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(lastCommit("status", "--porcelain", "content/")).toBe("");
  });

  test("changes the phone number and sees it on every page after publishing", async ({ page }) => {
    await page.goto(`${SITE}/owner/site/edit/business`);
    await page.getByLabel("Phone", { exact: true }).fill("(309) 555-0177");
    await page.getByRole("button", { name: "Save and publish" }).click();
    await page.goto(`${SITE}/owner/site`);
    await published(page, "Business facts: Phone");
    expect(lastCommit("log", "-1", "--format=%an|%s")).toBe("Owner (console)|Business facts: Phone\n");

    const sitemap = await (await page.request.get(`${SITE}/sitemap.xml`)).text();
    const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? "/").pathname);
    expect(paths.length).toBeGreaterThan(20);
    for (const p of paths) {
      const html = await (await page.request.get(`${SITE}${p}`)).text();
      expect(html, p).toContain("(309) 555-0177");
      expect(html, p).toContain('href="tel:3095550177"');
      expect(html, p).not.toContain("555-0134");
    }
    await page.goto(`${SITE}/services/tuckpointing`);
    await expect(page.locator('header a[href^="tel:"]').first()).toHaveAttribute("href", "tel:3095550177");
  });

  test("confirms the warranty and the home page promises it", async ({ page }) => {
    // Query strings keep the browser's five-minute cache of "/" out of the comparison.
    await page.goto(`${SITE}/?before`);
    await expect(page.getByTestId("trusted-points").getByText("Any warranty written into your contract")).toBeVisible();
    await page.goto(`${SITE}/owner/site/edit/business`);
    const warranty = page.getByRole("group", { name: "Workmanship warranty" });
    await expect(warranty.getByLabel("Warranty", { exact: true })).toHaveValue("5-10 years");
    await warranty.getByLabel("Confirmed").check();
    await page.getByRole("button", { name: "Save and publish" }).click();
    await page.goto(`${SITE}/owner/site`);
    await published(page, "Business facts: Your claims");

    await page.goto(`${SITE}/?after`);
    const points = page.getByTestId("trusted-points");
    await expect(points.getByText("Written workmanship warranty, typically 5-10 years")).toBeVisible();
    await expect(page.getByText("Any warranty written into your contract")).toHaveCount(0);
  });

  test("adds a customer's testimonial and sees it on the home page", async ({ page }) => {
    await page.goto(`${SITE}/owner/site/edit/testimonials`);
    await page.getByRole("button", { name: "Add to testimonials" }).click();
    const added = page.getByRole("group", { name: "Testimonials 4" });
    await added.getByLabel("Name", { exact: true }).fill("Rosa M.");
    await added.getByLabel("Location", { exact: true }).fill("Morton, IL");
    const quote = "They rebuilt the top of our chimney in two days and left the roof cleaner than they found it.";
    await added.getByLabel("Quote", { exact: true }).fill(quote);
    await added.getByLabel("Consent (optional)").fill("written, e-mail of 2026-11-20");
    await added.getByLabel("Date (optional)").fill("2026-11-20");
    await page.getByRole("button", { name: "Save and publish" }).click();
    await page.goto(`${SITE}/owner/site`);
    await published(page, "Testimonials");

    await page.goto(`${SITE}/`);
    const card = page.getByTestId("testimonials").getByRole("listitem").filter({ hasText: "Rosa M." });
    await expect(card).toContainText(quote);
    await expect(card).toContainText("Morton, IL");
    // She gave no stars, so none are shown for her.
    await expect(card.getByRole("img", { name: /stars/i })).toHaveCount(0);
  });

  test("fixes a sentence on a service page, and only that line of its file changes", async ({ page }) => {
    await page.goto(`${SITE}/owner/site/edit/services/tuckpointing`);
    const lead = page.getByRole("group", { name: "Top of the page" }).getByLabel("Lead", { exact: true });
    const before = await lead.inputValue();
    expect(before).toContain("We clean out the old mortar");
    await lead.fill(before.replace("We clean out the old mortar", "We rake out the old mortar"));
    await page.getByRole("button", { name: "Save and publish" }).click();
    await page.goto(`${SITE}/owner/site`);
    await published(page, "Service pages: tuckpointing");

    const diff = lastCommit("show", "--format=", "--unified=0", "HEAD", "--", "content/services/tuckpointing.yaml");
    expect(diff.split("\n").filter((l) => /^[-+][^-+]/.test(l))).toHaveLength(2);
    await page.goto(`${SITE}/services/tuckpointing`);
    await expect(page.locator("#hero")).toContainText("We rake out the old mortar");
  });

  test("adds two photos from the camera roll and sees them under Recent work, without their location", async ({
    page,
  }) => {
    const dir = mkdtempSync(path.join(tmpdir(), "phone-photos-"));
    const shots = [
      await makeTestPhoto(path.join(dir, "IMG_3101.JPG"), { width: 1600, height: 1200, seed: 4 }),
      await makeTestPhoto(path.join(dir, "IMG_3102.JPG"), { width: 1200, height: 1600, seed: 5, orientation: 6 }),
    ];
    for (const shot of shots) expect(jpegMetadataSegments(readFileSync(shot))).toContain("APP1");

    await page.goto(`${SITE}/owner/site/photos`);
    await page.getByLabel("Photos (up to 10, each up to 20 MB)").setInputFiles(shots);
    await page.getByLabel("Caption").fill("New poured crown in Normal, November 2026");
    await page.getByLabel("What the photos show (for blind visitors)").fill("Concrete crown with a drip edge");
    await page.getByLabel("Service").selectOption("chimney-crowns");
    await page.getByLabel("Town").selectOption("normal");
    await page.screenshot({ path: test.info().outputPath("photo-upload-375.png"), fullPage: true });
    await page.getByRole("button", { name: "Add and publish" }).click();
    await published(page, "Recent work: added 2 photos");
    expect(lastCommit("show", "--format=", "--name-only", "HEAD")).toContain("content/photos/img-3101.jpg");

    for (const where of ["/services/chimney-crowns", "/locations/normal"]) {
      await page.goto(`${SITE}${where}`);
      const gallery = page.getByTestId("recent-work");
      await expect(gallery.getByRole("heading", { name: "Recent work" })).toBeVisible();
      await expect(gallery.getByRole("listitem")).toHaveCount(2);
      await expect(gallery.getByRole("listitem").first()).toContainText("New poured crown in Normal, November 2026");
      await expect(gallery.getByRole("listitem").first()).toContainText("Chimney Crowns · Normal");
    }
    await page.getByTestId("recent-work").screenshot({ path: test.info().outputPath("recent-work-375.png") });
    // What a visitor's browser downloads carries no metadata at all.
    const sources = await page
      .getByTestId("recent-work")
      .locator("img")
      .evaluateAll((imgs) => imgs.map((i) => i.getAttribute("src") ?? ""));
    expect(sources).toHaveLength(2);
    for (const src of sources) {
      const jpeg = await (await page.request.get(`${SITE}${src}`)).body();
      expect(jpegMetadataSegments(jpeg)).toEqual([]);
      const served = await sharp(jpeg).metadata();
      expect(hasGps(served.exif)).toBe(false);
      expect(served.exif).toBeUndefined();
    }
  });

  test("adds a photo, then removes it, and Recent work no longer shows it", async ({ page }) => {
    const dir = mkdtempSync(path.join(tmpdir(), "phone-photos-"));
    const shot = await makeTestPhoto(path.join(dir, "IMG_4201.JPG"), { width: 1600, height: 1200, seed: 7 });
    const caption = "Tuckpointed back wall in Peoria, November 2026";
    await page.goto(`${SITE}/owner/site/photos`);
    await page.getByLabel("Photos (up to 10, each up to 20 MB)").setInputFiles([shot]);
    await page.getByLabel("Caption").fill(caption);
    await page.getByLabel("What the photos show (for blind visitors)").fill("Brick wall with new mortar joints");
    await page.getByLabel("Service").selectOption("tuckpointing");
    await page.getByLabel("Town").selectOption("peoria");
    await page.getByRole("button", { name: "Add and publish" }).click();
    await published(page, "Recent work: added 1 photo");
    await page.goto(`${SITE}/services/tuckpointing`);
    await expect(page.getByTestId("recent-work").getByRole("listitem").filter({ hasText: caption })).toHaveCount(1);

    await page.goto(`${SITE}/owner/site/photos`);
    const removeIt = page.getByRole("button", { name: new RegExp(`^Remove\\s*:\\s*${caption}$`) });
    await removeIt.click();
    await expect(page.getByText("Saved. Publishing now.")).toBeVisible();
    await page.goto(`${SITE}/owner/site`);
    await published(page, "Recent work: removed img-4201.jpg");
    expect(lastCommit("show", "--format=", "--name-only", "HEAD")).toContain("content/photos/img-4201.jpg");
    expect(lastCommit("ls-tree", "--name-only", "HEAD", "content/photos/")).not.toContain("img-4201.jpg");
    await page.goto(`${SITE}/owner/site/photos`);
    await expect(removeIt).toHaveCount(0);
    expect(await (await page.request.get(`${SITE}/services/tuckpointing`)).text()).not.toContain(caption);
  });

  test("moves a testimonial down and removes another, and the home page follows", async ({ page }) => {
    await page.goto(`${SITE}/owner/site/edit/testimonials`);
    const name = (n: number) =>
      page.getByRole("group", { name: `Testimonials ${n}` }).getByLabel("Name", { exact: true });
    const first = await name(1).inputValue();
    const second = await name(2).inputValue();
    await page.getByRole("button", { name: /^Move down\s*:\s*Testimonials 1$/ }).click();
    await expect(name(1)).toHaveValue(second);
    await expect(name(2)).toHaveValue(first);
    await page.getByRole("button", { name: /^Move up\s*:\s*Testimonials 2$/ }).click();
    await expect(name(1)).toHaveValue(first);
    await expect(name(2)).toHaveValue(second);
    await page.getByRole("button", { name: /^Move down\s*:\s*Testimonials 1$/ }).click();
    await page.getByRole("button", { name: /^Remove\s*:\s*Testimonials 2$/ }).click();
    await expect(name(1)).toHaveValue(second);
    await expect(name(2)).not.toHaveValue(first);
    await page.getByRole("button", { name: "Save and publish" }).click();
    await page.goto(`${SITE}/owner/site`);
    await published(page, "Testimonials");

    const saved = lastCommit("show", "HEAD:content/testimonials.yaml");
    expect(saved).not.toContain(`name: ${first}`);
    expect(saved.indexOf(`name: ${second}`)).toBeLessThan(
      saved.indexOf("- name:", saved.indexOf(`name: ${second}`) + 1),
    );
    await page.goto(`${SITE}/`);
    const cards = page.getByTestId("testimonials").getByRole("listitem");
    await expect(cards.filter({ hasText: second })).toHaveCount(1);
    await expect(cards.filter({ hasText: first })).toHaveCount(0);
  });

  test("saves his review link, then asks a won customer for a review, once", async ({ page }) => {
    await page.goto(`${SITE}/owner/site/edit/business`);
    await page.getByLabel(/^Review link/).fill("https://g.page/r/mason-test/review");
    await page.getByRole("button", { name: "Save and publish" }).click();
    await page.goto(`${SITE}/owner/site`);
    await published(page, "Business");
    expect(lastCommit("show", "HEAD:content/business.yaml")).toContain("https://g.page/r/mason-test/review");

    const store = openEstimateStore({ dataDir: PUBLISHING.dataDir });
    let id: number;
    try {
      id = store.save({
        name: "Rita Review",
        email: "rita-review@example.com",
        phone: "(309) 555-0166",
        service: "Tuckpointing",
        message: "The back wall's mortar is crumbling.",
        city: "Peoria",
        spam: false,
        idempotencyKey: null,
        ip: null,
        userAgent: null,
      }).id;
    } finally {
      store.close();
    }
    await page.goto(`${SITE}/owner/requests/${id}`);
    await page.getByRole("button", { name: "Won", exact: true }).click();
    await expect(page.getByText("Status saved.")).toBeVisible();
    await expect(page.getByText("One e-mail to rita-review@example.com with your review link.")).toBeVisible();
    await page.getByRole("button", { name: "Ask for a review" }).click();
    await expect(page.getByText("Review request queued: one e-mail goes out now.")).toBeVisible();
    await page.reload();
    await expect(page.getByText(/^Review asked .+\. It is asked once only\.$/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Ask for a review" })).toHaveCount(0);
  });

  test("publishes a new article, then unpublishes it, and the blog no longer has it", async ({ page }) => {
    await page.goto(`${SITE}/owner/site`);
    await page.getByLabel("New article: its web address").fill("Winter crown check");
    await page.getByRole("button", { name: "New article" }).click();
    await expect(page).toHaveURL(`${SITE}/owner/site/edit/posts/winter-crown-check?new`);
    await page.getByLabel("Title", { exact: true }).first().fill("A Winter Crown Check");
    await page.getByRole("button", { name: "Save and publish" }).click();
    await page.goto(`${SITE}/owner/site`);
    await published(page, "winter-crown-check");
    await page.goto(`${SITE}/blog`);
    await expect(page.getByRole("link", { name: /A Winter Crown Check/ }).first()).toBeVisible();

    await page.goto(`${SITE}/owner/site/edit/posts/winter-crown-check`);
    await page.getByRole("button", { name: "Unpublish" }).click();
    await expect(page.getByText("Saved. Publishing now.")).toBeVisible();
    await published(page, "Articles: unpublished winter-crown-check");
    expect((await page.request.get(`${SITE}/blog/winter-crown-check`)).status()).toBe(404);
    expect(await (await page.request.get(`${SITE}/blog`)).text()).not.toContain("/blog/winter-crown-check");
    // The browser keeps a page 5 minutes (public HTML's max-age): a reload asks the server again.
    await page.goto(`${SITE}/blog`);
    await page.reload();
    await expect(page.getByRole("link", { name: /A Winter Crown Check/ })).toHaveCount(0);
  });

  // Issue 53: last, so the Recent work counts above are not changed under them.
  test("owner adds before and after photos from the phone and, with the homeowner's yes, puts the pair on Recent work", async ({
    page,
    browser,
  }) => {
    const dataDir = PUBLISHING.dataDir ?? "";
    const job = seedJob(dataDir);
    const dir = mkdtempSync(path.join(tmpdir(), "job-photos-e2e-"));
    const beforePhoto = await makeTestPhoto(path.join(dir, "IMG_0101.JPG"), { width: 2400, height: 1800, seed: 3 });
    const afterPhoto = await makeTestPhoto(path.join(dir, "IMG_0102.JPG"), { width: 2400, height: 1800, seed: 7 });

    await page.goto(`${SITE}/owner/jobs/${job.jobId}/photos`);
    await expect(page.getByRole("heading", { level: 1, name: "Before and after photos" })).toBeVisible();
    await expect(page.getByText("Up to 5 photos at a time, each up to 10 MB")).toBeVisible();

    for (const [kind, file] of [
      ["Before", beforePhoto],
      ["After", afterPhoto],
    ] as const) {
      await page.getByRole("radio", { name: kind }).check();
      await page.getByLabel("Photos", { exact: true }).setInputFiles(file);
      await page.getByRole("button", { name: "Add photos" }).click();
      await expect(page.getByText(`Added 1 photo (${kind.toLowerCase()}).`)).toBeVisible();
    }
    await expect(page.getByRole("img", { name: /Before photo/ })).toBeVisible();
    await expect(page.getByRole("img", { name: /After photo/ })).toBeVisible();
    await expect(page.getByText("Needs a before photo and an after photo the homeowner has said yes to")).toBeVisible();

    // The homeowner, on their job page without JavaScript, says yes to each photo.
    const homeowner = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
    const home = await homeowner.newPage();
    await home.goto(`${SITE}/job/${job.token}`);
    await expect(home.getByRole("heading", { name: "Photos of the work" })).toBeVisible();
    await expect(home.getByText("May we show a photo on our website?")).toBeVisible();
    for (const kind of ["before", "after"]) {
      await home.getByRole("button", { name: new RegExp(`^Yes, you may show it \\(${kind} photo`) }).click();
      await expect(home).toHaveURL(/#photos$/);
    }
    await expect(home.getByText(/^You said yes on /)).toHaveCount(2);
    await expect(home.getByRole("button", { name: /^Take my yes back/ })).toHaveCount(2);
    await home.screenshot({ path: path.join(SHOTS, "homeowner-job-photos-375.png"), fullPage: true });

    await page.reload();
    await expect(page.getByText("Homeowner said yes").first()).toBeVisible();
    await page.getByLabel("Service").selectOption("chimney-crowns");
    await expect(page.getByText("Town named: Normal")).toBeVisible();
    await page.getByLabel("Caption").fill("New poured crown, November 2026");
    await page.getByLabel("What the before photo shows").fill("Cracked crown with loose bricks on a brick chimney");
    await page.getByLabel("What the after photo shows").fill("New concrete crown with a drip edge on the chimney");
    await page.screenshot({ path: path.join(SHOTS, "owner-job-photos-375.png"), fullPage: true });
    // The tap waits for its publish (up to 15 s), so the navigation may take that long on a busy machine.
    await page.getByRole("button", { name: "Put on Recent work" }).click({ timeout: PUBLISH });
    await expect(page.getByText(/On Recent work now|Publishing now/)).toBeVisible({ timeout: PUBLISH });
    await expect(page.getByRole("heading", { name: "On Recent work", exact: true })).toBeVisible();
    await page.screenshot({ path: path.join(SHOTS, "owner-job-photos-published-375.png"), fullPage: true });

    await expect(async () => {
      await page.goto(`${SITE}/services/chimney-crowns?fresh=${Date.now()}`);
      await expect(page.getByRole("img", { name: "New concrete crown with a drip edge on the chimney" })).toBeVisible({
        timeout: 1000,
      });
    }).toPass({ timeout: PUBLISH });
    const recent = page.getByTestId("recent-work");
    await expect(recent).toContainText("Before: New poured crown, November 2026");
    await expect(recent).toContainText("After: New poured crown, November 2026");
    await expect(recent).toContainText("Normal");
    await recent.scrollIntoViewIfNeeded();
    await recent.screenshot({ path: path.join(SHOTS, "service-recent-work-375.png") });

    await home.reload();
    await expect(home.getByText(/^On our website’s Recent work, with your yes of /)).toHaveCount(2);
    await homeowner.close();
  });
});

test("owner writes a new article from the template and previews it with the site's own renderer", async ({ page }) => {
  // Nothing is published here, but only a server that publishes takes the console's site forms.
  await addAuthenticator(page);
  await enrol(page, "Phone", PUBLISHING);
  await page.goto(`${SITE}/owner/site`);
  await page.getByLabel("New article: its web address").fill("Crown repair in winter");
  await page.getByRole("button", { name: "New article" }).click();
  await expect(page).toHaveURL(`${SITE}/owner/site/edit/posts/crown-repair-in-winter?new`);
  // Photos in the library or not (the camera-roll story may have run first), a new article has none until one is
  // chosen; a list without a blank choice would pick the first photo and refuse the article for its description.
  await expect(page.getByLabel("Photo file")).toHaveValue("");
  await page.getByLabel("Title", { exact: true }).first().fill("Can a Crown Be Repaired in Winter?");
  await page
    .getByLabel("Article", { exact: true })
    .fill(
      "Short answer: sometimes.\n\n## Cold-weather patching {#cold-patching}\n\nWe quote it: {{claims.warranty}}\n",
    );
  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByRole("region", { name: "Preview (not published yet)" });
  await expect(preview.getByRole("heading", { level: 1 })).toHaveText("Can a Crown Be Repaired in Winter?");
  await expect(preview.locator("h2#cold-patching")).toHaveText("Cold-weather patching");
  // The claim's wording as the site prints it (confirmed or not, depending on the stories before).
  await expect(preview).toContainText(
    /We quote it: (Written workmanship warranty, typically|Workmanship warranties on masonry repair typically run) 5-10 years/,
  );
  // The text box keeps the placeholder as written.
  await expect(page.getByLabel("Article", { exact: true })).toHaveValue(/\{\{claims\.warranty\}\}/);
});
