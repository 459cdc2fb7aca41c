// The estimate form's photos: the limits and the plain words for a photo that was not kept, shared by the form,
// the endpoint, the owner's screens and e-mails, and the page a request without JavaScript lands on.

const MB = 1024 * 1024;

export const PHOTO_FIELD = "photos";

export const PHOTO_LIMITS = {
  maxFiles: 5,
  maxFileBytes: 10 * MB,
  maxTotalBytes: 25 * MB,
} as const;

export const PHOTO_LABEL = `Photos (up to ${PHOTO_LIMITS.maxFiles})`;

/** What the file picker offers; HEIC only where the server's image library reads it (iPhones then send JPEG). */
export function photoAccept(heicReadable: boolean): string {
  return heicReadable ? "image/*" : "image/jpeg,image/png,image/webp";
}

export const PHOTO_REFUSALS = {
  empty: "it is an empty file",
  type: "it is not a JPEG, PNG, WebP or HEIC photo",
  heic: "it is an iPhone HEIC photo, which we cannot open; a JPEG of it would work",
  pixels: "it claims more pixels than a phone camera makes",
  unreadable: "it could not be read (damaged, or not a photo)",
  metadata: "it could not be cleaned of its location and camera data",
  fileSize: "it is larger than 10 MB",
  totalSize: "the photos together would be over 25 MB",
  count: "only 5 photos are taken with a request",
} as const;

export type PhotoRefusalCode = keyof typeof PHOTO_REFUSALS;

export type PhotoRefusal = { photo: number; code: PhotoRefusalCode };

export function isRefusalCode(code: string): code is PhotoRefusalCode {
  return Object.hasOwn(PHOTO_REFUSALS, code);
}

/** "Photo 3 was not kept: it is larger than 10 MB." */
export function refusalText({ photo, code }: PhotoRefusal): string {
  return `Photo ${photo} was not kept: ${PHOTO_REFUSALS[code]}.`;
}

/** "2 photos", "1 photo", "no photos". */
export function photoCount(n: number): string {
  return n === 0 ? "no photos" : n === 1 ? "1 photo" : `${n} photos`;
}

/** Refusals as the endpoint passes them in a URL (`3:fileSize,6:count`); anything else is dropped. */
export function encodeRefusals(refusals: readonly PhotoRefusal[]): string {
  return refusals.map((r) => `${r.photo}:${r.code}`).join(",");
}

export function decodeRefusals(text: string | null): PhotoRefusal[] {
  return (text ?? "")
    .split(",")
    .slice(0, 20)
    .flatMap((part) => {
      const match = /^(\d{1,2}):(\w+)$/.exec(part);
      const code = match?.[2] ?? "";
      return match && isRefusalCode(code) ? [{ photo: Number(match[1]), code }] : [];
    });
}
