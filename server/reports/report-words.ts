// The condition report's words library (content/findings.yaml), read from the site's folder each time a report is
// shown or saved, so a change saved in the console counts at once (the loader remembers the last file that passed).
// A file that cannot be read is said in the owner's words on the report screen, never at a homeowner.
import { readFileSync } from "node:fs";
import path from "node:path";
import { loadYaml } from "../../app/content/load.ts";
import { FINDINGS_FILE, findingsFile, type FindingsWords } from "../../app/content/findings.ts";
import type { ReportPart } from "../../app/content/condition-report.ts";

export function readFindingsWords(repoDir: string): FindingsWords {
  return loadYaml(`/${FINDINGS_FILE}`, readFileSync(path.join(repoDir, FINDINGS_FILE), "utf8"), findingsFile);
}

/** The defect keys of a part, as the finding rules check them. */
export function defectKeys(words: FindingsWords, part: ReportPart): string[] {
  return words.parts[part].defects.map((d) => d.key);
}
