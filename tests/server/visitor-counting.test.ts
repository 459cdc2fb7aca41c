// Visitor counting against the running server (decision 0029): what counts, each exclusion, floods that must not
// inflate visitors or grow the database, attacker-chosen referrers and tags, and the daily salt (with a fake clock
// over the store itself, since the server's clock is the machine's).
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openEstimateStore } from "../../server/requests/estimate-store.ts";
import { createOwnerConsole } from "../../server/owner/owner-console.ts";
import { DAY_CAPS, createVisitorCounter } from "../../server/visitors/visitor-counter.ts";
import { startServer, stopServer, type RunningServer } from "./harness";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

let server: RunningServer;

beforeAll(async () => {
  // Behind a trusted proxy (loopback), X-Forwarded-For gives each simulated visitor an address of its own.
  server = await startServer({ TRUST_PROXY: "loopback", RATE_LIMIT_PER_MINUTE: "1000" });
});
afterAll(() => stopServer(server));

type Row = { kind: string; bucket: string; views: number; visitors: number };

function rows(): Row[] {
  const db = new Database(path.join(server.dataDir, "estimates.db"), { readonly: true });
  try {
    return db.prepare<[], Row>("SELECT kind, bucket, views, visitors FROM visit_days").all();
  } finally {
    db.close();
  }
}

function figure(kind: string, bucket: string): { views: number; visitors: number } {
  const row = rows().find((r) => r.kind === kind && r.bucket === bucket);
  return { views: row?.views ?? 0, visitors: row?.visitors ?? 0 };
}

/** Waits for the batch with `kind`/`bucket` to reach the database (written every 5 s). */
async function until(kind: string, bucket: string, views = 1) {
  const deadline = Date.now() + 20_000;
  while (figure(kind, bucket).views < views) {
    if (Date.now() > deadline) throw new Error(`${kind} ${bucket} never reached ${views} views`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

type ViewOptions = { ua?: string; ip?: string; referer?: string; method?: string; headers?: Record<string, string> };

async function view(
  target: string,
  { ua = CHROME, ip = "203.0.113.1", referer, method = "GET", headers = {} }: ViewOptions = {},
) {
  const response = await fetch(`${server.url}${target}`, {
    method,
    redirect: "manual",
    headers: { "User-Agent": ua, "X-Forwarded-For": ip, ...(referer ? { Referer: referer } : {}), ...headers },
  });
  await response.arrayBuffer();
  return response.status;
}

/** Many views, a few dozen at a time. */
async function views(count: number, make: (i: number) => [string, ViewOptions]) {
  let next = 0;
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (next < count) {
        const i = next++;
        const [target, options] = make(i);
        await view(target, options);
      }
    }),
  );
}

/** A marker view no other test makes: once it is in the database, every earlier view's batch is too. */
let markers = 0;
async function marker(): Promise<void> {
  const tag = `marker-${++markers}`;
  await view(`/?utm_campaign=${tag}`, { ip: `198.51.100.${markers}` });
  await until("utm_campaign", tag);
}

describe("what is counted", () => {
  it("counts a prerendered page, the 404 page and a campaign link, per page, source, tag and device", async () => {
    expect(await view("/faq", { ip: "192.0.2.10", ua: IPHONE, referer: "https://www.google.com/" })).toBe(200);
    expect(await view("/no-such-page-at-all", { ip: "192.0.2.10", ua: IPHONE })).toBe(404);
    expect(await view("/?utm_source=newsletter&utm_campaign=spring", { ip: "192.0.2.11" })).toBe(200);
    await marker();
    expect(figure("page", "/faq")).toEqual({ views: 1, visitors: 1 });
    expect(figure("page", "Not found")).toEqual({ views: 1, visitors: 1 });
    expect(figure("landing", "/faq")).toEqual({ views: 1, visitors: 1 });
    expect(figure("referrer", "Google")).toEqual({ views: 1, visitors: 1 });
    expect(figure("utm_source", "newsletter")).toEqual({ views: 1, visitors: 1 });
    expect(figure("utm_campaign", "spring")).toEqual({ views: 1, visitors: 1 });
    expect(figure("device", "Phone")).toEqual({ views: 2, visitors: 1 });
  });

  it("keeps no address, no user agent and one salt: today's", () => {
    const db = new Database(path.join(server.dataDir, "estimates.db"), { readonly: true });
    try {
      const dump = ["visit_days", "visit_salt", "visit_seen"]
        .map((t) => JSON.stringify(db.prepare(`SELECT * FROM ${t}`).all()))
        .join("\n");
      for (const secret of ["192.0.2.10", "203.0.113.1", "iPhone", "Chrome/131"]) expect(dump).not.toContain(secret);
      expect(db.prepare("SELECT count(*) AS n FROM visit_salt").get()).toEqual({ n: 1 });
    } finally {
      db.close();
    }
    expect(server.output()).not.toContain("192.0.2.10");
  });
});

/** A signed-in owner's session, made the way sign-in makes one. */
function ownerSession() {
  const store = openEstimateStore({ dataDir: server.dataDir });
  try {
    return createOwnerConsole({ db: store.db }).sessions.create({ ip: null, userAgent: null, passkeyId: null });
  } finally {
    store.close();
  }
}

describe("what is never counted", () => {
  it("leaves out bots, HEAD, prefetches, the console, the owner's browser, assets and refused requests", async () => {
    const owner = ownerSession();
    const before = figure("all", "");
    const refused: [string, ViewOptions, number][] = [
      ["/", { ua: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" }, 200],
      ["/", { ua: "" }, 200],
      ["/", { method: "HEAD" }, 200],
      ["/", { headers: { "Sec-Purpose": "prefetch" } }, 200],
      ["/", { headers: { "Sec-Purpose": "prefetch;prerender" } }, 200],
      ["/", { headers: { Purpose: "prefetch" } }, 200],
      ["/", { headers: { "X-Moz": "prefetch" } }, 200],
      ["/", { headers: { Cookie: `owner=${owner.token}` } }, 200],
      ["/faq", { headers: { Cookie: `theme=dark; owner=${owner.token}` } }, 200],
      ["/owner/sign-in", {}, 200],
      ["/OWNER/sign-in", {}, 200],
      ["/%6Fwner/sign-in", {}, 200],
      ["/owner", {}, 302],
      ["/sitemap.xml", {}, 200],
      ["/robots.txt", {}, 200],
      ["/favicon.ico", {}, 200],
      ["/faq.data", {}, 404],
      ["/assets/nothing-here.js", {}, 404],
      ["/photos/nothing.jpg", {}, 404],
      ["/%E0%A4%A", {}, 400],
      ["/", { method: "PUT" }, 405],
      ["/", { method: "BREW" }, 400],
      ["/faq/", {}, 301],
      ["/api/estimate", {}, 405],
    ];
    for (const [target, options, status] of refused) {
      expect([target, await view(target, options)]).toEqual([target, status]);
    }
    // A cookie that is no live session is a visitor like any other.
    await view("/faq", { headers: { Cookie: "owner=not-a-session" }, ip: "192.0.2.99" });
    await marker();
    expect(figure("all", "").views - before.views).toBe(2);
  });
});

describe("abuse", () => {
  it("counts a flood from one address as one visitor, with one user agent or 10,000 of them", async () => {
    const before = figure("page", "/services/chimney-crowns");
    const rowsBefore = rows().length;
    await views(2000, () => ["/services/chimney-crowns", { ip: "192.0.2.50" }]);
    await until("page", "/services/chimney-crowns", before.views + 2000);
    expect(figure("page", "/services/chimney-crowns").visitors - before.visitors).toBe(1);

    await views(10_000, (i) => ["/services/chimney-crowns", { ip: "192.0.2.51", ua: `${CHROME} Fake/${i}` }]);
    await until("page", "/services/chimney-crowns", before.views + 12_000);
    expect(figure("page", "/services/chimney-crowns").visitors - before.visitors).toBe(2);
    // One page, one device class, "Direct": nothing new but what a single visitor makes.
    expect(rows().length - rowsBefore).toBeLessThanOrEqual(3);
  });

  it("counts 10,000 random paths under 'Not found', not as rows of their own", async () => {
    const before = figure("page", "Not found");
    const rowsBefore = rows().length;
    await views(10_000, (i) => [`/x${i}-${Math.random().toString(36).slice(2)}`, { ip: `10.1.${i >> 8}.${i & 255}` }]);
    await until("page", "Not found", before.views + 10_000);
    expect(figure("page", "Not found").visitors - before.visitors).toBe(10_000);
    expect(rows().length - rowsBefore).toBe(0);
  });

  it("keeps 5,000 referring sites in at most the day's cap of rows", async () => {
    await views(5000, (i) => ["/contact", { ip: `10.2.${i >> 8}.${i & 255}`, referer: `https://spam-${i}.example/` }]);
    await until("page", "/contact", 5000);
    const referrers = rows().filter((r) => r.kind === "referrer");
    // The cap, plus Direct and the named engines, which always have room.
    expect(referrers.length).toBeLessThanOrEqual(DAY_CAPS.referrer.max + 5);
    expect(referrers.reduce((n, r) => n + r.views, 0)).toBeGreaterThanOrEqual(5000);
    expect(figure("referrer", "Other sites").views).toBeGreaterThan(4000);
  });

  it("stores a referrer or a tag as capped text without control characters", async () => {
    const formula = `=HYPERLINK("http://evil.example","x")\u0007\u202E${"y".repeat(500)}`;
    await view(`/?utm_source=${encodeURIComponent(formula)}&utm_campaign=%0D%0Aline`, { ip: "192.0.2.77" });
    await marker();
    const source = rows().find((r) => r.kind === "utm_source" && r.bucket.startsWith("=HYPERLINK"));
    expect(source?.bucket).toBe(`=HYPERLINK("http://evil.example","x")${"y".repeat(23)}`);
    expect(source?.bucket).toHaveLength(60);
    expect(figure("utm_campaign", "line").views).toBe(1);

    // The owner's CSV keeps it text: a spreadsheet shows the formula, never runs it.
    const csv = await fetch(`${server.url}/owner/reports.csv?chart=campaigns`, {
      headers: { Cookie: `owner=${ownerSession().token}`, "User-Agent": CHROME },
    });
    expect(csv.status).toBe(200);
    const text = await csv.text();
    expect(text).toContain(`"utm_source","'=HYPERLINK(""http://evil.example"",""x"")${"y".repeat(23)}","1","1"`);
    expect(text).not.toContain(`,"=HYPERLINK`);
  });
});

describe("the daily salt", () => {
  it("is made each day, yesterday's deleted from the database, and the same person counts again", () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "visit-salt-"));
    const store = openEstimateStore({ dataDir });
    let clock = new Date("2026-03-10T15:00:00Z");
    const counter = createVisitorCounter({
      store: store.visitorFigures,
      timeZone: "America/Chicago",
      now: () => clock,
    });
    const same = {
      path: "/",
      known: true,
      notFound: false,
      site: "example.com",
      ip: "192.0.2.1",
      userAgent: CHROME,
      referrer: null,
      query: "",
    };
    const salts = () => store.db.prepare<[], { day: string; salt: string }>("SELECT day, salt FROM visit_salt").all();
    counter.record({ ...same, at: clock });
    counter.record({ ...same, at: clock });
    counter.flush();
    const [first] = salts();
    expect(first?.day).toBe("2026-03-10");
    // 23:59 in Chicago is still the same day; 00:01 is the next.
    clock = new Date("2026-03-11T04:59:00Z");
    counter.record({ ...same, at: clock });
    clock = new Date("2026-03-11T05:01:00Z");
    counter.record({ ...same, at: clock });
    counter.flush();
    const now = salts();
    expect(now).toHaveLength(1);
    expect(now[0]?.day).toBe("2026-03-11");
    expect(now[0]?.salt).not.toBe(first?.salt);
    const all = store.visitorFigures.since("2026-03-01").filter((r) => r.kind === "all");
    expect(all).toEqual([
      { day: "2026-03-10", kind: "all", bucket: "", views: 3, visitors: 1 },
      { day: "2026-03-11", kind: "all", bucket: "", views: 1, visitors: 1 },
    ]);
    store.close();
    // Not in the file or its log: secure_delete zeroed it and the log was folded in.
    const bytes = Buffer.concat(
      ["estimates.db", "estimates.db-wal"].flatMap((f) => {
        try {
          return [readFileSync(path.join(dataDir, f))];
        } catch {
          return [];
        }
      }),
    );
    expect(bytes.includes(first?.salt ?? "none")).toBe(false);
  });

  it("deletes aggregates older than 25 months with the daily purge", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "visit-purge-"));
    const store = openEstimateStore({ dataDir });
    const row = { kind: "all" as const, bucket: "", views: 1, visitors: 1 };
    store.visitorFigures.write(
      [
        { ...row, day: "2024-01-31" },
        { ...row, day: "2024-03-01" },
      ],
      [],
    );
    const { purgeExpired } = await import("../../server/requests/outbox.ts");
    purgeExpired(store, new Date("2026-03-10T12:00:00Z"), () => {});
    expect(store.visitorFigures.since("2000-01-01").map((r) => r.day)).toEqual(["2024-03-01"]);
    store.close();
  });
});
