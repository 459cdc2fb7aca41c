// Which code and which content a set of pages was made from (renders.ts, render-pages.ts, scripts/precompress.ts).
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { ContentFiles } from "../../app/content/files.ts";

/** Which code a build is: a hash of its server bundle. */
export function codeId(buildDir: string): string {
  return createHash("sha256")
    .update(readFileSync(path.join(buildDir, "server", "index.js")))
    .digest("hex")
    .slice(0, 16);
}

/** Which content a snapshot is: a hash of every text file (path and bytes) and each photo's name and hash. */
export function contentId(files: ContentFiles): string {
  const hash = createHash("sha256");
  for (const [p, text] of [...files.text].sort(([a], [b]) => (a < b ? -1 : 1))) hash.update(`${p}\0${text}\0`);
  for (const photo of files.photos) hash.update(`${photo}\0${files.photoCopies.get(photo)?.hash ?? "-"}\0`);
  return hash.digest("hex").slice(0, 16);
}
