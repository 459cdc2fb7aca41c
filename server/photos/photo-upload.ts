// Photos from the owner's phone: the multipart body is read into memory (by the owner guard, after the session,
// Origin and token checks, capped by size), each photo goes through the same ingest as `npm run photos:add`, and only
// the stripped JPEG leaves this module. The original bytes are never written anywhere.
import { HEIC_HELP, IngestError, ingestPhotoBytes, type IngestOptions, photoSlug } from "./photo-ingest.ts";

const MB = 1024 * 1024;
export const UPLOAD_LIMITS = {
  maxFiles: 10,
  maxFileSize: 20 * MB,
  /** Ten full-size photos and the text fields. */
  maxTotalSize: 10 * 20 * MB + MB,
} as const;

/** An upload the owner should fix, with words for them and the HTTP status. */
export class UploadError extends Error {
  override name = "UploadError";
  constructor(
    message: string,
    readonly status: 400 | 413 = 400,
  ) {
    super(message);
  }
}

export type IngestedPhoto = { slug: string; jpeg: Buffer; width: number; height: number };

/**
 * The picked photos (field `photos`) of a form the owner guard has read (its byte cap is UPLOAD_LIMITS.maxTotalSize,
 * checked from Content-Length before anything is read); each still raw, in memory only.
 */
export function photosFromForm(form: FormData): File[] {
  // An empty file input still sends one nameless, empty part.
  const photos = form.getAll("photos").filter((f): f is File => typeof f !== "string" && f.size > 0);
  if (photos.length > UPLOAD_LIMITS.maxFiles) throw new UploadError("Send at most 10 photos at a time.", 413);
  if (photos.some((p) => p.size > UPLOAD_LIMITS.maxFileSize))
    throw new UploadError("Each photo must be at most 20 MB.", 413);
  return photos;
}

/** The ingest for each photo; the first that cannot be used stops the upload with its reason. */
export async function ingestUploads(photos: readonly File[], options: IngestOptions = {}): Promise<IngestedPhoto[]> {
  if (photos.length === 0) throw new UploadError("Choose at least one photo.");
  const out: IngestedPhoto[] = [];
  for (const photo of photos) {
    const label = photo.name || "The photo";
    try {
      const { jpeg, width, height } = await ingestPhotoBytes(new Uint8Array(await photo.arrayBuffer()), label, options);
      out.push({ slug: photoSlug(photo.name || "photo"), jpeg, width, height });
    } catch (error) {
      if (error instanceof IngestError) throw new UploadError(error.message);
      throw error;
    }
  }
  return out;
}

export { HEIC_HELP };
