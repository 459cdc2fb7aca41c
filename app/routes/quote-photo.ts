// GET /quote/<link>/photos/<sha256> (the 1600 px photo) and …/<sha256>-small (its preview): a photo the quote shows,
// by the same link as the page and with the same one 404 for anything else. No-store, never indexed, no Referer
// (server/http/page-cache.ts, for every quote route); nosniff comes from helmet.
import type { Route } from "./+types/quote-photo";

export function loader({ params, context }: Route.LoaderArgs) {
  const match = /^([0-9a-f]{64})(-small)?$/.exec(params.photo);
  const found = context.quotes.lookup(params.token, context.clientIp);
  if (found === "limited") {
    return new Response("Too many tries. Wait a few minutes.", {
      status: 429,
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        "Retry-After": String(context.quotes.retryAfter(context.clientIp)),
      },
    });
  }
  const bytes =
    found && match ? context.quotes.photoForLink(params.token, match[1] ?? "", match[2] ? "preview" : "full") : null;
  if (!bytes)
    return new Response("There is nothing here.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  return new Response(new Uint8Array(bytes), {
    headers: { "Content-Type": "image/jpeg", "Content-Length": String(bytes.length) },
  });
}
