// GET /owner/requests/<id>/photos/<n> (the 1600 px photo) and …/<n>-small (its preview): a homeowner's photo, only
// to the signed-in owner. Data, not a page: without a session it is a plain 401. Never cached, never sniffed as
// anything but a JPEG (both headers from the server, asserted by tests/e2e/estimate-photos.spec.ts), and named for
// the request when saved.
import type { Route } from "./+types/request-photo";
import { idParam, notFound, requireOwner } from "./guard.server";

export async function loader(args: Route.LoaderArgs) {
  await requireOwner(args, { data: true });
  const { estimates } = args.context;
  const id = idParam(args.params.id);
  const match = /^([1-9])(-small)?$/.exec(args.params.photo);
  const lead = id === null ? undefined : estimates.get(id);
  if (!lead || !match) notFound();
  const position = Number(match[1]);
  const bytes = estimates.photo(lead.id, position, match[2] ? "preview" : "full");
  if (!bytes) notFound();
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "image/jpeg",
      "Content-Length": String(bytes.length),
      "Content-Disposition": `inline; filename="${lead.reference}-photo-${position}${match[2] ? "-small" : ""}.jpg"`,
      // Cache-Control: no-store (server/http/page-cache.ts, every console route) and X-Content-Type-Options: nosniff
      // (helmet, every response) come from the server; set here too they would be sent twice.
    },
  });
}
