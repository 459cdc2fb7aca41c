// A customer in a list: their name, how to reach them, where they live, how many requests and the last one.
import type { CustomerSummary } from "../../../server/store/customer-search.ts";

export type CustomerCardData = CustomerSummary & { last: string | null };

export function CustomerCard({ customer: c, href = true }: { customer: CustomerCardData; href?: boolean }) {
  const body = (
    <>
      <span className="block text-lg font-bold">{c.displayName}</span>
      {c.phones.length + c.emails.length === 0 && (
        <span className="block text-sm text-soot-800">No phone or e-mail on file</span>
      )}
      {c.phones[0] && <span className="block text-sm text-soot-800">{c.phones[0]}</span>}
      {c.emails[0] && <span className="block text-sm break-all text-soot-800">{c.emails[0]}</span>}
      {c.places.length > 0 && <span className="block text-sm text-soot-800">{c.places.slice(0, 2).join("; ")}</span>}
      <span className="block text-sm font-semibold text-brick-800">
        {c.requests === 1 ? "1 request" : `${c.requests} requests`}
        {c.last ? ` · last ${c.last}` : ""}
      </span>
    </>
  );
  return href ? (
    <a
      href={`/owner/customers/${c.id}`}
      className="block rounded-xl border border-mortar-200 bg-white p-4 shadow-sm hover:border-ember-500"
    >
      {body}
    </a>
  ) : (
    <div>{body}</div>
  );
}
