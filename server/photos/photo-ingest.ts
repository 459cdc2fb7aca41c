// Phone photo → site photo: upright, at most 2400 px, and with every byte of metadata (GPS, camera, XMP, ICC,
// comments) removed before it is written, so customers' home locations never reach git.
import { existsSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Metadata } from "sharp";
import { PHOTO_REFUSALS, type PhotoRefusalCode } from "../../app/lib/estimate-photos.ts";
import { sharp, sharpLibrary, sharpUsesSystemLibvips } from "./libvips.ts";

export const MAX_SIDE = 2400;

export class IngestError extends Error {
  override name = "IngestError";
}

export const HEIC_HELP =
  "is an iPhone HEIC photo, which the site cannot read. Send it as JPEG instead: on the iPhone, Settings → Camera → " +
  "Formats → Most Compatible makes new photos JPEG, and Settings → Photos → Transfer to Mac or PC → Automatic " +
  "converts photos copied over a cable; e-mailing a photo also sends a JPEG. On a Mac, open it in Preview → " +
  "File → Export → Format: JPEG.";

/** JPEG segments that carry metadata: APP1 (EXIF, XMP), APP2 (ICC), APP3–APP15 (IPTC, vendor data) and COM. */
export function jpegMetadataSegments(jpeg: Buffer): string[] {
  const found: string[] = [];
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) throw new IngestError("not a JPEG file");
  let offset = 2;
  while (offset + 4 <= jpeg.length) {
    if (jpeg[offset] !== 0xff) break;
    const marker = jpeg[offset + 1] ?? 0;
    if (marker === 0xda || marker === 0xd9) break; // start of scan: no more headers
    const length = jpeg.readUInt16BE(offset + 2);
    if (marker === 0xfe) found.push("COM (comment)");
    else if (marker >= 0xe1 && marker <= 0xef) found.push(`APP${marker - 0xe0}`);
    offset += 2 + length;
  }
  return found;
}

/** "IMG_1234 (2).JPG" → "img-1234-2" */
export function photoSlug(file: string): string {
  const slug = path
    .basename(file, path.extname(file))
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return slug || "photo";
}

function freeName(dir: string, slug: string): string {
  for (let n = 1; ; n++) {
    const name = n === 1 ? `${slug}.jpg` : `${slug}-${n}.jpg`;
    if (!existsSync(path.join(dir, name))) return name;
  }
}

export type IngestResult = {
  source: string;
  output: string;
  name: string;
  bytesIn: number;
  bytesOut: number;
  width: number;
  height: number;
};

/** Larger than any phone camera (200 MP); a header claiming more is a decompression bomb, refused unread. */
export const MAX_INPUT_PIXELS = 210_000_000;

/** HEIC/HEIF from iPhones: an ISO-BMFF "ftyp" box with one of these brands. */
export function isHeic(bytes: Uint8Array): boolean {
  const box = Buffer.from(bytes.subarray(4, 12)).toString("latin1");
  return /^ftyp(heic|heix|hevc|hevx|heim|heis|hevm|hevs|mif1|msf1)$/.test(box);
}

/**
 * Whether this sharp build decodes HEIC (prebuilt sharp reads AVIF only: HEVC is patent-encumbered). The photos pages
 * ask at each render: with the prebuilt libvips the answer is no without loading sharp (libvips.ts).
 */
export function sharpDecodesHeic(): boolean {
  if (!sharpUsesSystemLibvips()) return false;
  return (sharpLibrary().format.heif.input.fileSuffix ?? []).includes(".heic");
}

export type IngestOptions = { heicDecodable?: boolean };

/**
 * Phone photo bytes → site JPEG bytes, all in memory: upright, at most MAX_SIDE, no metadata (verified).
 * `label` names the photo in messages.
 */
export async function ingestPhotoBytes(
  input: Uint8Array,
  label: string,
  { heicDecodable = sharpDecodesHeic() }: IngestOptions = {},
): Promise<{ jpeg: Buffer; width: number; height: number }> {
  const heic = isHeic(input) || /\.(heic|heif)$/i.test(label);
  if (heic && !heicDecodable) throw new IngestError(`${label} ${HEIC_HELP}`);
  let meta: Metadata;
  try {
    // Reads the header only, so a bomb's claimed size can be refused in words before any decoding.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new IngestError(heic ? `${label} ${HEIC_HELP}` : `${label} is not a photo sharp can read`);
  }
  const { format, width = 0, height = 0 } = meta;
  if (width * height > MAX_INPUT_PIXELS)
    throw new IngestError(`${label} has more pixels than any camera makes; not added`);
  if (!(format === "jpeg" || (format === "heif" && heic && heicDecodable))) {
    throw new IngestError(`${label} is ${format ?? "not an image"}; add JPEG photos (.jpg)`);
  }
  let jpeg: Buffer;
  try {
    // rotate() with no angle applies the EXIF orientation; sharp writes no metadata unless asked to.
    jpeg = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: "inside", withoutEnlargement: true })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer();
  } catch {
    throw new IngestError(`${label} could not be read to the end (damaged or not a photo); not added`);
  }
  const out = await verify(jpeg, label);
  return { jpeg, ...out };
}

export async function ingestPhoto(source: string, outputDir: string): Promise<IngestResult> {
  const label = path.basename(source);
  // photos:add refuses HEIC even where sharp could read it: its help names the iPhone settings.
  if (/\.(heic|heif)$/i.test(source)) throw new IngestError(`${label} ${HEIC_HELP}`);
  const input = readFileSync(source);
  const { jpeg, width, height } = await ingestPhotoBytes(input, label, { heicDecodable: false });
  const name = freeName(outputDir, photoSlug(source));
  const target = path.join(outputDir, name);
  const temporary = `${target}.part`;
  writeFileSync(temporary, jpeg);
  try {
    await verify(readFileSync(temporary), label);
  } catch (error) {
    unlinkSync(temporary);
    throw error;
  }
  renameSync(temporary, target);
  return { source, output: target, name, bytesIn: input.length, bytesOut: statSync(target).size, width, height };
}

/** Re-reads what was made: refuses it if any metadata survived or it is larger than allowed. */
async function verify(bytes: Buffer, label: string): Promise<{ width: number; height: number }> {
  const segments = jpegMetadataSegments(bytes);
  const meta = await sharp(bytes).metadata();
  const left = [
    ...segments,
    ...(meta.exif ? ["EXIF"] : []),
    ...(meta.xmp ? ["XMP"] : []),
    ...(meta.icc ? ["ICC"] : []),
    ...(meta.iptc ? ["IPTC"] : []),
  ];
  if (left.length > 0) throw new IngestError(`${label}: metadata survived (${left.join(", ")}); not added`);
  if ((meta.width ?? 0) > MAX_SIDE || (meta.height ?? 0) > MAX_SIDE)
    throw new IngestError(`${label}: still larger than ${MAX_SIDE} px; not added`);
  return { width: meta.width ?? 0, height: meta.height ?? 0 };
}

/** What the estimate form keeps of a homeowner's photo: at most this many pixels on the long side. */
export const ESTIMATE_MAX_SIDE = 1600;
/** The smaller copy the owner's alert e-mail and the console's thumbnails use. */
export const ESTIMATE_PREVIEW_SIDE = 640;
/** A form photo may claim at most this many pixels (a 48 MP phone camera fits; a bomb's header does not). */
export const ESTIMATE_MAX_INPUT_PIXELS = 50_000_000;

export type EstimatePhotoFormat = "jpeg" | "png" | "webp" | "heic";

/** The format a file's first bytes say it is, if it is one the estimate form takes; never its name or type. */
export function sniffPhotoFormat(bytes: Uint8Array): EstimatePhotoFormat | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 16));
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "jpeg";
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return "png";
  if (b.length >= 12 && b.toString("latin1", 0, 4) === "RIFF" && b.toString("latin1", 8, 12) === "WEBP") return "webp";
  if (isHeic(bytes)) return "heic";
  return null;
}

export type EstimatePhoto = { jpeg: Buffer; preview: Buffer; width: number; height: number };

/** Why a homeowner's photo was not kept, as a code the form, the owner's screens and the e-mail put in words. */
export class PhotoRefused extends IngestError {
  override name = "PhotoRefused";
  constructor(readonly code: PhotoRefusalCode) {
    super(PHOTO_REFUSALS[code]);
  }
}

/**
 * A homeowner's photo → what the owner sees: decided by its bytes (never its name or type), decoded within pixel
 * limits, turned upright, at most 1600 px, re-encoded as JPEG with no metadata (verified), plus a small preview.
 */
export async function ingestEstimatePhoto(
  input: Uint8Array,
  { heicDecodable = sharpDecodesHeic() }: IngestOptions = {},
): Promise<EstimatePhoto> {
  if (input.byteLength === 0) throw new PhotoRefused("empty");
  const format = sniffPhotoFormat(input);
  if (format === null) throw new PhotoRefused("type");
  if (format === "heic" && !heicDecodable) throw new PhotoRefused("heic");
  let meta: Metadata;
  try {
    // The header only: a decompression bomb's claimed size is refused before a pixel is decoded.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new PhotoRefused("unreadable");
  }
  const expected = format === "heic" ? "heif" : format;
  if (meta.format !== expected) throw new PhotoRefused("type");
  if ((meta.width ?? 0) * (meta.height ?? 0) > ESTIMATE_MAX_INPUT_PIXELS || (meta.pages ?? 1) > 1)
    throw new PhotoRefused("pixels");
  let jpeg: Buffer;
  let preview: Buffer;
  try {
    const decode = () =>
      sharp(input, { limitInputPixels: ESTIMATE_MAX_INPUT_PIXELS, failOn: "error", sequentialRead: true }).rotate();
    jpeg = await decode()
      .resize({ width: ESTIMATE_MAX_SIDE, height: ESTIMATE_MAX_SIDE, fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 80, mozjpeg: true })
      .toBuffer();
    // From the 1600 px copy, not the original: cheaper, and nothing of the upload is read twice.
    preview = await sharp(jpeg)
      .resize({ width: ESTIMATE_PREVIEW_SIDE, height: ESTIMATE_PREVIEW_SIDE, fit: "inside", withoutEnlargement: true })
      .jpeg({ quality: 70, mozjpeg: true })
      .toBuffer();
  } catch {
    throw new PhotoRefused("unreadable");
  }
  const { width, height } = await verifyClean(jpeg, ESTIMATE_MAX_SIDE);
  await verifyClean(preview, ESTIMATE_PREVIEW_SIDE);
  return { jpeg, preview, width, height };
}

/** Re-reads an estimate photo: no metadata segment survived, and it is no larger than `maxSide`. */
export async function verifyClean(bytes: Buffer, maxSide: number): Promise<{ width: number; height: number }> {
  const meta = await sharp(bytes).metadata();
  const left = jpegMetadataSegments(bytes).length + (meta.exif || meta.xmp || meta.icc || meta.iptc ? 1 : 0);
  if (left > 0 || (meta.width ?? 0) > maxSide || (meta.height ?? 0) > maxSide) throw new PhotoRefused("metadata");
  return { width: meta.width ?? 0, height: meta.height ?? 0 };
}

// A condition report's photo (decision 0054): the phone sends a ~2048 px JPEG it made upright; anything else (a PNG,
// a full-size photo from a phone whose browser could not resize) is turned upright here. The evidence keeps up to
// 4096 px; the page's copy is 1600 px, the PDF's 1200 px at q70 (about 100 KB: 30 of them fit a 5 MB PDF), and the
// console's thumbnail 480 px. Every copy is re-read: no metadata (GPS included) survives.
export const REPORT_EVIDENCE_SIDE = 4096;
export const REPORT_PAGE_SIDE = 1600;
export const REPORT_PDF_SIDE = 1200;
export const REPORT_THUMB_SIDE = 480;

export type ReportPhotoRefusal = "empty" | "type" | "heic" | "pixels" | "unreadable" | "metadata";

/** Why a report photo was not kept, in the owner's words. */
export class ReportPhotoRefused extends IngestError {
  override name = "ReportPhotoRefused";
  constructor(readonly code: ReportPhotoRefusal) {
    super(code);
  }
}

export type ReportPhotoCopySet = {
  evidence: Buffer;
  page: Buffer;
  pdf: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
};

/** JPEG or PNG by its bytes (never its name or type), upright, stripped, in four sizes. */
export async function ingestReportPhoto(input: Uint8Array): Promise<ReportPhotoCopySet> {
  if (input.byteLength === 0) throw new ReportPhotoRefused("empty");
  const format = sniffPhotoFormat(input);
  if (format === "heic") throw new ReportPhotoRefused("heic");
  if (format !== "jpeg" && format !== "png") throw new ReportPhotoRefused("type");
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new ReportPhotoRefused("unreadable");
  }
  if (meta.format !== format) throw new ReportPhotoRefused("type");
  if ((meta.width ?? 0) * (meta.height ?? 0) > ESTIMATE_MAX_INPUT_PIXELS || (meta.pages ?? 1) > 1)
    throw new ReportPhotoRefused("pixels");
  const smaller = (from: Buffer, side: number, quality: number) =>
    sharp(from)
      .resize({ width: side, height: side, fit: "inside", withoutEnlargement: true })
      .jpeg({ quality, mozjpeg: true })
      .toBuffer();
  let evidence: Buffer;
  let page: Buffer;
  let pdf: Buffer;
  let thumb: Buffer;
  try {
    evidence = await sharp(input, {
      limitInputPixels: ESTIMATE_MAX_INPUT_PIXELS,
      failOn: "error",
      sequentialRead: true,
    })
      .autoOrient()
      .resize({ width: REPORT_EVIDENCE_SIDE, height: REPORT_EVIDENCE_SIDE, fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 88, mozjpeg: true })
      .toBuffer();
    page = await smaller(evidence, REPORT_PAGE_SIDE, 78);
    pdf = await smaller(evidence, REPORT_PDF_SIDE, 70);
    thumb = await smaller(evidence, REPORT_THUMB_SIDE, 70);
  } catch {
    throw new ReportPhotoRefused("unreadable");
  }
  try {
    const { width, height } = await verifyClean(evidence, REPORT_EVIDENCE_SIDE);
    for (const [copy, side] of [
      [page, REPORT_PAGE_SIDE],
      [pdf, REPORT_PDF_SIDE],
      [thumb, REPORT_THUMB_SIDE],
    ] as const)
      await verifyClean(copy, side);
    return { evidence, page, pdf, thumb, width, height };
  } catch {
    throw new ReportPhotoRefused("metadata");
  }
}
