// Critical CSS: every page carries, inline, the rules of the site stylesheet that match its own markup, so the
// first response paints on its own (no render-blocking request). The full stylesheet follows after `load`
// (app/lib/page-script.ts), for anything a page's markup only gains later.
import Beasties from "beasties";
import { parse as parseSelector, type Selector } from "css-what";
import postcss from "postcss";
import { drawingPath } from "./icon-path";

/**
 * States the markup only gets in the browser (the condensed header, an open <details>). A rule keyed to one is kept
 * when the rest of its selector matches the page, so a page without an FAQ carries no FAQ rules. (Pseudo-classes
 * and pseudo-elements such as :popover-open and ::details-content are already ignored when matching.)
 */
const STATE_ATTRIBUTES = /\[(?:open|data-condensed)\]/g;
/**
 * Kept as they are: rules keyed to an open popover, and the <details> animation rules (a bare ::details-content
 * selector matches nothing once its pseudo-element is ignored). The header, on every page, has both.
 */
const STATE_RULES = [/popover-open/, /details-content/];

/**
 * Beasties drops a pseudo-class with its argument before matching, so `:where(.space-y-3>:not(:last-child))`
 * (how Tailwind writes space-y, group-* and parts of preflight) would match nothing and be left out. Unwrapping
 * :where() and :is() first keeps their inner selector, which is then matched like any other.
 */
class TailwindBeasties extends Beasties {
  /** What the document being pruned has (set for the length of one synchronous processStyle). */
  private present: Present | null = null;

  constructor(
    options: ConstructorParameters<typeof Beasties>[0],
    private readonly remember: boolean,
  ) {
    super(options);
  }

  /** Beasties' own normalization, after :where()/:is() are unwrapped; the same for every document. */
  private normalizeAlike(selector: string): string {
    let unwrapped = selector;
    for (let previous = ""; previous !== unwrapped;) {
      previous = unwrapped;
      unwrapped = unwrapped.replace(/:(?:where|is)\(((?:[^()]|\([^()]*\))*)\)/g, "$1");
    }
    // @ts-expect-error -- an instance method of Beasties that its type declarations leave out.
    return super.normalizeCssSelector(unwrapped.replace(STATE_ATTRIBUTES, "")) as string;
  }

  normalizeCssSelector(selector: string): string {
    const normalized = this.normalizeAlike(selector);
    return this.present && !mayMatch(normalized, this.present) ? "" : normalized;
  }

  /** An instance method of Beasties that its type declarations leave out; synchronous. */
  processStyle(style: StyleElement, document: BeastiesDocument): void {
    this.present = presentIn(document);
    try {
      const key = this.remember && style.textContent ? this.matchKey(style.textContent, document) : null;
      const known = key === null ? undefined : prunedSheets.get(key);
      if (known !== undefined) {
        style.textContent = known;
        return;
      }
      if (this.remember) afresh += 1;
      // @ts-expect-error -- as above.
      super.processStyle(style, document);
      if (key !== null && style.parentNode) keep(prunedSheets, key, style.textContent);
    } finally {
      this.present = null;
    }
  }

  /**
   * Which of the sheet's selectors have elements in this document: with the sheet, that is all that decides which
   * rules stay (every other test Beasties makes is of the selector alone). Null when the sheet carries Beasties'
   * comment directives, whose effect depends on the order of rules.
   */
  private matchKey(sheet: string, document: BeastiesDocument): string | null {
    let known = sheetSelectors.get(sheet);
    if (known === undefined) {
      known = selectorsOf(sheet, (selector) => this.normalizeAlike(selector));
      keep(sheetSelectors, sheet, known);
    }
    if (known === null) return null;
    const present = this.present as Present;
    let matched = "";
    for (const selector of known.selectors) {
      matched += selector && mayMatch(selector, present) && exists(document, selector) ? "1" : "0";
    }
    return `${known.id}:${matched}`;
  }
}

type StyleElement = { textContent: string; parentNode: unknown };
type BeastiesDocument = DomNode & { beastiesContainers: { exists(selector: string): boolean }[] };

/** Whether Beasties finds an element for the selector, as it asks (an error is no match, as it takes it). */
function exists(document: BeastiesDocument, selector: string): boolean {
  try {
    return document.beastiesContainers.some((container) => container.exists(selector));
  } catch {
    return false;
  }
}

/** A stylesheet's selectors, normalized and each once; null when it has comment directives. */
function selectorsOf(sheet: string, normalize: (selector: string) => string) {
  const root = postcss.parse(sheet);
  let directives = false;
  root.walkComments((comment) => {
    if (/^(beasties|critters):/.test(comment.text)) directives = true;
  });
  if (directives) return null;
  const selectors = new Set<string>();
  root.walkRules((rule) => {
    for (const selector of rule.selectors) selectors.add(normalize(selector));
  });
  // Named by its bytes, not by the order sheets were seen: what one render's worker learned holds in the next one.
  const id = process.getBuiltinModule("node:crypto").createHash("sha256").update(sheet).digest("hex").slice(0, 16);
  return { id, selectors: [...selectors] };
}

/**
 * What a page's markup leaves of the stylesheet, by the selectors it matches. Pages of one kind match the same ones,
 * and a publish mostly changes words: a warm render's worker prunes the sheet about once a kind instead of once a
 * page (issue 38: a third of the render's time, and most of its garbage), and hands what it learned to the next
 * worker (issue 45).
 */
const prunedSheets = new Map<string, string>();
const sheetSelectors = new Map<string, ReturnType<typeof selectorsOf>>();
const prunedProperties = new Map<string, string>();

let afresh = 0;
/** How many stylesheets were pruned afresh, not answered from what was learned (a render's log line, tests). */
export function prunedAfresh(): number {
  return afresh;
}

/** What pruning has learned so far: another render's worker given it prunes as if it had rendered those pages. */
export type LearnedCriticalCss = { sheets: [string, string][]; properties: [string, string][] };

export function learnedCriticalCss(): LearnedCriticalCss {
  return { sheets: [...prunedSheets], properties: [...prunedProperties] };
}

/**
 * Takes what another worker learned (render-in-worker.ts hands it over): the first render of a new worker prunes
 * about once a kind of page only for pages it has never seen (issue 45).
 */
export function rememberCriticalCss(learned: LearnedCriticalCss): void {
  for (const [key, sheet] of learned.sheets) keep(prunedSheets, key, sheet);
  for (const [css, pruned] of learned.properties) keep(prunedProperties, css, pruned);
}

/** Bounded: an old entry goes when a new one comes past the limit. */
function keep<T>(map: Map<string, T>, key: string, value: T, limit = 200) {
  if (map.size >= limit) map.delete(map.keys().next().value as string);
  map.set(key, value);
}

type DomNode = { type?: string; name?: string; attribs?: Record<string, string>; children?: DomNode[] };
type Present = { tags: Set<string>; classes: Set<string>; ids: Set<string> };

/** Every tag name, class and id in the document (classes split as browsers and css-select split them). */
function presentIn(document: DomNode): Present {
  const present: Present = { tags: new Set(), classes: new Set(), ids: new Set() };
  const pending = [document];
  for (let node = pending.pop(); node; node = pending.pop()) {
    if (node.type === "tag" || node.type === "script" || node.type === "style") {
      present.tags.add((node.name ?? "").toLowerCase());
      for (const name of node.attribs?.class?.split(/\s+/) ?? []) present.classes.add(name);
      if (node.attribs?.id !== undefined) present.ids.add(node.attribs.id);
    }
    if (node.children) pending.push(...node.children);
  }
  return present;
}

const required = new Map<string, Selector[][] | null>();

/**
 * False when the selector cannot match: each of its alternatives needs a tag, class or id the document lacks.
 * Beasties asks css-select about every selector of more than one part, which walks the whole document when it does
 * not match (most of Tailwind's, on any one page): this answers those first, from the names the document has.
 */
function mayMatch(selector: string, present: Present): boolean {
  if (!selector) return false;
  let groups = required.get(selector);
  if (groups === undefined) {
    try {
      groups = parseSelector(selector);
    } catch {
      groups = null;
    }
    required.set(selector, groups);
  }
  if (groups === null) return true;
  return groups.some((group) =>
    group.every((token) => {
      if (token.type === "tag") return present.tags.has(token.name.toLowerCase());
      if (token.type !== "attribute") return true;
      if (token.name === "class" && token.action === "element") return present.classes.has(token.value);
      if (token.name === "id" && token.action === "equals") return present.ids.has(token.value);
      return true;
    }),
  );
}

const OPTIONS: ConstructorParameters<typeof Beasties>[0] = {
  // Only inline <style> is processed: there is no stylesheet link in production documents.
  reduceInlineStyles: true,
  allowRules: STATE_RULES,
  keyframes: "critical",
  fonts: false,
  compress: true,
  logLevel: "warn",
};
const beasties = new TailwindBeasties(OPTIONS, true);
const unremembering = new TailwindBeasties(OPTIONS, false);

/**
 * Puts `stylesheet` into the head of `html` and prunes it to the rules the document uses. `remember: false` prunes
 * afresh, as if no page had been seen (tests: the remembered answers must be the same).
 */
export async function inlineCriticalCss(
  html: string,
  stylesheet: string,
  { remember = true }: { remember?: boolean } = {},
): Promise<string> {
  const withStyles = onePathIcons(slimIcons(html)).replace("</head>", () => `<style>${stylesheet}</style></head>`);
  const inlined = await (remember ? beasties : unremembering).process(withStyles);
  return inlined
    .replace(" data-beasties-container", "")
    .replace(/<style>([\s\S]*?)<\/style>/, (_match, css: string) => {
      let pruned = remember ? prunedProperties.get(css) : undefined;
      if (pruned === undefined) {
        pruned = pruneUnusedCustomProperties(css);
        if (remember) keep(prunedProperties, css, pruned);
      }
      return `<style>${pruned}</style>`;
    });
}

const LUCIDE_SVG =
  /<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="lucide lucide-[\w-]+ ([^"]*\bsize-[^"]*)"/g;

/**
 * Every icon repeats lucide's default attributes; the `.lucide` rule in app/styles/site.css sets the same once. Icons
 * sized by a class lose them (about 150 bytes each, 40-odd icons a page). Islands are left as rendered, so hydration
 * sees exactly the markup React produced.
 */
export function slimIcons(html: string): string {
  return outsideIslands(html, (part) => part.replace(LUCIDE_SVG, '<svg viewBox="0 0 24 24" class="lucide $1"'));
}

const ISLAND_START = /<div[^>]*\sdata-island=/;
const DIV_TAG = /<\/?div\b[^>]*>/g;

/** Applies `edit` to the document outside its islands (each a <div data-island>, up to its matching </div>). */
export function outsideIslands(html: string, edit: (part: string) => string): string {
  const start = html.search(ISLAND_START);
  if (start < 0) return edit(html);
  let end = html.length;
  let depth = 0;
  DIV_TAG.lastIndex = start;
  for (let tag = DIV_TAG.exec(html); tag; tag = DIV_TAG.exec(html)) {
    depth += tag[0].startsWith("</") ? -1 : 1;
    if (depth === 0) {
      end = DIV_TAG.lastIndex;
      break;
    }
  }
  return edit(html.slice(0, start)) + html.slice(start, end) + outsideIslands(html.slice(end), edit);
}

const SLIM_ICON = /<svg viewBox="0 0 24 24" class="lucide ([^"]*)" aria-hidden="true">([\s\S]*?)<\/svg>/g;

/**
 * Each one-colour icon keeps its own inline <svg>, with its shapes joined into one <path> (app/lib/icon-path.ts):
 * two elements an icon, and no SVG image. Chromium builds a whole document for every SVG image a style names,
 * during the first frame's style pass, so masks drawn from a sprite cost more than the elements they saved
 * (docs/decisions/0026-icons-inline-one-path.md). Brotli sends a repeated drawing as a back-reference. Filled icons
 * (the stars) and drawings one path cannot keep are left as they are, and so are islands.
 */
export function onePathIcons(html: string): string {
  return outsideIslands(html, (part) =>
    part
      .replace(SLIM_ICON, (svg, classes: string, drawing: string) => {
        const d = /\bfill-/.test(classes) ? undefined : drawingPath(drawing);
        return d === undefined
          ? svg
          : `<svg viewBox="0 0 24 24" class="lucide ${classes}" aria-hidden="true"><path d="${d}"/></svg>`;
      })
      // React's text separators only matter to hydration, and this markup is never hydrated.
      .replaceAll("<!-- -->", ""),
  );
}

const VAR_REFERENCE = /var\(\s*(--[\w-]+)/g;

/**
 * Tailwind declares every theme variable and registers every --tw-* property the whole site uses; a page only
 * needs those its own rules read. Drops the unread ones from :root/:host, from the @property registrations and
 * from Tailwind's fallback block for browsers without @property.
 */
export function pruneUnusedCustomProperties(css: string): string {
  const root = postcss.parse(css);
  const used = new Set<string>();
  const definitions = new Map<string, string[]>();
  root.walkDecls((decl) => {
    const refs = [...decl.value.matchAll(VAR_REFERENCE)].map((m) => m[1] ?? "");
    if (decl.prop.startsWith("--")) definitions.set(decl.prop, [...(definitions.get(decl.prop) ?? []), ...refs]);
    else refs.forEach((ref) => used.add(ref));
  });
  // A variable read by a used variable is used too.
  const pending = [...used];
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    for (const ref of definitions.get(name) ?? []) {
      if (!used.has(ref)) {
        used.add(ref);
        pending.push(ref);
      }
    }
  }
  root.walkAtRules("property", (rule) => {
    if (!used.has(rule.params.trim())) rule.remove();
  });
  root.walkDecls(/^--/, (decl) => {
    const rule = decl.parent;
    const declaresDefaults = rule?.type === "rule" && /^(:root|:host|\*)/.test((rule as postcss.Rule).selector);
    if (declaresDefaults && !used.has(decl.prop)) decl.remove();
  });
  // The compiled stylesheet repeats some prefixed declarations (-webkit-text-decoration four times in a rule).
  root.walkRules((rule) => {
    const seen = new Set<string>();
    rule.each((node) => {
      if (node.type !== "decl") return;
      const key = `${node.prop}:${node.value}${node.important ? "!" : ""}`;
      if (seen.has(key)) node.remove();
      else seen.add(key);
    });
  });
  root.walk((node) => {
    if ((node.type === "rule" || node.type === "atrule") && node.nodes?.length === 0) node.remove();
  });
  return root.toString();
}
