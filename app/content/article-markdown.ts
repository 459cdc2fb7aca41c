// The Markdown dialect of articles: CommonMark plus our blocks (::cost-table, ::faq, ::photo, :::callout) and
// heading anchors written "## Heading {#id}". Unknown blocks are content errors, caught when the file loads.
import type { Heading, Link, Root } from "mdast";
import type { Directives } from "mdast-util-directive";
import { directiveFromMarkdown } from "mdast-util-directive";
import { fromMarkdown } from "mdast-util-from-markdown";
import { directive } from "micromark-extension-directive";
import { visit } from "unist-util-visit";

type BlockSpec = { readonly kind: Directives["type"]; readonly attributes: readonly string[] };

/** What an author may write, and the attributes each block needs. */
const blocks: Record<string, BlockSpec> = {
  callout: { kind: "containerDirective", attributes: ["title"] },
  "cost-table": { kind: "leafDirective", attributes: [] },
  faq: { kind: "leafDirective", attributes: [] },
  photo: { kind: "leafDirective", attributes: ["file", "alt"] },
};

const syntax: Record<Directives["type"], string> = {
  containerDirective: ":::name … :::",
  leafDirective: "::name on its own line",
  textDirective: ":name",
};

export function parseArticle(body: string): Root {
  const tree = fromMarkdown(body, { extensions: [directive()], mdastExtensions: [directiveFromMarkdown()] });
  plainTextDirectives(tree);
  return tree;
}

/**
 * Our blocks are all leaf or container directives; a text directive is only ever an author's colon: "9:00", "Note:x".
 * It is put back as the text it was (micromark reads ":00" in "9:00" as a directive named "00").
 */
export function plainTextDirectives(tree: Root): void {
  visit(tree, "textDirective", (node, index, parent) => {
    if (!parent || index === undefined) return;
    const label = node.children.length > 0 ? [{ type: "text" as const, value: "[" }, ...node.children, { type: "text" as const, value: "]" }] : [];
    parent.children.splice(index, 1, { type: "text", value: `:${node.name}` }, ...label);
  });
}

/** Problems with an article body, as sentences an author can act on; empty when the body is fine. */
export function checkArticleBody(body: string, { hasFaq }: { hasFaq: boolean }): string[] {
  const problems: string[] = [];
  visit(parseArticle(body), (node) => {
    const line = node.position ? `line ${node.position.start.line}: ` : "";
    if (node.type === "html") problems.push(`${line}HTML is not allowed; write Markdown`);
    if (node.type === "image") problems.push(`${line}show photos with ::photo{file="…" alt="…"}`);
    if (node.type !== "containerDirective" && node.type !== "leafDirective") return;
    const spec = blocks[node.name];
    if (!spec) {
      problems.push(`${line}unknown block "${node.name}" (known: ${Object.keys(blocks).join(", ")})`);
      return;
    }
    if (node.type !== spec.kind)
      problems.push(`${line}write ${node.name} as ${syntax[spec.kind].replace("name", node.name)}`);
    for (const attribute of spec.attributes) {
      if (!node.attributes?.[attribute]) problems.push(`${line}${node.name} needs ${attribute}="…"`);
    }
    if (node.name === "faq" && !hasFaq) problems.push(`${line}::faq needs a faq: section in the front matter`);
  });
  return problems;
}

/** Every link target in an article, for the content-integrity test. */
export function articleLinks(body: string): string[] {
  const links: string[] = [];
  visit(parseArticle(body), "link", (node: Link) => {
    links.push(node.url);
  });
  return links;
}

/** Every photo an article shows with ::photo{file alt}. */
export function articlePhotos(body: string): { file: string; alt: string }[] {
  const photos: { file: string; alt: string }[] = [];
  visit(parseArticle(body), (node) => {
    if (node.type === "leafDirective" && node.name === "photo") {
      photos.push({ file: node.attributes?.file ?? "", alt: node.attributes?.alt ?? "" });
    }
  });
  return photos;
}

const anchor = /\s*\{#([a-z0-9-]+)\}$/;

/** remark plugin: our blocks become elements the renderer maps to components; "{#id}" becomes the heading's id. */
export function remarkArticleBlocks() {
  return (tree: Root) => {
    plainTextDirectives(tree);
    visit(tree, (node) => {
      if (node.type === "containerDirective" || node.type === "leafDirective") {
        node.data = { ...node.data, hName: node.name, hProperties: { ...node.attributes } };
      }
      if (node.type === "heading") setHeadingId(node);
    });
  };
}

function setHeadingId(heading: Heading) {
  const last = heading.children.at(-1);
  if (last?.type !== "text") return;
  const match = anchor.exec(last.value);
  if (!match) return;
  last.value = last.value.slice(0, match.index);
  heading.data = { ...heading.data, hProperties: { ...heading.data?.hProperties, id: match[1] } };
}
