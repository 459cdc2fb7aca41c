// Returning customers (decision 0055): who came back, the rebook rate of the last twelve months, the busy season's
// visits booked ahead against its places, and the money from returning customers (the books' cents).
import { dayLabel } from "~/lib/visit-labels";
import { formatCents } from "../../../server/quotes/money.ts";
import { Section, Table } from "./reports-parts";
import type { OwnerReport } from "./reports.server";

const share = (part: number, whole: number) => (whole === 0 ? "–" : `${Math.round((100 * part) / whole)}%`);

export function ReturningCustomers({ report }: { report: OwnerReport }) {
  const r = report.repeat;
  const thisYear = Number(r.today.slice(0, 4));
  const day = (d: string) => dayLabel(d, { thisYear });
  return (
    <Section id="returning" title="Returning customers and next year’s visits" chart="returning">
      <dl className="grid grid-cols-2 gap-3" data-testid="returning-figures">
        <div>
          <dt className="text-sm text-soot-800">Returning customers</dt>
          <dd className="font-serif text-3xl font-bold">
            {r.returning} <span className="font-sans text-base font-normal">of {r.customersWithWork}</span>
          </dd>
        </div>
        <div>
          <dt className="text-sm text-soot-800">Rebook rate</dt>
          <dd className="font-serif text-3xl font-bold">{r.rebookRate === null ? "–" : `${r.rebookRate}%`}</dd>
        </div>
        <div>
          <dt className="text-sm text-soot-800">Busy season booked ahead</dt>
          <dd className="font-serif text-3xl font-bold">
            {r.busy.bookedAhead} <span className="font-sans text-base font-normal">of {r.busy.capacity} places</span>
          </dd>
        </div>
        <div>
          <dt className="text-sm text-soot-800">From returning customers</dt>
          <dd className="font-serif text-3xl font-bold">{formatCents(r.revenue.returningCents)}</dd>
        </div>
      </dl>
      <Table
        caption="Returning customers, rebooking and the busy season"
        head={["Figure", "Count", "Share"]}
        rows={[
          ["Customers with work done", r.customersWithWork, ""],
          ["Came back (work in two years, or a request after)", r.returning, share(r.returning, r.customersWithWork)],
          [`Jobs and visits done since ${day(r.since)}`, r.done, ""],
          ["…with next year’s visit booked ahead", r.rebooked, share(r.rebooked, r.done)],
          [`Busy season ${day(r.busy.first)} – ${day(r.busy.last)}: booked ahead`, r.busy.bookedAhead, ""],
          ["…its places (open windows)", r.busy.capacity, share(r.busy.bookedAhead, r.busy.capacity)],
          [`Collected since ${day(r.since)}`, formatCents(r.revenue.totalCents), ""],
          [
            "…from returning customers",
            formatCents(r.revenue.returningCents),
            share(r.revenue.returningCents, r.revenue.totalCents),
          ],
        ]}
      />
      <p className="mt-2 text-sm text-soot-800">
        Rebook rate: done jobs and estimate visits of the last twelve months whose customer has a visit booked ahead
        since. Places: your open windows in the busy season (October to January), booked or not.
      </p>
    </Section>
  );
}
