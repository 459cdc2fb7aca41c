// GET /invoice/<link>/pdf: the invoice as a PDF, drawn from the frozen version and the payments as they stand; it
// writes nothing. The same one 404 as the page.
import type { Route } from "./+types/invoice-pdf";
import { pdfResponse } from "~/lib/pdf-response";

const text = (status: number, body: string, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", ...headers } });

export async function loader({ params, context }: Route.LoaderArgs) {
  const { invoices } = context.payments;
  const found = invoices.lookup(params.token, context.clientIp);
  if (found === "limited") {
    return text(429, "Too many tries. Wait a few minutes.", {
      "Retry-After": String(invoices.retryAfter(context.clientIp)),
    });
  }
  const file = found ? await invoices.pdf(found) : null;
  if (!file) return text(404, "There is nothing here.");
  return pdfResponse(file);
}
