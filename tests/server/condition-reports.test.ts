// The condition report's server side (issue 66, decision 0054), against the built server: a photo's upload by the
// id the phone made is kept once however often and however fast it comes (50 at once: one row, every answer the same
// hash); every EXIF orientation comes out upright with no EXIF, GPS, XMP or profile in any copy; HEIC, a file that is
// not an image, a 30 MB photo and the rest are refused in words; a Watch or Repair now without a photo, or a Watch
// without what makes it worse and a day, is refused at its field; a send naming a photo the server lacks is refused.
// Sending freezes a version the database refuses to change, mails its link and PDF (tagged, its font embedded:
// pdfinfo, pdffonts); a correction is version 2 with its reason, and the first link says so; a changed link is the
// one 404, and no link reaches another homeowner's report or photo.
import { execFileSync } from "node:child_process";
import { request as httpRequest } from "node:http";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOwnerConsole } from "../../server/owner/owner-console.ts";
import { jpegMetadataSegments } from "../../server/photos/photo-ingest.ts";
import { sha256Hex } from "../../server/documents/canonical-json.ts";
import { REPORT_PHOTO_WORDS } from "../../app/lib/report-photos.ts";
import { FINDING_WORDS } from "../../app/lib/finding-rules.ts";
import { startServer, stopServer, type RunningServer } from "./harness.ts";
import { LEAKS } from "./raw-http.ts";
import { seedVisit, type SeededVisit } from "../support/seed-report.ts";
import { ownerFormPost, withStoreAt } from "../support/server-db.ts";
import { hasGps, makeTestPhoto } from "../support/test-photos.ts";
import { mailInbox } from "../support/mail-inbox.ts";
import { recordReport } from "../support/seed-recorded-report.ts";
import { startSmtp } from "./smtp.ts";
import { SEND_WORDS } from "../../server/reports/report-sending.ts";
import { quoteServiceOver } from "../support/seed-quote.ts";
import { lineFromPreset } from "../../server/quotes/quote-words.ts";
import { hashSecret, newSecret } from "../../server/store/secrets.ts";
import { dollarsInput } from "../../server/quotes/money.ts";
import { seedFindings } from "../support/seed-findings.ts";
import { QUOTE_FINDING_WORDS } from "../../app/lib/finding-quote.ts";
import { TREND_WORDS } from "../../server/reports/report-history.ts";

let work: string;
let server: RunningServer;
let base: string;
let session: { token: string; csrf: string };
let visit: SeededVisit;
let phone: Buffer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const { mailTo, mailsTo } = mailInbox(() => smtp);

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), "reports-"));
  const dataDir = mkdtempSync(path.join(tmpdir(), "reports-data-"));
  visit = seedVisit(dataDir, { flues: 2 });
  session = withStoreAt(dataDir, (store) => {
    const made = createOwnerConsole({ db: store.db }).sessions.create({ ip: null, userAgent: null, passkeyId: null });
    return { token: made.token, csrf: made.session.csrf };
  });
  phone = readFileSync(await makeTestPhoto(path.join(work, "IMG_0001.JPG"), { width: 2048, height: 1536 }));
  smtp = await startSmtp();
  server = await startServer(
    { BACKUP_DIR: "off", RATE_LIMIT_PER_MINUTE: "100000", SMTP_URL: smtp.url, NOTIFY_EMAIL: "owner@example.com" },
    dataDir,
  );
  base = `http://127.0.0.1:${server.port}`;
}, 120_000);

afterAll(async () => {
  if (server) await stopServer(server);
  await smtp?.close();
  rmSync(work, { recursive: true, force: true });
});

const report = () => `/owner/visits/${visit.visitId}/report`;
const flue = () => visit.flueIds[0] ?? 0;
const db = <T>(work: Parameters<typeof withStoreAt<T>>[1]) => withStoreAt(server.dataDir, work);
const photoRows = () =>
  db((store) =>
    store.db
      .prepare<[], { client_id: string; stored: number; upload_sha256: string | null; finding_id: number }>(
        "SELECT client_id, stored_at IS NOT NULL AS stored, upload_sha256, finding_id FROM report_photos ORDER BY id",
      )
      .all(),
  );

function upload(
  id: string,
  bytes: Buffer | Uint8Array,
  {
    part = "crown",
    flueId = flue(),
    type = "image/jpeg",
    csrf = session.csrf,
    headers = {} as Record<string, string>,
  } = {},
) {
  return fetch(`${base}${report()}/photos/${id}?flue=${flueId}&part=${part}`, {
    method: "POST",
    headers: {
      Cookie: `owner=${session.token}`,
      Origin: base,
      "Content-Type": type,
      "X-CSRF-Token": csrf,
      ...headers,
    },
    body: new Uint8Array(bytes),
  });
}

/**
 * A body the server refuses by its length before reading it: it answers and closes while the client still writes,
 * which fetch reports as EPIPE on a busy machine. Node's http keeps the answer that came first.
 */
function bigUpload(target: string, body: Buffer): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${base}${target}`,
      {
        method: "POST",
        headers: {
          Cookie: `owner=${session.token}`,
          Origin: base,
          "Content-Type": "image/jpeg",
          "Content-Length": String(body.length),
          "X-CSRF-Token": session.csrf,
        },
      },
      (res) => {
        let text = "";
        res.on("data", (c: Buffer) => (text += String(c)));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as unknown }));
      },
    );
    req.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EPIPE" && error.code !== "ECONNRESET") reject(error);
    });
    req.end(body);
  });
}

async function answer(response: Promise<Response>) {
  const r = await response;
  return { status: r.status, body: (await r.json()) as { sha256?: string; error?: string; id?: string } };
}

const save = (fields: Record<string, string>, photos: string[] = []) => {
  const form = new URLSearchParams({ csrf: session.csrf, ...fields });
  for (const id of photos) form.append("photos", id);
  return fetch(`${base}${report()}/save`, {
    method: "POST",
    headers: {
      Cookie: `owner=${session.token}`,
      Origin: base,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: form,
  });
};

const finding = (part: string, over: Record<string, string> = {}) => ({
  intent: "finding",
  flue: String(flue()),
  part,
  state: "good",
  defect: "",
  note: "",
  worseIf: "",
  recheckDay: "",
  notInspectedWhy: "",
  ...over,
});

/** A small greyscale thumbnail of the image, to compare scenes whatever their size. */
async function look(bytes: Buffer): Promise<Buffer> {
  return sharp(bytes).resize(48, 36, { fit: "fill" }).greyscale().raw().toBuffer();
}
const difference = (a: Buffer, b: Buffer) => a.reduce((sum, v, i) => sum + Math.abs(v - (b[i] ?? 0)), 0) / a.length;

describe("a photo's upload", () => {
  it("by one id, 50 times at once, is one row, and every answer is the stored photo's hash", async () => {
    const id = randomUUID();
    const answers = await Promise.all(Array.from({ length: 50 }, () => answer(upload(id, phone))));
    const sha = sha256Hex(phone);
    expect(answers.map((a) => a.body.sha256)).toEqual(Array(50).fill(sha));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(49);
    expect(photoRows().filter((r) => r.client_id === id)).toEqual([
      expect.objectContaining({ stored: 1, upload_sha256: sha }),
    ]);
    // An hour later, a retry is still the same photo.
    expect(await answer(upload(id, phone))).toEqual({ status: 200, body: { id, sha256: sha } });
  }, 120_000);

  it("under a used id with other bytes is refused, with the kept one's hash", async () => {
    const id = randomUUID();
    expect((await upload(id, phone)).status).toBe(201);
    const other = await sharp(phone).resize(800).jpeg().toBuffer();
    expect(await answer(upload(id, other))).toEqual({
      status: 409,
      body: { error: REPORT_PHOTO_WORDS.conflict, sha256: sha256Hex(phone) },
    });
  });

  it("comes out upright for every EXIF orientation, with no EXIF, GPS, XMP or profile in any copy", async () => {
    let reference: Buffer | null = null;
    for (const orientation of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const sideways = orientation >= 5;
      const file = await makeTestPhoto(path.join(work, `o${orientation}.jpg`), {
        width: sideways ? 600 : 800,
        height: sideways ? 800 : 600,
        seed: 11,
        orientation,
      });
      const bytes = readFileSync(file);
      expect(hasGps((await sharp(bytes).metadata()).exif)).toBe(true);
      const id = randomUUID();
      expect((await upload(id, bytes, { part: "bricks" })).status, `orientation ${orientation}`).toBe(201);
      for (const size of ["", "-thumb", "-original"]) {
        const r = await fetch(`${base}${report()}/photos/${id}${size}`, {
          headers: { Cookie: `owner=${session.token}` },
        });
        expect(r.status).toBe(200);
        expect(r.headers.get("content-type")).toBe("image/jpeg");
        const copy = Buffer.from(await r.arrayBuffer());
        const meta = await sharp(copy).metadata();
        expect(meta.width, `orientation ${orientation} ${size}`).toBeGreaterThan(meta.height ?? 0);
        expect([meta.exif, meta.xmp, meta.icc, meta.iptc, meta.orientation]).toEqual([
          undefined,
          undefined,
          undefined,
          undefined,
          undefined,
        ]);
        expect(jpegMetadataSegments(copy)).toEqual([]);
        expect(copy.includes(Buffer.from("Oak St"))).toBe(false);
        if (size === "-original") {
          const seen = await look(copy);
          reference ??= seen;
          expect(difference(seen, reference), `orientation ${orientation} looks like orientation 1`).toBeLessThan(6);
          const mirrored = await look(await sharp(copy).flop().toBuffer());
          expect(difference(mirrored, reference)).toBeGreaterThan(12);
        }
      }
      // A part takes 3 photos: each orientation's goes before the next comes.
      db((store) => store.db.prepare("DELETE FROM report_photos WHERE client_id = ?").run(id));
    }
  }, 120_000);

  it("is refused in words: HEIC, not an image, 30 MB, another type, a bad id, an unknown flue or part, a 4th photo", async () => {
    const avif = await sharp(phone).resize(400).avif({ effort: 0 }).toBuffer();
    const heic = Buffer.from(avif);
    heic.write("heic", 8, "latin1");
    expect(await answer(upload(randomUUID(), heic))).toEqual({ status: 415, body: { error: REPORT_PHOTO_WORDS.heic } });
    expect(await answer(upload(randomUUID(), heic, { type: "image/png" }))).toEqual({
      status: 415,
      body: { error: REPORT_PHOTO_WORDS.heic },
    });
    expect(await answer(upload(randomUUID(), Buffer.from("%PDF-1.7 not a photo")))).toEqual({
      status: 415,
      body: { error: REPORT_PHOTO_WORDS.type },
    });
    expect(await answer(upload(randomUUID(), phone, { type: "image/heic" }))).toEqual({
      status: 415,
      body: { error: REPORT_PHOTO_WORDS.type },
    });
    const big = Buffer.concat([phone, Buffer.alloc(30 * 1024 * 1024 - phone.length)]);
    expect(await bigUpload(`${report()}/photos/${randomUUID()}?flue=${flue()}&part=crown`, big)).toEqual({
      status: 413,
      body: { error: REPORT_PHOTO_WORDS.size },
    });
    expect(await answer(upload("not-a-uuid", phone))).toEqual({ status: 400, body: { error: REPORT_PHOTO_WORDS.id } });
    expect(await answer(upload(randomUUID(), phone, { flueId: 999_999 }))).toEqual({
      status: 400,
      body: { error: REPORT_PHOTO_WORDS.flue },
    });
    expect(await answer(upload(randomUUID(), phone, { part: "roof" }))).toEqual({
      status: 400,
      body: { error: REPORT_PHOTO_WORDS.part },
    });
    expect(await answer(upload(randomUUID(), Buffer.alloc(0)))).toEqual({
      status: 400,
      body: { error: REPORT_PHOTO_WORDS.empty },
    });
    for (let i = 0; i < 3; i++) expect((await upload(randomUUID(), phone, { part: "cap" })).status).toBe(201);
    expect(await answer(upload(randomUUID(), phone, { part: "cap" }))).toEqual({
      status: 409,
      body: { error: REPORT_PHOTO_WORDS.full },
    });
    expect(photoRows().filter((r) => !r.stored)).toEqual([]);
  }, 120_000);

  it("needs this session's token in its header, from our own pages", async () => {
    const rowsBefore = photoRows().length;
    expect((await upload(randomUUID(), phone, { csrf: "forged" })).status).toBe(403);
    expect((await upload(randomUUID(), phone, { headers: { Origin: "https://evil.example" } })).status).toBe(403);
    const anonymous = await fetch(`${base}${report()}/photos/${randomUUID()}?flue=${flue()}&part=crown`, {
      method: "POST",
      headers: { Origin: base, "Content-Type": "image/jpeg", "X-CSRF-Token": session.csrf },
      body: new Uint8Array(phone),
    });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).not.toMatch(LEAKS);
    expect(photoRows()).toHaveLength(rowsBefore);
  });
});

describe("a finding", () => {
  it("as Watch or Repair now needs a photo; a Watch what makes it worse and a day; refused at the field", async () => {
    const refused = async (fields: Record<string, string>, photos: string[] = []) => {
      const r = await save(fields, photos);
      return { status: r.status, body: (await r.json()) as { problems?: Record<string, string> } };
    };
    expect(await refused(finding("mortar", { state: "repair" }))).toEqual({
      status: 400,
      body: { ok: false, problems: { photos: FINDING_WORDS.repairPhoto } },
    });
    expect(await refused(finding("mortar", { state: "watch" }))).toEqual({
      status: 400,
      body: {
        ok: false,
        problems: {
          photos: FINDING_WORDS.watchPhoto,
          worseIf: FINDING_WORDS.worseIf,
          recheckDay: FINDING_WORDS.recheckDay,
        },
      },
    });
    expect((await refused(finding("mortar", { state: "good", doNotUse: "on" }))).body.problems).toEqual({
      doNotUse: FINDING_WORDS.doNotUse,
    });
    // A photo still on its way counts: it is named, and waits.
    const waiting = randomUUID();
    const watch = finding("mortar", { state: "watch", worseIf: "Sand washing out", recheckDay: "2040-01-01" });
    expect((await refused(watch, [waiting])).body.problems).toEqual({ recheckDay: FINDING_WORDS.recheckFar });
    const saved = await save({ ...watch, recheckDay: "2030-03-01" }, [waiting]);
    expect(saved.status).toBe(200);
    expect(photoRows().find((r) => r.client_id === waiting)).toMatchObject({ stored: 0 });
  });

  it("refuses a send naming a photo the server lacks, and lets it go when every photo is there", async () => {
    const check = async (photos: string[], intent = "send") => {
      const r = await save({ intent }, photos);
      return { status: r.status, body: (await r.json()) as { ok?: boolean; blockers?: string[]; next?: string } };
    };
    await save({ intent: "scope", nfpaLevel: "2", weather: "dry", roofAccess: "ladder", limits: "" });
    const stillOnPhone = randomUUID();
    const refused = await check([stillOnPhone]);
    expect(refused.status).toBe(409);
    expect(refused.body.blockers).toContain(
      "1 photo waiting on the phone for the server: keep the page open on the phone that took them.",
    );
    // The mortar's photo named above waits on the server too; once it arrives, and the parts photographed without
    // a state are decided, the report can go.
    const [named] = photoRows().filter((r) => !r.stored);
    await upload(named?.client_id ?? "", phone, { part: "mortar" });
    await save(finding("bricks", { state: "good" }));
    for (const part of ["cap", "crown"]) expect((await save(finding(part, { state: "repair" }))).status).toBe(200);
    const ready = await check([]);
    expect(ready).toEqual({ status: 200, body: { ok: true, version: 1, next: `${report()}?done=sent&version=1` } });
    expect((await check([stillOnPhone], "check")).body.blockers).toHaveLength(1);
  });
});

describe("the report page", () => {
  it("without script: a form post saves, a refusal comes back with its words at the part", async () => {
    const page = await fetch(`${base}${report()}`, { headers: { Cookie: `owner=${session.token}` } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Chimney condition report");
    expect(html).toContain('data-island="ReportField"');
    expect(html).not.toMatch(/home inspection/i);
    const refused = await ownerFormPost(base, session, report(), finding("flashing", { state: "watch" }));
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(FINDING_WORDS.worseIf);
    const saved = await ownerFormPost(base, session, report(), finding("flashing", { state: "good" }));
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe(`${report()}?done=saved`);
    const added = await ownerFormPost(base, session, report(), {
      intent: "add-flue",
      label: "Basement furnace",
      appliance: "furnace-vent",
      fuel: "gas",
      useLevel: "daily",
    });
    expect(added.headers.get("location")).toBe(`${report()}?done=flue`);
    expect(db((store) => store.flues.ofProperties([visit.propertyId]).map((f) => f.label))).toContain(
      "Basement furnace",
    );
  });
});

// One tap to the quote (decision 0054): the findings' lines on the request's draft in one POST, each remembering its
// finding; a finding left out needs its reason, refused at the field; another visit's finding is refused whole; the
// sent version carries each line's finding number and photo, which the homeowner's page reads from it alone.
describe("the quote made from the findings", () => {
  let other: SeededVisit;
  let here: SeededVisit;
  let ids: { crown: number; flashing: number; creosote: number; foreign: number };

  beforeAll(async () => {
    other = seedVisit(server.dataDir, {
      day: "2029-06-21",
      street: "88 Oak Ln",
      lead: { email: "lee@example.com", name: "Lee Ortiz" },
    });
    here = seedVisit(server.dataDir, {
      day: "2027-03-18",
      street: "17 Elm St",
      lead: { email: "sam@example.com", name: "Sam Reyes" },
    });
    const foreign = await seedFindings(server.dataDir, other, [{ part: "crown", state: "repair", defect: "cracked" }]);
    const mine = await seedFindings(server.dataDir, here, [
      { part: "crown", state: "repair", defect: "cracked" },
      { part: "flashing", state: "watch", defect: "sealant-worn", recheckDay: "2027-10-01" },
      { part: "creosote", state: "repair", defect: "glazed", doNotUse: true },
    ]);
    const [crown = 0, flashing = 0, creosote = 0] = mine.findingIds;
    ids = { crown, flashing, creosote, foreign: foreign.findingIds[0] ?? 0 };
  }, 60_000);

  const page = () => `/owner/visits/${here.visitId}/report`;
  const post = (fields: [string, string][]) =>
    fetch(`${base}${page()}`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: `owner=${session.token}`, Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams([["csrf", session.csrf], ["intent", "quote"], ...fields]),
    });
  const choices = (creosoteReason: string): [string, string][] => [
    ["finding", String(ids.crown)],
    [`quote-${ids.crown}`, "on"],
    [`preset-${ids.crown}`, "crown-rebuild"],
    [`reason-${ids.crown}`, ""],
    ["finding", String(ids.flashing)],
    [`preset-${ids.flashing}`, "flashing"],
    [`reason-${ids.flashing}`, "We are watching it; we look at it again by Oct 1, 2027."],
    ["finding", String(ids.creosote)],
    [`preset-${ids.creosote}`, ""],
    [`reason-${ids.creosote}`, creosoteReason],
  ];
  const quoteRows = () =>
    db((store) => ({
      quotes: store.quotes.forEstimate(here.estimateId),
      lines: store.db.prepare("SELECT quote_id, line_id, finding_id FROM quote_line_findings").all() as {
        quote_id: number;
        line_id: string;
        finding_id: number;
      }[],
      skips: store.db.prepare("SELECT finding_id, reason FROM quote_finding_skips ORDER BY finding_id").all(),
    }));

  /** The page's HTML with its apostrophes as typed, and whether the box named so is ticked. */
  const text = async (r: Response) => (await r.text()).replaceAll("&#x27;", "'");
  const ticked = (html: string, name: string) =>
    new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0].includes(" checked") ?? false;

  it("offers each Repair now ticked with the line its defect suggests, each Watch unticked with a reason", async () => {
    const html = await text(await fetch(`${base}${page()}`, { headers: { Cookie: `owner=${session.token}` } }));
    expect(html).toContain("The quote from these findings");
    expect(ticked(html, `quote-${ids.crown}`)).toBe(true);
    expect(ticked(html, `quote-${ids.flashing}`)).toBe(false);
    // Sweeping suggests no line of the owner's: unticked, for him to say why.
    expect(ticked(html, `quote-${ids.creosote}`)).toBe(false);
    expect(html).toMatch(/<option value="crown-rebuild" selected(="")?>Chimney crown rebuild<\/option>/);
    expect(html).toContain("We are watching it; we look at it again by Oct 1, 2027.");
  });

  it("refuses a finding left out without a reason, in words at its field, and makes nothing", async () => {
    const refused = await post(choices(""));
    expect(refused.status).toBe(400);
    const html = await text(refused);
    expect(html).toContain(`id="reason-${ids.creosote}-problem"`);
    expect(html).toContain(QUOTE_FINDING_WORDS.reason);
    // The form keeps what was posted: the crown still ticked, the flashing's reason as typed.
    expect(ticked(html, `quote-${ids.crown}`)).toBe(true);
    expect(html).toContain("We are watching it; we look at it again by Oct 1, 2027.");
    expect(quoteRows().quotes).toEqual([]);
  });

  it("refuses another visit's finding whole, and makes nothing", async () => {
    const refused = await post([
      ...choices("A sweep's job."),
      ["finding", String(ids.foreign)],
      [`quote-${ids.foreign}`, "on"],
      [`preset-${ids.foreign}`, "crown-rebuild"],
    ]);
    expect(refused.status).toBe(400);
    expect(await text(refused)).toContain(QUOTE_FINDING_WORDS.foreign);
    expect(quoteRows()).toMatchObject({ quotes: [], lines: [], skips: [] });
  });

  it("makes the draft in one POST: each line remembers its finding, each left out keeps its reason", async () => {
    const made = await post(choices("Sweeping is a chimney sweep's job; we will send you a name."));
    expect(made.status).toBe(302);
    const rows = quoteRows();
    expect(rows.quotes).toHaveLength(1);
    const q = rows.quotes[0];
    expect(made.headers.get("location")).toBe(`/owner/quotes/${q?.id}?done=findings`);
    const draft = JSON.parse(q?.draft ?? "{}") as {
      options: { lines: { id: string; preset: string; unitPrice: number }[] }[];
    };
    const line = draft.options[0]?.lines[0];
    expect(line).toMatchObject({ preset: "crown-rebuild", unitPrice: 145_000 });
    expect(rows.lines).toEqual([{ quote_id: q?.id, line_id: line?.id, finding_id: ids.crown }]);
    expect(rows.skips).toEqual([
      { finding_id: ids.flashing, reason: "We are watching it; we look at it again by Oct 1, 2027." },
      { finding_id: ids.creosote, reason: "Sweeping is a chimney sweep's job; we will send you a name." },
    ]);
    // Again: the finding already on the draft is not added twice.
    await post(choices("Sweeping is a chimney sweep's job; we will send you a name."));
    expect(quoteRows().lines).toHaveLength(1);
  });

  it("freezes each line's finding number and photo in the sent version; the homeowner's page reads them", async () => {
    const quoteId = quoteRows().quotes[0]?.id ?? 0;
    const { link, body } = db((store) => {
      const quotes = quoteServiceOver(store);
      quotes.send(quoteId, { ip: null, userAgent: null });
      return {
        link: `${base}${new URL(quotes.homeownerLink(quoteId)).pathname}`,
        body: store.quotes.version(quoteId, 1)?.body ?? "",
      };
    });
    const version = JSON.parse(body) as {
      options: { lines: { name: string; finding?: { number: number; photo: { sha256: string } | null } }[] }[];
    };
    const line = version.options[0]?.lines[0];
    expect(line?.name).toBe("Chimney crown rebuild");
    expect(line?.finding?.number).toBe(1);
    const sha = line?.finding?.photo?.sha256 ?? "";
    expect(sha).toMatch(/^[0-9a-f]{64}$/);
    const homeowner = await fetch(link);
    const html = await homeowner.text();
    expect(html).toContain("From finding 1");
    expect(html).toContain(`/photos/${sha}-small`);
    const photo = await fetch(`${link}/photos/${sha}-small`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get("content-type")).toBe("image/jpeg");
  });
});

// Next year (decision 0054): a later visit to the same property's flue lists last time's findings, a Watch whose day
// to look again has passed first, last time's photo beside this year's; "better", "same" or "worse" is stored on
// this year's finding with the finding it was compared with.
describe("next year's visit", () => {
  let before: SeededVisit;
  let after: SeededVisit;
  let last: { crown: number; flashing: number; mortar: number };

  beforeAll(async () => {
    before = seedVisit(server.dataDir, {
      day: "2025-11-10",
      street: "5 Pine Ct",
      lead: { email: "kim@example.com", name: "Kim Lane" },
    });
    const seeded = await seedFindings(
      server.dataDir,
      before,
      [
        { part: "crown", state: "good", photo: true },
        { part: "flashing", state: "watch", defect: "sealant-worn", recheckDay: "2026-10-01" },
        { part: "mortar", state: "repair", defect: "worn" },
      ],
      { sent: true },
    );
    const [crown = 0, flashing = 0, mortar = 0] = seeded.findingIds;
    last = { crown, flashing, mortar };
    const next = seedVisit(server.dataDir, {
      day: "2026-12-01",
      street: "5 Pine Ct",
      lead: { email: "kim.lane@example.com", name: "Kim Lane" },
    });
    // The same property as last time (the customers' pages link a new request to it; here by hand).
    db((store) =>
      store.db.prepare("UPDATE estimates SET property_id = ? WHERE id = ?").run(before.propertyId, next.estimateId),
    );
    after = { ...next, propertyId: before.propertyId, flueIds: before.flueIds };
  }, 60_000);

  const page = () => `/owner/visits/${after.visitId}/report`;
  const key = (part: string) => `last-${before.flueIds[0]}-${part}`;

  it("lists last time's findings, the overdue Watch first, with last time's photo", async () => {
    const html = await (await fetch(`${base}${page()}`, { headers: { Cookie: `owner=${session.token}` } })).text();
    expect(html).toContain("Last time");
    const at = (part: string) => html.indexOf(`id="${key(part)}"`);
    expect(at("flashing")).toBeGreaterThan(0);
    expect(at("flashing")).toBeLessThan(at("crown"));
    expect(at("crown")).toBeLessThan(at("mortar"));
    expect(html).toContain("Recheck was due Oct 1, 2026.");
    const photo = new RegExp(`/owner/visits/${before.visitId}/report/photos/[0-9a-f-]{36}-thumb`).exec(html)?.[0];
    expect(photo).toBeDefined();
    const served = await fetch(`${base}${photo}`, { headers: { Cookie: `owner=${session.token}` } });
    expect(served.status).toBe(200);
  });

  it("stores worse on this year's finding with the finding it was compared with; refuses in words what it cannot", async () => {
    const marked = await ownerFormPost(base, session, page(), {
      intent: "trend",
      flue: String(before.flueIds[0]),
      part: "flashing",
      trend: "worse",
    });
    expect(marked.status).toBe(302);
    expect(marked.headers.get("location")).toBe(`${page()}?done=trend#${key("flashing")}`);
    const row = db((store) => {
      const report = store.reports.forVisit(after.visitId);
      return report ? store.reports.findingOf(report.id, before.flueIds[0] ?? 0, "flashing") : undefined;
    });
    expect(row).toMatchObject({ trend: "worse", previous_id: last.flashing, state: null });
    const html = await (
      await fetch(`${base}${page()}?done=trend`, { headers: { Cookie: `owner=${session.token}` } })
    ).text();
    expect(html).toContain("Saved: compared with last time.");
    expect(html).toMatch(/aria-pressed="true"[^>]*>Worse</);
    for (const [part, trend, words] of [
      ["damper", "same", TREND_WORDS.nothing],
      ["crown", "bigger", TREND_WORDS.trend],
    ] as const) {
      const refused = await ownerFormPost(base, session, page(), {
        intent: "trend",
        flue: String(before.flueIds[0]),
        part,
        trend,
      });
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain(words);
    }
  });
});

describe("a sent report", () => {
  const DANA = "dana@example.com";
  let link = "";
  let firstHtml = "";

  /** The link in the latest report e-mail to `to` whose subject matches, on this server. */
  async function linkIn(to: string, subject: RegExp) {
    const mail = await mailTo(to, subject);
    const found = /http:\/\/[^\s"<>]+\/report\/[A-Za-z0-9_-]{32,64}/.exec(mail.text ?? "")?.[0] ?? "";
    expect(found).not.toBe("");
    return { mail, url: found.replace(/^http:\/\/[^/]+/, base) };
  }
  const get = (url: string) => fetch(url, { redirect: "manual" });
  const photoUrls = (html: string) => [...html.matchAll(/\/report\/[^"/]+\/photos\/([0-9a-f]{64})(?:-small)?/g)];

  it("is mailed with its link and its PDF: tagged, its font embedded, the page with no script", async () => {
    const { mail, url } = await linkIn(DANA, /^Your chimney condition report from /);
    link = url;
    expect(mail.text).toContain("It is the basis of our estimate.");
    const pdf = mail.attachments.find((a) => a.contentType === "application/pdf");
    expect(pdf?.filename).toBe("chimney-condition-report-v1.pdf");
    const file = path.join(work, "report.pdf");
    writeFileSync(file, pdf?.content ?? Buffer.alloc(0));
    const info = execFileSync("pdfinfo", [file], { encoding: "utf8" });
    expect(info).toMatch(/^Tagged:\s+yes$/m);
    expect(info).toMatch(/^Title:\s+Chimney condition report/m);
    expect(info).toMatch(/^PDF version:\s+1\.7$/m);
    const fonts = execFileSync("pdffonts", [file], { encoding: "utf8" }).split("\n").slice(2).filter(Boolean);
    expect(fonts.length).toBeGreaterThan(0);
    // name type encoding emb sub uni: every font embedded, subset, with its Unicode map.
    for (const row of fonts) expect(row).toMatch(/LiberationSans\S*\s+CID TrueType\s+Identity-H\s+yes yes yes/);

    const page = await get(link);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(page.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    firstHtml = await page.text();
    expect(firstHtml).toContain("Chimney condition report");
    expect(firstHtml).toContain("The basis of our estimate");
    expect(firstHtml).not.toMatch(/home inspect/i);
    expect(firstHtml).not.toMatch(/<script|modulepreload/i);
    expect(firstHtml).not.toContain("There is a newer version of this report.");
    for (const img of firstHtml.match(/<img [^>]+>/g) ?? [])
      expect(img).toMatch(/width="\d+" height="\d+".*alt="[^"]+"/);
    const photos = photoUrls(firstHtml);
    expect(photos.length).toBeGreaterThan(0);
    for (const [href] of photos) {
      const r = await get(`${base}${href}`);
      expect(r.status).toBe(200);
      expect(r.headers.get("cache-control")).toBe("no-store");
      const bytes = Buffer.from(await r.arrayBuffer());
      expect(jpegMetadataSegments(bytes)).toEqual([]);
      expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    }
    const download = await get(`${link}/pdf`);
    expect(download.status).toBe(200);
    expect(sha256Hex(Buffer.from(await download.arrayBuffer()))).toBe(sha256Hex(pdf?.content ?? Buffer.alloc(0)));
  });

  it("is refused any change by the database: its version, its PDF and the photos it shows", () => {
    db((store) => {
      const sent = (sql: string) => () => store.db.prepare(sql).run();
      expect(sent("UPDATE report_versions SET reason = 'x' WHERE version = 1")).toThrow(/never changes/);
      expect(sent("UPDATE report_versions SET snapshot = '{}'")).toThrow(/never changes/);
      expect(sent("DELETE FROM report_versions")).toThrow(/kept 14 years/);
      expect(sent("UPDATE report_documents SET pdf = x'00'")).toThrow(/never changes/);
      expect(sent("DELETE FROM report_documents")).toThrow(/kept 14 years/);
      expect(sent("DELETE FROM report_version_photos")).toThrow(/kept 14 years/);
      expect(sent("DELETE FROM report_photos")).toThrow(/photo of a sent condition report is kept|never changes/);
    });
  });

  it("is corrected as version 2 with its reason; the first link still shows version 1 and says so", async () => {
    expect((await save(finding("crown", { state: "repair", note: "Crack 2 inches wide." }))).status).toBe(200);
    const noReason = await save({ intent: "send", reason: "  " });
    expect(noReason.status).toBe(409);
    expect(await noReason.json()).toMatchObject({ ok: false, problems: { reason: SEND_WORDS.reason } });
    const reason = "The crack on the crown is 2 inches wide, not 1.";
    const danaVersions = () =>
      db((store) =>
        store.db
          .prepare<[number], { version: number; reason: string | null }>(
            `SELECT v.version, v.reason FROM report_versions v JOIN condition_reports r ON r.id = v.report_id
             WHERE r.visit_id = ? ORDER BY v.id`,
          )
          .all(visit.visitId),
      );
    const before = danaVersions().length;
    const latest = before + 1;
    // 50 taps at once make one version.
    const taps = await Promise.all(Array.from({ length: 50 }, () => save({ intent: "send", reason })));
    expect(taps.map((t) => t.status)).toEqual(Array(50).fill(200));
    const versions = danaVersions();
    expect(versions[0]).toEqual({ version: 1, reason: null });
    expect(versions.slice(before)).toEqual([{ version: latest, reason }]);
    await mailTo(DANA, /^Your corrected chimney condition report from /);
    const corrected = async () =>
      (await mailsTo(DANA, /^Your corrected chimney condition report from /)).filter((m) => m.text?.includes(reason));
    for (let i = 0; i < 300 && (await corrected()).length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await corrected()).toHaveLength(1);
    expect(await mailsTo(DANA, /chimney condition report/)).toHaveLength(latest);

    const first = await (await get(link)).text();
    expect(first).toContain("There is a newer version of this report.");
    expect(first).toContain(`Read version ${latest}`);
    expect(first).toContain("Version 1, sent");
    // The version the link was sent with reads as it did: the same hash at its foot.
    const hashOf = (html: string) => /SHA-256 of this version: ([0-9a-f]{64})/.exec(html)?.[1];
    expect(hashOf(first)).toBe(hashOf(firstHtml));
    const second = await (await get(`${link}?v=${latest}`)).text();
    expect(second).toContain(reason);
    expect(second).toContain("Crack 2 inches wide.");
    expect(hashOf(second)).not.toBe(hashOf(first));
    expect(second).toContain("You are reading a later version than the one this link was sent with.");
  }, 120_000);

  it("by a changed link is the one 404; no link reaches another homeowner's report or photos", async () => {
    const token = link.split("/report/")[1] ?? "";
    const flip = (t: string, i: number) => t.slice(0, i) + (t[i] === "A" ? "B" : "A") + t.slice(i + 1);
    const missing = await (await get(`${base}/report/${flip(token, 0)}`)).text();
    for (const changed of [
      flip(token, 0),
      flip(token, token.length - 1),
      token.slice(0, -1),
      `${token}A`,
      token.toLowerCase(),
    ]) {
      for (const suffix of ["", "/pdf", `/photos/${photoUrls(firstHtml)[0]?.[1]}`]) {
        const r = await get(`${base}/report/${changed}${suffix}`);
        expect(r.status, `${changed}${suffix}`).toBe(404);
        if (suffix === "") expect(await r.text()).toBe(missing);
        else expect(await r.text()).toBe("There is nothing here.");
      }
    }
    expect(missing).toContain("There is no report at this address");
    expect(missing).not.toMatch(LEAKS);

    // Another homeowner's report, sent from its own visit.
    const other = seedVisit(server.dataDir, {
      day: "2030-08-13",
      street: "88 Oak Ln",
      lead: { name: "Pat Moreno", email: "pat@example.com" },
    });
    await recordReport(server.dataDir, other);
    const sent = await fetch(`${base}/owner/visits/${other.visitId}/report/save`, {
      method: "POST",
      headers: { Cookie: `owner=${session.token}`, Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrf: session.csrf, intent: "send" }),
    });
    expect(sent.status).toBe(200);
    const pat = (await linkIn("pat@example.com", /^Your chimney condition report from /)).url;
    const patHtml = await (await get(pat)).text();
    expect(patHtml).toContain("Pat Moreno");
    expect(patHtml).not.toContain("Dana");
    const danaPhotos = photoUrls(firstHtml).map((m) => m[1]);
    const patPhotos = photoUrls(patHtml).map((m) => m[1]);
    expect(patPhotos.length).toBeGreaterThan(0);
    for (const hash of patPhotos) {
      expect((await get(`${link}/photos/${hash}`)).status).toBe(404);
      expect((await get(`${link}/photos/${hash}-small`)).status).toBe(404);
      expect((await get(`${pat}/photos/${hash}`)).status).toBe(200);
    }
    for (const hash of danaPhotos) expect((await get(`${pat}/photos/${hash}`)).status).toBe(404);
    // A version number of Dana's report asked by Pat's link is Pat's own version 1, never Dana's.
    expect(await (await get(`${pat}?v=2`)).text()).not.toContain("Dana");
    // A photo of Dana's draft that no sent version shows is not served either.
    const draftPhoto = randomUUID();
    const another = readFileSync(
      await makeTestPhoto(path.join(work, "draft.jpg"), { width: 1200, height: 900, seed: 41 }),
    );
    expect((await upload(draftPhoto, another, { part: "flashing" })).status).toBe(201);
    const stored = db((store) =>
      store.db
        .prepare<[string], { sha256: string }>("SELECT sha256 FROM report_photos WHERE client_id = ?")
        .get(draftPhoto),
    );
    expect(stored?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect((await get(`${link}/photos/${stored?.sha256}`)).status).toBe(404);
  }, 180_000);

  it("is on the customer's page with its versions, and Reports counts it", async () => {
    const owner = { headers: { Cookie: `owner=${session.token}` } };
    const customerId = db((store) =>
      store.db
        .prepare<[number], { customer_id: number }>("SELECT customer_id FROM estimates WHERE id = ?")
        .get(visit.estimateId),
    )?.customer_id;
    const page = await (await fetch(`${base}/owner/customers/${customerId}`, owner)).text();
    expect(page).toContain("Chimney condition report");
    expect(page).toMatch(/Version 2 · sent /);
    expect(page).toContain("Corrected: The crack on the crown is 2 inches wide, not 1.");
    expect(page).toContain(`href="${report()}"`);
    const csv = await (await fetch(`${base}/owner/reports.csv?chart=condition-reports`, owner)).text();
    // Dana's and Pat's reports sent, Dana's corrected once; no quote accepted yet.
    const cells = (text: string) =>
      text
        .trim()
        .split(/\r?\n/)
        .map((row) => row.replaceAll('"', "").split(","));
    expect(cells(csv)[0]).toEqual([
      "reports sent",
      "corrections sent",
      "reports with a quote won",
      "quotes won",
      "won value",
    ]);
    const [sentCount, corrections, , quotesWonBefore] = (cells(csv)[1] ?? []).map(Number);
    // Dana's and Pat's reports at least (the stories above send others), Dana's corrections.
    expect(sentCount).toBeGreaterThanOrEqual(2);
    expect(corrections).toBe((await mailsTo(DANA, /chimney condition report/)).length - 1);
    // Dana accepts a quote on the same request, after the report went: Reports counts it as won from the report.
    const total = db((store) => {
      const quotes = quoteServiceOver(store);
      const preset = quotes.words().presets.find((p) => p.key === "crown-rebuild");
      if (!preset) throw new Error("no crown-rebuild preset");
      const q = quotes.draftFor(visit.estimateId);
      quotes.saveDraft(q.id, {
        ...quotes.details(q.id).draft,
        options: [{ id: "o0", name: "", lines: [lineFromPreset(preset, "l1")] }],
      });
      quotes.send(q.id, { ip: null, userAgent: null });
      const token = newSecret();
      store.quotes.addLink(q.id, hashSecret(token), "email");
      const found = quotes.lookup(token, null);
      if (!found || found === "limited") throw new Error("the quote is not found");
      const optionKey = quotes.page(found).options[0]?.key ?? "";
      const choice = { optionKey, addonKeys: [], name: "Dana Whitfield", consent: true, pamphlet: true, version: 1 };
      quotes.accept(token, choice, { ip: null, userAgent: null, inHome: false });
      return store.db
        .prepare<[number], { total_cents: number }>("SELECT total_cents FROM quote_acceptances WHERE quote_id = ?")
        .get(q.id)?.total_cents;
    });
    expect(total).toBeGreaterThan(0);
    const won = await (await fetch(`${base}/owner/reports.csv?chart=condition-reports`, owner)).text();
    const after = cells(won)[1] ?? [];
    expect(Number(after[2])).toBeGreaterThanOrEqual(1);
    expect(Number(after[3])).toBe((quotesWonBefore ?? 0) + 1);
    expect(Number(after[4])).toBeGreaterThanOrEqual(Number(dollarsInput(total ?? 0)));
  });
});
