// The marketing e-mails as composed (pure), the keyed hashes and tokens they carry, and what a failed send says about
// whether the message may have arrived.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadYaml } from "../../app/content/load.ts";
import { MARKETING_MAIL_FILE, marketingMailFile, type MarketingWords } from "../../app/content/marketing-mail.ts";
import { readStoredMail, storeMail } from "../requests/stored-mail.ts";
import { certainlyNotDelivered } from "../requests/send-outcome.ts";
import { decodeHeaderText } from "../requests/mail-header.ts";
import { addressKeys } from "./address-keys.ts";
import { marketingMail, unsubscribeMailbox } from "./marketing-mail.ts";

const words: MarketingWords = loadYaml(
  `/${MARKETING_MAIL_FILE}`,
  readFileSync(MARKETING_MAIL_FILE, "utf8"),
  marketingMailFile,
);
const facts = {
  name: "Heartland Chimney & Masonry",
  phone: "(309) 555-0134",
  email: "office@heartland.example",
  postalAddress: "P.O. Box 1412, Bloomington, IL 61702",
};
const links = {
  book: "https://www.heartland.example/book/abc",
  unsubscribe: "https://www.heartland.example/u/TOKEN",
  unsubscribeMailto: null,
};

describe("the marketing e-mails", () => {
  it("a reminder: plain subject, the due day, the booking link, the notice, name and postal address, one-click headers", () => {
    const mail = marketingMail(
      words,
      facts,
      { name: "Ann O'Neil" },
      { purpose: "reminder", number: 1, due: "2027-10-12", thisYear: 2027 },
      links,
    );
    expect(mail.subject).toBe("Your chimney is due for its yearly inspection");
    expect(decodeHeaderText(mail.headers.Subject?.value ?? "")).toBe(mail.subject);
    expect(mail.headers["List-Unsubscribe"]?.value).toBe("<https://www.heartland.example/u/TOKEN>");
    expect(mail.headers["List-Unsubscribe-Post"]?.value).toBe("List-Unsubscribe=One-Click");
    expect(mail.text).toContain("Hello Ann O'Neil,");
    expect(mail.text).toContain("it is due on Tuesday, October 12.");
    expect(mail.text).toContain("Book my inspection: https://www.heartland.example/book/abc");
    expect(mail.text).toContain("This is an advertisement from Heartland Chimney & Masonry.");
    expect(mail.text).toContain("Unsubscribe from reminders and offers: https://www.heartland.example/u/TOKEN");
    expect(mail.text).toMatch(/Heartland Chimney & Masonry\nP\.O\. Box 1412, Bloomington, IL 61702\n$/);
    expect(mail.html).toMatch(
      /<a href="https:\/\/www\.heartland\.example\/u\/TOKEN" style="[^"]*">Unsubscribe from reminders and offers<\/a>/,
    );
    expect(mail.html).toContain("Hello Ann O&#39;Neil,");
    expect(mail.html).toContain("P.O. Box 1412, Bloomington, IL 61702");
    expect(mail.text).not.toContain("last reminder");
  });

  it("the second reminder says it is the last; a campaign has no due day", () => {
    const second = marketingMail(
      words,
      facts,
      { name: "Ann" },
      { purpose: "reminder", number: 2, due: "2027-10-12", thisYear: 2027 },
      links,
    );
    expect(second.text.startsWith("This is our last reminder about this inspection.\n\nHello Ann,")).toBe(true);
    const campaign = marketingMail(words, facts, { name: "Ann" }, { purpose: "campaign" }, links);
    expect(campaign.subject).toBe("Book your chimney inspection before the fall rush");
    expect(campaign.text).toContain("Hello Ann,");
    expect(campaign.text).not.toContain("{");
  });

  it("a name cannot break the subject or the headers, and a missing one reads 'there'", () => {
    const mail = marketingMail(words, facts, { name: "Eve\r\nBcc: x@evil.example" }, { purpose: "campaign" }, links);
    expect(mail.text).toContain("Hello Eve Bcc: x@evil.example,");
    expect(Object.values(mail.headers).every((h) => !/[\r\n]/.test(h.value.replace(/\r\n /g, "")))).toBe(true);
    expect(marketingMail(words, facts, { name: " " }, { purpose: "campaign" }, links).text).toContain("Hello there,");
  });

  it("adds a mailto only for a mailbox somebody reads, on the same one line", () => {
    expect(unsubscribeMailbox("Website <no-reply@localhost>")).toBeNull();
    expect(unsubscribeMailbox("Heartland <noreply@heartland.example>")).toBeNull();
    expect(unsubscribeMailbox("Heartland <office@heartland.example>")).toBe("office@heartland.example");
    expect(unsubscribeMailbox("office@heartland.example")).toBe("office@heartland.example");
    const mail = marketingMail(
      words,
      facts,
      { name: "Ann" },
      { purpose: "campaign" },
      {
        ...links,
        unsubscribeMailto: "office@heartland.example",
      },
    );
    expect(mail.headers["List-Unsubscribe"]?.value).toBe(
      "<https://www.heartland.example/u/TOKEN>, <mailto:office@heartland.example?subject=unsubscribe>",
    );
  });

  it("keeps the one-click headers when the message is kept in a ledger and read back", () => {
    const mail = marketingMail(words, facts, { name: "Ann" }, { purpose: "campaign" }, links);
    const back = readStoredMail(storeMail(mail));
    expect(back.headers["List-Unsubscribe"]).toEqual({
      prepared: true,
      value: "<https://www.heartland.example/u/TOKEN>",
    });
    expect(back.headers["List-Unsubscribe-Post"]?.value).toBe("List-Unsubscribe=One-Click");
    expect(back.headers.Subject).toEqual(mail.headers.Subject);
    expect(() =>
      readStoredMail(JSON.stringify({ ...JSON.parse(storeMail(mail)), headers: { "X-A": "a\r\nBcc: b" } })),
    ).toThrow();
  });

  it("refuses words with a Re: subject or a fill-in the e-mail does not fill", () => {
    const bad = (patch: object) => marketingMailFile.safeParse({ ...words, campaign: { ...words.campaign, ...patch } });
    expect(bad({ subject: "Re: your chimney" }).success).toBe(false);
    expect(bad({ paragraphs: "Due on {due}" }).success).toBe(false);
    expect(bad({ greeting: "Hello {nmae}," }).success).toBe(false);
    expect(bad({}).success).toBe(true);
  });
});

describe("the keyed hashes and tokens", () => {
  const keys = addressKeys(Buffer.alloc(32, 7));
  const other = addressKeys(Buffer.alloc(32, 8));

  it("hash an address by kind under the server's key, never the same under another key", () => {
    const ann = keys.hash("email", "ann@example.com");
    expect(ann).toMatch(/^[0-9a-f]{64}$/);
    expect(keys.hash("email", "ann@example.com")).toBe(ann);
    expect(keys.hash("phone", "ann@example.com")).not.toBe(ann);
    expect(other.hash("email", "ann@example.com")).not.toBe(ann);
  });

  it("an unsubscribe token stands for the address's hash and nothing else; a forged or altered one for nothing", () => {
    const token = keys.unsubscribeToken("ann@example.com");
    expect(token).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(token).not.toContain("ann");
    expect(keys.readUnsubscribeToken(token)).toBe(keys.hash("email", "ann@example.com"));
    expect(other.readUnsubscribeToken(token)).toBeNull();
    const flipped = `${token.slice(0, 10)}${token[10] === "A" ? "B" : "A"}${token.slice(11)}`;
    for (const bad of [flipped, token.slice(1), `${token}A`, "", undefined, "x".repeat(64), token.toUpperCase()]) {
      expect(keys.readUnsubscribeToken(bad)).toBeNull();
    }
  });

  it("a booking link names its ledger row with a tag", () => {
    const token = keys.linkToken(4711);
    expect(keys.readLinkToken(token)).toBe(4711);
    expect(keys.readLinkToken(keys.linkToken(1))).toBe(1);
    expect(other.readLinkToken(token)).toBeNull();
    expect(keys.readLinkToken(token.slice(0, -1))).toBeNull();
    expect(keys.readLinkToken(keys.unsubscribeToken("a@b.c"))).toBeNull();
  });
});

describe("whether a failed send may have arrived", () => {
  it("a refusal or no connection: certainly not; a timeout or a dropped connection in the middle: maybe", () => {
    expect(certainlyNotDelivered({ responseCode: 550, code: "EENVELOPE" })).toBe(true);
    expect(certainlyNotDelivered({ responseCode: 451, code: "EMESSAGE" })).toBe(true);
    expect(certainlyNotDelivered({ code: "ESOCKET", originalCode: "ECONNREFUSED" })).toBe(true);
    expect(certainlyNotDelivered({ code: "ETIMEDOUT", timeoutType: "GREETING_TIMEOUT" })).toBe(true);
    expect(certainlyNotDelivered({ code: "ETIMEDOUT", timeoutType: "SOCKET_TIMEOUT" })).toBe(false);
    expect(certainlyNotDelivered({ code: "ECONNECTION" })).toBe(false);
    expect(certainlyNotDelivered(new Error("aborted"))).toBe(false);
    expect(certainlyNotDelivered(null)).toBe(false);
  });
});
