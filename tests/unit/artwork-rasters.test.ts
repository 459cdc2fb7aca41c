// Pages show each artwork as WebP (decision 0025). Every artwork needs its copy, at the width the markup assumes and
// the SVG's shape (regenerate with `npx tsx tools/artwork-rasters.ts`).
import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { ARTWORK_RASTER_WIDTH, artworkSrc } from "../../app/components/artwork";
import { artworkNames } from "../../app/content/schema";

const publicDir = path.resolve(import.meta.dirname, "../../public");

describe("artwork copies", () => {
  it.each(artworkNames)("%s: a WebP copy, 1000 px wide, of the SVG's shape, drawn", async (name) => {
    expect(artworkSrc(name)).toBe(`/images/${name}.webp`);
    const file = path.join(publicDir, artworkSrc(name));
    const meta = await sharp(file).metadata();
    expect([meta.format, meta.width]).toEqual(["webp", ARTWORK_RASTER_WIDTH]);
    const viewBox = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(
      readFileSync(path.join(publicDir, "images", `${name}.svg`), "utf8"),
    );
    expect(viewBox).not.toBeNull();
    const [w, h] = [Number(viewBox?.[1]), Number(viewBox?.[2])];
    expect(meta.height).toBe(Math.round((ARTWORK_RASTER_WIDTH * h) / w));
    const { channels } = await sharp(file).stats();
    expect(channels.slice(0, 3).some((c) => c.max - c.min > 100)).toBe(true);
    // Small enough for a phone on a slow network: the largest (the map, with its labels) is about 23 KB.
    expect(meta.size ?? readFileSync(file).length).toBeLessThan(30_000);
  });
});
