import { describe, expect, it } from "vitest";
import { onePathIcons, outsideIslands } from "./critical-css";

const icon = (classes: string, drawing: string) =>
  `<svg viewBox="0 0 24 24" class="lucide ${classes}" aria-hidden="true">${drawing}</svg>`;
const pin = '<path d="M20 10c0 5-8 12-8 12s-8-7-8-12a8 8 0 0 1 16 0"></path>';

const onePath = (classes: string, d: string) =>
  `<svg viewBox="0 0 24 24" class="lucide ${classes}" aria-hidden="true"><path d="${d}"/></svg>`;

describe("onePathIcons", () => {
  it("draws each icon as one path in its own SVG, with no SVG image anywhere", () => {
    const ring = '<circle cx="12" cy="10" r="3"></circle>';
    const html = onePathIcons(`<p>${icon("size-4", pin + ring)}A</p><p>${icon("size-5 text-ember-400", pin)}B</p>`);
    expect(html).toBe(
      `<p>${onePath("size-4", "M20 10c0 5-8 12-8 12s-8-7-8-12a8 8 0 0 1 16 0M9 10a3 3 0 1 0 6 0a3 3 0 1 0 -6 0z")}A</p>` +
        `<p>${onePath("size-5 text-ember-400", "M20 10c0 5-8 12-8 12s-8-7-8-12a8 8 0 0 1 16 0")}B</p>`,
    );
    // Chromium builds a document for each SVG image a style names (decisions 0024, 0026).
    expect(html).not.toMatch(/data:image|<use|<i /);
  });

  it("keeps filled icons, and drawings one path cannot keep, as they are", () => {
    const star = icon("size-5 fill-ember-500", "<path></path>");
    const filled = icon("size-4", '<circle cx="12" cy="12" r="2" fill="currentColor"></circle>');
    expect(onePathIcons(star + filled)).toBe(star + filled);
  });

  it("leaves islands exactly as React rendered them", () => {
    const island = `<div data-island="Form"><div>${icon("size-4", pin)}<!-- --></div></div>`;
    const html = onePathIcons(`${icon("size-4", pin)}${island}<p>a<!-- -->b</p>`);
    expect(html).toBe(`${onePath("size-4", "M20 10c0 5-8 12-8 12s-8-7-8-12a8 8 0 0 1 16 0")}${island}<p>ab</p>`);
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
