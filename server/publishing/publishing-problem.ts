// Can this process publish from the working copy? Asked at start (server/start.ts) and by `npm run check:launch`,
// so a working copy the server cannot write turns publishing off with a reason instead of failing the owner's saves.
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { errorText } from "./owner-words.ts";

/**
 * Tries for real: creates and removes a file in content/, builds/ and renders/ (made if missing) and .git/, and asks
 * git. Null when it can; else the reason in plain words.
 */
export function publishingProblem(repoDir: string): string | null {
  try {
    execFileSync("git", ["--version"], { stdio: "ignore" });
  } catch (error) {
    if ((error as { code?: unknown }).code === "ENOENT") return "git is not installed on the server";
  }
  for (const dir of ["content", "builds", "renders", ".git", ".git/objects"]) {
    const full = path.join(repoDir, dir);
    const probe = path.join(full, `.write-test-${process.pid}`);
    try {
      if (dir === "builds" || dir === "renders") mkdirSync(full, { recursive: true });
      writeFileSync(probe, "");
      rmSync(probe, { force: true });
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      const why =
        code === "EROFS"
          ? "read-only file system"
          : code === "EACCES" || code === "EPERM"
            ? "permission denied"
            : code === "ENOSPC"
              ? "the disk is full"
              : code === "ENOENT"
                ? `${dir}/ is missing`
                : String(code ?? errorText(error));
      return `the server cannot write to ${full} (${why})`;
    }
  }
  try {
    execFileSync("git", ["-C", repoDir, "rev-parse", "--git-dir"], { stdio: ["ignore", "ignore", "pipe"] });
  } catch (error) {
    const text = errorText(error);
    return /dubious ownership/i.test(text)
      ? `git refuses ${repoDir} because another user owns it (dubious ownership)`
      : `git cannot read ${repoDir}`;
  }
  return null;
}
