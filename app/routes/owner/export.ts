// GET /owner/export.csv: every request (spam left out) as the same CSV as `npm run leads -- --csv`, formula cells
// neutralised (server/requests/csv.ts). Data, not a page: without a session it is a plain 401.
import type { Route } from "./+types/export";
import { requireOwner } from "./guard.server";
import { leadsCsv, visitSummary } from "../../../server/requests/leads.ts";
import { business } from "~/content/business";
import { dayAt } from "~/lib/business-day";

export async function loader(args: Route.LoaderArgs) {
  await requireOwner(args, { data: true });
  const { estimates, owner, clientIp } = args.context;
  const csv = leadsCsv(
    estimates.list(),
    (id) => estimates.deliveries(id),
    (id) => visitSummary(estimates.visits.forLead(id), business.timeZone),
  );
  owner.audit.log("CSV downloaded", { ip: clientIp });
  const day = dayAt(args.context.now(), business.timeZone);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="estimate-requests-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
