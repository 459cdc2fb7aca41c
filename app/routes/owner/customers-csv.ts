// GET /owner/customers.csv: every customer, one row each, for the owner's spreadsheet (decision 0051). Data, not a
// page: without a session it is a plain 401.
import type { Route } from "./+types/customers-csv";
import { requireOwner } from "./guard.server";
import { business } from "~/content/business";
import { dayAt } from "~/lib/business-day";
import { customersCsv } from "../../../server/customers/customers-csv.ts";
import { dueSettings } from "../../../server/customers/due-settings.ts";

export async function loader(args: Route.LoaderArgs) {
  await requireOwner(args, { data: true });
  const { estimates, owner, clientIp, quotes } = args.context;
  estimates.customers.rekeyProperties();
  const settings = dueSettings(business, quotes.words().presets);
  const csv = await customersCsv(estimates.db, estimates.flueDues, settings, (iso) => dayAt(iso, business.timeZone));
  owner.audit.log("CSV downloaded", { detail: "customers", ip: clientIp });
  const day = dayAt(args.context.now(), business.timeZone);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="customers-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
