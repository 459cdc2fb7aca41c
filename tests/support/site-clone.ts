// A server's working copy for tests and tools that publish: a clone of this repository in `dir`, this checkout's
// node_modules linked in, and this checkout's build as the code it runs (builds/current, as `npm run update` leaves it).
import { execFileSync } from "node:child_process";
import { cpSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";

export function siteClone(dir: string): string {
  execFileSync("git", ["clone", "-q", process.cwd(), dir]);
  symlinkSync(path.resolve("node_modules"), path.join(dir, "node_modules"));
  // .gitignore names node_modules/ (a folder); here it is a link.
  writeFileSync(path.join(dir, ".git/info/exclude"), "node_modules\n");
  cpSync("build", path.join(dir, "builds/first"), { recursive: true, preserveTimestamps: true });
  symlinkSync("first", path.join(dir, "builds/current"));
  return dir;
}
