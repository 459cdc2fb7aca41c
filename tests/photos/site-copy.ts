// A throwaway copy of the site in a temp folder (node_modules linked), so a test can add photos and build it
// without touching the working tree or its build/. server/ comes along: the console routes import it.
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ensurePhotoCopies, photoCopiesDir } from "../../server/photos/photo-copies.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const COPIED = [
  "app",
  "content",
  "public",
  "server",
  // vite.config.ts imports scripts/ascii-source.ts.
  "scripts",
  "package.json",
  "react-router.config.ts",
  "vite.config.ts",
  "tsconfig.json",
];

export function copySite(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "site-copy-"));
  for (const entry of COPIED) cpSync(path.join(ROOT, entry), path.join(dir, entry), { recursive: true });
  mkdirSync(path.join(dir, "content/photos"), { recursive: true });
  symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
  return dir;
}

/** Adds YAML lines at the top level of a content file (keys may come in any order). */
export function appendTo(dir: string, file: string, text: string) {
  const full = path.join(dir, file);
  writeFileSync(full, `${readFileSync(full, "utf8").replace(/^\[\]\s*$/m, "")}\n${text}`);
}

/** Makes the photos' web copies (as `npm run build` does first), then runs `react-router build` in the copy. */
export async function buildSite(dir: string): Promise<void> {
  await ensurePhotoCopies(path.join(dir, "content"), photoCopiesDir(dir));
  const result = spawnSync(process.execPath, [path.join(ROOT, "node_modules/@react-router/dev/bin.js"), "build"], {
    cwd: dir,
    encoding: "utf8",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) throw new Error(`build failed:\n${result.stdout}\n${result.stderr}`);
}
