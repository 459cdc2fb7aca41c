// Submitted text in a mail header can never turn into header structure when a mail client decodes it.
import { describe, expect, it } from "vitest";
import { decodeHeaderText, encodeHeaderText, headerText } from "./mail-header.ts";
import { seededRandom } from "../../tests/support/seeded-random.ts";

/** The first encoder, a character at a time: the words it made are the words made now. */
function encodedOneCharacterAtATime(text: string): string {
  const words: string[] = [];
  let chunk: Buffer[] = [];
  let size = 0;
  for (const char of headerText(text)) {
    const bytes = Buffer.from(char, "utf8");
    if (size + bytes.length > 45) {
      words.push(Buffer.concat(chunk).toString("base64"));
      chunk = [];
      size = 0;
    }
    chunk.push(bytes);
    size += bytes.length;
  }
  if (size > 0) words.push(Buffer.concat(chunk).toString("base64"));
  return words.map((b64) => `=?UTF-8?B?${b64}?=`).join("\r\n ");
}

/** Text of 1- to 4-byte characters, spaces, control characters and lone surrogates. */
function randomText(random: () => number): string {
  const pieces = ["a", "Z", " ", "é", "ß", "李", "€", "😀", "\u{1F3E0}", "\n", "\t", "\uD800", "\uDC00", "=?", "?="];
  let text = "";
  const length = Math.floor(random() * 120);
  for (let i = 0; i < length; i++) text += pieces[Math.floor(random() * pieces.length)];
  return text;
}

const attacks = [
  "=?utf-8?b?SGkNCkJjYzogdmljdGltQGV4YW1wbGUuY29t?=",
  "=?UTF-8?Q?Hi=0D=0ABcc:_victim@example.com?=",
  "Ann =?utf-8?b?DQpCY2M6IHg=?= Smith",
  "=?iso-8859-1?q?=0A=0DTo:_x@example.com?=",
  "Ann\r\nBcc: victim@example.com",
  "Ann\nSubject: free money",
  "Ann\u2028Bcc: x@example.com",
  "Zoë Müller-José 李 Ольга",
  "a".repeat(300),
  "😀".repeat(40),
];

describe("encodeHeaderText", () => {
  it.each(attacks)("encodes %j so one decoding gives the literal text on one line", (text) => {
    const encoded = encodeHeaderText(text);
    // Only encoded-words, folded with CRLF + space: no raw text, no bare line break.
    for (const line of encoded.split("\r\n ")) expect(line).toMatch(/^=\?UTF-8\?B\?[A-Za-z0-9+/=]+\?=$/);
    expect(encoded.split("\r\n ").every((word) => word.length <= 75)).toBe(true);
    const decoded = decodeHeaderText(encoded);
    expect(decoded).toBe(headerText(text));
    expect(decoded).not.toMatch(/[\r\n]/);
  });

  it("makes the same words as the encoder that went a character at a time, for 2,000 random texts", () => {
    const random = seededRandom(2047);
    for (let i = 0; i < 2_000; i++) {
      const text = randomText(random);
      expect(encodeHeaderText(text), JSON.stringify(text)).toBe(encodedOneCharacterAtATime(text));
    }
    expect(encodeHeaderText("")).toBe("");
  });

  it("keeps non-ASCII names exact", () => {
    expect(decodeHeaderText(encodeHeaderText("New estimate request from Zoë 李"))).toBe(
      "New estimate request from Zoë 李",
    );
  });
});
