// The words around a condition report (content/condition-report.yaml): its page's headings and the e-mail that sends
// it, read from the site's folder each time a report is sent or its e-mail written, so a change saved in the console
// counts at once (the loader remembers the last file that passed).
import { readFileSync } from "node:fs";
import path from "node:path";
import { loadYaml } from "../../app/content/load.ts";
import { REPORT_WORDS_FILE, reportWordsFile, type ReportWords } from "../../app/content/report-words.ts";

export function readReportWords(repoDir: string): ReportWords {
  return loadYaml(
    `/${REPORT_WORDS_FILE}`,
    readFileSync(path.join(repoDir, REPORT_WORDS_FILE), "utf8"),
    reportWordsFile,
  );
}
