import type { CSSProperties } from "react";
import { responsivePhoto } from "~/content/photos";
import type { ArtworkName, PhotoRef } from "~/content/types";
import { cn } from "~/lib/cn";
import { Artwork } from "./artwork";

/**
 * A photo from content/photos/ as <picture>: AVIF, WebP, then JPEG at several widths. Width and height reserve its
 * space (no layout shift), a blurred 16 px preview fills it until the photo arrives, and it loads lazily unless it
 * is the page's largest paint (`priority`).
 */
export function Photo({
  file,
  alt,
  sizes,
  priority = false,
  className,
}: {
  file: string;
  alt: string;
  /** Which width the photo shows at, e.g. "(min-width: 1024px) 33vw, 100vw". */
  sizes: string;
  priority?: boolean;
  className?: string;
}) {
  const photo = responsivePhoto(file);
  const style: CSSProperties = {
    backgroundImage: `url(${photo.placeholder})`,
    backgroundSize: "cover",
    backgroundPosition: "center",
  };
  return (
    <picture>
      {photo.sources.avif && <source type="image/avif" srcSet={photo.sources.avif} sizes={sizes} />}
      {photo.sources.webp && <source type="image/webp" srcSet={photo.sources.webp} sizes={sizes} />}
      <img
        src={photo.img.src}
        srcSet={photo.sources.jpeg}
        sizes={sizes}
        width={photo.img.w}
        height={photo.img.h}
        alt={alt}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : undefined}
        decoding="async"
        style={style}
        className={cn("h-auto w-full object-cover", className)}
      />
    </picture>
  );
}

/** The page's photo where its content file names one, otherwise its original illustration. */
export function PhotoOrArtwork({
  photo,
  artwork,
  artworkAlt,
  sizes,
  className,
}: {
  photo: PhotoRef | undefined;
  artwork: ArtworkName;
  artworkAlt: string;
  sizes: string;
  className?: string;
}) {
  return photo ? (
    <Photo file={photo.file} alt={photo.alt} sizes={sizes} className={className} />
  ) : (
    <Artwork name={artwork} alt={artworkAlt} className={className} />
  );
}
