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
  const words: string[] = [];
  let chunk: Buffer[] = [];
  let size = 0;
  for (const char of headerText(text)) {
    const bytes = Buffer.from(char, "utf8");
    if (size + bytes.length > WORD_BYTES) {
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

/** Decodes encoded-words the way a mail client reads a header (once), for tests and the leads tool. */
export function decodeHeaderText(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?UTF-8\?B\?([A-Za-z0-9+/=]*)\?=/gi, (_, b64: string) => Buffer.from(b64, "base64").toString("utf8"));
}
