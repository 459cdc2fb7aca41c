// A condition report recorded and sent, written straight to a store (sending itself is tested through HTTP in
// tests/server/condition-reports.test.ts): the same sendReport the console runs, its PDF drawn here in the process
// (the server draws it in its worker), and a link to the version, whose token is returned as the e-mail would carry
// it. Used by the accessibility checks and the condition report's benchmark.
import { business } from "../../app/content/business.ts";
import { newLinkToken } from "../../server/documents/secret-links.ts";
import type { EstimateStore } from "../../server/requests/estimate-store.ts";
import { visitReport } from "../../server/reports/report-draft.ts";
import { readReportWords } from "../../server/reports/report-page-words.ts";
import { reportPdf } from "../../server/reports/report-pdf.ts";
import { sendReport } from "../../server/reports/report-sending.ts";
import { readFindingsWords } from "../../server/reports/report-words.ts";
import { recordReportIn } from "./seed-recorded-report.ts";
import type { SeededVisit } from "./seed-report.ts";

export type SentReport = { reportId: number; version: number; token: string; pdfBytes: number };

export async function sendReportIn(
  store: EstimateStore,
  visit: SeededVisit,
  options: Parameters<typeof recordReportIn>[2] = {},
): Promise<SentReport> {
  const { reportId } = await recordReportIn(store, visit, options);
  const repo = process.cwd();
  const words = () => readFindingsWords(repo);
  const v = visitReport({ stores: store, now: () => new Date(), timeZone: business.timeZone, words }, visit.visitId);
  if (!v) throw new Error("the seeded visit has no report");
  let pdfBytes = 0;
  const sent = await sendReport(
    {
      store,
      now: () => new Date(),
      timeZone: business.timeZone,
      words,
      pageWords: () => readReportWords(repo),
      business: () => ({
        name: business.name,
        address: [business.address.street, business.address.locality, business.address.region]
          .filter(Boolean)
          .join(", "),
        phone: business.phone,
        email: business.email,
      }),
      mail: false,
      draw: (input) => {
        const pdf = reportPdf(input);
        pdfBytes = pdf.length;
        return Promise.resolve(pdf);
      },
    },
    v,
    { reason: "", photoIds: [] },
  );
  if (!sent.ok) throw new Error(`the seeded report was not sent: ${sent.blockers.join(" ")}`);
  const row = store.reportVersions.version(reportId, sent.version);
  if (!row) throw new Error("the sent version is missing");
  const { token, hash } = newLinkToken();
  store.reportVersions.addLink(row.id, hash);
  return { reportId, version: sent.version, token, pdfBytes };
}
