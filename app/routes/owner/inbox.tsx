// /owner: the inbox. Requests newest first, a filter by status, and how many are new. Spam is in its own folder.
import type { Route } from "./+types/inbox";
import { requireOwner } from "./guard.server";
import { StatusBadge } from "./status";
import { FilterChips, PageTitle } from "./ui";
import { isLeadStatus, LEAD_STATUSES, statusLabel } from "~/lib/lead-status";
import { localTime } from "../../../server/requests/lead-mail.ts";

const SHOWN = 200;

export async function loader(args: Route.LoaderArgs) {
  await requireOwner(args);
  const store = args.context.estimates;
  const wanted = new URL(args.request.url).searchParams.get("status");
  const status = wanted !== null && isLeadStatus(wanted) ? wanted : null;
  const rows = store.list({ status, limit: SHOWN });
  return {
    status,
    newCount: store.list({ status: "new" }).length,
    requests: rows.map((r) => ({
      id: r.id,
      name: r.name,
      service: r.service || "No service chosen",
      city: r.city,
      status: r.status,
      received: localTime(r.received_at),
      preview: r.message.replace(/\s+/g, " ").slice(0, 90),
    })),
  };
}

export const meta = () => [{ title: "Inbox | Owner console" }, { name: "robots", content: "noindex, nofollow" }];

export default function Inbox({ loaderData }: Route.ComponentProps) {
  const { status, newCount, requests } = loaderData;
  const filters: { label: string; href: string; current: boolean }[] = [
    { label: "All", href: "/owner", current: status === null },
    ...LEAD_STATUSES.map((s) => ({ label: statusLabel(s), href: `/owner?status=${s}`, current: status === s })),
    { label: "Spam", href: "/owner/spam", current: false },
  ];
  return (
    <>
      <PageTitle sub={newCount === 1 ? "1 new request" : `${newCount} new requests`}>Estimate requests</PageTitle>
      <FilterChips filters={filters} />
      {requests.length === 0 ? (
        <p className="rounded-xl border border-mortar-200 bg-white p-4">No requests here.</p>
      ) : (
        <ul className="space-y-3">
          {requests.map((r) => (
            <li key={r.id}>
              <a
                href={`/owner/requests/${r.id}`}
                className="block rounded-xl border border-mortar-200 bg-white p-4 shadow-sm hover:border-ember-500"
              >
                <span className="flex items-start justify-between gap-3">
                  <span className="text-lg font-bold">{r.name}</span>
                  <StatusBadge status={r.status} />
                </span>
                <span className="block font-semibold text-brick-800">
                  {r.service}
                  {r.city ? `, ${r.city}` : ""}
                </span>
                <span className="block text-sm text-soot-800">{r.received}</span>
                <span className="mt-1 block text-soot-800">{r.preview}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
