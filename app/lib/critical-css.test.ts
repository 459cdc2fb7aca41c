import { describe, expect, it } from "vitest";
import { maskIcons, outsideIslands } from "./critical-css";

const icon = (classes: string, drawing: string) =>
  `<svg viewBox="0 0 24 24" class="lucide ${classes}" aria-hidden="true">${drawing}</svg>`;
const pin = '<path d="M20 10c0 5-8 12-8 12s-8-7-8-12a8 8 0 0 1 16 0"></path>';

describe("maskIcons", () => {
  it("turns each one-colour icon into one element and describes each drawing once", () => {
    const { html, css } = maskIcons(`<p>${icon("size-4", pin)}A</p><p>${icon("size-5 text-ember-400", pin)}B</p>`);
    expect(html).toBe('<p><i class="i0 size-4"></i>A</p><p><i class="i0 size-5 text-ember-400"></i>B</p>');
    expect(css.match(/url\(/g)).toHaveLength(1);
    expect(css).toContain("@layer base{.i0{");
  });

  it("draws every kind of icon from one image, each in its own cell", () => {
    const bar = '<path d="M4 12h16"></path>';
    const dot = '<circle cx="12" cy="12" r="2"></circle>';
    const { html, css } = maskIcons(
      `${icon("size-4", pin)}${icon("size-4", bar)}${icon("size-6", dot)}${icon("size-4", bar)}`,
    );
    expect(html).toBe(
      '<i class="i0 size-4"></i><i class="i1 size-4"></i><i class="i2 size-6"></i><i class="i1 size-4"></i>',
    );
    // One SVG image per page: Chromium builds a document for each one a style names.
    expect(css.match(/url\(/g)).toHaveLength(1);
    expect(css).toContain("viewBox='0 0 72 24'");
    expect(css).toContain(`<svg x='24' width='24'>${bar.replace(/"/g, "'")}</svg>`);
    expect(css).toContain(") 0 0/300% 100%}");
    expect(css).toContain(".i1{mask-position:50%}.i2{mask-position:100%}");
    expect(css).not.toContain(".i0{mask-position");
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
