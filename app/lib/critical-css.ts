// Critical CSS: every page carries, inline, the rules of the site stylesheet that match its own markup, so the
// first response paints on its own (no render-blocking request). The full stylesheet follows after `load`
// (app/lib/page-script.ts), for anything a page's markup only gains later.
import Beasties from "beasties";

/**
 * Rules for states the markup only gets in the browser, kept even though nothing matches them in the HTML:
 * the condensed header and anything keyed to an open popover or <details>.
 */
const STATE_RULES = [/data-condensed/, /popover-open/, /\[open\]/, /details-content/, /starting-style/];

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
    return super.normalizeCssSelector(unwrapped) as string;
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
  const withStyles = html.replace("</head>", () => `<style>${stylesheet}</style></head>`);
  return beasties.process(withStyles);
}
