// GET /report/<link>/pdf (and ?v=2): a sent condition report's PDF, the bytes stored when the version was sent
// (server/reports/report-pdf.ts), never drawn again; the same one 404 as the page for any other link.
import type { Route } from "./+types/report-pdf";
import { pdfResponse } from "~/lib/pdf-response";
import { findReport, plainText, retryAfter } from "../../server/reports/report-link.ts";
import { reportPdfFile } from "../../server/reports/report-page-view.ts";

export function loader({ request, params, context }: Route.LoaderArgs) {
  const found = findReport(context.estimates, context.now, params.token, context.clientIp);
  if (found === "limited")
    return plainText(429, "Too many tries. Wait a few minutes.", {
      "Retry-After": String(retryAfter(context.now, context.clientIp)),
    });
  const file = found ? reportPdfFile(context.estimates, found, new URL(request.url).searchParams.get("v")) : null;
  if (!file) return plainText(404, "There is nothing here.");
  return pdfResponse(file);
}
