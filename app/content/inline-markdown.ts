// Rich-text fields are one line of Markdown limited to links and emphasis; anything else is a content error.
import type { PhrasingContent } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { toString } from "mdast-util-to-string";

/** An internal path ("/contact") or an absolute https URL. */
export type Href = string;

/** A run of text with inline links and emphasis, rendered as React elements (never as HTML). */
export type InlineLink = { readonly text: string; readonly href: Href };
export type InlineEmphasis = { readonly text: string; readonly emphasis: "em" | "strong" };
export type RichTextPart = string | InlineLink | InlineEmphasis;
export type RichText = string | readonly RichTextPart[];

/** Parses inline Markdown into rich text, or returns the reason it is not allowed. */
export function parseInlineMarkdown(source: string): { ok: true; value: RichText } | { ok: false; error: string } {
  const tree = fromMarkdown(source);
  const [paragraph, ...rest] = tree.children;
  if (!paragraph) return { ok: true, value: "" };
  if (paragraph.type !== "paragraph" || rest.length > 0) {
    return {
      ok: false,
      error: "must be one paragraph of text (links, *emphasis* and **bold** only; no headings, lists or blank lines)",
    };
  }
  const parts: RichTextPart[] = [];
  for (const node of paragraph.children) {
    const part = inlinePart(node);
    if (typeof part === "object" && "error" in part) return { ok: false, error: part.error };
    const last = parts.at(-1);
    if (typeof part === "string" && typeof last === "string") parts[parts.length - 1] = last + part;
    else parts.push(part);
  }
  if (parts.length === 1 && typeof parts[0] === "string") return { ok: true, value: parts[0] };
  return { ok: true, value: parts };
}

function inlinePart(node: PhrasingContent): RichTextPart | { error: string } {
  switch (node.type) {
    case "text":
      return node.value;
    case "break":
      return " ";
    case "link":
      if (!node.children.every((c) => c.type === "text")) return { error: `link "${node.url}" must have plain text` };
      return { text: toString(node), href: node.url };
    case "emphasis":
    case "strong":
      if (!node.children.every((c) => c.type === "text")) return { error: "emphasis must hold plain text" };
      return { text: toString(node), emphasis: node.type === "strong" ? "strong" : "em" };
    default:
      return { error: `${node.type} is not allowed here (only links, *emphasis* and **bold**)` };
  }
}
