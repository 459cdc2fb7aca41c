// What the owner asks the console to publish: a summary and the files it changes, only ever under content/.
import path from "node:path";

/** One file the owner changed: its new bytes, or null to delete it. Paths are relative to the repository. */
export type FileChange = { readonly path: string; readonly content: string | Uint8Array | null };

export type Change = {
  /** What changed, in the owner's words: the commit message ("Business facts: phone"). */
  readonly summary: string;
  readonly files: readonly FileChange[];
};

/** Paths the console may write: files under content/, in lowercase words; never `..`, never absolute. */
export function isContentPath(p: string): boolean {
  return (
    /^content\/[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*\.(ya?ml|md|jpg)$/.test(p) &&
    path.posix.normalize(p) === p &&
    !p.split("/").includes("..")
  );
}
