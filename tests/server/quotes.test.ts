// Quotes against the built server, as the owner and a homeowner use them over HTTP, with a local mail server: the
// owner makes and sends one from a request; the homeowner's link (from the e-mail) opens a page that sends no-store,
// no-referrer and noindex, that 100 mail-scanner GETs leave byte-identical in the database, whose unknown, withdrawn
// and old links answer the same 404, and whose failed lookups are limited. 50 acceptances at once give one; the same
// form posted 5 times gives one; the homeowner's copy carries the hash stored with the acceptance; every owner action
// on the accepted quote is refused; the page, the e-mail, the PDF and the console print the same amounts.
import { writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync } from "node:zlib";
import { simpleParser, type ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EstimateStore } from "../../server/requests/estimate-store.ts";
import { createOwnerConsole } from "../../server/owner/owner-console.ts";
import { pdfText } from "../support/pdf-text.ts";
import { startServer, stopServer, type RunningServer } from "./harness";
import { startSmtp, waitFor } from "./smtp";
import { LEAKS } from "./raw-http";
import sharp from "sharp";
import { multipartBody } from "../support/multipart.ts";
import { localTime } from "../../server/requests/lead-mail.ts";
import { ownerFormPost, tableRows, withStoreAt } from "../support/server-db.ts";
import { homeownerPost as postFromQuotePage } from "../support/homeowner-post.ts";

let server: RunningServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let clockFile: string;
let session: { token: string; csrf: string };

function withStore<T>(work: (store: EstimateStore) => T): T {
  return withStoreAt(server.dataDir, work);
}

const origin = () => `http://127.0.0.1:${server.port}`;

/** The owner's POST, from the console's own page, with this session's token. */
function ownerPost(pathname: string, fields: Record<string, string>) {
  return ownerFormPost(origin(), session, pathname, fields);
}

function ownerGet(pathname: string) {
  return fetch(`${origin()}${pathname}`, { headers: { Cookie: `owner=${session.token}` }, redirect: "manual" });
}

/** What the owner's quote screen says after "Opened". */
async function openedText(quoteId: number): Promise<string | undefined> {
  const html = await (await ownerGet(`/owner/quotes/${quoteId}`)).text();
  return /<dt[^>]*>Opened<\/dt><dd[^>]*>([^<]*)<\/dd>/.exec(html)?.[1];
}

/** The homeowner's POST from the quote page, from a phone at `address`. */
function homeownerPost(link: string, fields: Record<string, string | string[]>, address = "203.0.113.10") {
  return postFromQuotePage(link, fields, {
    "User-Agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Mobile/15E148 Safari/604.1",
    "X-Forwarded-For": address,
  });
}

function newRequest(name: string, email: string): number {
  return withStore(
    (store) =>
      store.save({
        name,
        email,
        phone: "(309) 555-0177",
        service: "Chimney Crown Repair",
        message: "The crown is cracked.",
        city: "Normal",
        spam: false,
        idempotencyKey: null,
        ip: null,
        userAgent: null,
      }).id,
  );
}

/** Makes a quote over HTTP as the owner does: New quote, a preset line (its quantity changed), send. */
async function makeAndSend(requestId: number, lines: string[] = ["crown-rebuild", "tuckpointing"]) {
  const created = await ownerPost(`/owner/requests/${requestId}`, { intent: "new-quote" });
  expect(created.status).toBe(302);
  const quoteId = Number(/\/owner\/quotes\/(\d+)$/.exec(created.headers.get("location") ?? "")?.[1]);
  const optionId = () =>
    withStore(
      (s) => (JSON.parse(s.quotes.get(quoteId)?.draft ?? "{}") as { options: { id: string }[] }).options[0]?.id,
    );
  for (const key of lines) {
    expect((await ownerPost(`/owner/quotes/${quoteId}`, { intent: `add:${optionId()}:${key}` })).status).toBe(302);
  }
  // Tuckpointing: 123.5 sq ft at $18.50 is $2,284.75, typed in the line's own field.
  const draft = withStore(
    (s) =>
      JSON.parse(s.quotes.get(quoteId)?.draft ?? "{}") as { options: { lines: { id: string; preset: string }[] }[] },
  );
  const tuck = draft.options[0]?.lines.find((l) => l.preset === "tuckpointing");
  if (tuck) {
    const saved = await ownerPost(`/owner/quotes/${quoteId}`, {
      intent: "save",
      [`line.${tuck.id}.name`]: "Tuckpointing",
      [`line.${tuck.id}.qty`]: "123.5",
      [`line.${tuck.id}.unit`]: "sq ft",
      [`line.${tuck.id}.price`]: "18.50",
    });
    expect(saved.status).toBe(302);
  }
  const review = await ownerPost(`/owner/quotes/${quoteId}`, { intent: "preview" });
  expect(review.headers.get("location")).toBe(`/owner/quotes/${quoteId}/send`);
  expect(await (await ownerGet(`/owner/quotes/${quoteId}/send`)).text()).toContain("Send to ");
  const sent = await ownerPost(`/owner/quotes/${quoteId}/send`, {});
  expect(sent.headers.get("location")).toBe(`/owner/quotes/${quoteId}?done=sent`);
  return quoteId;
}

const parsed = new Map<string, ParsedMail>();
async function mailTo(address: string, subject: RegExp): Promise<ParsedMail> {
  return waitFor(() => {
    for (const m of smtp.received) {
      if (!m.to.includes(address)) continue;
      const known = parsed.get(m.raw);
      if (known && subject.test(known.subject ?? "")) return known;
    }
    for (const m of smtp.received) if (!parsed.has(m.raw)) void simpleParser(m.raw).then((p) => parsed.set(m.raw, p));
    return undefined;
  }, 15_000);
}

const linkIn = (mail: ParsedMail) => {
  const found = /http:\/\/[^\s"<>]+\/quote\/[A-Za-z0-9_-]{32,64}/.exec(mail.text ?? "")?.[0];
  if (!found) throw new Error(`no link in ${mail.subject}`);
  return found.replace(/^http:\/\/[^/]+/, origin());
};

/** Every table's rows, for "nothing changed" (SQLite's own bookkeeping left out). */
function snapshot(): string {
  return JSON.stringify(withStore(tableRows));
}

beforeAll(async () => {
  smtp = await startSmtp();
  clockFile = path.join(mkdtempSync(path.join(tmpdir(), "quote-clock-")), "now");
  writeFileSync(clockFile, new Date().toISOString());
  server = await startServer({
    SMTP_URL: smtp.url,
    NOTIFY_EMAIL: "owner@example.com",
    RATE_LIMIT_PER_MINUTE: "100000",
    TRUST_PROXY: "loopback",
    TEST_CLOCK_FILE: clockFile,
    BACKUP_DIR: "off",
  });
  session = withStore((store) => {
    const { token, session: s } = createOwnerConsole({ db: store.db }).sessions.create({
      ip: "127.0.0.1",
      userAgent: "test",
      passkeyId: null,
    });
    return { token, csrf: s.csrf };
  });
});
afterAll(async () => {
  await stopServer(server);
  await smtp.close();
});

describe("a quote, sent and accepted", () => {
  let quoteId: number;
  let requestId: number;
  let link: string;
  let sentMail: ParsedMail;

  it("goes out from the owner's request screen with its link and its PDF, and the request is quoted", async () => {
    requestId = newRequest("Dana Whitfield", "dana@example.com");
    quoteId = await makeAndSend(requestId);
    sentMail = await mailTo("dana@example.com", /^Your quote from/);
    link = linkIn(sentMail);
    const pdf = sentMail.attachments.find((a) => a.contentType === "application/pdf");
    expect(pdf?.filename).toMatch(/^Q-[A-Z0-9]{6}-v1\.pdf$/);
    expect(withStore((s) => s.get(requestId)?.status)).toBe("quoted");
    // The PDF is stored once and sent as stored.
    const stored = withStore((s) => s.quotes.document(s.quotes.version(quoteId, 1)?.id ?? 0, "sent")?.pdf);
    expect(stored?.equals(pdf?.content ?? Buffer.alloc(0))).toBe(true);
  });

  it("opens a page with no script that is never stored, indexed or named in a Referer, in one round trip", async () => {
    const response = await fetch(link, { headers: { "Accept-Encoding": "identity" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    expect(response.headers.get("x-robots-tag")).toMatch(/noindex/);
    const html = await response.text();
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    // Every spelling the router sends to the page gets the same headers (they are set by route, server/http).
    const token = link.slice(link.lastIndexOf("/") + 1);
    for (const spelling of [`/QUOTE/${token}`, `/%71uote/${token}`, `/./quote/${token}`, `/quote/${token}/pdf`]) {
      const other = await fetch(`${origin()}${spelling}`);
      expect(other.status, spelling).toBe(200);
      expect(other.headers.get("cache-control"), spelling).toBe("no-store");
      expect(other.headers.get("referrer-policy"), spelling).toBe("no-referrer");
      expect(other.headers.get("x-robots-tag"), spelling).toMatch(/noindex/);
      await other.arrayBuffer();
    }
    const head = [...response.headers].map(([k, v]) => `${k}: ${v}\r\n`).join("");
    expect(`HTTP/1.1 200 OK\r\n${head}\r\n`.length + brotliCompressSync(html).length).toBeLessThan(14_600);
  });

  it("prints the same amounts on the page, in the e-mail, in the PDF and in the console", async () => {
    const page = await (await fetch(link)).text();
    const console_ = await (await ownerGet(`/owner/quotes/${quoteId}`)).text();
    const pdf = pdfText(
      sentMail.attachments.find((a) => a.contentType === "application/pdf")?.content ?? Buffer.alloc(0),
    );
    for (const amount of ["$1,450.00", "$2,284.75", "$3,734.75"]) {
      expect(page, amount).toContain(amount);
      expect(pdf, amount).toContain(amount);
      expect(console_, amount).toContain(amount);
    }
    expect(sentMail.text).toContain("$3,734.75");
    // The deposit: 30% of $3,734.75 is $1,120.425, rounded once: $1,120.43.
    expect(page).toContain("$1,120.43");
  });

  it("changes nothing when a mail scanner fetches it 100 times", async () => {
    await waitFor(
      () =>
        withStore((s) => s.outbox().every((m) => m.sent_at || m.next_attempt_at > new Date().toISOString()))
          ? true
          : undefined,
      10_000,
    );
    const before = snapshot();
    const scanners = [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36",
      "Microsoft Office/16.0 (Microsoft Outlook; Safe Links)",
      "Mimecast-URL-Protect/1.0",
      "Proofpoint URL Defense",
      "curl/8.5.0",
    ];
    const pdfLink = `${link}/pdf`;
    for (let i = 0; i < 100; i++) {
      const url = i % 10 === 9 ? pdfLink : link;
      const response = await fetch(url, {
        method: i % 7 === 6 ? "HEAD" : "GET",
        headers: {
          "User-Agent": scanners[i % scanners.length] ?? "",
          "Sec-Fetch-Mode": "navigate",
          "Sec-Fetch-Site": "none",
        },
      });
      expect(response.status, url).toBe(200);
      await response.arrayBuffer();
    }
    expect(snapshot()).toBe(before);
    expect(withStore((s) => s.quotes.get(quoteId)?.status)).toBe("sent");
    // A person's click (the browser says so) notes "opened" once: an event, not a status.
    for (let i = 0; i < 2; i++) {
      await fetch(link, {
        headers: { "Sec-Fetch-User": "?1", "Sec-Fetch-Mode": "navigate", "User-Agent": scanners[0] ?? "" },
      });
    }
    const events = withStore((s) => s.quotes.events(quoteId).map((e) => e.kind));
    expect(events.filter((k) => k === "opened")).toHaveLength(1);
    expect(withStore((s) => s.quotes.get(quoteId)?.status)).toBe("sent");
  });

  it("takes one acceptance of 50 posted at once, and marks the request won", async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        homeownerPost(link, {
          intent: "accept",
          version: "1",
          option: "a",
          name: `Homeowner ${i}`,
          consent: "yes",
          pamphlet: "yes",
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(303));
    expect(
      withStore((s) => s.db.prepare("SELECT count(*) AS n FROM quote_acceptances WHERE quote_id = ?").get(quoteId)),
    ).toEqual({ n: 1 });
    expect(withStore((s) => s.get(requestId)?.status)).toBe("won");
    const page = await (await fetch(link)).text();
    expect(page).toMatch(/Accepted by <strong>Homeowner \d+<\/strong>/);
  });

  it("sends the homeowner's copy, in full with the PDF, carrying the hash stored with the acceptance", async () => {
    const copy = await mailTo("dana@example.com", /^You accepted quote/);
    const stored = withStore((s) => s.quotes.acceptance(quoteId));
    const version = withStore((s) => s.quotes.version(quoteId, 1));
    expect(stored?.version_sha256).toBe(version?.sha256);
    expect(copy.text).toContain(`Version SHA-256: ${stored?.version_sha256}`);
    const pdf = copy.attachments.find((a) => a.contentType === "application/pdf")?.content ?? Buffer.alloc(0);
    expect(pdfText(pdf)).toContain(stored?.version_sha256 ?? "missing");
    expect(pdfText(pdf)).toContain(stored?.name ?? "missing");
    const owner = await mailTo("owner@example.com", /^Accepted: Q-/);
    expect(owner.text).toContain("$3,734.75");
  });

  it("refuses every owner action on the accepted quote, and changes nothing", async () => {
    const before = snapshot();
    const draft = withStore((s) => JSON.parse(s.quotes.get(quoteId)?.draft ?? "{}") as { options: { id: string }[] });
    for (const [pathname, fields] of [
      [`/owner/quotes/${quoteId}`, { intent: "save", note: "changed" }],
      [`/owner/quotes/${quoteId}`, { intent: `add:${draft.options[0]?.id}:cap-single` }],
      [`/owner/quotes/${quoteId}`, { intent: "add-option" }],
      [`/owner/quotes/${quoteId}`, { intent: "withdraw" }],
      [`/owner/quotes/${quoteId}`, { intent: "pause" }],
      [`/owner/quotes/${quoteId}`, { intent: "show" }],
      [`/owner/quotes/${quoteId}`, { intent: "record", option: "a", name: "Someone Else" }],
      [`/owner/quotes/${quoteId}/send`, {}],
    ] as [string, Record<string, string>][]) {
      const response = await ownerPost(pathname, fields);
      expect(response.status, `${pathname} ${JSON.stringify(fields)}`).toBe(409);
      const body = await response.text();
      expect(body, pathname).not.toMatch(LEAKS);
    }
    expect(snapshot()).toBe(before);
  });
});

describe("links that lead nowhere", () => {
  it("answer an unknown, a withdrawn and an old link with the same 404, and limit failed lookups", async () => {
    const requestId = newRequest("Lee Park", "lee@example.com");
    const withdrawnId = await makeAndSend(requestId, ["cap-single"]);
    const withdrawnLink = linkIn(await mailTo("lee@example.com", /^Your quote from/));
    expect((await ownerPost(`/owner/quotes/${withdrawnId}`, { intent: "withdraw" })).status).toBe(302);
    const other = await makeAndSend(newRequest("Kim Ortiz", "kim@example.com"), ["cap-single"]);
    // The owner's "Show it on this phone" link lives 2 hours.
    const shown = await ownerPost(`/owner/quotes/${other}`, { intent: "show" });
    const deviceLink = `${origin()}${shown.headers.get("location")}`;
    expect((await fetch(deviceLink)).status).toBe(200);
    writeFileSync(clockFile, new Date(Date.now() + 3 * 3_600_000).toISOString());
    // The server's clock looks at its file at most every 50 ms (server/time/clock.ts).
    await new Promise((r) => setTimeout(r, 120));
    try {
      const answers = await Promise.all(
        [`${origin()}/quote/${"A".repeat(43)}`, withdrawnLink, deviceLink].map(async (url) => {
          const r = await fetch(url, { headers: { "X-Forwarded-For": "198.51.100.1" } });
          return {
            url,
            status: r.status,
            type: r.headers.get("content-type"),
            cache: r.headers.get("cache-control"),
            body: await r.text(),
          };
        }),
      );
      for (const a of answers) {
        expect(a.status, a.url).toBe(404);
        expect({ ...a, url: "" }).toEqual({ ...answers[0], url: "" });
      }
      expect(answers[0]?.body).toContain("There is no quote at this address");
    } finally {
      writeFileSync(clockFile, new Date().toISOString());
      await new Promise((r) => setTimeout(r, 120));
    }
    // 20 failures from one address, then 429 for it; another address still gets its quote.
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      const r = await fetch(`${origin()}/quote/${String(i).padStart(43, "B")}`, {
        headers: { "X-Forwarded-For": "198.51.100.7" },
      });
      statuses.push(r.status);
      if (r.status === 429) expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    expect(statuses.slice(0, 20).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
    const kimLink = linkIn(await mailTo("kim@example.com", /^Your quote from/));
    expect((await fetch(kimLink, { headers: { "X-Forwarded-For": "198.51.100.8" } })).status).toBe(200);
  });

  it("takes the same form posted 5 times as one answer", async () => {
    const requestId = newRequest("Pat Moss", "pat@example.com");
    const quoteId = await makeAndSend(requestId, ["cap-single"]);
    const link = linkIn(await mailTo("pat@example.com", /^Your quote from/));
    const fields = { intent: "accept", version: "1", option: "a", name: "Pat Moss", consent: "yes" };
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await homeownerPost(link, fields, "203.0.113.50")).status);
    expect(statuses).toEqual([303, 303, 303, 303, 303]);
    expect(
      withStore((s) => s.db.prepare("SELECT count(*) AS n FROM quote_acceptances WHERE quote_id = ?").get(quoteId)),
    ).toEqual({ n: 1 });
    expect(withStore((s) => s.deliveries(requestId).filter((d) => d.kind === "quote-accepted"))).toHaveLength(1);
  });
});

describe("the owner's quote screen", () => {
  it("says an accepted quote was opened, at its acceptance when no view was recorded", async () => {
    const quoteId = await makeAndSend(newRequest("Vera Quist", "vera@example.com"), ["cap-single"]);
    const link = linkIn(await mailTo("vera@example.com", /^Your quote from/));
    expect(await openedText(quoteId)).toBe("Not yet");
    // Straight from the e-mail to "I accept": a browser that did not say the view was the person's own (no
    // Sec-Fetch-User), so no view is recorded; the acceptance itself says it was opened.
    const fields = { intent: "accept", version: "1", option: "a", name: "Vera Quist", consent: "yes" };
    expect((await homeownerPost(link, fields, "203.0.113.60")).status).toBe(303);
    const at = withStore((s) => s.quotes.acceptance(quoteId)?.at) ?? "";
    expect(withStore((s) => s.quotes.events(quoteId).filter((e) => e.kind === "opened"))).toEqual([]);
    expect(await openedText(quoteId)).toBe(`${localTime(at)}, when they accepted`);
  });

  it("says a declined quote was opened, at the answer when no view was recorded", async () => {
    const quoteId = await makeAndSend(newRequest("Wes Quist", "wes@example.com"), ["cap-single"]);
    const link = linkIn(await mailTo("wes@example.com", /^Your quote from/));
    const fields = { intent: "decline", version: "1", reason: "We sold the house." };
    expect((await homeownerPost(link, fields, "203.0.113.61")).status).toBe(303);
    const at = withStore((s) => s.quotes.get(quoteId)?.decided_at) ?? "";
    expect(await openedText(quoteId)).toBe(`${localTime(at)}, when they answered`);
  });
});

describe("acceptance in person", () => {
  it("at the homeowner's home, on the owner's phone: recorded in-home, and the copy carries the cancellation notice", async () => {
    const requestId = newRequest("Ruth Ames", "ruth@example.com");
    const quoteId = await makeAndSend(requestId, ["cap-single"]);
    const shown = await ownerPost(`/owner/quotes/${quoteId}`, { intent: "show" });
    expect(shown.status).toBe(302);
    const deviceLink = `${origin()}${shown.headers.get("location")}`;
    const page = await (await fetch(deviceLink, { headers: { Cookie: `owner=${session.token}` } })).text();
    expect(page).toContain("You are accepting at your home, on our device: you may cancel.");
    const accepted = await fetch(deviceLink, {
      method: "POST",
      redirect: "manual",
      headers: {
        Origin: "null",
        "Sec-Fetch-Site": "same-origin",
        Cookie: `owner=${session.token}`,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ intent: "accept", version: "1", option: "a", name: "Ruth Ames", consent: "yes" }),
    });
    expect(accepted.status).toBe(303);
    expect(withStore((s) => s.quotes.acceptance(quoteId)?.method)).toBe("in-home");
    // Read and accepted on the owner's phone, through its link: opened then.
    const at = withStore((s) => s.quotes.acceptance(quoteId)?.at) ?? "";
    expect(await openedText(quoteId)).toBe(`${localTime(at)}, when they accepted`);
    const copy = await mailTo("ruth@example.com", /^You accepted quote/);
    expect(copy.text).toContain("YOUR RIGHT TO CANCEL");
    expect(copy.text).toContain("may cancel this transaction");
  });

  it("on paper: the owner records it with a photo of the signed paper, kept with the quote", async () => {
    const requestId = newRequest("Sam Lowe", "sam@example.com");
    const quoteId = await makeAndSend(requestId, ["cap-single"]);
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#f5f0e6" } })
      .jpeg()
      .toBuffer();
    const { body, contentType } = multipartBody([
      { name: "csrf", value: session.csrf },
      { name: "intent", value: "record" },
      { name: "option", value: "a" },
      { name: "name", value: "Sam Lowe" },
      { name: "paper", filename: "IMG_2041.JPG", bytes: jpeg },
    ]);
    const recorded = await fetch(`${origin()}/owner/quotes/${quoteId}`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: `owner=${session.token}`, Origin: origin(), "Content-Type": contentType },
      body,
    });
    expect(recorded.status).toBe(302);
    const acceptance = withStore((s) => s.quotes.acceptance(quoteId));
    expect(acceptance).toMatchObject({ method: "paper", name: "Sam Lowe", ip: "127.0.0.1" });
    const photo = await ownerGet(`/owner/quotes/${quoteId}/photos/${acceptance?.paper_photo}`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get("content-type")).toBe("image/jpeg");
    expect(withStore((s) => s.get(requestId)?.status)).toBe("won");
    // Their link was never opened: the screen does not say "Not yet" of a quote they have signed.
    expect(await openedText(quoteId)).toBe("Not online: accepted in person or on paper");
  });
});
