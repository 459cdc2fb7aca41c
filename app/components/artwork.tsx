import type { ArtworkName } from "~/content/types";
import { cn } from "~/lib/cn";

/** Intrinsic sizes of the SVGs in public/images, so every image reserves its space (no layout shift). */
const sizes: Record<ArtworkName, { width: number; height: number }> = {
  "hero-home": { width: 1200, height: 800 },
  "city-skyline": { width: 1200, height: 500 },
  "service-area-map": { width: 800, height: 640 },
  "chimney-crowns": { width: 800, height: 600 },
  tuckpointing: { width: 800, height: 600 },
  "masonry-repair": { width: 800, height: 600 },
  "glass-block-windows": { width: 800, height: 600 },
  "hoods-and-caps": { width: 800, height: 600 },
  "chimney-rebuilds": { width: 800, height: 600 },
  "post-insurance": { width: 800, height: 600 },
  "post-crown-signs": { width: 800, height: 600 },
  "post-cost-guide": { width: 800, height: 600 },
  "post-peoria": { width: 800, height: 600 },
};

/**
 * The width of the WebP copy of each artwork (tools/artwork-rasters.ts): sharp at a phone's 3x for a full-width card
 * (343 CSS px), and at a desktop hero's 2x less a little. One file, so the markup is no longer than with the SVG.
 */
export const ARTWORK_RASTER_WIDTH = 1000;

/**
 * The copy's size: the widest, up to ARTWORK_RASTER_WIDTH, at exactly the SVG's shape. The markup's width and height
 * are the SVG's, so a copy of another shape (1000 x 667 for 3:2) would resize its box, by a fraction of a pixel, when
 * it loaded.
 */
export function artworkRasterSize(svgWidth: number, svgHeight: number): { width: number; height: number } {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  const step = svgWidth / gcd(svgWidth, svgHeight);
  const width =
    Number.isInteger(step) && step <= ARTWORK_RASTER_WIDTH
      ? ARTWORK_RASTER_WIDTH - (ARTWORK_RASTER_WIDTH % step)
      : ARTWORK_RASTER_WIDTH;
  return { width, height: Math.round((width * svgHeight) / svgWidth) };
}

/** The copy pages show. The SVG stays the master, and the address JSON-LD names. */
export function artworkSrc(name: ArtworkName): string {
  return `/images/${name}.webp`;
}

/**
 * An original illustration, always lazy: text paints first, and hidden artwork is never fetched. Shown as WebP, not
 * SVG: the browser builds a document on the main thread for every SVG image it loads (decision 0025).
 */
export function Artwork({ name, alt, className }: { name: ArtworkName; alt: string; className?: string }) {
  const { width, height } = sizes[name];
  return (
    <img
      src={artworkSrc(name)}
      alt={alt}
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
      className={cn("h-auto w-full bg-mortar-100 object-cover", className)}
    />
  );
}
