// The console's "Site" section against the built server, in process: every route refuses strangers and forged posts
// cleanly with nothing written; file names from requests never reach the disk unchecked; a save is validated with the
// build's schema and published as a commit; photos arrive stripped; uploads over the limits are refused.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app.ts";
import { openEstimateStore } from "../../server/requests/estimate-store.ts";
import { createOwnerConsole } from "../../server/owner/owner-console.ts";
import { createPublisher, type Publisher } from "../../server/publishing/publish.ts";
import { hasGps, makeTestPhoto } from "../support/test-photos.ts";
import { formFields } from "../support/console-forms.ts";

const require = createRequire(import.meta.url);
let base: string;
let server: Server;
let clone: string;
let publisher: Publisher;
let cookie: string;
let csrf: string;
let store: ReturnType<typeof openEstimateStore>;
const gitLog = () =>
  execFileSync("git", ["log", "--format=%an|%s"], { cwd: clone, encoding: "utf8" }).trim().split("\n");
const dirty = () =>
  execFileSync("git", ["status", "--porcelain", "--", "content"], { cwd: clone, encoding: "utf8" }).trim();

beforeAll(async () => {
  clone = mkdtempSync(path.join(tmpdir(), "site-console-"));
  execFileSync("git", ["clone", "-q", process.cwd(), clone]);
  // The routes read content/ where the server runs; the clone gets the same files, so saves land on equal ground.
  execFileSync("cp", ["-r", "content/.", path.join(clone, "content")]);
  execFileSync("git", ["-C", clone, "add", "-A"]);
  execFileSync("git", [
    "-C",
    clone,
    "-c",
    "user.name=t",
    "-c",
    "user.email=t@t",
    "commit",
    "-q",
    "--allow-empty",
    "-m",
    "sync",
  ]);
  store = openEstimateStore({ dataDir: mkdtempSync(path.join(tmpdir(), "site-console-data-")) });
  const owner = createOwnerConsole({ db: store.db });
  publisher = createPublisher({
    repoDir: clone,
    rendersDir: path.join(clone, "builds"),
    // A fast stand-in for the render: the real one is tests/server/publish-render.test.ts.
    render: async (dir) => void mkdirSync(dir, { recursive: true }),
    prepare: async () => () => {},
  });
  server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  base = `http://localhost:${typeof address === "object" && address ? address.port : 0}`;
  const app = await createApp({ store, owner, publisher, siteUrl: base, rateLimitPerMinute: 1000 });
  server.on("request", app);
  const session = owner.sessions.create({ ip: null, userAgent: null, passkeyId: null });
  cookie = `owner=${session.token}`;
  csrf = session.session.csrf;
}, 60_000);

afterAll(() => {
  server?.close();
  rmSync(clone, { recursive: true, force: true });
});

function post(p: string, body: FormData | URLSearchParams, headers: Record<string, string> = {}) {
  return fetch(base + p, { method: "POST", body, redirect: "manual", headers: { origin: base, cookie, ...headers } });
}

const ROUTES = [
  "/owner/site",
  "/owner/site/edit/business",
  "/owner/site/edit/services/chimney-crowns",
  "/owner/site/photos",
];

describe("Site section: strangers and forged posts", () => {
  it.each(ROUTES)(
    "%s: a page without a session goes to sign-in; posts get 401, cross-site 403, no token 403; nothing written",
    async (route) => {
      const page = await fetch(base + route, { redirect: "manual" });
      expect(page.status).toBe(302);
      expect(page.headers.get("location")).toMatch(/^\/owner\/sign-in/);
      const body = new URLSearchParams({ intent: "undo", phone: "(309) 555-0100" });
      const anonymous = await fetch(base + route, {
        method: "POST",
        body,
        redirect: "manual",
        headers: { origin: base },
      });
      expect(anonymous.status).toBe(401);
      expect(await anonymous.text()).toContain("Sign in to the owner console first.");
      const forged = await post(route, new URLSearchParams({ csrf, intent: "undo" }), {
        origin: "https://evil.example",
      });
      // React Router refuses a cross-site document post itself (400) before our guard would (403); either way in words.
      expect([400, 403]).toContain(forged.status);
      expect(await forged.text()).not.toMatch(/\bat \S+ \(|node_modules|\/work\//);
      const noToken = await post(route, body);
      expect(noToken.status).toBe(403);
      expect(await noToken.text()).toContain("This form has expired.");
      expect(publisher.jobs()).toHaveLength(0);
      expect(dirty()).toBe("");
    },
  );

  it("other spellings of the routes are guarded too", async () => {
    for (const route of ["/OWNER/SITE", "/owner/%73ite", "/owner/site/edit/%62usiness"]) {
      const anonymous = await fetch(base + route, {
        method: "POST",
        body: new URLSearchParams({ intent: "undo" }),
        redirect: "manual",
        headers: { origin: base },
      });
      expect([401, 404], route).toContain(anonymous.status);
    }
    expect(publisher.jobs()).toHaveLength(0);
  });

  it("file names from the address never reach the disk: traversal, encoded and absolute names are 404", async () => {
    for (const route of [
      "/owner/site/edit/services/..%2Fbusiness",
      "/owner/site/edit/services/%2e%2e",
      "/owner/site/edit/services/%2Fetc%2Fpasswd",
      "/owner/site/edit/..%2F..%2Fserver",
      "/owner/site/edit/services/no-such-page",
      "/owner/site/edit/constructor",
      "/owner/site/edit/business/extra",
    ]) {
      // 404, or the server's own redirect to the tidy spelling (which is then a 404 as well).
      const res = await fetch(base + route, { headers: { cookie }, redirect: "manual" });
      expect([301, 404], route).toContain(res.status);
      const saved = await post(route, new URLSearchParams({ csrf, intent: "save", name: "x" }));
      expect([301, 404], route).toContain(saved.status);
    }
    expect(publisher.jobs()).toHaveLength(0);
    expect(dirty()).toBe("");
  });
});

describe("Site section: signed in", () => {
  it("lists pages by the names the site gives them, each edit link named so, its web address in small type", async () => {
    const html = await (await fetch(`${base}/owner/site`, { headers: { cookie } })).text();
    const links = [
      ...html.matchAll(
        /<a href="\/owner\/site\/edit\/([^"]+)"[^>]*>([^<]+)<\/a>(?:<span class="text-sm[^"]*">([^<]+)<\/span>)?/g,
      ),
    ];
    const byHref = new Map(links.map((m) => [m[1], { name: m[2], address: m[3] ?? null }]));
    expect(byHref.get("cities/east-peoria")).toEqual({ name: "East Peoria", address: "/locations/east-peoria" });
    expect(byHref.get("services/chimney-crowns")).toEqual({
      name: "Chimney Crowns",
      address: "/services/chimney-crowns",
    });
    expect(byHref.get("posts/cost-of-chimney-repair-bloomington-il")).toEqual({
      name: "How Much Does Chimney Repair Cost in Bloomington, IL? (2025 Guide)",
      address: "/blog/cost-of-chimney-repair-bloomington-il",
    });
    expect(byHref.get("business")).toEqual({ name: "Business facts", address: null });
    expect(byHref.get("faqs")).toEqual({ name: "Questions and answers", address: "/faq" });
    // No link is called "Edit" or by a file name any more.
    expect(links.map((m) => m[2])).not.toContain("Edit");
    expect(links.map((m) => m[2])).not.toContain("east-peoria");
  });

  it("shows the business facts form with labels from the schema", async () => {
    const html = await (await fetch(`${base}/owner/site/edit/business`, { headers: { cookie } })).text();
    expect(html).toContain(">Phone<");
    expect(html).toContain("Written (309) 555-0134; every call button dials it.");
    expect(html).toContain('value="(309) 555-0134"');
    expect(html).toContain("Save and publish");
  });

  it("refuses what the build would refuse, naming the field in words; nothing is written", async () => {
    const fields = formFields(JSON.parse(JSON.stringify(businessValue())));
    fields.set("phone", "call us");
    fields.set("hours[1].closes", "07:00");
    fields.append("csrf", csrf);
    fields.append("intent", "save");
    const res = await post("/owner/site/edit/business", fields);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Not saved. Please fix:");
    expect(html).toContain("Phone must be a phone number written (309) 555-0134");
    expect(html).toContain("Opening hours 2 › Closes must close after it opens");
    expect(publisher.jobs()).toHaveLength(0);
  });

  it("saves a new phone as a commit by the owner, naming what changed", async () => {
    const fields = formFields(businessValue());
    fields.set("phone", "(309) 555-0199");
    fields.append("csrf", csrf);
    fields.append("intent", "save");
    const res = await post("/owner/site/edit/business", fields);
    const problem = res.status === 200 ? /Please fix:[\s\S]{0,400}/.exec(await res.text())?.[0] : "";
    expect([res.status, res.headers.get("location"), problem]).toEqual([302, "/owner/site?saved", ""]);
    await publisher.idle();
    expect(gitLog()[0]).toBe("Owner (console)|Business facts: Phone");
    const written = readFileSync(path.join(clone, "content/business.yaml"), "utf8");
    expect(written).toBe(readFileSync("content/business.yaml", "utf8").replace("(309) 555-0134", "(309) 555-0199"));
  });

  it("a list button (add) answers with the longer list, without saving", async () => {
    const fields = formFields(businessValue());
    fields.append("csrf", csrf);
    fields.append("__intent__", JSON.stringify({ type: "insert", payload: { name: "socials" } }));
    const jobs = publisher.jobs().length;
    const res = await post("/owner/site/edit/business", fields);
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain("Social links 4");
    expect(publisher.jobs()).toHaveLength(jobs);
  });

  it("previews an article with the real renderer, without saving; the body's syntax survives", async () => {
    const source = readFileSync("content/posts/will-insurance-pay-for-chimney-repair.md", "utf8");
    const front = require("yaml").parse(source.split("---\n")[1] ?? "") as Record<string, unknown>;
    const fields = formFields(front);
    const body = source
      .slice(source.indexOf("---\n", 4) + 4)
      .replace("## What Policies Usually Don't Cover", "## What Policies Never Cover");
    fields.append("body", body);
    fields.append("csrf", csrf);
    fields.append("intent", "preview");
    const jobs = publisher.jobs().length;
    const res = await post("/owner/site/edit/posts/will-insurance-pay-for-chimney-repair", fields);
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain("Preview (not published yet)");
    expect(html).toContain('id="what-policies-usually-exclude"');
    expect(html).toContain("What Policies Never Cover");
    expect(html).toContain("Every policy is different");
    // The textarea still holds the body as typed, placeholders and directives included.
    expect(html).toContain(":::callout{title=&quot;Every policy is different&quot;}");
    expect(publisher.jobs()).toHaveLength(jobs);
  });

  it("adds a phone photo to Recent work without its GPS position; refuses an 11th photo and non-photos", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "site-photo-"));
    const phone = readFileSync(
      await makeTestPhoto(path.join(dir, "IMG_2041.JPG"), { width: 2600, height: 1950, orientation: 1 }),
    );
    const form = new FormData();
    form.append("csrf", csrf);
    form.append("intent", "add");
    form.append("caption", "New crown, Normal");
    form.append("alt", "Concrete crown with a drip edge");
    form.append("service", "chimney-crowns");
    form.append("city", "normal");
    form.append("photos", new File([new Uint8Array(phone)], "IMG_2041.JPG", { type: "image/jpeg" }));
    const res = await post("/owner/site/photos", form);
    expect([res.status, res.headers.get("location")]).toEqual([302, "/owner/site?saved"]);
    await publisher.idle();
    expect(gitLog()[0]).toBe("Owner (console)|Recent work: added 1 photo");
    const jpeg = readFileSync(path.join(clone, "content/photos/img-2041.jpg"));
    const meta = await sharp(jpeg).metadata();
    expect(hasGps(meta.exif)).toBe(false);
    expect(meta.exif).toBeUndefined();
    expect(readFileSync(path.join(clone, "content/gallery.yaml"), "utf8")).toContain("file: img-2041.jpg");

    const eleven = new FormData();
    eleven.append("csrf", csrf);
    eleven.append("intent", "add");
    for (let i = 0; i < 11; i++)
      eleven.append("photos", new File([new Uint8Array(phone.subarray(0, 1000))], `p${i}.jpg`));
    const jobs = publisher.jobs().length;
    expect(await (await post("/owner/site/photos", eleven)).text()).toContain("Send at most 10 photos at a time.");
    const text = new FormData();
    text.append("csrf", csrf);
    text.append("intent", "add");
    text.append("caption", "x");
    text.append("alt", "x");
    text.append("photos", new File(["not a photo"], "x.jpg"));
    expect(await (await post("/owner/site/photos", text)).text()).toContain("x.jpg is not a photo sharp can read");
    expect(publisher.jobs()).toHaveLength(jobs);
    writeFileSync(path.join(dir, "done"), "");
    rmSync(dir, { recursive: true, force: true });
  });

  it("refuses a caption or description over 300 characters by name, publishes nothing, and keeps the text", async () => {
    const phone = readFileSync(
      await makeTestPhoto(path.join(mkdtempSync(path.join(tmpdir(), "site-photo-")), "IMG_2042.JPG"), {
        width: 800,
        height: 600,
        orientation: 1,
      }),
    );
    const long = "New poured crown with a drip edge & a cap, October. ".repeat(6).slice(0, 301);
    for (const [name, words] of [
      ["caption", "Caption: at most 300 characters."],
      ["alt", "What the photos show: at most 300 characters."],
    ] as const) {
      const form = new FormData();
      form.append("csrf", csrf);
      form.append("caption", "New crown, Normal");
      form.append("alt", "Concrete crown with a drip edge");
      form.set(name, long);
      form.append("intent", "add");
      form.append("photos", new File([new Uint8Array(phone)], "IMG_2042.JPG", { type: "image/jpeg" }));
      const jobs = publisher.jobs().length;
      const res = await post("/owner/site/photos", form);
      expect(res.status, name).toBe(400);
      const html = await res.text();
      expect(html, name).toContain(words);
      expect(html, name).toContain(long.replaceAll("&", "&amp;"));
      expect(new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0], name).toMatch(/maxlength="300"/i);
      expect(publisher.jobs(), name).toHaveLength(jobs);
    }
  });
});

function businessValue() {
  // The form's value as the page loads it: the file's own data.
  return JSON.parse(
    execFileSync(
      process.execPath,
      [
        "-e",
        "console.log(JSON.stringify(require('yaml').parse(require('fs').readFileSync('content/business.yaml','utf8'))))",
      ],
      {
        encoding: "utf8",
      },
    ),
  ) as Record<string, unknown>;
}

describe("Ask for a review, on a won request's screen", () => {
  const wonRequest = (spam = false) => {
    const { id } = store.save({
      name: "Rita Review",
      email: `rita-${Math.random().toString(36).slice(2)}@example.com`,
      phone: "(309) 555-0111",
      service: "Chimney Crowns",
      message: "Crown job",
      city: "East Peoria",
      spam,
      idempotencyKey: null,
      ip: null,
      userAgent: null,
    });
    store.setStatus(id, "won");
    return id;
  };
  const page = async (id: number) => (await fetch(`${base}/owner/requests/${id}`, { headers: { cookie } })).text();
  const ask = (id: number) => post(`/owner/requests/${id}`, new URLSearchParams({ csrf, intent: "review" }));
  const reviews = (id: number) => store.deliveries(id).filter((d) => d.kind === "review-request");
  const businessFile = () => path.join(clone, "content/business.yaml");

  it("asks for the review link first while Business facts has none", async () => {
    const id = wonRequest();
    expect(await page(id)).toContain("To ask for a review, add your review link first");
    expect((await ask(id)).status).toBe(400);
    expect(reviews(id)).toHaveLength(0);
  });

  it("queues one e-mail on one tap, shows it in the history and e-mails, and never a second", async () => {
    const original = readFileSync(businessFile(), "utf8");
    writeFileSync(businessFile(), `${original}reviewUrl: https://g.page/r/CXa1b2c3d4e5f6g7/review\n`);
    try {
      const id = wonRequest();
      const before = await page(id);
      expect(before).toContain(">Ask for a review</button>");
      expect(before).toContain("It goes once; no more will follow.");
      const tap = await ask(id);
      expect(tap.status).toBe(302);
      expect(tap.headers.get("location")).toBe(`/owner/requests/${id}?done=review`);
      expect(reviews(id)).toHaveLength(1);
      const after = await page(id);
      expect(after).toContain("review requested");
      expect(after).toMatch(/Review asked [A-Z][a-z]{2}, /);
      expect(after).toMatch(/Review request<\/span>: (queued|sent)/);
      expect(after).not.toContain(">Ask for a review</button>");
      expect((await ask(id)).status).toBe(409);
      expect(reviews(id)).toHaveLength(1);

      // Not for spam, even marked won; not for a request that is not won.
      const spam = wonRequest(true);
      expect(await page(spam)).not.toContain("Ask for a review");
      expect((await ask(spam)).status).toBe(400);
      store.setStatus(id, "quoted");
      const quoted = wonRequest();
      store.setStatus(quoted, "quoted");
      expect(await page(quoted)).not.toContain("Ask for a review");
      expect((await ask(quoted)).status).toBe(400);
      expect(reviews(spam)).toHaveLength(0);
      expect(reviews(quoted)).toHaveLength(0);
      // A forged tap from another site changes nothing.
      const other = wonRequest();
      const forged = await post(`/owner/requests/${other}`, new URLSearchParams({ csrf, intent: "review" }), {
        origin: "https://evil.example",
      });
      expect([400, 403]).toContain(forged.status);
      expect(reviews(other)).toHaveLength(0);
    } finally {
      writeFileSync(businessFile(), original);
    }
  });
});
