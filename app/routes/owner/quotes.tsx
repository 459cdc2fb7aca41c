// /owner/quotes: every quote, the latest change first, with a filter by status: who it is for, its total, where it
// stands. A quote is made from its request's screen ("New quote").
import type { Route } from "./+types/quotes";
import { requireOwner } from "./guard.server";
import { QuoteStatusBadge } from "./quote-status";
import { FilterChips, PageTitle } from "./ui";
import { localTime } from "../../../server/requests/lead-mail.ts";
import { formatCents } from "../../../server/quotes/money.ts";
import { readVersion } from "../../../server/quotes/document.ts";
import { QUOTE_STATUS_LABELS, quoteStatus, type QuoteStatus } from "../../../server/quotes/quote-status.ts";

const FILTERS: QuoteStatus[] = ["draft", "sent", "changes_requested", "accepted", "declined", "expired", "withdrawn"];

export async function loader(args: Route.LoaderArgs) {
  await requireOwner(args);
  const { quotes } = args.context;
  const wanted = new URL(args.request.url).searchParams.get("status");
  const status = FILTERS.find((f) => f === wanted) ?? null;
  const now = quotes.now();
  const rows = quotes.store
    .list({ limit: 500 })
    .map((q) => ({ q, status: quoteStatus(q, now) }))
    .filter((r) => status === null || r.status === status)
    .slice(0, 200);
  return {
    status,
    quotes: rows.map(({ q, status: s }) => {
      const v = q.current_version === null ? undefined : quotes.store.version(q.id, q.current_version);
      const version = v ? readVersion(v.body, v.sha256) : null;
      const totals = version?.options.map((o) => o.total) ?? [];
      const accepted = s === "accepted" ? quotes.store.acceptance(q.id) : undefined;
      return {
        id: q.id,
        reference: q.reference,
        customer: q.customer ?? version?.customer.name ?? "Request erased",
        status: s,
        total: accepted
          ? formatCents(accepted.total_cents)
          : totals.length === 0
            ? null
            : totals.length === 1
              ? formatCents(totals[0] ?? 0)
              : `${formatCents(Math.min(...totals))}–${formatCents(Math.max(...totals))}`,
        updated: localTime(q.updated_at),
      };
    }),
  };
}

export const meta = () => [{ title: "Quotes | Owner console" }, { name: "robots", content: "noindex, nofollow" }];

export default function Quotes({ loaderData }: Route.ComponentProps) {
  const { status, quotes } = loaderData;
  const filters = [
    { label: "All", href: "/owner/quotes", current: status === null },
    ...FILTERS.map((f) => ({
      label: QUOTE_STATUS_LABELS[f],
      href: `/owner/quotes?status=${f}`,
      current: status === f,
    })),
  ];
  return (
    <>
      <PageTitle sub="Make a quote from a request's screen: New quote.">Quotes</PageTitle>
      <FilterChips filters={filters} />
      {quotes.length === 0 ? (
        <p className="rounded-xl border border-mortar-200 bg-white p-4">No quotes here.</p>
      ) : (
        <ul className="space-y-3">
          {quotes.map((q) => (
            <li key={q.id}>
              <a
                href={`/owner/quotes/${q.id}`}
                className="block rounded-xl border border-mortar-200 bg-white p-4 shadow-sm hover:border-ember-500"
              >
                <span className="flex items-start justify-between gap-3">
                  <span className="text-lg font-bold">{q.customer}</span>
                  <QuoteStatusBadge status={q.status} />
                </span>
                <span className="flex justify-between gap-3 font-semibold text-brick-800">
                  <span>{q.reference}</span>
                  {q.total && <span className="tabular-nums">{q.total}</span>}
                </span>
                <span className="block text-sm text-soot-800">{q.updated}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
