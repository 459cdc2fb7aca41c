// The content files, read at run time: the owner's words are data, not part of the build (decision 0027).
// One snapshot is in force at a time. Every content module registers how it derives its values from a snapshot;
// `switchContent` derives them all again from a new one, in the order the modules were loaded (each after those it
// imports), so readers that look up a module's exports when they render see the new words at once.
// No `import "node:fs"`: content modules are also in the browser bundle, where none of this runs.

/** A photo's web copies (server/photos/photo-copies.ts): srcsets by format, the largest JPEG, a blurred placeholder. */
export type PhotoCopies = {
  readonly file: string;
  readonly hash: string;
  readonly sources: { readonly avif: string; readonly webp: string; readonly jpeg: string };
  readonly img: { readonly src: string; readonly w: number; readonly h: number };
  readonly placeholder: string;
};

/** Text files by path from the repository root with a leading slash ("/content/home.yaml"); photos by file name. */
export type ContentFiles = {
  readonly text: ReadonlyMap<string, string>;
  /** The photos in content/photos/, by file name. */
  readonly photos: readonly string[];
  /** Their web copies, by file name; a photo without copies yet is missing here. */
  readonly photoCopies: ReadonlyMap<string, PhotoCopies>;
};

const TEXT_FILE = /\.(ya?ml|md)$/;

/**
 * Each photo's hash, by path, with the file's inode, size and times when it was hashed. A publish reads the content
 * twice on the event loop, and hashing every photo each time grew with the owner's gallery: with 40 photos of 1 MB,
 * each read took 66-71 ms on this machine, and 1.4-4.9 ms with the hashes kept (issue 51). A photo written again, or
 * replaced by another, is hashed again.
 */
const photoHashes = new Map<string, { stamp: string; hash: string }>();

/** Reads every text file under `dir` (a content/ folder) and the names of its photos. Node only. */
export function readContentFiles(dir: string): ContentFiles {
  const fs = process.getBuiltinModule("node:fs");
  const path = process.getBuiltinModule("node:path");
  const crypto = process.getBuiltinModule("node:crypto");
  const text = new Map<string, string>();
  const walk = (folder: string, rel: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (entry.name.startsWith(".")) continue;
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full, `${rel}/${entry.name}`);
      else if (TEXT_FILE.test(entry.name)) text.set(`${rel}/${entry.name}`, fs.readFileSync(full, "utf8"));
    }
  };
  walk(dir, "/content");
  const photoDir = path.join(dir, "photos");
  const photos = fs.existsSync(photoDir)
    ? fs
        .readdirSync(photoDir)
        .filter((n) => n.endsWith(".jpg"))
        .sort()
    : [];
  // Copies are named by the photo's hash (server/photos/photo-copies.ts): only a photo's current copies are found.
  const copiesDir = path.join(dir, "..", "photo-copies");
  const photoCopies = new Map<string, PhotoCopies>();
  for (const file of photos) {
    const full = path.join(photoDir, file);
    const stat = fs.statSync(full, { bigint: true });
    const stamp = `${stat.ino}:${stat.size}:${stat.mtimeNs}:${stat.ctimeNs}`;
    const known = photoHashes.get(full);
    let hash = known?.stamp === stamp ? known.hash : undefined;
    if (hash === undefined) {
      hash = crypto.createHash("sha256").update(fs.readFileSync(full)).digest("hex").slice(0, 10);
      photoHashes.set(full, { stamp, hash });
    }
    const manifest = path.join(copiesDir, `${file.replace(/\.jpg$/, "")}-${hash}.json`);
    if (fs.existsSync(manifest)) photoCopies.set(file, JSON.parse(fs.readFileSync(manifest, "utf8")) as PhotoCopies);
  }
  return { text, photos, photoCopies };
}

/** Where content is read from when nothing else was said: CONTENT_DIR, else SITE_REPO's content/, else ./content. */
function defaultContentDir(): string {
  const path = process.getBuiltinModule("node:path");
  const env = process.env;
  return env.CONTENT_DIR || path.resolve(env.SITE_REPO || ".", "content");
}

let current: ContentFiles | undefined;
/** The snapshot in force was refused by a module (only at a server's start, see onContent); no page can use it. */
let refused: unknown = null;
const derivers: ((files: ContentFiles) => void)[] = [];

/** The snapshot in force; the first call reads the default folder. */
export function contentFiles(): ContentFiles {
  current ??= readContentFiles(defaultContentDir());
  return current;
}

/** One file's text, or undefined when it does not exist. */
export function contentText(path: string): string | undefined {
  return contentFiles().text.get(path);
}

/** Text files in one folder ("/content/services/"), by path, in name order. */
export function contentFolder(folder: string): [string, string][] {
  return [...contentFiles().text].filter(([p]) => p.startsWith(folder) && !p.slice(folder.length).includes("/"));
}

/**
 * A content module's values from a snapshot. Runs at once on the snapshot in force, and again on each new one.
 * Throws (a ContentError naming the file and field) when the files are not valid, except in a server that set
 * CONTENT_CHECKED_AT_START=1: there a hand-edited file must not stop the import, so the refusal is kept for
 * `switchContent`, which the server calls next with the files it chose (server/publishing/start-content.ts).
 */
export function onContent(derive: (files: ContentFiles) => void): void {
  derivers.push(derive);
  if (refused !== null) return;
  try {
    derive(contentFiles());
  } catch (error) {
    if (globalThis.process?.env?.CONTENT_CHECKED_AT_START !== "1") throw error;
    refused = error;
  }
}

/**
 * Puts a new snapshot in force. All or nothing: when any module refuses it, every module derives its values from
 * the previous snapshot again, and the error is thrown.
 */
export function switchContent(files: ContentFiles): void {
  const previous = refused === null ? current : undefined;
  current = files;
  try {
    for (const derive of derivers) derive(files);
    refused = null;
  } catch (error) {
    current = previous;
    if (previous) for (const derive of derivers) derive(previous);
    else refused = error;
    throw error;
  }
}
