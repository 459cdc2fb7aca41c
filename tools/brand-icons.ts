// `npx tsx tools/brand-icons.ts`: writes public/brand-icons/ from app/lib/brand-icons.ts: each mark as SVG (the
// master) and as the WebP copies pages show (brandIconImage). Run it after adding a brand or updating simple-icons;
// tests/unit/brand-icons.test.ts fails until the files match.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import {
  BRAND_ICON_WIDTHS,
  brandIconRasterPath,
  brandIcons,
  brandIconSvg,
  type BrandIconName,
} from "../app/lib/brand-icons.ts";

const publicDir = path.resolve(import.meta.dirname, "../public");
mkdirSync(path.join(publicDir, "brand-icons"), { recursive: true });
for (const name of Object.keys(brandIcons) as BrandIconName[]) {
  const svg = brandIconSvg(name);
  writeFileSync(path.join(publicDir, "brand-icons", `${name}.svg`), svg);
  for (const width of BRAND_ICON_WIDTHS) {
    // Lossless: flat marks compress as well as lossy would, with no smudged edges.
    await sharp(Buffer.from(svg), { density: 600 })
      .resize({ width })
      .webp({ lossless: true, effort: 6 })
      .toFile(path.join(publicDir, brandIconRasterPath(name, width)));
  }
}
console.log(`Wrote ${Object.keys(brandIcons).length} brand icons to ${path.join(publicDir, "brand-icons")}`);
