// GET /owner/reports.csv?chart=<one of CHARTS in reports.server.ts>: one chart's table as CSV, for a spreadsheet.
// Data, not a page: without a session it is a plain 401.
import type { Route } from "./+types/reports-csv";
import { notFound, requireOwner } from "./guard.server";
import { chartRows, CHARTS, ownerReport, type Chart } from "./reports.server";
import { toCsv } from "../../../server/requests/csv.ts";
import { business } from "~/content/business";
import { dayAt } from "~/lib/business-day";

export async function loader(args: Route.LoaderArgs) {
  await requireOwner(args, { data: true });
  const chart = new URL(args.request.url).searchParams.get("chart") ?? "";
  if (!(CHARTS as readonly string[]).includes(chart)) notFound();
  const { columns, rows } = chartRows(ownerReport(args.context), chart as Chart);
  const day = dayAt(args.context.now(), business.timeZone);
  return new Response(toCsv(columns, rows), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="report-${chart}-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
