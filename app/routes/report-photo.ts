// GET /report/<link>/photos/<sha256> (the 1600 px copy) and …/<sha256>-small (480 px): a photo a sent version of
// this report shows, by the report's own link, from the copies kept upright and stripped of every metadata block
// (GPS included) when it arrived; the same one 404 for anything else. Never stored by a browser, never indexed, no
// Referer (server/http/page-cache.ts).
import type { Route } from "./+types/report-photo";
import { findReport, plainText, retryAfter } from "../../server/reports/report-link.ts";
import { reportPhotoBytes } from "../../server/reports/report-page-view.ts";

export function loader({ params, context }: Route.LoaderArgs) {
  const found = findReport(context.estimates, context.now, params.token, context.clientIp);
  if (found === "limited")
    return plainText(429, "Too many tries. Wait a few minutes.", {
      "Retry-After": String(retryAfter(context.now, context.clientIp)),
    });
  const bytes = found ? reportPhotoBytes(context.estimates, found, params.photo) : null;
  if (!bytes) return plainText(404, "There is nothing here.");
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "image/jpeg",
      "Content-Length": String(bytes.length),
    },
  });
}
