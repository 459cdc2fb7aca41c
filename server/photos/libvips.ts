// sharp (libvips), loaded at the first photo rather than at the start: loaded, it was 5.6 MB of the idle server's
// RSS on Node 24 (1.2 MB of it heap), which a server with no photo to handle does not need (issue 65, memory at
// rest). A package that cannot load fails that photo's step, which each caller already tells in words.
import { readdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type sharpModule from "sharp";

type SharpLibrary = typeof sharpModule;

let library: SharpLibrary | null = null;
const settings: ((library: SharpLibrary) => void)[] = [];

/** The sharp package itself, loaded once, with the settings given to whenSharpLoads applied. */
export function sharpLibrary(): SharpLibrary {
  if (library) return library;
  let loaded: SharpLibrary;
  try {
    loaded = createRequire(import.meta.url)("sharp") as SharpLibrary;
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    console.error(`photos: the sharp package did not load (${why}).`);
    throw new Error("Photos cannot be read: the sharp package did not load.", { cause: error });
  }
  for (const apply of settings) apply(loaded);
  library = loaded;
  return library;
}

/** `sharp(input, options)`, loading the package at the first call. */
export function sharp(...args: Parameters<SharpLibrary>): ReturnType<SharpLibrary> {
  return sharpLibrary()(...args);
}

/** Settings for the whole process (libvips' cache, its threads): applied when sharp loads, or now if it has. */
export function whenSharpLoads(apply: (library: SharpLibrary) => void): void {
  if (library) apply(library);
  else settings.push(apply);
}

let systemLibvips: boolean | null = null;

/**
 * Whether sharp runs a binary it compiled against the system's libvips (in its src/build/Release, which it tries
 * before its prebuilt ones), read from its files without loading it. Only such a libvips may decode HEIC: the
 * prebuilt one reads AVIF only (HEVC is patent-encumbered).
 */
export function sharpUsesSystemLibvips(): boolean {
  if (systemLibvips === null) {
    const root = path.resolve(path.dirname(createRequire(import.meta.url).resolve("sharp")), "..");
    try {
      systemLibvips = readdirSync(path.join(root, "src", "build", "Release")).some((f) => /^sharp-.*\.node$/.test(f));
    } catch {
      systemLibvips = false;
    }
  }
  return systemLibvips;
}
