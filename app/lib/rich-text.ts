import type { RichText } from "~/content/types";

/** Flattens rich text to plain text, for meta descriptions and JSON-LD. */
export function plainText(text: RichText): string {
  return typeof text === "string" ? text : text.map((part) => (typeof part === "string" ? part : part.text)).join("");
}
