// Speed to lead: business hours from a request to its first status change, per week, against the call-back promise.
import { WeekBars } from "./charts";
import { hours, Section, Table } from "./reports-parts";
import { promiseWords } from "./reports-summary";
import type { OwnerReport } from "./reports.server";

export function SpeedToLead({ report }: { report: OwnerReport }) {
  return (
    <Section id="speed" title="Speed to lead" chart="speed">
      <p>
        Business hours from a request to its first status change, per week: the median (half were answered faster) and
        the slowest tenth (90th percentile), against your promise of a call back within {promiseWords(report)}.
      </p>
      <p className="mt-2 flex flex-wrap gap-x-4 text-sm">
        <span>
          <span className="mr-1 inline-block size-3 bg-soot-950" /> Median
        </span>
        <span>
          <span className="mr-1 inline-block size-3 bg-ember-500" /> 90th percentile
        </span>
        <span>
          <span className="mr-1 inline-block h-0.5 w-4 bg-brick-700 align-middle" /> Promise
        </span>
      </p>
      <WeekBars
        labels={report.weeks.map((w) => w.label)}
        unit="h"
        series={[
          { values: report.weeks.map((w) => w.median), className: "fill-soot-950" },
          { values: report.weeks.map((w) => w.p90), className: "fill-ember-500" },
        ]}
        goal={{ value: report.promiseHours, label: `Promise: ${report.promiseHours} h` }}
      />
      <Table
        caption="Speed to lead per week, in business hours"
        head={["Week of", "Answered", "Median", "90th pct.", `Within ${report.promiseHours} h`]}
        rows={report.weeks.map((w) => [w.label, w.answered, hours(w.median), hours(w.p90), w.withinPromise])}
      />
    </Section>
  );
}
