// An article's Markdown as React elements, rendered at build time (pages never hydrate); no HTML is injected.
import type { Element, ElementContent, Root as HastRoot } from "hast";
import type { ComponentPropsWithoutRef, ReactNode } from "react";
import Markdown, { type Components } from "react-markdown";
import remarkDirective from "remark-directive";
import remarkGfm from "remark-gfm";
import type { Post } from "~/content/types";
import { remarkArticleBlocks } from "~/content/article-markdown";
import { isExternal } from "~/lib/links";
import { CostTable } from "./cost-table";
import { Photo } from "./photo";
import { RichText } from "./rich-text";

/** Drops the newlines Markdown leaves between block elements, so the HTML is as compact as hand-written JSX. */
function rehypeDropBlockWhitespace() {
  const isBlank = (node: ElementContent) => node.type === "text" && node.value.trim() === "";
  const trim = (parent: HastRoot | Element) => {
    const hasElements = parent.children.some((c) => c.type === "element");
    if (
      hasElements &&
      !["p", "li", "a", "strong", "em", "h1", "h2", "h3", "h4", "td", "th"].includes(
        "tagName" in parent ? parent.tagName : "",
      )
    ) {
      parent.children = parent.children.filter((c) => c.type !== "text" || !isBlank(c));
    }
    for (const child of parent.children) if (child.type === "element") trim(child);
  };
  return (tree: HastRoot) => trim(tree);
}

type BlockProps<A extends string> = { children?: ReactNode } & Partial<Record<A, string>>;

/** An article's body and questions; the console's help page renders its Markdown with the same blocks. */
export function ArticleBody({ post }: { post: Pick<Post, "body"> & Partial<Pick<Post, "faq">> }) {
  // Our blocks arrive as custom elements (see remarkArticleBlocks); react-markdown's types only know HTML tags.
  const blocks = {
    a: ({ href = "", children }: ComponentPropsWithoutRef<"a">) => (
      <a
        href={href}
        className="rich-link"
        {...(isExternal(href) ? { target: "_blank", rel: "noopener noreferrer" } : {})}
      >
        {children}
      </a>
    ),
    callout: ({ title, children }: BlockProps<"title">) => (
      <aside className="callout">
        <p className="font-semibold text-soot-950">{title}</p>
        {children}
      </aside>
    ),
    "cost-table": () => <CostTable />,
    faq: () =>
      post.faq && (
        <section className="faq-block" aria-label={post.faq.heading}>
          <h2>{post.faq.heading}</h2>
          <dl>
            {post.faq.items.map((item) => (
              <div key={item.question}>
                <dt>{item.question}</dt>
                <dd>
                  <RichText text={item.answer} />
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ),
    photo: ({ file = "", alt = "" }: BlockProps<"file" | "alt">) => (
      <Photo file={file} alt={alt} sizes="(min-width: 1024px) 800px, 92vw" className="rounded-card shadow-card" />
    ),
  };
  // Without questions the elements depend on the text alone: kept, so the console's help (19 KB of Markdown, on
  // each view) is parsed once per text (issue 51). Blocks that read content (the cost table, a photo) are
  // components, so they still render what is in force.
  const kept = post.faq ? undefined : elementsOf.get(post.body);
  if (kept !== undefined) return kept;
  const elements = Markdown({
    remarkPlugins: [remarkGfm, remarkDirective, remarkArticleBlocks],
    rehypePlugins: [rehypeDropBlockWhitespace],
    components: blocks as Components,
    children: post.body,
  });
  if (!post.faq) keep(post.body, elements);
  return elements;
}

/** Texts rendered to elements, the last few: the help, and articles without questions as a publish renders them. */
const elementsOf = new Map<string, ReactNode>();
const KEPT_TEXTS = 8;
function keep(text: string, elements: ReactNode) {
  if (elementsOf.size >= KEPT_TEXTS) elementsOf.delete(elementsOf.keys().next().value ?? "");
  elementsOf.set(text, elements);
}
