// The outbox's composer for a condition report's e-mail (decision 0054), run when the message is due: the version's
// frozen snapshot, a fresh link to it (only its hash is kept), and its stored PDF when it is at most 5 MB. A version
// that a correction replaced before its e-mail went is withdrawn: the correction's e-mail follows.
import type { ReportWords } from "../../app/content/report-words.ts";
import type { EstimateStore, OutboxItem } from "../requests/estimate-store.ts";
import type { Mail } from "../requests/lead-mail.ts";
import { newReportLink } from "./report-link.ts";
import { reportSentMail } from "./report-mail.ts";
import { attachesPdf } from "./report-pdfs.ts";
import { readSnapshot } from "./report-snapshot.ts";

export type ReportMailContext = { store: EstimateStore; siteUrl: string; words: () => ReportWords };

/** "report-sent:<report>:<version>" */
function parseKey(dedupe: string): { reportId: number; version: number } | null {
  const [kind, report, version] = dedupe.split(":");
  const reportId = Number(report);
  const n = Number(version);
  return kind === "report-sent" && Number.isSafeInteger(reportId) && Number.isSafeInteger(n)
    ? { reportId, version: n }
    : null;
}

export function reportComposers(ctx: ReportMailContext) {
  const { store } = ctx;
  return {
    "report-sent": (item: OutboxItem): Mail | "withdrawn" | null => {
      const key = parseKey(item.dedupe);
      const report = key ? store.reports.get(key.reportId) : undefined;
      const row = key && report ? store.reportVersions.version(report.id, key.version) : undefined;
      if (!key || !report || !row) return null;
      if ((report.current_version ?? 0) > key.version) return "withdrawn";
      const document = store.reportVersions.document(row.id);
      if (!document) return null;
      const snapshot = readSnapshot(row.snapshot, row.sha256);
      const link = newReportLink(store, ctx.siteUrl, row.id);
      return reportSentMail(snapshot, ctx.words().mail, link, attachesPdf(document.pdf.length) ? document.pdf : null);
    },
  };
}
