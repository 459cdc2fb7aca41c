// The "Recent work" photos from content/gallery.yaml, each shown on its service's and its town's page.
import { contentText, onContent } from "./files";
import { responsivePhoto } from "./photos";
import { ContentError, loadYaml } from "./load";
import { galleryFile } from "./schema";
import { findService } from "./services";
import type { CitySlug, GalleryPhoto } from "./types";

const PATH = "/content/gallery.yaml";

export let gallery: readonly GalleryPhoto[];
onContent(() => {
  const photos = loadYaml(PATH, contentText(PATH) ?? "", galleryFile);
  photos.forEach((photo, i) => {
    if (photo.service !== undefined && !findService(photo.service)) {
      throw new ContentError(
        `content/gallery.yaml is not valid:\n  ${i}.service: no service page named ${photo.service}`,
      );
    }
  });
  gallery = photos;
});

export function galleryForService(slug: string): readonly GalleryPhoto[] {
  return gallery.filter((p) => p.service === slug);
}

export function galleryForCity(slug: CitySlug): readonly GalleryPhoto[] {
  return gallery.filter((p) => p.city === slug);
}

/** A gallery photo's largest JPEG copy, by its path on this site: what JSON-LD `image` and the image sitemap name. */
export function galleryImagePath(photo: GalleryPhoto): string {
  return responsivePhoto(photo.file).img.src;
}

/** The gallery photos a page of the site shows under "Recent work", by the page's path. */
export function galleryForPath(path: string): readonly GalleryPhoto[] {
  const [, kind, slug = ""] = path.split("/");
  if (kind === "services") return galleryForService(slug);
  if (kind === "locations") return gallery.filter((p) => p.city === slug);
  return [];
}
