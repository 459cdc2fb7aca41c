// Photos from the owner's phone: the multipart body is read into memory under hard limits, each photo goes through
// the same ingest as `npm run photos:add`, and only the stripped JPEG leaves this module. The original bytes are never
// written anywhere. Call it only after the owner's session and token are checked.
import {
  FormDataParseError,
  MaxFilesExceededError,
  MaxFileSizeExceededError,
  MaxHeaderSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  parseFormData,
} from "@remix-run/form-data-parser";
import { HEIC_HELP, IngestError, ingestPhotoBytes, type IngestOptions, photoSlug } from "../scripts/ingest-photo.ts";

const MB = 1024 * 1024;
export const UPLOAD_LIMITS = {
  maxFiles: 10,
  maxFileSize: 20 * MB,
  maxTotalSize: 10 * 20 * MB + MB,
  maxParts: 40,
  maxHeaderSize: 8 * 1024,
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

/** Reads the form: its text fields and the picked photos (field `photos`), each still raw, in memory only. */
export async function readPhotoForm(request: Request): Promise<{ fields: FormData; photos: File[] }> {
  let form: FormData;
  try {
    form = await parseFormData(request, UPLOAD_LIMITS);
  } catch (error) {
    if (error instanceof MaxFilesExceededError) throw new UploadError("Send at most 10 photos at a time.", 413);
    if (error instanceof MaxFileSizeExceededError) throw new UploadError("Each photo must be at most 20 MB.", 413);
    if (error instanceof MaxTotalSizeExceededError) throw new UploadError("That upload is too large.", 413);
    if (error instanceof MaxPartsExceededError || error instanceof MaxHeaderSizeExceededError)
      throw new UploadError("That form has too many parts.", 413);
    if (error instanceof FormDataParseError) throw new UploadError("The upload could not be read; try again.");
    throw error;
  }
  // An empty file input still sends one nameless, empty part.
  const photos = form.getAll("photos").filter((f): f is File => typeof f !== "string" && f.size > 0);
  return { fields: form, photos };
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
