// `npx tsx tools/artwork-rasters.ts`: writes public/images/<name>.webp, the copy pages show, from each original SVG
// artwork. Run it after adding or changing an artwork; tests/unit/artwork-rasters.test.ts fails until every artwork
// has its copy. Pages show WebP, not the SVG: a browser builds a whole document for every SVG image, on the page's
// main thread, and decodes a WebP off it (decision 0025).
import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { artworkRasterSize } from "../app/components/artwork.tsx";
import { artworkNames } from "../app/content/schema.ts";

const dir = path.resolve(import.meta.dirname, "../public/images");
for (const name of artworkNames) {
  const svg = readFileSync(path.join(dir, `${name}.svg`));
  const [, w = "", h = ""] = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg.toString("utf8")) ?? [];
  const { width, height } = artworkRasterSize(Number(w), Number(h));
  const { size } = await sharp(svg, { density: 200 })
    .resize({ width, height, fit: "fill" })
    .webp({ quality: 75, effort: 6 })
    .toFile(path.join(dir, `${name}.webp`));
  console.log(`${name}.webp: ${size} bytes`);
}
