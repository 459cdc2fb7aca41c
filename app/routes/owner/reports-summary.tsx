// The report's headline: requests in the 12 weeks and this week, the won rate, and answers within the promise.
import type { OwnerReport } from "./reports.server";
import { Card } from "./ui";

/** "2 business hours": the call-back promise, in words. */
export const promiseWords = (report: OwnerReport) =>
  `${report.promiseHours} business hour${report.promiseHours === 1 ? "" : "s"}`;

export function ReportsSummary({ report }: { report: OwnerReport }) {
  return (
    <Card className="mb-5">
      <dl className="grid grid-cols-2 gap-3">
        <div>
          <dt className="text-sm text-soot-800">Requests</dt>
          <dd className="font-serif text-3xl font-bold">{report.total}</dd>
        </div>
        <div>
          <dt className="text-sm text-soot-800">This week</dt>
          <dd className="font-serif text-3xl font-bold">{report.weeks.at(-1)?.requests ?? 0}</dd>
        </div>
        <div>
          <dt className="text-sm text-soot-800">Won rate</dt>
          <dd className="font-serif text-3xl font-bold">{report.wonRate === null ? "–" : `${report.wonRate}%`}</dd>
        </div>
        <div>
          <dt className="text-sm text-soot-800">Answered within {promiseWords(report)}</dt>
          <dd className="font-serif text-3xl font-bold">
            {report.speed.answered === 0 ? "–" : `${report.speed.withinPromise} of ${report.speed.answered}`}
          </dd>
        </div>
      </dl>
    </Card>
  );
}
