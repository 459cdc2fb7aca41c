// The text a PDF draws, in order, for tests: pdfkit writes WinAnsi bytes as hex strings inside deflated content
// streams (server/quotes/pdf.ts).
import { inflateSync } from "node:zlib";

// Windows-1252's 0x80–0x9F row (Node's TextDecoder reads that label as Latin-1, where they are control characters).
const ROW_80 = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ";
const cp1252 = {
  decode: (b: Buffer) =>
    [...b].map((c) => (c >= 0x80 && c < 0xa0 ? ROW_80[c - 0x80] : String.fromCharCode(c))).join(""),
};

/** The text a PDF draws, in order: pdfkit writes WinAnsi bytes as hex strings inside (deflated) content streams. */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString("latin1");
  let text = "";
  for (const m of raw.matchAll(/stream\r?\n/g)) {
    const start = (m.index ?? 0) + m[0].length;
    const end = raw.indexOf("endstream", start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString("latin1");
    } catch {
      continue; // an image
    }
    for (const hex of content.matchAll(/<([0-9a-fA-F]+)>/g)) text += cp1252.decode(Buffer.from(hex[1] ?? "", "hex"));
    text += "\n";
  }
  return text;
}
