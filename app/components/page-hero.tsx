import type { ReactNode } from "react";
import type { ArtworkName, PhotoRef } from "~/content/types";
import { Artwork } from "./artwork";
import { Photo } from "./photo";

/** The dark banner that opens every inner page: h1, lead, actions, and the page's artwork. */
export function PageHero({
  eyebrow,
  heading,
  lead,
  children,
  artwork,
  artworkAlt,
  photo,
  above,
}: {
  eyebrow?: string;
  heading: string;
  lead?: string;
  children?: ReactNode;
  artwork?: ArtworkName;
  artworkAlt?: string;
  /** Shown instead of the artwork when the page's content file names a photo. */
  photo?: PhotoRef;
  /** Rendered above the heading, e.g. a breadcrumb. */
  above?: ReactNode;
}) {
  return (
    <section id="hero" className="relative overflow-hidden bg-soot-950 text-mortar-50">
      <div aria-hidden="true" className="brick-texture absolute inset-0 opacity-[0.07]" />
      <div className="relative mx-auto grid max-w-7xl items-center gap-10 px-4 py-12 sm:px-6 md:py-16 lg:grid-cols-[1.15fr_1fr] lg:py-20">
        <div>
          {above}
          {eyebrow && <p className="mb-3 font-semibold tracking-wide text-ember-300">{eyebrow}</p>}
          <h1 className="text-4xl leading-tight font-bold sm:text-5xl">{heading}</h1>
          {lead && <p className="mt-5 max-w-2xl text-lg leading-relaxed text-mortar-200 sm:text-xl">{lead}</p>}
          {children && <div className="mt-8">{children}</div>}
        </div>
        {/* Desktop only, and lazy: hidden on phones, it must not compete with the text for bandwidth. */}
        {photo ? (
          <Photo
            file={photo.file}
            alt={photo.alt}
            sizes="(min-width: 1280px) 560px, 45vw"
            className="hidden rounded-card shadow-2xl ring-1 ring-white/10 lg:block"
          />
        ) : (
          artwork && (
            <Artwork
              name={artwork}
              alt={artworkAlt ?? ""}
              className="hidden rounded-card shadow-2xl ring-1 ring-white/10 lg:block"
            />
          )
        )}
      </div>
    </section>
  );
}
