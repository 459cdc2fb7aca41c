// GET /owner/customers/import/template.csv: our plain template for an old customer list, its column names only (a
// sample row left in would be imported as a customer). Data, not a page: without a session it is a plain 401.
import type { Route } from "./+types/customer-import-template";
import { requireOwner } from "./guard.server";
import { TEMPLATE_HEADERS } from "../../../server/customer-import/formats.ts";
import { toCsv } from "../../../server/requests/csv.ts";

export async function loader(args: Route.LoaderArgs) {
  await requireOwner(args, { data: true });
  return new Response(toCsv(TEMPLATE_HEADERS, []), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="customer-list-template.csv"',
      "Cache-Control": "no-store",
    },
  });
}
