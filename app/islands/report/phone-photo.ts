// A photo taken on the phone, made ready to keep and send (decision 0054): JPEG or PNG only (an iPhone's HEIC is
// refused in plain words: the server's image library cannot read it), turned upright by the browser from its EXIF
// (createImageBitmap with imageOrientation "from-image") and resized to ~2048 px as a JPEG, which also drops its
// metadata; its SHA-256, which the server's answer must match; and a small data: thumbnail for the page. A photo
// the browser cannot decode is sent as it is (the server turns it upright and strips it). Browser only.
import { PHONE_PHOTO_SIDE, REPORT_PHOTO_MAX_BYTES } from "~/content/condition-report";
import { REPORT_PHOTO_WORDS } from "~/lib/report-photos";

export type PhonePhoto = { blob: Blob; sha256: string; thumb: string };

const THUMB_SIDE = 240;

function kindOf(head: Uint8Array, file: File): "jpeg" | "png" | "heic" | null {
  const ascii = String.fromCharCode(...head.subarray(4, 12));
  if (/^ftyp(heic|heix|hevc|hevx|heim|heis|hevm|hevs|mif1|msf1)$/.test(ascii)) return "heic";
  if (/image\/hei[cf]/i.test(file.type) || /\.(heic|heif)$/i.test(file.name)) return "heic";
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "jpeg";
  if (head[0] === 0x89 && head[1] === 0x50 && head[2] === 0x4e && head[3] === 0x47) return "png";
  return null;
}

async function hex(blob: Blob): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", await blob.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

function canvasOf(width: number, height: number): HTMLCanvasElement {
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(width));
  canvas.height = Math.max(1, Math.round(height));
  return canvas;
}

function draw(source: CanvasImageSource, width: number, height: number, side: number): HTMLCanvasElement {
  const scale = Math.min(1, side / Math.max(width, height));
  const canvas = canvasOf(width * scale, height * scale);
  const context = canvas.getContext("2d");
  if (!context) throw new Error("no 2d context");
  // A PNG's transparency on white, as the server flattens it.
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(source, 0, 0, canvas.width, canvas.height);
  return canvas;
}

function jpeg(canvas: HTMLCanvasElement, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("no JPEG"))), "image/jpeg", quality),
  );
}

/** The photo as the phone keeps and sends it, or the words that refuse it. */
export async function phonePhoto(file: File): Promise<PhonePhoto | { error: string }> {
  const kind = kindOf(new Uint8Array(await file.slice(0, 16).arrayBuffer()), file);
  if (kind === "heic") return { error: REPORT_PHOTO_WORDS.heic };
  if (kind === null) return { error: REPORT_PHOTO_WORDS.type };
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    // This browser cannot decode it: the server can, and cleans it the same way.
    if (file.size > REPORT_PHOTO_MAX_BYTES) return { error: REPORT_PHOTO_WORDS.size };
    if (file.size === 0) return { error: REPORT_PHOTO_WORDS.empty };
    return { blob: file, sha256: await hex(file), thumb: "" };
  }
  try {
    const blob = await jpeg(draw(bitmap, bitmap.width, bitmap.height, PHONE_PHOTO_SIDE), 0.85);
    const thumb = draw(bitmap, bitmap.width, bitmap.height, THUMB_SIDE).toDataURL("image/jpeg", 0.7);
    return { blob, sha256: await hex(blob), thumb };
  } finally {
    bitmap.close();
  }
}
