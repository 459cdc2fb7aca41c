// Critical CSS: every page carries, inline, the rules of the site stylesheet that match its own markup, so the
// first response paints on its own (no render-blocking request). The full stylesheet follows after `load`
// (app/lib/page-script.ts), for anything a page's markup only gains later.
import Beasties from "beasties";
import postcss from "postcss";

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
  const { html: masked, css: iconCss } = maskIcons(slimIcons(html));
  const withStyles = masked.replace("</head>", () => `<style>${stylesheet}</style></head>`);
  const inlined = await beasties.process(withStyles);
  return inlined
    .replace(" data-beasties-container", "")
    .replace(
      /<style>([\s\S]*?)<\/style>/,
      (_match, css: string) => `<style>${pruneUnusedCustomProperties(css)}${iconCss}</style>`,
    );
}

const LUCIDE_SVG =
  /<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="lucide lucide-[\w-]+ ([^"]*\bsize-[^"]*)"/g;

/**
 * Every icon repeats lucide's default attributes; the `.lucide` rule in app.css sets the same once. Icons sized by
 * a class lose them (about 150 bytes each, 40-odd icons a page). Islands are left as rendered, so hydration sees
 * exactly the markup React produced.
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
 * Each one-colour icon becomes one empty element painted in its text colour through a mask, so an icon is one
 * element, not 2-13 (docs/decisions/0012-parse-less-paint-first.md). Every kind of icon on the page is a cell of one
 * SVG sprite: Chromium builds a whole SVG document for each SVG image a style names, about 40 ms each at a phone's
 * speed, so one image per page, not one per kind (decision 0024). Filled icons (the stars) keep their SVG; islands
 * are left as React rendered them.
 */
export function maskIcons(html: string): { html: string; css: string } {
  const kinds = new Map<string, string>();
  const out = outsideIslands(html, (part) =>
    part
      .replace(SLIM_ICON, (svg, classes: string, drawing: string) => {
        if (/\bfill-/.test(classes)) return svg;
        let kind = kinds.get(drawing);
        if (kind === undefined) kinds.set(drawing, (kind = `i${kinds.size}`));
        // Empty, so there is nothing for assistive technology to read (the SVG needed aria-hidden).
        return `<i class="${kind} ${classes}"></i>`;
      })
      // React's text separators only matter to hydration, and this markup is never hydrated.
      .replaceAll("<!-- -->", ""),
  );
  if (kinds.size === 0) return { html: out, css: "" };
  const n = kinds.size;
  const icons = [...kinds.values()].map((kind) => `.${kind}`).join();
  // A nested <svg> clips its cell, so no stroke reaches a neighbour's.
  const cells = [...kinds.keys()].map((drawing, k) => `<svg x="${24 * k}" width="24">${drawing}</svg>`).join("");
  const sprite = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${24 * n} 24" fill="none" stroke="#000" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${cells}</svg>`;
  const url = `url("data:image/svg+xml,${sprite.replace(/"/g, "'").replace(/[#%]/g, encodeURIComponent)}")`;
  // The sprite is n boxes wide; at p% the image's p% point sits on the box's, so cell k shows at k/(n-1). Its height
  // is the box's, so only x is given.
  const positions = [...kinds.values()]
    .slice(1)
    .map((kind, k) => `.${kind}{mask-position:${+(((k + 1) / (n - 1)) * 100).toFixed(3)}%}`);
  // In the base layer, like the preflight rule for svg, so utilities (hidden, sizes) still win.
  const css =
    `@layer base{${icons}{display:block;background:currentColor;mask:${url} 0 0/${n * 100}% 100%}` +
    positions.join("") +
    `@media (forced-colors:active){${icons}{forced-color-adjust:none;background-color:CanvasText}}` +
    "}";
  return { html: out, css };
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
