import { describe, expect, it } from "vitest";
import { firstWords } from "./lead-mail.ts";

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
