// Critical CSS: every page carries, inline, the rules of the site stylesheet that match its own markup, so the
// first response paints on its own (no render-blocking request). The full stylesheet follows after `load`
// (app/lib/page-script.ts), for anything a page's markup only gains later.
import Beasties from "beasties";
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
  normalizeCssSelector(selector: string): string {
    let unwrapped = selector;
    for (let previous = ""; previous !== unwrapped;) {
      previous = unwrapped;
      unwrapped = unwrapped.replace(/:(?:where|is)\(((?:[^()]|\([^()]*\))*)\)/g, "$1");
    }
    // @ts-expect-error -- an instance method of Beasties that its type declarations leave out.
    return super.normalizeCssSelector(unwrapped.replace(STATE_ATTRIBUTES, "")) as string;
  }
}

const beasties = new TailwindBeasties({
  // Only inline <style> is processed: there is no stylesheet link in production documents.
  reduceInlineStyles: true,
  allowRules: STATE_RULES,
  keyframes: "critical",
  fonts: false,
  compress: true,
  logLevel: "warn",
});

/** Puts `stylesheet` into the head of `html` and prunes it to the rules the document uses. */
export async function inlineCriticalCss(html: string, stylesheet: string): Promise<string> {
  const withStyles = onePathIcons(slimIcons(html)).replace("</head>", () => `<style>${stylesheet}</style></head>`);
  const inlined = await beasties.process(withStyles);
  return inlined
    .replace(" data-beasties-container", "")
    .replace(
      /<style>([\s\S]*?)<\/style>/,
      (_match, css: string) => `<style>${pruneUnusedCustomProperties(css)}</style>`,
    );
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
