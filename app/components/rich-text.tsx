import type { RichText as RichTextValue } from "~/content/types";
import { isExternal } from "~/lib/links";

/** Renders text with inline links and emphasis as React nodes; content is never injected as HTML. */
export function RichText({ text }: { text: RichTextValue }) {
  if (typeof text === "string") return text;
  return text.map((part, i) =>
    typeof part === "string" ? (
      part
    ) : "emphasis" in part ? (
      part.emphasis === "strong" ? (
        <strong key={i}>{part.text}</strong>
      ) : (
        <em key={i}>{part.text}</em>
      )
    ) : (
      <a
        key={i}
        href={part.href}
        className="rich-link"
        {...(isExternal(part.href) ? { target: "_blank", rel: "noopener noreferrer" } : {})}
      >
        {part.text}
      </a>
    ),
  );
}

/** Paragraphs of rich text, each its own <p>. */
export function Paragraphs({ items, className }: { items: readonly RichTextValue[]; className?: string }) {
  return items.map((paragraph, i) => (
    <p key={i} className={className}>
      <RichText text={paragraph} />
    </p>
  ));
}
