// The critical CSS a render remembers (app/lib/critical-css.ts): the stylesheet pruned once per set of matched
// selectors, not once per page. On every built page, taken back to its markup without the inline CSS, the remembered
// answer (a first time, then again once remembered) is byte for byte what pruning afresh gives; a page whose markup
// gains or loses a class gets its own answer, not another page's.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { inlineCriticalCss } from "../../app/lib/critical-css.ts";

const client = path.resolve("build/client");
const stylesheet = readFileSync(
  path.join(client, "assets", readdirSync(path.join(client, "assets")).find((f) => /^app-.*\.css$/.test(f)) ?? ""),
  "utf8",
);

function pages(dir = client): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "assets" ? [] : pages(full);
    return entry.name === "index.html" ? [full] : [];
  });
}

/** A built page as the renderer had it before its CSS was inlined. */
const markupOf = (file: string) => readFileSync(file, "utf8").replace(/<style>[\s\S]*?<\/style>/, "");

describe("critical CSS, remembered by the selectors a page matches", () => {
  it("gives every page the bytes a fresh pruning gives, the first time and once remembered", async () => {
    const files = pages();
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) {
      const markup = markupOf(file);
      const fresh = await inlineCriticalCss(markup, stylesheet, { remember: false });
      expect(await inlineCriticalCss(markup, stylesheet), file).toBe(fresh);
      expect(await inlineCriticalCss(markup, stylesheet), file).toBe(fresh);
    }
  }, 120_000);

  it("answers a page with one class more or less afresh, not from the page it resembles", async () => {
    const markup = markupOf(path.join(client, "faq", "index.html"));
    const remembered = await inlineCriticalCss(markup, stylesheet);
    // A class the FAQ page lacks but the stylesheet styles, and one of the page's own taken away.
    const rare = /\.(grid-cols-3)\{/.exec(stylesheet)?.[1];
    expect(rare).toBeDefined();
    expect(markup).not.toContain(`${rare}`);
    const gained = markup.replace('<header class="', `<header class="${rare} `);
    const withRare = await inlineCriticalCss(gained, stylesheet);
    expect(withRare).toBe(await inlineCriticalCss(gained, stylesheet, { remember: false }));
    expect(gained).not.toBe(markup);
    expect(withRare).not.toBe(remembered.replace('<header class="', `<header class="${rare} `));
    expect(withRare).toContain(`.${rare}{`);
    const lost = markup.replaceAll(/\bclass="([^"]*)\bmx-auto\b/g, 'class="$1');
    expect(lost).not.toBe(markup);
    expect(await inlineCriticalCss(lost, stylesheet)).toBe(
      await inlineCriticalCss(lost, stylesheet, { remember: false }),
    );
  }, 60_000);
});
