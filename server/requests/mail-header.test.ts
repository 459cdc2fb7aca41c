// Submitted text in a mail header can never turn into header structure when a mail client decodes it.
import { describe, expect, it } from "vitest";
import { decodeHeaderText, encodeHeaderText, headerText } from "./mail-header.ts";

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

  it("keeps non-ASCII names exact", () => {
    expect(decodeHeaderText(encodeHeaderText("New estimate request from Zoë 李"))).toBe(
      "New estimate request from Zoë 李",
    );
  });
});
