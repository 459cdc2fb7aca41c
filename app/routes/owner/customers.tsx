// /owner/customers: every homeowner on one list (decision 0051). One box finds a name, a street, a phone (typed any
// way) or an e-mail; the merges the site suggests come first, for the owner to decide; the CSV takes them all away.
import type { Route } from "./+types/customers";
import { requireOwner } from "./guard.server";
import { customersList } from "./customers.server";
import { CustomerCard } from "./customer-card";
import { consoleButton, Notice, PageTitle } from "./ui";
import { TEXT_LIMITS } from "~/lib/text-limits";

const LIMIT = TEXT_LIMITS.customer.search;

export async function loader(args: Route.LoaderArgs) {
  await requireOwner(args);
  const params = new URL(args.request.url).searchParams;
  const query = (params.get("q") ?? "").trim().slice(0, LIMIT.max);
  const count = (name: string) => {
    const value = params.get(name);
    return value !== null && /^\d{1,6}$/.test(value) ? Number(value) : null;
  };
  const erased = count("erased");
  return {
    query,
    erased: erased === null ? null : { requests: erased, kept: count("kept") ?? 0 },
    ...customersList(args.context, query),
  };
}

export const meta = () => [{ title: "Customers | Owner console" }, { name: "robots", content: "noindex, nofollow" }];

export default function Customers({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      {d.erased && (
        <Notice>
          Erased, with {d.erased.requests === 1 ? "1 request" : `${d.erased.requests} requests`}. Their e-mails and
          phones stay on the do-not-mail list as a code.
          {d.erased.kept > 0 &&
            ` Kept for your books: ${d.erased.kept === 1 ? "1 signed quote" : `${d.erased.kept} signed quotes`} with invoices and payments.`}
        </Notice>
      )}
      <PageTitle sub={d.total === 1 ? "1 customer on file." : `${d.total} customers on file.`}>Customers</PageTitle>
      <form method="get" role="search" className="mb-5">
        <label htmlFor="customer-search" className="block text-sm font-semibold">
          {LIMIT.label}
        </label>
        <div className="mt-1 flex gap-2">
          <input
            id="customer-search"
            type="search"
            name="q"
            defaultValue={d.query}
            maxLength={LIMIT.max}
            placeholder="e.g. 828-1234"
            autoComplete="off"
            className="block min-h-11 w-full min-w-0 rounded-lg border-2 border-mortar-300 bg-white px-3"
          />
          <button className={consoleButton("dark")}>Find</button>
        </div>
      </form>
      <p className="-mt-2 mb-5">
        <a href="/owner/campaigns" className={consoleButton("quiet")}>
          Campaigns and reminders
        </a>
      </p>

      {d.suggestions.length > 0 && (
        <section aria-labelledby="suggested" className="mb-6">
          <h2 id="suggested" className="font-serif text-xl font-bold">
            Suggested merges
          </h2>
          <p className="mb-2 text-sm text-soot-800">
            Same phone, e-mail or address. Open one to merge them, or to say they differ.
          </p>
          <ul className="space-y-3">
            {d.suggestions.map((s) => (
              <li key={`${s.a.id}-${s.b.id}`} className="rounded-xl border-2 border-ember-500 bg-white p-4">
                <p className="font-semibold text-brick-800">{s.reasons.join(" · ")}</p>
                {[s.a, s.b].map((c) => (
                  <p key={c.id} className="mt-1">
                    <a href={`/owner/customers/${c.id}#looks-like`} className="font-bold underline underline-offset-4">
                      {c.displayName}
                    </a>
                    <span className="block text-sm text-soot-800">
                      {c.places[0] ?? "No address on file"} ·{" "}
                      {c.requests === 1 ? "1 request" : `${c.requests} requests`}
                    </span>
                  </p>
                ))}
              </li>
            ))}
          </ul>
          {d.moreSuggestions && <p className="mt-2 text-sm">More wait behind these: merge or part these first.</p>}
        </section>
      )}

      <section aria-labelledby="found">
        <h2 id="found" className="mb-2 font-serif text-xl font-bold">
          {d.query ? `Found for “${d.query}”` : "Changed lately"}
        </h2>
        {d.customers.length === 0 ? (
          <p className="rounded-xl border border-mortar-200 bg-white p-4">
            {d.query ? "Nobody matches. Try the phone number, the street, or part of the name." : "No customers yet."}
          </p>
        ) : (
          <ul className="space-y-3" aria-labelledby="found">
            {d.customers.map((c) => (
              <li key={c.id}>
                <CustomerCard customer={c} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <p className="mt-6 flex flex-wrap gap-2">
        <a href="/owner/customers.csv" className={consoleButton("quiet")} download>
          Download all customers (CSV)
        </a>
        <a href="/owner/customers/import" className={consoleButton("quiet")}>
          Import customers from a file
        </a>
      </p>
    </>
  );
}
