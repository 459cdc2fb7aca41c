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

export function artworkSrc(name: ArtworkName): string {
  return `/images/${name}.svg`;
}

/** An original illustration, always lazy: text paints first, and hidden artwork is never fetched. */
export function Artwork({
  name,
  alt,
  className,
}: {
  name: ArtworkName;
  alt: string;
  className?: string;
}) {
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
