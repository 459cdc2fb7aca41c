// Pages show each artwork as WebP (decision 0025). Every artwork needs its copy, at the width the markup assumes and
// the SVG's shape (regenerate with `npx tsx tools/artwork-rasters.ts`).
import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { ARTWORK_RASTER_WIDTH, artworkRasterSize, artworkSrc } from "../../app/components/artwork";
import { artworkNames } from "../../app/content/schema";

const publicDir = path.resolve(import.meta.dirname, "../../public");

describe("artwork copies", () => {
  it("sizes each copy at exactly its SVG's shape, as wide as it can be up to the limit", () => {
    expect(artworkRasterSize(800, 600)).toEqual({ width: 1000, height: 750 });
    expect(artworkRasterSize(1200, 800)).toEqual({ width: 999, height: 666 });
    expect(artworkRasterSize(1200, 500)).toEqual({ width: 996, height: 415 });
    expect(artworkRasterSize(800, 640)).toEqual({ width: 1000, height: 800 });
    expect(artworkRasterSize(1201, 800)).toEqual({ width: 1000, height: 666 });
  });

  it.each(artworkNames)("%s: a WebP copy, up to 1000 px wide, of exactly the SVG's shape, drawn", async (name) => {
    expect(artworkSrc(name)).toBe(`/images/${name}.webp`);
    const file = path.join(publicDir, artworkSrc(name));
    const meta = await sharp(file).metadata();
    expect(meta.format).toBe("webp");
    const viewBox = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(
      readFileSync(path.join(publicDir, "images", `${name}.svg`), "utf8"),
    );
    expect(viewBox).not.toBeNull();
    const [w, h] = [Number(viewBox?.[1]), Number(viewBox?.[2])];
    expect({ width: meta.width, height: meta.height }).toEqual(artworkRasterSize(w, h));
    expect(meta.width).toBeGreaterThan(ARTWORK_RASTER_WIDTH * 0.98);
    // The markup's width and height are the SVG's: the same shape, so the box does not move when the copy loads.
    expect(meta.width * h).toBe(meta.height * w);
    const { channels } = await sharp(file).stats();
    expect(channels.slice(0, 3).some((c) => c.max - c.min > 100)).toBe(true);
    // Small enough for a phone on a slow network: the largest (the map, with its labels) is about 23 KB.
    expect(meta.size ?? readFileSync(file).length).toBeLessThan(30_000);
  });
});
