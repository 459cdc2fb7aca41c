// /owner/reports: the last 12 weeks at a glance, on a phone. Visitors (counted on the server, decision 0029), where
// they came from and how many asked for an estimate; requests per week, where they came from, services, towns, won
// and lost, condition reports sent and the quotes won from them, and speed to lead against the call-back promise. Charts are SVG drawn here (no script); each has its
// numbers in a table beside it and a CSV download. The page is a list of sections, each from a reports-*.tsx file.
import type { Route } from "./+types/reports";
import { requireOwner } from "./guard.server";
import { ownerReport } from "./reports.server";
import { PageTitle } from "./ui";
import { ReportsSummary } from "./reports-summary";
import { VisitorConversion, VisitorOrigins, VisitorsPerWeek } from "./reports-visitors";
import { RequestCategories, RequestsPerWeek, VisitsBooked, WonAndLost } from "./reports-requests";
import { DaysToPaid, MoneyBySource, QuotesReport, WonValueBySource } from "./reports-money";
import { SpeedToLead } from "./reports-speed";
import { ConditionReports } from "./reports-condition";
import { ReturningCustomers } from "./reports-repeat";

export async function loader(args: Route.LoaderArgs) {
  await requireOwner(args);
  return { report: ownerReport(args.context) };
}

export const meta = () => [{ title: "Reports | Owner console" }, { name: "robots", content: "noindex, nofollow" }];

export default function Reports({ loaderData }: Route.ComponentProps) {
  const { report } = loaderData;
  return (
    <>
      <PageTitle sub={`The last 12 weeks, from the week of ${report.weeks[0]?.label ?? ""}. Spam is left out.`}>
        Reports
      </PageTitle>
      <ReportsSummary report={report} />
      <VisitorsPerWeek report={report} />
      <VisitorOrigins report={report} />
      <VisitorConversion report={report} />
      <RequestsPerWeek report={report} />
      <RequestCategories report={report} />
      <VisitsBooked report={report} />
      <WonAndLost report={report} />
      <QuotesReport report={report} />
      <WonValueBySource report={report} />
      <ConditionReports report={report} />
      <MoneyBySource report={report} />
      <DaysToPaid report={report} />
      <ReturningCustomers report={report} />
      <SpeedToLead report={report} />
    </>
  );
}
