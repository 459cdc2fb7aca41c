// The build's files the server serves as they are, by URL, read into memory and compressed once: prerendered pages
// ("/faq" from faq/index.html), the sitemap, robots.txt and static files; and a publish's render laid over them.
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { compressedFile, compressedFileRead, type CachedResponse } from "./compressed-cache.ts";

export const HTML_CACHE = "public, max-age=300, must-revalidate";
export const ASSET_CACHE = "public, max-age=31536000, immutable";
const STATIC_CACHE = "public, max-age=86400";

/** Content type, and whether it is worth compressing. */
const TYPES: Record<string, [string, boolean]> = {
  ".html": ["text/html; charset=utf-8", true],
  ".js": ["text/javascript; charset=utf-8", true],
  ".css": ["text/css; charset=utf-8", true],
  ".svg": ["image/svg+xml", true],
  ".json": ["application/json", true],
  ".webmanifest": ["application/manifest+json", true],
  ".xml": ["application/xml; charset=utf-8", true],
  ".txt": ["text/plain; charset=utf-8", true],
  ".png": ["image/png", false],
  ".jpg": ["image/jpeg", false],
  ".jpeg": ["image/jpeg", false],
  ".webp": ["image/webp", false],
  ".avif": ["image/avif", false],
  ".ico": ["image/x-icon", false],
  ".woff2": ["font/woff2", false],
};

/** The content type a file is served with, by its name. */
export function contentTypeOf(name: string): string | undefined {
  return TYPES[path.extname(name).toLowerCase()]?.[0];
}

/** A page of the site (a prerendered or rendered document), not a static file. */
export function isPageFile(file: CachedResponse): boolean {
  return file.headers["Cache-Control"] === HTML_CACHE;
}

/** The files a render makes (server/publishing/render-pages.ts) and replaces: every page, the sitemap and robots.txt. */
function isRendered(url: string, file: CachedResponse): boolean {
  return isPageFile(file) || url === "/sitemap.xml" || url === "/robots.txt";
}

/** The build's static files with its pages replaced by a render's (a folder of `<path>/index.html`, sitemap, robots). */
export function withRenderedPages(
  files: ReadonlyMap<string, CachedResponse>,
  pagesDir: string,
): Map<string, CachedResponse> {
  return mergeRendered(files, loadStaticFiles(pagesDir));
}

/** The same, read off the event loop: a publish's render is read while visitors are served. */
export async function withRenderedPagesRead(
  files: ReadonlyMap<string, CachedResponse>,
  pagesDir: string,
): Promise<Map<string, CachedResponse>> {
  const found = staticFilesIn(pagesDir);
  const read = await Promise.all(
    found.map(async ({ file, headers, compress }) => compressedFileRead(file, 200, headers, { compress })),
  );
  return mergeRendered(files, new Map(found.map(({ url }, i) => [url, read[i] as CachedResponse])));
}

function mergeRendered(files: ReadonlyMap<string, CachedResponse>, rendered: Map<string, CachedResponse>) {
  const merged = new Map([...files].filter(([url, file]) => !isRendered(url, file)));
  for (const [url, file] of rendered) merged.set(url, file);
  return merged;
}

type StaticFile = { url: string; file: string; headers: Record<string, string>; compress: boolean };

/**
 * The files under `clientDir` the server serves, by URL, with their headers. React Router's .data files are left
 * out: pages are plain documents.
 */
function staticFilesIn(clientDir: string): StaticFile[] {
  const found: StaticFile[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(full);
        continue;
      }
      const type = TYPES[path.extname(entry.name).toLowerCase()];
      if (!type) continue;
      const rel = "/" + path.relative(clientDir, full).split(path.sep).join("/");
      const isPage = entry.name === "index.html";
      const url = isPage ? rel.replace(/\/?index\.html$/, "") || "/" : rel;
      const cache = isPage ? HTML_CACHE : rel.startsWith("/assets/") ? ASSET_CACHE : STATIC_CACHE;
      found.push({ url, file: full, headers: { "Content-Type": type[0], "Cache-Control": cache }, compress: type[1] });
    }
  };
  if (existsSync(clientDir)) walk(clientDir);
  return found;
}

export function loadStaticFiles(clientDir: string): Map<string, CachedResponse> {
  return new Map(
    staticFilesIn(clientDir).map(({ url, file, headers, compress }) => [
      url,
      compressedFile(file, 200, headers, { compress }),
    ]),
  );
}
