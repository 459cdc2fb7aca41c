// GET /owner/invoices/<id>/pdf: a sent invoice's PDF for the signed-in owner, as the homeowner's link gives it.
import type { Route } from "./+types/invoice-pdf";
import { idParam, notFound, requireOwner } from "./guard.server";
import { pdfResponse } from "~/lib/pdf-response";

export async function loader(args: Route.LoaderArgs) {
  await requireOwner(args, { data: true });
  const { invoices } = args.context.payments;
  const id = idParam(args.params.id);
  const invoice = id === null ? undefined : invoices.get(id);
  const file = invoice ? await invoices.pdf(invoice) : null;
  if (!file) notFound();
  return pdfResponse(file);
}
