// A sent condition report in the console (decision 0054), on the visit's report page and on the customer's page:
// each version newest first, when it went, why a correction, its PDF and what became of its e-mail; "Open as the
// homeowner sees it" (a POST: it makes a fresh link to that version and opens the homeowner's page, whose address
// the owner may copy and send), and "Stop the links sent so far". Plain forms, no script.
import { dayLabel } from "~/lib/visit-labels";
import type { SentReportView } from "./report-send.server";
import { Button, Card, CsrfField } from "./ui";

export function ReportVersionsCard({
  csrf,
  report,
  heading = "Sent to the homeowner",
}: {
  csrf: string;
  report: SentReportView;
  /** On the visit's own report page, the default; elsewhere (the customer's page) it links to that page. */
  heading?: string;
}) {
  const action = report.visitId === null ? null : `/owner/visits/${report.visitId}/report`;
  const latest = report.versions[0];
  const titleId = `sent-report-${report.reportId}`;
  return (
    <Card className="mt-5">
      <h2 id={titleId} className="font-serif text-xl font-bold">
        {heading}
      </h2>
      {report.visitDay && (
        <p className="text-soot-800">
          Visit of {dayLabel(report.visitDay, { thisYear: 0 })}
          {report.place ? ` · ${report.place}` : ""}
          {action && heading !== "Sent to the homeowner" && (
            <>
              {" · "}
              <a href={action} className="font-semibold underline underline-offset-4">
                Open the report
              </a>
            </>
          )}
        </p>
      )}
      {report.changedSinceSent && latest && (
        <p className="mt-2 rounded-lg bg-amber-100 px-3 py-2 text-amber-950">
          Changed since version {latest.version} was sent. The homeowner still sees version {latest.version} until you
          send a correction, with its reason
          {action ? (
            <>
              , from the{" "}
              <a href={action} className="font-semibold underline underline-offset-4">
                report page
              </a>
            </>
          ) : null}
          .
        </p>
      )}
      <ol className="mt-2 divide-y divide-mortar-200" aria-labelledby={titleId}>
        {report.versions.map((v) => (
          <li key={v.version} className="py-3">
            <p className="font-semibold">
              Version {v.version} · sent {v.sentAt}
            </p>
            {v.reason && <p>Corrected: {v.reason}</p>}
            <p className="text-sm text-soot-800">
              PDF {v.pdfKb.toLocaleString("en-US")} KB
              {v.attached ? ", attached to the e-mail" : ", too big to attach: the e-mail carries the link alone"}
              {" · "}
              {v.mail}
            </p>
            {action && (
              <form method="post" action={action} className="mt-2">
                <CsrfField token={csrf} />
                <input type="hidden" name="intent" value="open-version" />
                <input type="hidden" name="version" value={v.version} />
                <Button type="submit" variant="quiet">
                  Open version {v.version} as the homeowner sees it
                </Button>
              </form>
            )}
          </li>
        ))}
      </ol>
      {action && (
        <form method="post" action={action} className="mt-2 border-t border-mortar-200 pt-3">
          <CsrfField token={csrf} />
          <input type="hidden" name="intent" value="revoke-links" />
          <p className="text-sm text-soot-800">
            Sent to the wrong address? Stop every link sent so far; then open a version to get a new one.
          </p>
          <Button type="submit" variant="quiet">
            Stop the links sent so far
          </Button>
        </form>
      )}
    </Card>
  );
}
