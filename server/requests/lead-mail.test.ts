import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { business, parseBusinessFile, replaceBusinessFacts } from "../../app/content/business.ts";
import { storedLead } from "../store/stored-lead.fixture.ts";
import { confirmation, firstWords, ownerAlert } from "./lead-mail.ts";

const family = "👩\u200D👩\u200D👧";

describe("the subject's first words", () => {
  it("end between characters, never inside an emoji sequence", () => {
    // "Help! " and four families are 38 code units; the fifth family would cross 40.
    expect(firstWords(`Help! ${family.repeat(6)}`)).toBe(`Help! ${family.repeat(4)}…`);
  });

  it("never split a Hindi conjunct or a surrogate pair", () => {
    const conjunct = "क्\u200Dष";
    expect(firstWords(`${"क".repeat(37)}${conjunct}`)).toBe(`${"क".repeat(37)}…`);
    expect(firstWords(`${"a".repeat(39)}😀 more`)).toBe(`${"a".repeat(39)}…`);
  });

  it("cut at a word near the limit", () => {
    expect(firstWords("Water coming in around the flashing every time it rains hard")).toBe(
      "Water coming in around the flashing…",
    );
  });
});

describe("the owner's alert", () => {
  const lead = storedLead();
  const links = {
    request: "https://www.example.com/owner/requests/12",
    markContacted: "https://www.example.com/owner/act/tok&en",
  };

  it("names the phone the owner just published, without a restart", () => {
    const source = readFileSync("content/business.yaml", "utf8");
    const context = { siteUrl: "https://www.example.com", now: new Date("2026-11-24T15:01:00.000Z") };
    expect(confirmation(lead, context).text).toContain("Call us at (309) 555-0134.");
    try {
      // What the server does when a publish switches over (server/start.ts).
      replaceBusinessFacts(parseBusinessFile(source.replace("(309) 555-0134", "(309) 555-0199")));
      const text = confirmation(lead, context).text;
      expect(text).toContain("Call us at (309) 555-0199.");
      expect(text).not.toContain("555-0134");
    } finally {
      replaceBusinessFacts(parseBusinessFile(source));
    }
    expect(business.phone).toBe("(309) 555-0134");
  });

  it("links to the request in the console and carries the one-tap link", () => {
    const mail = ownerAlert(lead, links);
    expect(mail.text).toContain("Open it in the owner console: https://www.example.com/owner/requests/12");
    expect(mail.text).toContain("Called? Mark it as contacted: https://www.example.com/owner/act/tok&en");
    expect(mail.html).toContain('<a href="https://www.example.com/owner/requests/12">Open it in the owner console</a>');
    expect(mail.html).toContain('<a href="https://www.example.com/owner/act/tok&#38;en">Called? Mark as contacted</a>');
    expect(mail.text).not.toContain("npm run leads");
  });

  it("keeps the command-line hint when there is no console link", () => {
    expect(ownerAlert(lead).text).toContain("npm run leads -- --mark 12 contacted");
  });
});

describe("photos in the e-mails", () => {
  const preview = (n: number, size: number) => ({ position: n, preview: Buffer.alloc(size, n) });

  it("the owner's alert shows each photo inline and names the ones that were not kept", () => {
    const lead = storedLead({ photo_count: 2, photos_refused: "3:fileSize" });
    const mail = ownerAlert(lead, undefined, [preview(1, 80_000), preview(2, 90_000)]);
    expect(mail.attachments?.map((a) => [a.cid, a.content.length, a.contentType])).toEqual([
      ["photo-1.R-ABC234@estimate", 80_000, "image/jpeg"],
      ["photo-2.R-ABC234@estimate", 90_000, "image/jpeg"],
    ]);
    expect(mail.html).toContain('<img src="cid:photo-1.R-ABC234@estimate"');
    expect(mail.html).toContain("Photo 3 was not kept: it is larger than 10 MB.");
    expect(mail.text).toContain("Photos: 2 photos");
    expect(mail.text).toContain("Photo 3 was not kept: it is larger than 10 MB.");
  });

  it("keeps the alert under 2 MB: photos past the budget are left to the console", () => {
    const lead = storedLead({ photo_count: 5 });
    const mail = ownerAlert(
      lead,
      undefined,
      [1, 2, 3, 4, 5].map((n) => preview(n, 400_000)),
    );
    const encoded = (mail.attachments ?? []).reduce((sum, a) => sum + Math.ceil(a.content.length / 3) * 4, 0);
    expect(encoded + Buffer.byteLength(mail.html) + Buffer.byteLength(mail.text)).toBeLessThan(2_000_000);
    expect(mail.attachments).toHaveLength(2);
    expect(mail.text).toContain("Photo 3, 4, 5: too large for this e-mail; see the console.");
  });

  it("an alert without photos has no photo section and no attachments", () => {
    const mail = ownerAlert(storedLead(), undefined, []);
    expect(mail.attachments).toBeUndefined();
    expect(mail.text).not.toContain("Photos");
  });

  it("the confirmation says how many photos arrived, only when some were sent", () => {
    const now = new Date("2026-11-24T16:00:00Z");
    const context = { siteUrl: "https://example.com", now };
    expect(confirmation(storedLead({ photo_count: 2 }), context).text).toContain("Photos: 2 photos arrived");
    expect(confirmation(storedLead({ photo_count: 0, photos_refused: "1:type" }), context).text).toContain(
      "Photos: no photos arrived",
    );
    expect(confirmation(storedLead(), context).text).not.toContain("Photos");
  });
});
