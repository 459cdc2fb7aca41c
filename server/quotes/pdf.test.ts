// The quote's PDF, drawn without a browser: six phone photos fit under 1 MB, it takes well under a second, the same
// input gives the same bytes, the acceptance page carries the name, the time and the hash, and a name no built-in
// font can draw (an emoji) prints without breaking anything.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTestPhoto } from "../../tests/support/test-photos.ts";
import { ingestEstimatePhoto } from "../photos/photo-ingest.ts";
import { sha256Hex } from "../documents/canonical-json.ts";
import { readVersion, type QuoteVersion } from "./document.ts";
import { quotePdf } from "./pdf.ts";
import { winAnsi } from "./pdf-text.ts";
import { quoteFixture, type Fixture } from "./quote.fixture.ts";
import { pdfText } from "../../tests/support/pdf-text.ts";

let f: Fixture;
let version: QuoteVersion;
let sha256: string;
const photos = new Map<string, Buffer>();

beforeAll(async () => {
  f = quoteFixture();
  const { quoteId } = f.draft(
    [
      ["crown-rebuild", "flashing", "tuckpointing"],
      ["partial-rebuild", "cap-multi"],
    ],
    ["waterproofing"],
  );
  const dir = mkdtempSync(path.join(tmpdir(), "quote-pdf-"));
  // Six phone photos as the estimate form keeps them (the 640 px previews go into the PDF).
  const shas: string[] = [];
  for (let i = 1; i <= 6; i++) {
    const file = await makeTestPhoto(path.join(dir, `p${i}.jpg`), {
      width: 1600,
      height: 1200,
      seed: i * 31,
      grain: true,
    });
    const photo = await ingestEstimatePhoto(readFileSync(file));
    const sha = sha256Hex(photo.jpeg);
    f.store.quotes.addPhoto(quoteId, { sha256: sha, ...photo });
    photos.set(sha, photo.preview);
    shas.push(sha);
  }
  const draft = f.quotes.details(quoteId).draft;
  f.quotes.saveDraft(quoteId, { ...draft, photos: shas, note: "Includes haul-away. 😀 Thanks — Joe’s crew." });
  f.quotes.send(quoteId, { ip: null, userAgent: null });
  const row = f.store.quotes.version(quoteId, 1);
  if (!row) throw new Error("not sent");
  version = readVersion(row.body, row.sha256);
  sha256 = row.sha256;
}, 60_000);
afterAll(() => f.close());

describe("the quote's PDF", () => {
  it("holds six photos in under 1 MB, in well under a second, the same bytes each time", () => {
    const started = performance.now();
    const pdf = quotePdf({ version, sha256, photos });
    const ms = performance.now() - started;
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdf.length).toBeLessThan(1_000_000);
    expect(ms).toBeLessThan(1000);
    expect(quotePdf({ version, sha256, photos }).equals(pdf)).toBe(true);
    const text = pdfText(pdf);
    for (const s of [
      "Quote " + version.reference,
      "$1,450.00",
      "Materials:",
      version.pamphlet.title.toUpperCase(),
      sha256,
    ]) {
      expect(text).toContain(s);
    }
    expect(text).toContain("Includes haul-away. Thanks — Joe’s crew.");
    console.log(`PDF with 6 photos: ${pdf.length} bytes in ${ms.toFixed(0)} ms`);
  });

  it("adds the acceptance page: the typed name, the time, the hashes, and the cancellation notice in person", () => {
    const pdf = quotePdf({
      version,
      sha256,
      photos,
      acceptance: {
        name: "Zoë 👩‍👩‍👧 Ng 吴",
        at: "2026-12-02T16:05:00.000Z",
        method: "in-home",
        choice: { option: 1, addons: [0] },
        ip: "203.0.113.9",
        userAgent: "Mobile Safari",
        linkHash: "ab".repeat(32),
        consentVersion: "draft-1",
        pamphletAcknowledged: true,
        recordSha256: "cd".repeat(32),
      },
    });
    const text = pdfText(pdf);
    expect(text).toContain("Zoë Ng ?");
    expect(text).toContain("Wed, Dec 2, 2026, 10:05 AM CST");
    expect(text).toContain(sha256);
    expect(text).toContain("cd".repeat(32));
    expect(text).toContain("Consumer Rights Acknowledgment Form");
    expect(text).toContain("may cancel this transaction");
  });
});

describe("WinAnsi text", () => {
  it.each([
    ["José Ñandú", "José Ñandú"],
    ["“Quoted” — it’s €5 …", "“Quoted” — it’s €5 …"],
    ["Dana 😀", "Dana"],
    ["👩‍👩‍👧 family", "family"],
    ["Łukasz Wałęsa", "?ukasz Wa?esa"],
    ["Ağa Şahin", "Aga Sahin"],
    ["吴", "?"],
    ["1 → 2", "1 -> 2"],
  ])("%s prints as %s", (input, output) => expect(winAnsi(input).trim()).toBe(output));
});
