// What the owner reads is what the homeowner typed: invisible format and bidi controls go, real letters stay.
import { describe, expect, it } from "vitest";
import { validateEstimate } from "./estimate-schema";

const base = {
  name: "Ann Lee",
  email: "ann@example.com",
  phone: "309-555-0100",
  service: "",
  message: "Crown is cracked.",
};

const INVISIBLE = [
  "\u202E", // right-to-left override
  "\u202D", // left-to-right override
  "\u202A", // left-to-right embedding
  "\u202B", // right-to-left embedding
  "\u202C", // pop directional formatting
  "\u2066", // left-to-right isolate
  "\u2067", // right-to-left isolate
  "\u2068", // first strong isolate
  "\u2069", // pop directional isolate
  "\u200E", // left-to-right mark
  "\u200F", // right-to-left mark
  "\u061C", // Arabic letter mark
  "\u200B", // zero-width space
  "\u200C", // zero-width non-joiner
  "\u200D", // zero-width joiner
  "\u2060", // word joiner
  "\u2062", // invisible times
  "\uFEFF", // byte-order mark
  "\u00AD", // soft hyphen
  "\u180E", // Mongolian vowel separator
  "\uFFF9", // interlinear annotation anchor
  "\u{E0041}", // tag Latin capital A
  "\u3164", // Hangul filler
];

describe("estimate text fields", () => {
  for (const field of ["name", "email", "phone", "message"] as const) {
    it.each(INVISIBLE.map((c) => [c.codePointAt(0)?.toString(16).toUpperCase().padStart(4, "0") ?? "", c]))(
      `${field}: strips U+%s`,
      (_code, char) => {
        const value = base[field];
        const tampered = value.slice(0, 3) + char + value.slice(3) + char;
        const result = validateEstimate({ ...base, [field]: tampered });
        expect(result.ok).toBe(true);
        if (result.ok) expect(result.data[field]).toBe(value);
      },
    );
  }

  it("shows a reversed-looking name as typed, without its override", () => {
    const result = validateEstimate({ ...base, name: "Ann \u202Egnp.exe\u202C Lee" });
    expect(result.ok && result.data.name).toBe("Ann gnp.exe Lee");
  });

  it.each([
    "Zoë Müller",
    "José Núñez",
    "李小龍",
    "Ольга Петрова",
    "Nguyễn Thị Minh Khai",
    "Seán Ó Briain",
    "محمد",
    "Ægir Þórsson",
  ])("keeps %s exactly", (name) => {
    const result = validateEstimate({ ...base, name });
    expect(result.ok && result.data.name).toBe(name);
  });

  it("refuses a name that is only invisible characters", () => {
    const result = validateEstimate({ ...base, name: "\u202E\u200B\u2066" });
    expect(result.ok).toBe(false);
  });

  it.each(["\u2028", "\u2029"])("refuses a line separator (%j) in a single-line field", (sep) => {
    expect(validateEstimate({ ...base, name: `Ann${sep}Bcc: x@example.com` }).ok).toBe(false);
  });

  it("keeps a message's line breaks, as plain newlines", () => {
    const result = validateEstimate({ ...base, message: "one\r\ntwo\u2028three" });
    expect(result.ok && result.data.message).toBe("one\ntwo\nthree");
  });
});
