import type { ReactNode } from "react";
import type { ArtworkName, PhotoRef } from "~/content/types";
import { PhotoOrArtwork } from "./photo";

/**
 * The frame of a blog or service card: a picture on top, then the body. The card's one link covers the whole card
 * (give it `after:absolute after:inset-0`), so it hovers as a unit.
 */
export function Card({
  photo,
  artwork,
  artworkAlt,
  sizes,
  children,
}: {
  photo: PhotoRef | undefined;
  artwork: ArtworkName;
  artworkAlt: string;
  sizes: string;
  children: ReactNode;
}) {
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-card border border-mortar-200 bg-white shadow-card transition-shadow hover:shadow-lg">
      <PhotoOrArtwork photo={photo} artwork={artwork} artworkAlt={artworkAlt} sizes={sizes} className="aspect-[4/3]" />
      <div className="flex flex-1 flex-col p-6">{children}</div>
    </article>
  );
}
