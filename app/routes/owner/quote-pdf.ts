// GET /owner/quotes/<id>/pdf/<version>: a version's PDF for the signed-in owner (the accepted one, with its acceptance
// page, for the version that was accepted). Made once from the frozen version, then always the same bytes.
import type { Route } from "./+types/quote-pdf";
import { idParam, notFound, requireOwner } from "./guard.server";
import { pdfResponse } from "~/lib/pdf-response";

export async function loader(args: Route.LoaderArgs) {
  await requireOwner(args, { data: true });
  const { quotes } = args.context;
  const id = idParam(args.params.id);
  const version = idParam(args.params.version);
  if (id === null || version === null) notFound();
  let file: { pdf: Buffer; name: string };
  try {
    file = await quotes.pdfForOwner(id, version);
  } catch (error) {
    if (error instanceof quotes.QuoteRefusal) notFound();
    throw error;
  }
  return pdfResponse(file);
}
