// GET /owner/quotes/<id>/photos/<sha256>: a photo kept with a quote (one from the request, or the owner's photo of a
// signed paper), for the signed-in owner only. Data, not a page: without a session it is a plain 401.
import type { Route } from "./+types/quote-photo";
import { idParam, notFound, requireOwner } from "./guard.server";

export async function loader(args: Route.LoaderArgs) {
  await requireOwner(args, { data: true });
  const id = idParam(args.params.id);
  const match = /^([0-9a-f]{64})(-small)?$/.exec(args.params.photo);
  if (id === null || !match) notFound();
  const bytes = args.context.estimates.quotes.photo(id, match[1] ?? "", match[2] ? "preview" : "full");
  if (!bytes) notFound();
  return new Response(new Uint8Array(bytes), {
    headers: { "Content-Type": "image/jpeg", "Content-Length": String(bytes.length) },
  });
}
