// /owner/customers/<id>: one homeowner on one screen (decision 0051). Who they look like (merge, or "Not the same
// person"), what they owe and when they are next due, how to reach them, their places with each flue, their whole
// history newest first, the chimney condition reports sent to them (decision 0054), the merges on this record with
// their Undo, and "Erase this customer". A merged customer's page opens its survivor.
import { redirect } from "react-router";
import type { Route } from "./+types/customer";
import { idParam, notFound, plainAnswer, requireOwner } from "./guard.server";
import { customerPage } from "./customer.server";
import { customerAction } from "./customer-actions.server";
import { CUSTOMER_DONE, type CustomerDone } from "./customer-words";
import { CustomerLooksLike, CustomerMerges } from "./customer-merges";
import { CustomerAtAGlance, CustomerContacts, CustomerDetails } from "./customer-summary";
import { CustomerPlaces } from "./customer-places";
import { CustomerHistoryList } from "./customer-history";
import { CustomerErase } from "./customer-erase";
import { Notice, PageTitle } from "./ui";
import { customerReports } from "./report-send.server";
import { ReportVersionsCard } from "./report-versions";
import { typedBack } from "~/lib/text-limits";

function survivor(args: Route.LoaderArgs | Route.ActionArgs) {
  const id = idParam(args.params.id);
  const customer = id === null ? undefined : args.context.estimates.customers.get(id);
  if (!customer) notFound();
  return customer;
}

export async function loader(args: Route.LoaderArgs) {
  const owner = await requireOwner(args);
  const customer = survivor(args);
  if (customer.merged_into !== null) {
    const root = args.context.estimates.customers.root(customer.id);
    throw redirect(`/owner/customers/${root}?merged=${customer.id}`, { headers: { "Cache-Control": "no-store" } });
  }
  const page = customerPage(args.context, customer.id) ?? notFound();
  const params = new URL(args.request.url).searchParams;
  const done = params.get("done");
  const mergedFrom = idParam(params.get("merged") ?? undefined);
  return {
    csrf: owner.csrf,
    done: done !== null && Object.hasOwn(CUSTOMER_DONE, done) ? (done as CustomerDone) : null,
    mergedFrom: mergedFrom === null ? null : (args.context.estimates.customers.get(mergedFrom)?.display_name ?? null),
    // The condition reports sent to them, each with its versions (decision 0054).
    reports: customerReports(args.context, customer.id),
    ...page,
  };
}

export async function action(args: Route.ActionArgs) {
  const owner = await requireOwner(args);
  const customer = survivor(args);
  if (customer.merged_into !== null)
    throw plainAnswer(409, "This customer was merged into another since the page was opened: reload it.");
  return customerAction(args.context, owner.form ?? new FormData(), customer.id);
}

export const meta = ({ data }: Route.MetaArgs) => [
  { title: `${data?.name ?? "Customer"} | Owner console` },
  { name: "robots", content: "noindex, nofollow" },
];

export default function CustomerScreen({ loaderData: d, actionData }: Route.ComponentProps) {
  const typed = typedBack(actionData);
  const requests = d.history.filter((h) => h.kind === "Request").length;
  return (
    <>
      <p className="mb-3">
        <a href="/owner/customers" className="font-semibold text-brick-800 underline underline-offset-4">
          ← Customers
        </a>
      </p>
      {d.done && !actionData && <Notice>{CUSTOMER_DONE[d.done]}</Notice>}
      {d.mergedFrom && !d.done && (
        <Notice>{d.mergedFrom} was merged into this customer: here is the whole record.</Notice>
      )}
      {actionData?.error && <Notice tone="warn">{actionData.error}</Notice>}
      <PageTitle
        sub={`${d.kind === "household" ? "Household" : "Person"} · on file since ${d.since} · ${
          requests === 1 ? "1 request" : `${requests} requests`
        }`}
      >
        {d.name}
      </PageTitle>
      <CustomerLooksLike csrf={d.csrf} name={d.name} suggestions={d.suggestions} />
      <CustomerAtAGlance owes={d.owes} next={d.next} />
      <CustomerContacts csrf={d.csrf} name={d.name} emails={d.emails} phones={d.phones} typed={typed} />
      <CustomerPlaces csrf={d.csrf} places={d.places} typed={typed} />
      {d.reports.map((r) => (
        <ReportVersionsCard key={r.reportId} csrf={d.csrf} report={r} heading="Chimney condition report" />
      ))}
      <CustomerHistoryList items={d.history} />
      <CustomerMerges csrf={d.csrf} merges={d.merges} />
      <CustomerDetails csrf={d.csrf} name={d.name} kind={d.kind} notes={d.notes} typed={typed} />
      {d.erasure && <CustomerErase csrf={d.csrf} name={d.name} erasure={d.erasure} />}
    </>
  );
}
