import { mkdirSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Writes beside the target, then renames over it, so a reader never sees half a file. */
export function writeAtomically(file: string, content: string | Uint8Array) {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.saving`;
  try {
    writeFileSync(temporary, content);
    renameSync(temporary, file);
  } catch (error) {
    // A half-written temporary file (a full disk) goes; the target was never touched.
    try {
      unlinkSync(temporary);
    } catch {
      // Nothing was made (read-only), or it is not ours to remove.
    }
    throw error;
  }
}
