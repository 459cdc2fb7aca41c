// The server's compiled files as ASCII. V8 keeps each module's source text in the heap for the life of the process,
// and Node decodes a module's file at one byte a character only when all of it is ASCII: one curly quote in a regular
// expression, one ellipsis in a comment, one "é" in a label, and the whole file takes two. That was 1.4 MB more at rest
// for build/server/index.js and 0.7 MB for the start bundle (issue 65). Each character past ASCII is written as its
// \u escape, which reads as the same character in a string, an untagged template, a regular expression or a name, and
// is only text in a comment. esbuild's ASCII output escapes strings but not regular expressions or the comments it
// keeps, and Vite's server build escapes none.

/** `code` with every UTF-16 unit past ASCII written as `\uXXXX`; throws where an escape would change the code. */
export function asciiSource(code: string, file: string): string {
  let out = "";
  let from = 0;
  for (let i = 0; i < code.length; i++) {
    const unit = code.charCodeAt(i);
    if (unit < 0x80) continue;
    // The bundlers print their own white space, so such a character is in a literal or a comment. But a line separator
    // ends a // comment, where its escape would not, and a backslash before it would escape the escape's own
    // backslash: neither is in today's bundles; refuse rather than guess.
    if (unit === 0x2028 || unit === 0x2029 || code[i - 1] === "\\") {
      const line = code.slice(0, i).split("\n").length;
      throw new Error(`${file}:${line}: cannot write U+${hex(unit)} as an escape here; write it as \\u${hex(unit)} in the source`);
    }
    out += code.slice(from, i) + `\\u${hex(unit)}`;
    from = i + 1;
  }
  return from === 0 ? code : out + code.slice(from);
}

const hex = (unit: number) => unit.toString(16).toUpperCase().padStart(4, "0");

