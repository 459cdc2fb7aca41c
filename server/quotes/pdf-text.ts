// Text a PDF's built-in Helvetica can draw. The standard 14 fonts know only WinAnsi (Windows-1252): Latin-1 letters,
// curly quotes, dashes, the euro sign and a few more. Anything else (an emoji in a homeowner's name, a Chinese
// character, a non-breaking hyphen) would print as garbage, so it becomes its nearest WinAnsi form or goes. Pure.

/** The characters of Windows-1252's 0x80–0x9F row, which Latin-1 lacks. */
const CP1252_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");

function encodable(ch: string): boolean {
  const code = ch.codePointAt(0) ?? 0;
  if (code === 0x09 || code === 0x0a) return true;
  if (code >= 0x20 && code <= 0x7e) return true;
  if (code >= 0xa0 && code <= 0xff) return true;
  return CP1252_EXTRA.has(ch);
}

const REPLACEMENTS: Record<string, string> = {
  "\u2010": "-",
  "\u2011": "-",
  "\u2012": "–",
  "\u2212": "-",
  "\u2032": "'",
  "\u2033": '"',
  "\u2044": "/",
  "\u2192": "->",
  "\u2190": "<-",
  "\u2264": "<=",
  "\u2265": ">=",
  "\u2713": "v",
  "\u2714": "v",
  "\u00a0": " ",
  "\u202f": " ",
  "\u2009": " ",
  "\u200a": " ",
  "\u2007": " ",
};

/** Emoji, their modifiers and joiners, and variation selectors: dropped, not replaced by a "?". */
const PICTOGRAPHIC = /\p{Extended_Pictographic}|\p{Emoji_Modifier}|\u200d|\ufe0e|\ufe0f|\u20e3|[\u{1F1E6}-\u{1F1FF}]/u;

export function winAnsi(text: string): string {
  let out = "";
  for (const ch of text.normalize("NFC")) {
    if (encodable(ch)) out += ch;
    else if (REPLACEMENTS[ch] !== undefined) out += REPLACEMENTS[ch];
    else if (PICTOGRAPHIC.test(ch)) continue;
    else {
      // "ő" → "o", "ł" stays unknown: the letter without its mark when that is WinAnsi, else a "?".
      const base = ch.normalize("NFKD").replace(/\p{M}/gu, "");
      out += base && [...base].every(encodable) ? base : "?";
    }
  }
  return out.replace(/ {2,}/g, " ");
}
