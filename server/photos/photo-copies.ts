// The web copies of each photo in content/photos/ (decision 0028): AVIF, WebP and JPEG at 400, 800 and 1200 px
// (never wider than the photo) and a blurred 16 px placeholder, made once when the photo arrives, never by a build
// or a publish. Named by the photo's content hash, so a changed photo gets new addresses and every copy can be cached
// for good. They live beside the working copy in photo-copies/ (not in git, not in backups: made again from the
// photo whenever one is missing, e.g. after a restore). Sharp drops all metadata from what it writes.
import { createHash } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Sharp } from "sharp";
import type { PhotoCopies } from "../../app/content/files.ts";
import { sharp } from "./libvips.ts";

export const PHOTO_WIDTHS = [400, 800, 1200] as const;
/** Where the copies are served from. */
export const PHOTO_URL = "/photos/";
/** A copy's file name: `<photo>-<hash>-<width>.<format>`. */
export const PHOTO_COPY_NAME = /^[a-z0-9][a-z0-9-]*-[0-9a-f]{10}-\d{2,4}\.(avif|webp|jpg)$/;

const FORMATS = [
  { key: "avif", ext: "avif", encode: (s: Sharp) => s.avif({ effort: 2 }) },
  { key: "webp", ext: "webp", encode: (s: Sharp) => s.webp() },
  { key: "jpeg", ext: "jpg", encode: (s: Sharp) => s.jpeg({ mozjpeg: true }) },
] as const;

export function photoCopiesDir(repoDir: string): string {
  return path.join(repoDir, "photo-copies");
}

/** A photo's content hash, as its copies are named. */
export function photoHash(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex").slice(0, 10);
}

/** The manifest a photo's copies are described by: `<photo>-<hash>.json`. */
export function manifestName(file: string, hash: string): string {
  return `${file.replace(/\.jpg$/, "")}-${hash}.json`;
}

/** Makes the copies of one photo (content/photos/<file>) into `outDir`, unless they are there already. */
export async function makePhotoCopies(master: string, outDir: string): Promise<PhotoCopies> {
  const file = path.basename(master);
  const bytes = readFileSync(master);
  const hash = photoHash(bytes);
  const manifest = path.join(outDir, manifestName(file, hash));
  if (existsSync(manifest)) return JSON.parse(readFileSync(manifest, "utf8")) as PhotoCopies;
  mkdirSync(outDir, { recursive: true });
  const reused = copiesOfSameBytes(outDir, file, hash);
  if (reused) return reused;
  const { width = 0 } = await sharp(bytes).rotate().metadata();
  const widths = [...new Set(PHOTO_WIDTHS.map((w) => Math.min(w, width)))].filter((w) => w > 0);
  const stem = `${file.replace(/\.jpg$/, "")}-${hash}`;
  const sources: Record<string, string[]> = { avif: [], webp: [], jpeg: [] };
  let img = { src: "", w: 0, h: 0 };
  for (const w of widths) {
    for (const format of FORMATS) {
      const name = `${stem}-${w}.${format.ext}`;
      const { data, info } = await format.encode(sharp(bytes).rotate().resize({ width: w })).toBuffer({
        resolveWithObject: true,
      });
      writeAtomically(path.join(outDir, name), data);
      sources[format.key]?.push(`${PHOTO_URL}${name} ${info.width}w`);
      if (format.key === "jpeg") img = { src: `${PHOTO_URL}${name}`, w: info.width, h: info.height };
    }
  }
  const tiny = await sharp(bytes).rotate().resize({ width: 16 }).webp({ quality: 50 }).toBuffer();
  const copies: PhotoCopies = {
    file,
    hash,
    sources: {
      avif: sources.avif?.join(", ") ?? "",
      webp: sources.webp?.join(", ") ?? "",
      jpeg: sources.jpeg?.join(", ") ?? "",
    },
    img,
    placeholder: `data:image/webp;base64,${tiny.toString("base64")}`,
  };
  // The manifest last: its presence says every copy is there.
  writeAtomically(manifest, JSON.stringify(copies));
  return copies;
}

/**
 * The copies of the same bytes made under another name (a job photo's, made when the homeowner said yes), copied under
 * this name: a publish then encodes nothing. Null when there are none.
 */
function copiesOfSameBytes(outDir: string, file: string, hash: string): PhotoCopies | null {
  const other = readdirSync(outDir).find((name) => name.endsWith(`-${hash}.json`));
  if (!other) return null;
  const copies = JSON.parse(readFileSync(path.join(outDir, other), "utf8")) as PhotoCopies;
  const from = `${copies.file.replace(/\.jpg$/, "")}-${hash}-`;
  const to = `${file.replace(/\.jpg$/, "")}-${hash}-`;
  const names = readdirSync(outDir).filter((name) => name.startsWith(from) && PHOTO_COPY_NAME.test(name));
  for (const name of names) copyFileSync(path.join(outDir, name), path.join(outDir, to + name.slice(from.length)));
  const renamed = (text: string) => text.replaceAll(`${PHOTO_URL}${from}`, `${PHOTO_URL}${to}`);
  const moved: PhotoCopies = {
    ...copies,
    file,
    sources: {
      avif: renamed(copies.sources.avif),
      webp: renamed(copies.sources.webp),
      jpeg: renamed(copies.sources.jpeg),
    },
    img: { ...copies.img, src: renamed(copies.img.src) },
  };
  writeAtomically(path.join(outDir, manifestName(file, hash)), JSON.stringify(moved));
  return moved;
}

/**
 * Makes the web copies of photo bytes ahead of their publish, under `name` (e.g. "job-photo-12.jpg"): the publish that
 * puts the same bytes on the site under its own name copies them instead of encoding (the owner's tap waits less).
 */
export async function makeCopiesAhead(bytes: Buffer, name: string, outDir: string): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), "photo-ahead-"));
  try {
    const master = path.join(dir, name);
    writeFileSync(master, bytes);
    await makePhotoCopies(master, outDir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function writeAtomically(file: string, data: string | Buffer) {
  const temporary = `${file}.${process.pid}.partial`;
  writeFileSync(temporary, data);
  renameSync(temporary, file);
}

/**
 * Makes whatever copies are missing for the photos in `contentDir/photos`; with `prune`, removes copies no photo
 * has any more. Returns how many photos needed copies.
 */
export async function ensurePhotoCopies(contentDir: string, outDir: string, { prune = false } = {}): Promise<number> {
  const photos = path.join(contentDir, "photos");
  const files = existsSync(photos) ? readdirSync(photos).filter((f) => f.endsWith(".jpg")) : [];
  let made = 0;
  const keep = new Set<string>();
  for (const file of files) {
    const hash = photoHash(readFileSync(path.join(photos, file)));
    const name = manifestName(file, hash);
    keep.add(name.replace(/\.json$/, ""));
    if (existsSync(path.join(outDir, name))) continue;
    await makePhotoCopies(path.join(photos, file), outDir);
    made += 1;
  }
  if (prune && existsSync(outDir)) {
    for (const name of readdirSync(outDir)) {
      const base = name.replace(/(-\d{2,4}\.(avif|webp|jpg)|\.json|\.\d+\.partial)$/, "");
      if (!keep.has(base)) rmSync(path.join(outDir, name), { force: true });
    }
  }
  return made;
}
