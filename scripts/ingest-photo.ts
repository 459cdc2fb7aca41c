// Phone photo → site photo: upright, at most 2400 px, and with every byte of metadata (GPS, camera, XMP, ICC,
// comments) removed before it is written, so customers' home locations never reach git.
import { existsSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

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

export async function ingestPhoto(source: string, outputDir: string): Promise<IngestResult> {
  const label = path.basename(source);
  if (/\.(heic|heif)$/i.test(source)) throw new IngestError(`${label} ${HEIC_HELP}`);
  const input = readFileSync(source);
  let format: string | undefined;
  try {
    format = (await sharp(input).metadata()).format;
  } catch {
    throw new IngestError(`${label} is not a photo sharp can read`);
  }
  if (format === "heif") throw new IngestError(`${label} ${HEIC_HELP}`);
  if (format !== "jpeg") throw new IngestError(`${label} is ${format ?? "not an image"}; add JPEG photos (.jpg)`);

  // rotate() with no angle applies the EXIF orientation; sharp writes no metadata unless asked to.
  const output = await sharp(input)
    .rotate()
    .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: "inside", withoutEnlargement: true })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();

  const name = freeName(outputDir, photoSlug(source));
  const target = path.join(outputDir, name);
  const temporary = `${target}.part`;
  writeFileSync(temporary, output);
  try {
    await verify(temporary, label);
  } catch (error) {
    unlinkSync(temporary);
    throw error;
  }
  renameSync(temporary, target);
  const { width = 0, height = 0 } = await sharp(target).metadata();
  return { source, output: target, name, bytesIn: input.length, bytesOut: statSync(target).size, width, height };
}

/** Re-reads what was written: refuses it if any metadata survived or it is larger than allowed. */
async function verify(file: string, label: string) {
  const bytes = readFileSync(file);
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
}
