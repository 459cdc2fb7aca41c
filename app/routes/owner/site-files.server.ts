// The content files the console edits: which exist, how each is read for its form, written back (comments and
// untouched values kept), and checked exactly as the build checks it before anything is saved. File paths come only
// from a fixed list of kinds and validated slugs of files that exist; nothing from a request reaches the file system.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { isMap, isScalar, isSeq, parseDocument, type Document, type Node as YamlNode } from "yaml";
import { z } from "zod";
import { businessFile } from "~/content/business-schema";
import { parseBusinessFile } from "~/content/business";
import { ContentError, loadMarkdown, loadYaml } from "~/content/load";
import {
  accessibilityFile,
  cityFile,
  costTableFile,
  faqsFile,
  galleryFile,
  homeFile,
  postFrontMatter,
  serviceFile,
  testimonialsFile,
} from "~/content/schema";
import { checkArticleBody } from "~/content/article-markdown";
import { reviewRequestFile } from "~/content/review-request";
import { quotePresetsFile, quoteTermsFile } from "~/content/quote-words";
import { findingsFile } from "~/content/findings";
import { reportWordsFile } from "~/content/report-words";
import { marketingMailFile } from "~/content/marketing-mail";
import { plainAnswer } from "./guard.server";
import { describe, type FieldSpec, fromPayload, type Lookups } from "./site-form";

export const SLUG = /^[a-z0-9]+(-[a-z0-9]+){0,12}$/;

type Kind = {
  title: string;
  /** content/<dir>/<slug>.<ext> for collections; content/<file> for single files. */
  file?: string;
  dir?: string;
  ext?: "yaml" | "md";
  schema: z.ZodType;
  /** Files whose top level is a list are edited as { items: [...] }. */
  list?: boolean;
};

export const KINDS = {
  business: { title: "Business facts", file: "business.yaml", schema: businessFile },
  home: { title: "Home page", file: "home.yaml", schema: homeFile },
  services: { title: "Service pages", dir: "services", ext: "yaml", schema: serviceFile },
  cities: { title: "Town pages", dir: "cities", ext: "yaml", schema: cityFile },
  posts: { title: "Articles", dir: "posts", ext: "md", schema: postFrontMatter },
  faqs: { title: "Questions and answers", file: "faqs.yaml", schema: faqsFile },
  testimonials: { title: "Testimonials", file: "testimonials.yaml", schema: testimonialsFile, list: true },
  gallery: { title: "Recent work", file: "gallery.yaml", schema: galleryFile, list: true },
  "cost-table": { title: "Cost table", file: "cost-table.yaml", schema: costTableFile },
  accessibility: { title: "Accessibility statement", file: "accessibility.yaml", schema: accessibilityFile },
  "review-request": { title: "Review request e-mail", file: "review-request.yaml", schema: reviewRequestFile },
  "quote-presets": { title: "Quote lines", file: "quote-presets.yaml", schema: quotePresetsFile },
  "quote-terms": { title: "Quote terms", file: "quote-terms.yaml", schema: quoteTermsFile },
  findings: { title: "Condition report words", file: "findings.yaml", schema: findingsFile },
  "condition-report": {
    title: "Condition report page and e-mail",
    file: "condition-report.yaml",
    schema: reportWordsFile,
  },
  "marketing-mail": { title: "Reminder and campaign e-mails", file: "marketing-mail.yaml", schema: marketingMailFile },
} satisfies Record<string, Kind>;

export type KindName = keyof typeof KINDS;

export type SiteFile = { kind: KindName; slug: string | null; path: string; title: string };

const isList = (file: SiteFile) => (KINDS[file.kind] as Kind).list === true;

/** The repository the console edits: the publisher's (SITE_REPO), else the server's folder. */
let siteRoot = process.cwd();
const root = () => siteRoot;

/** Every Site loader and action calls this first (with its load context), so reads and writes use one repository. */
export function openSiteRepo(context: { publisher: { repoDir: string } | null }): string {
  siteRoot = context.publisher?.repoDir ?? process.cwd();
  return siteRoot;
}

/**
 * Why a save cannot be published on this server, in the owner's words ("Publishing is off: the server cannot write
 * to …"); null when it can. Every Site page shows it instead of offering a save that would fail.
 */
export function publishingOff(context: {
  publisher: unknown;
  owner: { publishing: { off: string | null } };
}): string | null {
  if (context.publisher) return null;
  const why = context.owner.publishing.off;
  return why ? `Publishing is off: ${why}.` : "Publishing is switched off on this server.";
}

export function slugsIn(dir: string, ext: string): string[] {
  const full = path.join(root(), "content", dir);
  if (!existsSync(full)) return [];
  return readdirSync(full)
    .filter((f) => f.endsWith(`.${ext}`))
    .map((f) => f.slice(0, -ext.length - 1))
    .filter((s) => SLUG.test(s))
    .sort();
}

export function listFiles(): SiteFile[] {
  return (Object.entries(KINDS) as [KindName, Kind][]).flatMap(([kind, k]): SiteFile[] =>
    k.file
      ? [{ kind, slug: null, path: `content/${k.file}`, title: k.title }]
      : slugsIn(k.dir ?? "", k.ext ?? "yaml").map((slug) => ({
          kind,
          slug,
          path: `content/${k.dir}/${slug}.${k.ext}`,
          title: `${k.title}: ${slug}`,
        })),
  );
}

/**
 * The file a request names, or undefined: the kind must be one of KINDS, the slug a validated slug of a file that
 * exists (`allowNew` for a new article). `../`, encoded or absolute names never match.
 */
export function findFile(
  kind: string | undefined,
  slug: string | undefined,
  { allowNew = false } = {},
): SiteFile | undefined {
  if (!kind || !Object.hasOwn(KINDS, kind)) return undefined;
  const k: Kind = KINDS[kind as KindName];
  if (k.file)
    return slug ? undefined : { kind: kind as KindName, slug: null, path: `content/${k.file}`, title: k.title };
  if (!slug || !SLUG.test(slug)) return undefined;
  const file = {
    kind: kind as KindName,
    slug,
    path: `content/${k.dir}/${slug}.${k.ext}`,
    title: `${k.title}: ${slug}`,
  };
  return allowNew || slugsIn(k.dir ?? "", k.ext ?? "yaml").includes(slug) ? file : undefined;
}

/** Where a file shows on the site, and the name the site gives that page (the Site page lists them so). */
const ADDRESSES: Partial<Record<KindName, string>> = {
  home: "/",
  faqs: "/faq",
  accessibility: "/accessibility",
  testimonials: "/",
  gallery: "/",
};

function postTitle(slug: string): string {
  const { front } = splitMarkdown(readFileSync(path.join(root(), "content/posts", `${slug}.md`), "utf8"));
  const title: unknown = parseDocument(protect(front).text).get("title");
  return typeof title === "string" && title.trim() ? title : slug;
}

export function pageOf(file: SiteFile): { name: string; address: string | null } {
  const slug = file.slug ?? "";
  switch (file.kind) {
    case "services":
      return { name: serviceName(slug), address: `/services/${slug}` };
    case "cities": {
      const town = lookups().city?.find((c) => c.value === slug)?.label;
      return { name: town ?? slug, address: `/locations/${slug}` };
    }
    case "posts":
      return { name: postTitle(slug), address: `/blog/${slug}` };
    default:
      return { name: file.title, address: ADDRESSES[file.kind] ?? null };
  }
}

/**
 * What `parse` makes of a file's text now, parsed again only when the text changed: every form page and save asks
 * for the towns and service names, and parsing those files each time held the server's event loop for 40–60 ms.
 */
const parsedFiles = new Map<string, { text: string; value: unknown }>();
function parsedFile<T>(file: string, parse: (text: string) => T): T {
  const text = readFileSync(file, "utf8");
  const last = parsedFiles.get(file);
  if (last?.text === text) return last.value as T;
  const value = parse(text);
  parsedFiles.set(file, { text, value });
  return value;
}

const savedBusiness = () => parsedFile(path.join(root(), "content/business.yaml"), parseBusinessFile);

/** The review link as saved in the business facts (read from the file: the build's copy may be older). */
export function savedReviewUrl(): string | null {
  try {
    return savedBusiness().reviewUrl ?? null;
  } catch {
    return null; // A file the console could not read offers no link; the Site page says what is wrong with it.
  }
}

/** Towns, service pages and photos, for the fields that name one. */
function serviceName(slug: string): string {
  const name: unknown = parsedFile(path.join(root(), "content/services", `${slug}.yaml`), (text) =>
    parseDocument(text).get("name"),
  );
  return typeof name === "string" && name.trim() ? name : slug;
}

export function lookups(): Lookups {
  const business = savedBusiness();
  return {
    city: business.cities.map((c) => ({ value: c.slug, label: c.name })),
    // The owner picks a service by the name its page shows, not by its file name.
    service: slugsIn("services", "yaml").map((s) => ({ value: s, label: serviceName(s) })),
    file: slugsIn("photos", "jpg").map((s) => ({ value: `${s}.jpg`, label: `${s}.jpg` })),
  };
}

/** The form's schema (list files wrapped in { items }) and its description. */
export function formOf(file: SiteFile): { schema: z.ZodType; spec: FieldSpec } {
  const k: Kind = KINDS[file.kind];
  const withBody = file.kind === "posts" ? postFrontMatter.extend({ body: z.string() }) : k.schema;
  // A list file's one field is named after the file: "Testimonials 4", "Add to testimonials".
  const schema = k.list ? z.strictObject({ items: k.schema.meta({ title: k.title }) }) : withBody;
  const spec = describe(schema as never, k.title, lookups());
  if (spec.type === "object") {
    spec.label = file.title;
    // An article's body has its own large text box on the page; the generated fields leave it out.
    if (file.kind === "posts") spec.fields = spec.fields.filter(([key]) => key !== "body");
  }
  return { schema, spec };
}

/** A posted form (Conform's nested payload) → the file's data; an article's body comes from its own text box. */
export function dataFromPayload(
  file: SiteFile,
  spec: FieldSpec,
  payload: Record<string, unknown>,
): Record<string, unknown> {
  const data = fromPayload(spec, payload) as Record<string, unknown>;
  if (file.kind === "posts") data.body = typeof payload.body === "string" ? payload.body : "";
  return data;
}

// Placeholders ({{claims.x}}) are kept as written: swapped for markers while YAML parses, then put back unfilled.
const OPEN = "\uE000";
const CLOSE = "\uE001";

function protect(source: string) {
  const found: string[] = [];
  const text = source.replace(/\{\{[^}]*\}\}/g, (m) => `${OPEN}${found.push(m) - 1}${CLOSE}`);
  const back = (s: string) =>
    s.replace(new RegExp(`${OPEN}(\\d+)${CLOSE}`, "g"), (_, i: string) => found[Number(i)] ?? "");
  return { text, back };
}

function unprotect(data: unknown, back: (s: string) => string): unknown {
  if (typeof data === "string") return back(data);
  if (Array.isArray(data)) return data.map((d) => unprotect(d, back));
  if (data && typeof data === "object")
    return Object.fromEntries(Object.entries(data).map(([k, v]) => [k, unprotect(v, back)]));
  return data;
}

const FRONT = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/;

function splitMarkdown(source: string): { front: string; body: string } {
  const match = FRONT.exec(source);
  return match ? { front: match[1] ?? "", body: source.slice(match[0].length) } : { front: "", body: source };
}

/**
 * The last few YAML texts parsed, with their documents. The editor's page parses its file, and its save parses the
 * same text twice more (the old values for the summary, the patch); the yaml package takes 2–4 ms a kilobyte, so
 * each parse of the business file held the event loop for 8–15 ms (issue 51). These documents are only read: a
 * change works on a clone.
 */
const parsedTexts = new Map<string, Document.Parsed>();
function parsedYaml(text: string): Document.Parsed {
  const hit = parsedTexts.get(text);
  if (hit) return hit;
  const doc = parseDocument(text);
  parsedTexts.set(text, doc);
  for (const oldest of parsedTexts.keys()) {
    if (parsedTexts.size <= 6) break;
    parsedTexts.delete(oldest);
  }
  return doc;
}

export function readSource(file: SiteFile): string {
  return readFileSync(path.join(root(), file.path), "utf8");
}

/** The file's data as the form shows it: raw text, placeholders as written, an article's body beside its fields. */
export function formValue(file: SiteFile, source = readSource(file)): Record<string, unknown> {
  if (file.kind === "posts") {
    const { front, body } = splitMarkdown(source);
    const { text, back } = protect(front);
    return { ...(unprotect(parsedYaml(text).toJS(), back) as object), body };
  }
  const { text, back } = protect(source);
  const data = unprotect(parsedYaml(text).toJS(), back);
  return isList(file) ? { items: data ?? [] } : ((data ?? {}) as Record<string, unknown>);
}

/** Sets `value` into the YAML node tree, keeping comments, styles and the nodes of values that did not change. */
function merge(doc: Document, node: unknown, value: unknown, back: (s: string) => string): YamlNode {
  if (value !== null && typeof value === "object" && !Array.isArray(value) && isMap(node)) {
    const keys = Object.keys(value);
    for (const item of [...node.items]) {
      const key = isScalar(item.key) ? String(item.key.value) : String(item.key);
      if (!keys.includes(key)) node.delete(key);
    }
    for (const [k, v] of Object.entries(value)) {
      const pair = node.items.find((p) => (isScalar(p.key) ? String(p.key.value) : String(p.key)) === k);
      if (pair) pair.value = merge(doc, pair.value, v, back);
      else node.set(doc.createNode(k), doc.createNode(v));
    }
    return node;
  }
  if (Array.isArray(value) && isSeq(node)) {
    node.items = value.map((v, i) => merge(doc, node.items[i], v, back));
    return node;
  }
  if (isScalar(node) && (typeof value !== "string" ? node.value === value : back(String(node.value)) === value))
    return node;
  if (isScalar(node) && typeof value === typeof node.value) {
    node.value = value;
    return node;
  }
  return doc.createNode(value) as YamlNode;
}

/** One scalar as YAML text: plain when it reads back as itself, else double-quoted (JSON's escapes are YAML's). */
function scalarText(value: unknown): string {
  if (typeof value !== "string") return String(value);
  if (value !== "" && !value.includes("\n")) {
    try {
      const back = (parseDocument(`k: ${value}`).toJS() as { k?: unknown } | null)?.k;
      if (back === value) return value;
    } catch {
      // Not plain-safe: quoted below.
    }
  }
  return JSON.stringify(value);
}

type Patch = { start: number; end: number; text: string };

/** The edits that turn the old values into the new ones when only scalars changed; null when the shape changed. */
function scalarPatches(node: unknown, value: unknown, back: (s: string) => string, out: Patch[]): boolean {
  if (isMap(node)) {
    if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
    const keys = node.items.map((p) => (isScalar(p.key) ? String(p.key.value) : ""));
    const wanted = Object.keys(value);
    if (keys.length !== wanted.length || !wanted.every((k) => keys.includes(k))) return false;
    return node.items.every((p, i) =>
      scalarPatches(p.value, (value as Record<string, unknown>)[keys[i] ?? ""], back, out),
    );
  }
  if (isSeq(node)) {
    if (!Array.isArray(value) || value.length !== node.items.length) return false;
    return node.items.every((item, i) => scalarPatches(item, value[i], back, out));
  }
  if (!isScalar(node) || !node.range) return false;
  const old = typeof node.value === "string" ? back(node.value) : node.value;
  if (old === value) return true;
  if (value === null || typeof value === "object") return false;
  out.push({ start: node.range[0], end: node.range[1], text: scalarText(value) });
  return true;
}

function writeYaml(oldSource: string, value: unknown): string {
  const { text, back } = protect(oldSource);
  const parsed = parsedYaml(text);
  const patches: Patch[] = [];
  // Most edits change words, not the shape: then only those values' text changes; the rest stays byte for byte.
  if (scalarPatches(parsed.contents, value, back, patches)) {
    let patched = text;
    for (const p of patches.sort((x, y) => y.start - x.start))
      patched = patched.slice(0, p.start) + p.text + patched.slice(p.end);
    return back(patched);
  }
  // Items added, removed or reordered: the document is written again, keeping its comments.
  const doc = parsed.clone();
  doc.contents = merge(doc, doc.contents, value, back) as typeof doc.contents;
  return back(doc.toString({ lineWidth: 0, flowCollectionPadding: false }));
}

/** The new file text for a form's data. */
export function serialize(file: SiteFile, data: Record<string, unknown>, oldSource: string): string {
  if (file.kind === "posts") {
    const { body, ...front } = data;
    const old = splitMarkdown(oldSource);
    const text = typeof body === "string" ? body.replace(/\r\n/g, "\n") : "";
    return `---\n${writeYaml(old.front, front).replace(/\n$/, "")}\n---\n${text.endsWith("\n") ? text : `${text}\n`}`;
  }
  return writeYaml(oldSource, isList(file) ? data.items : data);
}

/**
 * Checks new file text exactly as the build will load it (placeholders filled, schema, article blocks); throws
 * ContentError naming the file and field. Cross-file checks (a gallery photo's service page) happen in the build.
 */
export function checkSource(file: SiteFile, source: string): void {
  const k: Kind = KINDS[file.kind];
  const where = `/${file.path}`;
  if (file.kind === "business") {
    try {
      parseBusinessFile(source);
    } catch (error) {
      throw new ContentError(error instanceof Error ? error.message : String(error));
    }
    return;
  }
  if (file.kind === "posts") {
    const { data, body } = loadMarkdown(where, source, postFrontMatter);
    const problems = checkArticleBody(body, { hasFaq: data.faq !== undefined });
    if (problems.length > 0)
      throw new ContentError(`${file.path} is not valid:\n${problems.map((p) => `  body: ${p}`).join("\n")}`);
    return;
  }
  loadYaml(where, source, k.schema);
}

/** A new article from the template: today's date, a title to replace, a body showing the blocks articles use. */
export function articleTemplate(slug: string, today: string): string {
  return `---
title: ${slug.replace(/-/g, " ").replace(/^./, (c) => c.toUpperCase())}
seo:
  title: ${slug.replace(/-/g, " ")} | {{business.name}}
  description: One or two sentences for search results.
excerpt: One or two sentences for the blog page.
datePublished: "${today}"
artwork: post-crown-signs
imageAlt: Drawing of a brick chimney with a concrete crown
---
The first paragraph says what the reader will learn.

## A heading {#first-heading}

Write in short paragraphs. Quote your claims with placeholders, e.g. {{claims.warranty}}

:::callout{title="Worth knowing"}
A short note that stands out.
:::
`;
}

/** An entry of content/gallery.yaml ("Recent work"). */
export type GalleryItem = { file: string; alt: string; caption: string; service?: string; city?: string };

/** The gallery file in the working copy, its text and its entries. */
export function gallery(): { file: SiteFile; source: string; items: GalleryItem[] } {
  const file = findFile("gallery", undefined);
  if (!file) throw plainAnswer(500, "The gallery file is missing.");
  const source = readSource(file);
  return { file, source, items: (formValue(file, source).items ?? []) as GalleryItem[] };
}

/** Photo files other content still shows (service, town and article pages), which removing must keep. */
export function photoUsedElsewhere(repo: string, name: string): boolean {
  const dirs = ["content", "content/services", "content/cities", "content/posts"].map((d) => path.join(repo, d));
  return dirs.some((dir) =>
    readdirSync(dir)
      .filter((f) => /\.(ya?ml|md)$/.test(f) && f !== "gallery.yaml")
      .some((f) => readFileSync(path.join(dir, f), "utf8").includes(name)),
  );
}

/** A name in content/photos/ no file has and `taken` has not given out: "slug.jpg", else "slug-2.jpg", … */
export function freePhotoName(repo: string, slug: string, taken: Set<string>): string {
  const base = SLUG.test(slug) ? slug : "photo";
  for (let n = 1; ; n++) {
    const name = n === 1 ? `${base}.jpg` : `${base}-${n}.jpg`;
    if (!taken.has(name) && !existsSync(path.join(repo, "content/photos", name))) {
      taken.add(name);
      return name;
    }
  }
}
