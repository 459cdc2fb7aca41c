// Responsive versions of every photo in content/photos/, made at build time by vite-imagetools.
// Never import this from anything react-router.config.ts reaches: its config loader runs Vite without plugins.
import { ContentError } from "./load";

/** vite-imagetools' `as=picture` output: a srcset per format ("avif", "webp", "jpeg"), and the largest JPEG with its size. */
type Picture = { sources: Record<string, string>; img: { src: string; w: number; h: number } };

const pictures = import.meta.glob<Picture>("/content/photos/*.jpg", {
  query: "?w=400;800;1200&withoutEnlargement&format=avif;webp;jpg&effort=2&as=picture",
  import: "default",
  eager: true,
});

/** A 16 px WebP as a data URL, stretched and blurred behind the photo while it loads. */
const placeholders = import.meta.glob<string>("/content/photos/*.jpg", {
  query: "?w=16&format=webp&quality=50&inline",
  import: "default",
  eager: true,
});

export type ResponsivePhoto = Picture & { placeholder: string };

export function responsivePhoto(file: string): ResponsivePhoto {
  const path = `/content/photos/${file}`;
  const picture = pictures[path];
  const placeholder = placeholders[path];
  if (!picture || placeholder === undefined) {
    throw new ContentError(`content/photos/${file} does not exist: add it with npm run photos:add, or fix the name`);
  }
  return { ...picture, placeholder };
}
