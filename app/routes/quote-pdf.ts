// GET /quote/<link>/pdf: the quote as a PDF (the accepted one, with its acceptance page, once accepted), made once
// from the frozen version and then always the same bytes (server/quotes/pdf.ts). The same one 404 as the page.
import type { Route } from "./+types/quote-pdf";
import { pdfResponse } from "~/lib/pdf-response";

export async function loader({ params, context }: Route.LoaderArgs) {
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
  const file = found ? await context.quotes.pdfForLink(params.token) : null;
  if (!file)
    return new Response("There is nothing here.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  return pdfResponse(file);
}
