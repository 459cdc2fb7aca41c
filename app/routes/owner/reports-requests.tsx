// The estimate requests: per week, where they came from, services and towns, visits booked, won and lost.
import { CategoryBars, WeekBars } from "./charts";
import { Categories, Section, Table } from "./reports-parts";
import type { OwnerReport } from "./reports.server";

export function RequestsPerWeek({ report }: { report: OwnerReport }) {
  return (
    <Section id="per-week" title="Requests per week" chart="weeks">
      <WeekBars
        labels={report.weeks.map((w) => w.label)}
        series={[{ values: report.weeks.map((w) => w.requests), className: "fill-ember-500" }]}
      />
      <Table
        caption="Requests per week"
        head={["Week of", "Requests"]}
        rows={report.weeks.map((w) => [w.label, w.requests])}
      />
    </Section>
  );
}

/** Requests by source, by service and by town. */
export function RequestCategories({ report }: { report: OwnerReport }) {
  return (
    <>
      <Categories id="sources" title="Where they came from" chart="sources" rows={report.sources} what="Source" />
      <Categories id="services" title="By service" chart="services" rows={report.services} what="Service" />
      <Categories id="towns" title="By town" chart="towns" rows={report.towns} what="Town" />
    </>
  );
}

export function VisitsBooked({ report }: { report: OwnerReport }) {
  return (
    <Section id="booking" title="Visits booked" chart="booking">
      <p>
        Of {report.total} requests, <strong>{report.booking.online}</strong> booked the estimate visit online,{" "}
        <strong>{report.booking.byOwner}</strong> were booked by you, <strong>{report.booking.none}</strong> have no
        visit booked.
        {report.booking.outsideShare !== null && (
          <>
            {" "}
            <strong>{report.booking.outsideShare}%</strong> of the online bookings came outside business hours.
          </>
        )}
      </p>
      <CategoryBars
        rows={[
          { label: "Booked online", count: report.booking.online },
          { label: "Booked by you", count: report.booking.byOwner },
          { label: "No visit", count: report.booking.none },
        ]}
      />
      <Table
        caption="Visits booked"
        head={["", "Requests"]}
        rows={[
          ["Booked online", report.booking.online],
          ["Booked by you", report.booking.byOwner],
          ["No visit", report.booking.none],
          ["Online, outside business hours", report.booking.outsideHours],
        ]}
      />
    </Section>
  );
}

export function WonAndLost({ report }: { report: OwnerReport }) {
  return (
    <Section id="outcome" title="Won and lost" chart="outcome">
      <p>
        Won <strong>{report.won}</strong>, lost <strong>{report.lost}</strong>
        {report.wonRate !== null && (
          <>
            : <strong>{report.wonRate}%</strong> of the decided requests won
          </>
        )}
        .
      </p>
      <Table
        caption="Won and lost"
        head={["", "Requests"]}
        rows={[
          ["Won", report.won],
          ["Lost", report.lost],
          ["Won rate", report.wonRate === null ? "–" : `${report.wonRate}%`],
        ]}
      />
    </Section>
  );
}
