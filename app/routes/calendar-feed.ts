// GET /calendar/<secret>.ics: the owner's upcoming visits and work days as a calendar his phone subscribes to (server/calendars/feed.ts,
// decision 0031). Calendar apps fetch it without a session, so the secret in the address is the authority: only its
// hash is kept, a new one (from the console) makes the old one a 404 at once, and unknown ones share one plain 404,
// rate-limited per address. A GET changes nothing. no-store, noindex and the referrer policy come from the route's id, for
// every spelling of the path (server/http/page-cache.ts UNCACHED_ROUTES and PRIVATE_ROUTES).
import type { Route } from "./+types/calendar-feed";
import { matchesEtag } from "../../server/calendars/feed.ts";
import { addDays } from "../../server/time/wall-time.ts";

const NO_CALENDAR = "There is no calendar at this address.";

export function loader({ params, request, context }: Route.LoaderArgs) {
  const token = /^([A-Za-z0-9_-]{43})\.ics$/.exec(params.file ?? "")?.[1] ?? "";
  const { booking, estimates, calendars, siteOrigin } = context;
  const today = booking.today();
  const feed = calendars.feed.answer(
    token,
    () => booking.between(today, addDays(today, 400)),
    (visit) => {
      const lead = estimates.get(visit.estimate_id);
      return lead ? { name: lead.name, phone: lead.phone } : null;
    },
    siteOrigin,
    // The jobs' work days beside the visits (decision 0047).
    () => booking.workDaysBetween(today, addDays(today, 400)),
  );
  if (!feed) {
    const allowed = calendars.feed.miss(context.clientIp);
    return new Response(allowed ? NO_CALENDAR : "Too many tries. Wait a minute.", {
      status: allowed ? 404 : 429,
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        ...(allowed ? {} : { "Retry-After": "60" }),
      },
    });
  }
  const headers = { ETag: feed.etag };
  if (matchesEtag(request.headers.get("if-none-match"), feed.etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(feed.body, {
    headers: {
      ...headers,
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="estimate-visits.ics"',
    },
  });
}
