// The "Recent work" photos from content/gallery.yaml, each shown on its service's and its town's page.
import { contentText, onContent } from "./files";
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
