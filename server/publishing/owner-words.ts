// Why a publish failed, in the owner's words (no paths, no stack: those go to the log), and where it stopped.
// See docs/decisions/0015-publish-pipeline.md, "a publish can fail; the site cannot".
import path from "node:path";

/** Thrown by a render or a check with words meant for the owner. */
export class PublishError extends Error {
  override name = "PublishError";
}

export const RENDER_OUT_OF_MEMORY = "the render ran out of memory";

/** The steps of a job, in order; the words say where it stopped (log and incident e-mail). */
export type Step = "changes" | "write" | "git" | "render" | "prepare" | "link" | "commit" | "point" | "switch";

/** Where a job stopped, in words; `current` names the link to the version served (renders/current). */
export function stepWords(step: Step, current: string): string {
  const words: Record<Step, string> = {
    changes: "reading what to change",
    write: "writing the changed files",
    git: "asking git what changed",
    render: "rendering the pages",
    prepare: "checking and loading the new version",
    link: `preparing the link to the new version (${current})`,
    commit: "committing the change to git",
    point: `pointing ${current} at the new version`,
    switch: "switching the server to the new version",
  };
  return words[step];
}

/** `renders/current`, as the owner's words and the log name it. */
export function currentLinkName(rendersDir: string): string {
  return `${path.basename(rendersDir)}/current`;
}

/** An error's own text with git's stderr, for the log and for recognising what went wrong. */
export function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const stderr = (error as { stderr?: unknown }).stderr;
  const more = stderr ? (Buffer.isBuffer(stderr) ? stderr.toString("utf8") : String(stderr)).trim() : "";
  return more && !error.message.includes(more) ? `${error.message}\n${more}` : error.message;
}

const BY_CODE: Record<string, string> = {
  EROFS: "the site's folder cannot be written (read-only file system)",
  EACCES: "the server is not allowed to write the site's folder (permission denied)",
  EPERM: "the server is not allowed to write the site's folder (operation not permitted)",
  ENOSPC: "the disk is full",
  EDQUOT: "the disk quota is used up",
  EIO: "the disk reported an error (input/output error)",
  EMFILE: "the server has too many files open",
  ENFILE: "the server has too many files open",
};

/** Why a step failed, in the owner's words (no paths, no stack: those go to the log). */
export function ownerWords(error: unknown, step: Step = "write", current = "renders/current"): string {
  if (error instanceof PublishError) return error.message;
  const text = errorText(error);
  const code = typeof (error as { code?: unknown })?.code === "string" ? (error as { code: string }).code : "";
  const syscall = String((error as { syscall?: unknown })?.syscall ?? "");
  if (code === "ENOENT" && syscall.startsWith("spawn"))
    return `${syscall.slice(6) || "git"} is not installed on the server`;
  if (/\.lock'?: File exists|Another git process seems to be running/i.test(text))
    return "another git operation is in progress (a lock file is left in .git)";
  if (step === "point" && ["EISDIR", "ENOTEMPTY", "EEXIST", "ENOTDIR"].includes(code))
    return `the new version could not be put in place: ${current} is a folder, not a link to a build`;
  if (BY_CODE[code]) return BY_CODE[code];
  if (/Read-only file system/i.test(text)) return BY_CODE.EROFS as string;
  if (/No space left on device/i.test(text)) return BY_CODE.ENOSPC as string;
  if (/Disk quota exceeded/i.test(text)) return BY_CODE.EDQUOT as string;
  if (/Permission denied/i.test(text)) return BY_CODE.EACCES as string;
  if (/dubious ownership/i.test(text)) return "git refuses the site's folder because another user owns it";
  if (step === "commit" || step === "git") return "git could not record the change; the server log has the details";
  return "the site could not be published; the server log has the details";
}
