import { describe, expect, it } from "vitest";
import { maskIcons, outsideIslands } from "./critical-css";

const icon = (classes: string, drawing: string) =>
  `<svg viewBox="0 0 24 24" class="lucide ${classes}" aria-hidden="true">${drawing}</svg>`;
const pin = '<path d="M20 10c0 5-8 12-8 12s-8-7-8-12a8 8 0 0 1 16 0"></path>';

describe("maskIcons", () => {
  it("turns each one-colour icon into one element and describes each drawing once", () => {
    const { html, css } = maskIcons(`<p>${icon("size-4", pin)}A</p><p>${icon("size-5 text-ember-400", pin)}B</p>`);
    expect(html).toBe('<p><i class="i0 size-4"></i>A</p><p><i class="i0 size-5 text-ember-400"></i>B</p>');
    expect(css.match(/--i:url/g)).toHaveLength(1);
    expect(css).toContain("@layer base{.i0{");
  });

  it("keeps filled icons as SVG, and leaves a page without icons alone", () => {
    const star = icon("size-5 fill-ember-500", "<path></path>");
    expect(maskIcons(star)).toEqual({ html: star, css: "" });
  });

  it("leaves islands exactly as React rendered them", () => {
    const island = `<div data-island="Form"><div>${icon("size-4", pin)}<!-- --></div></div>`;
    const { html } = maskIcons(`${icon("size-4", pin)}${island}<p>a<!-- -->b</p>`);
    expect(html).toBe(`<i class="i0 size-4"></i>${island}<p>ab</p>`);
  });
});

describe("outsideIslands", () => {
  it("edits before, between and after islands, up to each island's matching </div>", () => {
    const doc = 'x<div data-island="A"><div>x</div>x</div>x<div data-island="B">x</div>x';
    expect(outsideIslands(doc, (part) => part.replaceAll("x", "y"))).toBe(
      'y<div data-island="A"><div>x</div>x</div>y<div data-island="B">x</div>y',
    );
  });
});
