// A condition report's photos from the phone (decision 0054): what the phone and the server say about one, in the
// owner's words, and the refusal each answer carries. Shared by the console's field island and the upload route.
import { REPORT_PHOTO_MAX_BYTES } from "~/content/condition-report";

const MB = 1024 * 1024;

export const REPORT_PHOTO_WORDS = {
  empty: "The photo arrived empty. Take it again.",
  type: "This is not a JPEG or PNG photo. Take it with the camera, or choose a JPEG.",
  heic:
    "This is an iPhone HEIC photo, which the site cannot read. Set the camera to Most Compatible " +
    "(Settings → Camera → Formats) and take it again, or choose a JPEG.",
  pixels: "This photo has more pixels than a phone camera makes.",
  unreadable: "This photo could not be read: it is damaged, or not a photo.",
  metadata: "This photo could not be cleaned of its location and camera details, so it was not kept.",
  size: `This photo is over ${REPORT_PHOTO_MAX_BYTES / MB} MB. Take it again at the camera's usual size.`,
  full: "This part already has 3 photos: remove one first.",
  conflict: "Another photo already has this id. Take this one again.",
  elsewhere: "This photo belongs to another part of the report.",
  id: "This photo has no id the server can use. Take it again.",
  flue: "That flue is not one of this property's. Reload the page.",
  part: "That is not a part of the chimney the report knows. Reload the page.",
  stalled: "The photo stopped arriving. It stays on this phone and is sent again.",
  broken: "The photo did not arrive whole. It stays on this phone and is sent again.",
  failed: "The server could not keep this photo just now. It stays on this phone and is sent again.",
} as const;

export type ReportPhotoProblem = keyof typeof REPORT_PHOTO_WORDS;

/** What the upload answers: the stored photo's hash (the same for a retry), or a refusal in words. */
export type ReportPhotoAnswer = { id: string; sha256: string } | { error: string; sha256?: string };

/** "3 photos waiting", "1 photo waiting". */
export function waitingWords(n: number): string {
  return `${n} ${n === 1 ? "photo" : "photos"} waiting`;
}
