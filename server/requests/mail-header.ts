// Submitted text in an e-mail header goes out as RFC 2047 encoded-words only. A mail client decodes a header
// once, so text that itself looks like an encoded-word (=?utf-8?b?…?=) reaches the reader literally and can
// never decode into a line break or a forged header.

const WORD_BYTES = 45; // 45 bytes -> 60 base64 characters: each encoded-word stays within RFC 2047's 75.

/** Collapses whitespace and drops control characters: a header value is one line of plain text. */
export function headerText(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[\u0000-\u001F\u007F-\u009F\u2028\u2029]+/g, " ")
      .replace(/\s+/g, " ")
      .trim()
  );
}

/** The whole value as UTF-8 base64 encoded-words, folded one per line, never splitting a character. */
export function encodeHeaderText(text: string): string {
  const bytes = Buffer.from(headerText(text), "utf8");
  const words: string[] = [];
  for (let start = 0; start < bytes.length; ) {
    let end = Math.min(start + WORD_BYTES, bytes.length);
    // Back off a character's continuation bytes (10xxxxxx): each word holds whole characters.
    if (end < bytes.length) while ((bytes[end] ?? 0) >> 6 === 0b10) end -= 1;
    words.push(`=?UTF-8?B?${bytes.toString("base64", start, end)}?=`);
    start = end;
  }
  return words.join("\r\n ");
}

/** Decodes encoded-words the way a mail client reads a header (once), for tests and the leads tool. */
export function decodeHeaderText(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?UTF-8\?B\?([A-Za-z0-9+/=]*)\?=/gi, (_, b64: string) => Buffer.from(b64, "base64").toString("utf8"));
}
