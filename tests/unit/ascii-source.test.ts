import { describe, expect, it } from "vitest";
import { asciiSource } from "../../scripts/ascii-source.ts";

/** Evaluates a function body's source and returns what it returns. */
const run = (code: string): unknown => new Function(code)();

describe("the server's compiled files as ASCII (issue 65)", () => {
  it("escapes every character past ASCII and keeps what the code means", () => {
    const code = [
      "// Not quoted because … (a comment)",
      'const s = "Chimney — crown ✓ 😀 café ½\u00a0in";',
      "const t = `Book next year → ${s}`;",
      "const re = /['’‘`ʼ]/g;",
      "const u = /^[😀]$/u;",
      "const ünd = 1; const 名 = 2;",
      'return [s, t, "O’Neil".replace(re, ""), u.test("😀"), ünd + 名];',
    ].join("\n");
    const ascii = asciiSource(code, "x.js");
    expect([...ascii].every((c) => c.charCodeAt(0) < 0x80)).toBe(true);
    expect(ascii).toContain("// Not quoted because \\u2026 (a comment)");
    expect(ascii).toContain("caf\\u00E9");
    expect(run(ascii)).toEqual(run(code));
    expect(run(ascii)).toEqual([
      "Chimney — crown ✓ 😀 café ½\u00a0in",
      "Book next year → Chimney — crown ✓ 😀 café ½\u00a0in",
      "ONeil",
      true,
      3,
    ]);
  });

  it("returns ASCII code unchanged", () => {
    const code = 'const a = "plain"; // ok';
    expect(asciiSource(code, "x.js")).toBe(code);
  });

  it("refuses a character whose escape would change the code", () => {
    expect(() => asciiSource("x();\n// a\u2028b()", "a.js")).toThrow(
      "a.js:2: cannot write U+2028 as an escape here; write it as \\u2028 in the source",
    );
    expect(() => asciiSource('const s = "\\—";', "b.js")).toThrow("b.js:1: cannot write U+2014 as an escape here");
  });
});
