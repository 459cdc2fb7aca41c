// The web copies of every photo in content/photos/ (server/photos/photo-copies.ts), from the content snapshot in force:
// made once when a photo arrives, never by a build (decision 0028).
import { contentFiles, type PhotoCopies } from "./files";
import { ContentError } from "./load";

export type ResponsivePhoto = PhotoCopies;

export function responsivePhoto(file: string): ResponsivePhoto {
  const files = contentFiles();
  const copies = files.photoCopies.get(file);
  if (copies) return copies;
  throw new ContentError(
    files.photos.includes(file)
      ? `content/photos/${file} has no web copies yet: run npm run photos:add again, or restart the server`
      : `content/photos/${file} does not exist: add it with npm run photos:add, or fix the name`,
  );
}
