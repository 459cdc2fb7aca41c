// `current` beside the versions it chooses from: builds/current names the code (`npm run update`), renders/current the
// pages a publish rendered. Replaced in one rename, so a restart always finds one whole version.
import { existsSync, readlinkSync, renameSync, symlinkSync } from "node:fs";
import path from "node:path";

/** Points `current` in `dir` at the folder `id` in one rename, so a restart serves it. */
export function pointCurrent(dir: string, id: string) {
  const temporary = path.join(dir, `current.${id}`);
  symlinkSync(id, temporary);
  renameSync(temporary, path.join(dir, "current"));
}

/** The build folder `builds/current` names, if any (for the server at start). */
export function currentBuild(buildsDir: string): string | undefined {
  const link = path.join(buildsDir, "current");
  return existsSync(path.join(link, "server", "index.js")) ? link : undefined;
}

/** What `current` in `dir` points at now: a folder's name, null when there is none. */
export function readCurrent(dir: string): string | null {
  try {
    return readlinkSync(path.join(dir, "current"));
  } catch {
    return null;
  }
}
