// The request's quotes, each one tap from its screen, and "New quote" (not for a request in spam).
import { QuoteStatusBadge } from "./quote-status";
import type { RequestScreen } from "./request.server";
import { Button, Card, CsrfField } from "./ui";

export function RequestQuotes({
  lead,
  quotes,
  csrf,
}: {
  lead: RequestScreen["lead"];
  quotes: RequestScreen["quotes"];
  csrf: string;
}) {
  if (lead.spam) return null;
  return (
    <Card className="mb-4">
      <h2 className="font-serif text-xl font-bold">Quotes</h2>
      {quotes.length > 0 && (
        <ul className="mt-2 space-y-2">
          {quotes.map((q) => (
            <li key={q.id}>
              <a
                href={`/owner/quotes/${q.id}`}
                className="flex min-h-11 flex-wrap items-center justify-between gap-x-3 rounded-lg border border-mortar-200 px-3 py-2"
              >
                <span className="font-semibold underline underline-offset-4">{q.reference}</span>
                <QuoteStatusBadge status={q.status} />
                <span className="w-full text-sm text-soot-800">
                  {q.totals ? `${q.totals} · ` : ""}
                  {q.updated}
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
      <form method="post" className="mt-3">
        <CsrfField token={csrf} />
        <input type="hidden" name="intent" value="new-quote" />
        <Button className="w-full">New quote</Button>
      </form>
    </Card>
  );
}
