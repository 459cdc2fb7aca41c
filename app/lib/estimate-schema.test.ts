// What the owner reads is what the homeowner typed: invisible format and bidi controls go, real letters stay, and
// so do the joiners and variation selectors that are part of the text (Persian, Hindi, emoji sequences).
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
  "\u200C", // zero-width non-joiner (between Latin letters it joins nothing)
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

const ZWJ = "\u200D";
const ZWNJ = "\u200C";
const message = (text: string) => {
  const result = validateEstimate({ ...base, message: text });
  return result.ok ? result.data.message : result.errors;
};

describe("estimate text fields", () => {
  for (const field of ["name", "email", "phone", "message"] as const) {
    it.each(INVISIBLE.map((c) => [c.codePointAt(0)?.toString(16).toUpperCase().padStart(4, "0") ?? "", c]))(
      `${field}: strips U+%s from Latin text`,
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

describe("a message in the homeowner's own script", () => {
  it.each([
    // Persian, "I want to repair the chimney": the non-joiner keeps می and خواهم apart, as written.
    ["Persian", `می${ZWNJ}خواهم دودکش را تعمیر کنم`],
    // Persian, "the bricks of the chimney have cracked; please call": plural suffix ها after a non-joiner.
    ["Persian, plural", `آجر${ZWNJ}های دودکش ترک خورده${ZWNJ}اند، لطفاً تماس بگیرید`],
    // Hindi, "there is damage in our chimney": क्‍ष with a joiner (half form) and क्‌ष with a non-joiner.
    ["Hindi, joiner", `हमारी चिमनी में क्${ZWJ}षति है, कृपया फ़ोन करें`],
    ["Hindi, non-joiner", `हमारी चिमनी में क्${ZWNJ}षति है, कृपया फ़ोन करें`],
    // Arabic with a vowel mark before the non-joiner.
    ["Arabic, vowel mark", `المدخنة تحتاج إلى إصلاحٍ${ZWNJ}سريع`],
    // Sinhala, Sri Lanka: ශ්‍රී needs the joiner.
    ["Sinhala", `ශ්${ZWJ}රී ලංකාව`],
  ])("keeps %s exactly as typed", (_script, text) => {
    expect(message(text)).toBe(text);
  });

  it.each([
    ["a family", "Our family 👩‍👩‍👧 will be home after 3"],
    ["a firefighter with a skin tone", "Thanks from a 🧑🏽‍🚒 in Peoria"],
    ["a rainbow flag", "Flag pole 🏳️‍🌈 on the chimney"],
    ["a man running", "🏃‍♂️ out the door, call after 5"],
    ["a heart with its emoji selector", "Love the old brick ❤️"],
    ["a keycap", "Chimney 1️⃣ of 2️⃣ leaks"],
    ["country flags", "🇺🇸 🇲🇽 🇮🇳"],
    ["a subdivision flag", "Originally from 🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F} Scotland"],
  ])("keeps %s as one emoji", (_what, text) => {
    expect(message(text)).toBe(text);
  });

  it("keeps a Persian name with its non-joiner", () => {
    const name = `علی${ZWNJ}اکبر رضایی`;
    const result = validateEstimate({ ...base, name });
    expect(result.ok && result.data.name).toBe(name);
  });

  it("still removes a bidi override inside Persian text, and the isolates around it", () => {
    const typed = `لطفاً با ${"\u2067"}\u202Eexe.gnp${"\u2069"} تماس بگیرید می${ZWNJ}خواهم`;
    expect(message(typed)).toBe(`لطفاً با exe.gnp تماس بگیرید می${ZWNJ}خواهم`);
  });

  it.each([
    ["a joiner between Latin letters", `pay${ZWJ}pal`, "paypal"],
    ["a non-joiner between Latin letters", `Ann${ZWNJ}Lee`, "AnnLee"],
    ["a joiner at the start", `${ZWJ}👩 hello`, "👩 hello"],
    ["a joiner at the end", `دودکش${ZWNJ}`, "دودکش"],
    ["all but one of a run of non-joiners", `می${ZWNJ}${ZWNJ}${ZWNJ}خواهم`, `می${ZWNJ}خواهم`],
    ["a joiner between emoji and Latin", `👩${ZWJ}Bob`, "👩Bob"],
    ["a non-joiner between emoji", `👩${ZWNJ}👧`, "👩👧"],
    ["a variation selector with nothing before it", "\uFE0Fhello", "hello"],
    ["data hidden in variation selectors after an emoji", "👍\u{E0100}\u{E0148}\u{E0165}\u{E016C}", "👍\u{E0100}"],
    ["tag letters outside a flag (hidden text)", "hi\u{E0069}\u{E0067}\u{E006E}\u{E006F}\u{E0072}\u{E0065}", "hi"],
    ["a word joiner, zero-width space and soft hyphen", "chim\u2060ney\u200B cr\u00ADown\uFEFF", "chimney crown"],
  ])("removes %s", (_what, typed, kept) => {
    expect(message(typed)).toBe(kept);
  });

  it("keeps e-mail and phone free of joiners", () => {
    const result = validateEstimate({ ...base, email: `ann${ZWJ}@example.com`, phone: `309${ZWNJ}-555-0100` });
    expect(result.ok && [result.data.email, result.data.phone]).toEqual(["ann@example.com", "309-555-0100"]);
  });
});
