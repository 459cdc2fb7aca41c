// The owner console's guard, against the running server: every spelling of every owner path, no/forged/expired
// cookies, cross-site posts, 50 wrong passkey assertions, and lead ids that do not exist. Every answer is clean (our
// words, no stack, no file path), says nothing about which requests exist, and stores nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EstimateStore } from "../../server/requests/estimate-store.ts";
import { createOwnerConsole } from "../../server/owner/owner-console.ts";
import { startServer, stopServer, type RunningServer } from "./harness";
import { rawRequest, type RawResponse } from "./raw-http";
import { withStoreAt } from "../support/server-db.ts";

const SECRET_NAME = "Sentinel Zebulon Quist";

let server: RunningServer;
let leadId: number;
let spamId: number;
let quoteId: number;

function withStore<T>(work: (store: EstimateStore) => T): T {
  return withStoreAt(server.dataDir, work);
}

/** A session made the way sign-in makes one; `at` sets the clock it was made by. */
function newSession(at?: Date) {
  return withStore((store) => {
    const owner = createOwnerConsole({ db: store.db, ...(at ? { now: () => at } : {}) });
    const { token, session } = owner.sessions.create({ ip: "127.0.0.1", userAgent: "test", passkeyId: null });
    return { token, csrf: session.csrf };
  });
}

function sessionCount() {
  return withStore((store) => createOwnerConsole({ db: store.db }).sessions.list().length);
}

function request(method: string, path: string, headers: Record<string, string> = {}, body = ""): Promise<RawResponse> {
  const all: Record<string, string> = {
    Host: `127.0.0.1:${server.port}`,
    Connection: "close",
    ...(body || method === "POST" ? { "Content-Length": String(Buffer.byteLength(body)) } : {}),
    ...headers,
  };
  const lines = Object.entries(all)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join("");
  return rawRequest(server.port, `${method} ${path} HTTP/1.1\r\n${lines}\r\n${body}`);
}

const origin = () => `http://127.0.0.1:${server.port}`;
const CROSS_SITE_REFUSALS = [400, 403];
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

/** Our words only: no stack trace, no file path, nothing about the request's person. */
function expectClean(response: RawResponse, label: string) {
  expect(response.body, label).not.toMatch(/\n\s+at |node_modules|\/work\/|\.tsx?:\d|Error:/);
  expect(response.body, label).not.toContain(SECRET_NAME);
  expect(response.status, label).toBeGreaterThanOrEqual(200);
  expect(response.status, label).toBeLessThan(500);
}

beforeAll(async () => {
  server = await startServer({ RATE_LIMIT_PER_MINUTE: "100000" });
  const estimate = {
    name: SECRET_NAME,
    email: "zq@example.com",
    phone: "309-555-0100",
    service: "Tuckpointing",
    message: "Mortar is crumbling.",
    city: "Normal",
    spam: false,
    idempotencyKey: null,
    ip: null,
    userAgent: null,
  };
  withStore((store) => {
    leadId = store.save(estimate).id;
    spamId = store.save({ ...estimate, spam: true }).id;
    const draft = {
      options: [{ id: "o1", name: "", lines: [] }],
      addons: [],
      photos: [],
      validUntil: "2030-01-01",
      deposit: { kind: "none" },
      note: "",
    };
    quoteId = store.quotes.create(leadId, JSON.stringify(draft), () => "Q-GUARD1").id;
  });
});
afterAll(() => stopServer(server));

/** A condition report photo's id, as a phone makes one. */
const PHOTO_ID = "0f8fad5b-d9cb-469f-a165-70867728950e";

/** Owner pages and data, as the router spells them, and other spellings of each. */
function ownerPaths() {
  const pages = [
    "/owner",
    "/owner/spam",
    `/owner/requests/${leadId}`,
    "/owner/security",
    "/owner/erase",
    "/owner/visits",
    "/owner/visits/settings",
    "/owner/visits/calendars",
    "/owner/visits/1",
    "/owner/visits/1/report",
    "/owner/visits/1/report/save",
    "/owner/quotes",
    `/owner/quotes/${quoteId}`,
    `/owner/quotes/${quoteId}/send`,
    "/owner/money",
    "/owner/jobs",
    "/owner/jobs/1",
    "/owner/jobs/1/photos",
    "/owner/customers",
    "/owner/customers/1",
    "/owner/campaigns",
    "/owner/next-year/job/1",
    "/owner/next-year/visit/1",
  ];
  const spellings = (p: string) => {
    const rest = p.slice("/owner".length);
    return [
      p,
      `/OWNER${rest.toUpperCase()}`,
      `/Owner${rest}`,
      `/%6Fwner${rest}`,
      `/%6f%77%6e%65%72${rest}`,
      `/./owner${rest}`,
      `/x/../owner${rest}`,
      `//owner${rest}`,
      `/owner${rest}/`,
      `/owner${rest}//`,
      `/owner${rest}.data`,
      `/owner${rest}?_data=routes/owner/inbox`,
      rest ? `/owner/.${rest}` : "/owner/.",
      rest ? `/owner%2F${rest.slice(1)}` : "/owner%2F",
      rest ? `/owner%2f${rest.slice(1)}` : "/owner%2f",
      rest ? `/owner/%2E${rest}` : "/owner/%2E",
      `/owner${rest}%2F`,
      `/owner${rest};x=1`,
    ];
  };
  return [
    ...pages.flatMap(spellings),
    ...spellings("/owner/export.csv"),
    ...spellings("/owner/money.csv"),
    ...spellings("/owner/customers.csv"),
    ...spellings(`/owner/quotes/${quoteId}/pdf/1`),
    ...spellings(`/owner/quotes/${quoteId}/photos/${"a".repeat(64)}`),
    ...spellings("/owner/jobs/1/photos/1"),
    ...spellings("/owner/jobs/1/photos/1-small"),
    ...spellings(`/owner/visits/1/report/photos/${PHOTO_ID}`),
    ...spellings(`/owner/visits/1/report/photos/${PHOTO_ID}-thumb`),
    ...spellings(`/owner/visits/1/report/photos/${PHOTO_ID}-original`),
  ];
}

describe("the owner console without a session", () => {
  it("answers every spelling of every owner page with the sign-in page, a 401 or a plain 404, never the data", async () => {
    const paths = ownerPaths();
    expect(paths.length).toBeGreaterThan(100);
    const leaked: string[] = [];
    for (const path of paths) {
      const response = await request("GET", path);
      expectClean(response, path);
      const location = response.headers.location ?? "";
      const ok =
        (response.status === 302 && location.startsWith("/owner/sign-in")) ||
        // The trailing-slash redirect to the same path (decision 0004), which then meets the guard.
        ((response.status === 301 || response.status === 308) && location.startsWith("/")) ||
        [400, 401, 404].includes(response.status) ||
        // A .data request: the redirect to sign-in, encoded for the router.
        (response.status === 202 && /sign-in/.test(response.body)) ||
        (response.status === 204 && /sign-in/.test(response.headers["x-remix-redirect"] ?? ""));
      if (!ok) leaked.push(`${path} -> ${response.status} ${location}`);
    }
    expect(leaked).toEqual([]);
  });

  it("marks every console answer no-store and noindex", async () => {
    for (const path of [
      "/owner",
      "/OWNER/SPAM",
      `/%6Fwner/requests/${leadId}`,
      "/owner/sign-in",
      "/owner/export.csv",
    ]) {
      const response = await request("GET", path);
      expect(response.headers["cache-control"], path).toContain("no-store");
      expect(response.headers["x-robots-tag"], path).toMatch(/noindex/);
    }
  });

  it("isolates every console answer from other windows (COOP), signed in or not, and no public page", async () => {
    const { token } = newSession();
    const cookie = { Cookie: `__Host-owner=${token}` };
    const missing: string[] = [];
    const paths = [...ownerPaths(), "/owner/sign-in", "/OWNER/SIGN-IN", "/%6Fwner/sign-in", "/owner/x/../sign-in"];
    for (const path of paths) {
      for (const headers of [{}, cookie]) {
        const response = await request("GET", path, headers);
        // A page or data of the console: what another site's window must not reach (decision 0025).
        const consoleAnswer = response.status === 200 || response.status === 401 || response.status === 202;
        if (consoleAnswer && response.headers["cross-origin-opener-policy"] !== "same-origin")
          missing.push(`${path} ${Object.keys(headers).length ? "signed in" : "signed out"} -> ${response.status}`);
      }
    }
    expect(missing).toEqual([]);
    const signIn = await request("GET", "/owner/sign-in");
    expect(signIn.status).toBe(200);
    expect(signIn.headers["cross-origin-opener-policy"]).toBe("same-origin");

    // Public pages hold nothing to isolate, and the header would cost each visit a new renderer process.
    for (const path of ["/", "/contact", "/services/chimney-crowns", "/locations/normal", "/faq", "/no-such-page"]) {
      const response = await request("GET", path);
      expect(response.headers["cross-origin-opener-policy"], path).toBeUndefined();
      expect(response.headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
    }
  });

  it("gives data a plain 401 in our words", async () => {
    const response = await request("GET", "/owner/export.csv");
    expect(response.status).toBe(401);
    expect(response.body).toBe("Sign in to the owner console first.");
  });

  it("says the same about a request that exists and one that does not", async () => {
    const real = await request("GET", `/owner/requests/${leadId}`);
    const missing = await request("GET", "/owner/requests/987654");
    expect(real.status).toBe(302);
    expect(missing.status).toBe(302);
    expect(real.body.replace(String(leadId), "N")).toBe(missing.body.replace("987654", "N"));
  });

  it("refuses forged, unknown, expired and wrongly named cookies", async () => {
    const valid = newSession();
    const expired = newSession(new Date(Date.now() - 13 * 3_600_000));
    const old = newSession(new Date(Date.now() - 8 * 24 * 3_600_000));
    for (const cookie of [
      "owner=forged",
      "owner=",
      `owner=${"A".repeat(43)}`,
      `owner=${"x".repeat(5000)}`,
      `owner=${expired.token}`,
      `owner=${old.token}`,
      // On https only the __Host- name counts; on plain http only the plain one: never the other.
      `__Host-owner=${valid.token}`,
      `Owner=${valid.token}`,
      `owner2=${valid.token}`,
    ]) {
      const page = await request("GET", `/owner/requests/${leadId}`, { Cookie: cookie });
      expect(page.status, cookie.slice(0, 60)).toBe(302);
      expectClean(page, cookie.slice(0, 60));
      const data = await request("GET", "/owner/export.csv", { Cookie: cookie });
      expect(data.status, cookie.slice(0, 60)).toBe(401);
    }
    // Positive control: the valid session sees the request.
    const page = await request("GET", `/owner/requests/${leadId}`, { Cookie: `owner=${valid.token}` });
    expect(page.status).toBe(200);
    expect(page.body).toContain(SECRET_NAME);
  });
});

describe("the owner console with a session", () => {
  it("answers a request id that does not exist, or is out of range, with the same plain 404", async () => {
    const { token } = newSession();
    const bodies = new Set<string>();
    for (const id of ["987654", "0", "-1", "1e3", "0x1", "01", "99999999999999999999", "abc", "%00", "1.5", " 1"]) {
      const response = await request("GET", `/owner/requests/${encodeURI(id)}`, { Cookie: `owner=${token}` });
      expect([400, 404], id).toContain(response.status);
      expectClean(response, id);
      if (response.status === 404) bodies.add(response.body.replace(/<title>.*?<\/title>/, ""));
    }
    expect(bodies.size).toBe(1);
    const csv = await request("GET", "/owner/export.csv", { Cookie: `owner=${token}` });
    expect(csv.status).toBe(200);
    expect(csv.headers["content-type"]).toMatch(/^text\/csv/);
    // The same export as `npm run leads -- --csv` (server/requests/leads.ts): BOM, quoted header.
    expect(csv.body.split("\n")[0]).toMatch(/^\uFEFF"id","reference","received_at","status","name","email"/);
  });

  it("refuses a cross-site or token-less POST on every spelling, and changes nothing", async () => {
    const { token, csrf } = newSession();
    const body = form({ csrf, intent: "status", status: "won" });
    const refused: [string, Record<string, string>][] = [];
    for (const path of [
      `/owner/requests/${leadId}`,
      `/OWNER/REQUESTS/${leadId}`,
      `/%6Fwner/requests/${leadId}`,
      `/owner/quotes/${quoteId}`,
      `/OWNER/QUOTES/${quoteId}/SEND`,
      "/owner/visits/1/report",
      "/OWNER/VISITS/1/REPORT/SAVE",
      `/%6Fwner/visits/1/report/photos/${PHOTO_ID}`,
      `/owner/visits/1/report/photos/${PHOTO_ID}?flue=1&part=crown`,
      "/owner/customers/1",
      "/OWNER/CUSTOMERS/1",
      "/%6Fwner/customers/1",
      "/owner/customers/1.data",
      "/owner/next-year/job/1",
      "/OWNER/NEXT-YEAR/JOB/1",
      "/owner/next-year/visit/1.data",
    ]) {
      for (const headers of <Record<string, string>[]>[
        { Origin: "https://evil.example" },
        { Origin: "null" },
        {},
        { Origin: `${origin()}.evil.example` },
        { Origin: `http://localhost:${server.port}` },
      ]) {
        refused.push([path, headers]);
      }
    }
    for (const [path, headers] of refused) {
      const response = await request("POST", path, { ...FORM, Cookie: `owner=${token}`, ...headers }, body);
      // A foreign Origin is already refused by React Router (400) before the guard's own check (403) runs.
      expect(CROSS_SITE_REFUSALS, `${path} ${JSON.stringify(headers)}`).toContain(response.status);
      expectClean(response, path);
    }
    for (const bad of ["", "wrong", `${csrf}x`]) {
      const response = await request(
        "POST",
        `/owner/requests/${leadId}`,
        { ...FORM, Cookie: `owner=${token}`, Origin: origin() },
        form({ csrf: bad, intent: "status", status: "won" }),
      );
      expect(response.status, `csrf "${bad}"`).toBe(403);
      expect(response.body).toContain("This form has expired.");
    }
    // Another session's token is not this session's.
    const other = newSession();
    const crossed = await request(
      "POST",
      `/owner/requests/${leadId}`,
      { ...FORM, Cookie: `owner=${token}`, Origin: origin() },
      form({ csrf: other.csrf, intent: "status", status: "won" }),
    );
    expect(crossed.status).toBe(403);
    expect(withStore((s) => s.get(leadId)?.status)).toBe("new");

    // Positive control: same origin, this session's token.
    const ok = await request(
      "POST",
      `/owner/requests/${leadId}`,
      { ...FORM, Cookie: `owner=${token}`, Origin: origin() },
      body,
    );
    expect(ok.status).toBe(302);
    expect(withStore((s) => s.get(leadId)?.status)).toBe("won");
  });

  it("refuses a POST without a session, whatever it carries", async () => {
    const response = await request(
      "POST",
      "/owner/erase",
      { ...FORM, Origin: origin() },
      form({ intent: "erase", email: "zq@example.com" }),
    );
    expect(response.status).toBe(401);
    expect(withStore((s) => s.get(spamId))).toBeDefined();
  });

  it("ends the session on sign-out: the old cookie is worth nothing after", async () => {
    const { token, csrf } = newSession();
    const out = await request(
      "POST",
      "/owner/sign-out",
      { ...FORM, Cookie: `owner=${token}`, Origin: origin() },
      form({ csrf }),
    );
    expect(out.status).toBe(302);
    expect(out.headers["set-cookie"]).toMatch(/^owner=; Path=\/; HttpOnly; SameSite=Strict; Max-Age=0/);
    const after = await request("GET", "/owner", { Cookie: `owner=${token}` });
    expect(after.status).toBe(302);
  });
});

describe("passkey sign-in attempts", () => {
  it("refuses 50 wrong assertions in a row: 10 fail, the rest are rate-limited, no session is made", async () => {
    const before = sessionCount();
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++) {
      const options = await request(
        "POST",
        "/owner/passkey/sign-in",
        { ...FORM, Origin: origin() },
        form({ step: "options" }),
      );
      const { ceremony } = JSON.parse(options.body) as { ceremony: string };
      const fake = JSON.stringify({
        id: `fake-${i}`,
        rawId: `fake-${i}`,
        type: "public-key",
        response: { clientDataJSON: "e30", authenticatorData: "AAAA", signature: "AAAA" },
        clientExtensionResults: {},
      });
      const verify = await request(
        "POST",
        "/owner/passkey/sign-in",
        { ...FORM, Origin: origin(), "X-Forwarded-For": "203.0.113.9" },
        form({ step: "verify", ceremony, response: fake }),
      );
      expectClean(verify, `attempt ${i}`);
      expect(verify.headers["set-cookie"]).toBeUndefined();
      statuses.push(verify.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses.slice(10)).toEqual(Array(40).fill(429));
    expect(sessionCount()).toBe(before);
  });

  it("refuses a cross-site sign-in or enrolment", async () => {
    for (const ceremony of ["sign-in", "enrol", "add"]) {
      const response = await request(
        "POST",
        `/owner/passkey/${ceremony}`,
        { ...FORM, Origin: "https://evil.example" },
        form({ step: "options" }),
      );
      expect(CROSS_SITE_REFUSALS, ceremony).toContain(response.status);
      expectClean(response, ceremony);
    }
  });
});

describe("the one-tap link", () => {
  it("changes nothing on GET or HEAD, refuses a cross-site POST, works once", async () => {
    const { id } = withStore((store) =>
      store.save({
        name: "One Tap",
        email: "tap@example.com",
        phone: "309-555-0101",
        service: "",
        message: "hi",
        city: null,
        spam: false,
        idempotencyKey: null,
        ip: null,
        userAgent: null,
      }),
    );
    const token = withStore((store) => createOwnerConsole({ db: store.db }).actionTokens.create(id, "mark-contacted"));
    const path = `/owner/act/${token}`;
    const page = await request("GET", path);
    expect(page.status).toBe(200);
    // The token is in the URL: no Referer carries it to another site (the last policy listed applies).
    expect(page.headers["referrer-policy"]).toMatch(/(^|, )same-origin$/);
    expect((await request("HEAD", path)).status).toBe(200);
    expect(CROSS_SITE_REFUSALS).toContain(
      (await request("POST", path, { ...FORM, Origin: "https://evil.example" }, "")).status,
    );
    expect((await request("POST", path, FORM, "")).status).toBe(403);
    expect(withStore((s) => s.get(id)?.status)).toBe("new");
    const used = await request("POST", path, { ...FORM, Origin: origin() }, "");
    expect(used.status).toBe(302);
    expect(used.headers.location).toBe(`/owner/act/done?request=${id}`);
    expect(withStore((s) => s.get(id)?.status)).toBe("contacted");
    for (const again of [await request("GET", path), await request("POST", path, { ...FORM, Origin: origin() }, "")]) {
      expect(again.status).toBe(410);
      expectClean(again, "second use");
    }
    // A made-up token looks exactly like a used one.
    expect((await request("GET", "/owner/act/nope")).status).toBe(410);
  });
});
