import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { business, parseBusinessFile, replaceBusinessFacts } from "../app/content/business.ts";
import { storedLead } from "./store/stored-lead.fixture.ts";
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
