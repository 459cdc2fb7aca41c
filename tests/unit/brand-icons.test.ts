// Brand icons are plain files in public/brand-icons/, served like any static file; they must match the marks
// app/lib/brand-icons.ts draws (regenerate with `npx tsx tools/brand-icons.ts`).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  BRAND_ICON_WIDTHS,
  brandIconImage,
  brandIconPath,
  brandIconRasterPath,
  brandIcons,
  brandIconSvg,
  type BrandIconName,
} from "../../app/lib/brand-icons";

const publicDir = path.resolve(import.meta.dirname, "../../public");
const names = Object.keys(brandIcons) as BrandIconName[];

describe("brand icons", () => {
  it("public/brand-icons holds the SVG and its two WebP copies per brand, and nothing else", () => {
    const expected = names.flatMap((n) => [`${n}.svg`, ...BRAND_ICON_WIDTHS.map((w) => `${n}-${w}.webp`)]);
    expect(readdirSync(path.join(publicDir, "brand-icons")).sort()).toEqual(expected.sort());
  });

  it.each(names)("%s.svg is the mark as the site draws it", (name) => {
    expect(brandIconPath(name)).toBe(`/brand-icons/${name}.svg`);
    expect(readFileSync(path.join(publicDir, brandIconPath(name)), "utf8")).toBe(brandIconSvg(name));
  });

  it.each(names)("%s: pages show square WebP copies at 2x and 3x of 20 px", async (name) => {
    expect(brandIconImage(name)).toEqual({
      src: `/brand-icons/${name}-40.webp`,
      srcSet: `/brand-icons/${name}-40.webp 2x, /brand-icons/${name}-60.webp 3x`,
    });
    for (const width of BRAND_ICON_WIDTHS) {
      const meta = await sharp(path.join(publicDir, brandIconRasterPath(name, width))).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["webp", width, width]);
      // Drawn, not blank: the copy keeps the mark's colours.
      const { channels } = await sharp(path.join(publicDir, brandIconRasterPath(name, width))).stats();
      expect(channels.some((c) => c.max - c.min > 100)).toBe(true);
    }
  });
});
