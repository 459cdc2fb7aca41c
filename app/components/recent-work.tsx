import { cityName } from "~/content/business";
import { findService } from "~/content/services";
import type { GalleryPhoto } from "~/content/types";
import { Photo } from "./photo";
import { SectionHeading } from "./section-heading";

/** "Recent work": job photos with caption, service and town. Renders nothing when there are none. */
export function RecentWork({ photos }: { photos: readonly GalleryPhoto[] }) {
  if (photos.length === 0) return null;
  return (
    <section aria-labelledby="recent-work-heading" className="py-14 sm:py-18" data-testid="recent-work">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading id="recent-work-heading" heading="Recent work" />
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {photos.map((photo) => (
            <li key={photo.file}>
              <figure className="overflow-hidden rounded-card border border-mortar-200 bg-white shadow-card">
                <Photo
                  file={photo.file}
                  alt={photo.alt}
                  sizes="(min-width: 1280px) 400px, (min-width: 1024px) 31vw, (min-width: 640px) 46vw, 92vw"
                  className="aspect-[4/3]"
                />
                <figcaption className="p-4">
                  <p className="font-semibold text-soot-950">{photo.caption}</p>
                  {(photo.service || photo.city) && (
                    <p className="mt-1 text-sm text-soot-800">
                      {[photo.service && findService(photo.service)?.name, photo.city && cityName(photo.city)]
                        .filter(Boolean)
                        .join(" · ")}
                    </p>
                  )}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
