// The words a server starts with. A file under content/ edited by hand and left invalid must not keep the public
// site down: the server then starts with the last committed words (what the last publish or deploy put live), and
// says which file and field are wrong, in the log and to the owner. Publishing still refuses the broken file.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, symlinkSync } from "node:fs";
import path from "node:path";

export type StartContent = {
  /** The content/ folder the pages are rendered from. */
  dir: string;
  /** Why the working copy's content/ was not used, in the owner's words; null when it was. */
  problem: string | null;
};

/**
 * Puts the words in force in each place that renders or quotes them (`readers`: this server's own modules, the app
 * bundle's); every one must take them, or all take the committed words.
 */
export function startContent(
  contentDir: string,
  repoDir: string,
  scratchDir: string,
  readers: readonly ((dir: string) => void)[],
): StartContent {
  try {
    for (const putInForce of readers) putInForce(contentDir);
    return { dir: contentDir, problem: null };
  } catch (error) {
    if (!(error instanceof Error) || error.name !== "ContentError") throw error;
    const committed = committedContent(repoDir, scratchDir);
    if (committed === null) throw error;
    for (const putInForce of readers) putInForce(committed);
    return {
      dir: committed,
      problem:
        `${error.message}\nThe site shows the words of the last change that was saved (git HEAD) until that file ` +
        "is fixed.",
    };
  }
}

/** HEAD's content/ in `<scratchDir>/content`, beside a link to the photos' web copies; null without a git history. */
function committedContent(repoDir: string, scratchDir: string): string | null {
  if (!existsSync(path.join(repoDir, ".git"))) return null;
  rmSync(scratchDir, { recursive: true, force: true });
  mkdirSync(scratchDir, { recursive: true });
  const tar = path.join(scratchDir, "content.tar");
  execFileSync("git", ["-C", repoDir, "archive", "--format=tar", "-o", tar, "HEAD", "content"], { stdio: "pipe" });
  execFileSync("tar", ["-xf", tar, "-C", scratchDir], { stdio: "pipe" });
  rmSync(tar);
  // readContentFiles finds the copies beside content/ (decision 0028).
  symlinkSync(path.join(repoDir, "photo-copies"), path.join(scratchDir, "photo-copies"));
  return path.join(scratchDir, "content");
}
