// /owner/reports: the last 12 weeks at a glance, on a phone. Visitors (counted on the server, decision 0029), where
// they came from and how many asked for an estimate; requests per week, where they came from, services, towns, won
// and lost, and speed to lead against the call-back promise. Charts are SVG drawn here (no script); each has its
// numbers in a table beside it and a CSV download.
import type { ReactNode } from "react";
import type { Conversion, Traffic } from "~/lib/visit-report";
import type { Route } from "./+types/reports";
import { requireOwner } from "./guard.server";
import { CategoryBars, WeekBars } from "./charts";
import { ownerReport, type Chart } from "./reports.server";
import { Card, PageTitle } from "./ui";
import { formatCents } from "../../../server/quotes/money.ts";

export async function loader(args: Route.LoaderArgs) {
  await requireOwner(args);
  return { report: ownerReport(args.context) };
}

export const meta = () => [{ title: "Reports | Owner console" }, { name: "robots", content: "noindex, nofollow" }];

const hours = (h: number | null) => (h === null ? "–" : `${h} h`);

function Section({ id, title, chart, children }: { id: string; title: string; chart: Chart; children: ReactNode }) {
  return (
    <Card className="mb-5">
      <h2 id={id} className="font-serif text-xl font-bold">
        {title}
      </h2>
      <div className="mt-2">{children}</div>
      <p className="mt-2">
        <a
          href={`/owner/reports.csv?chart=${chart}`}
          className="inline-flex min-h-11 items-center font-semibold underline underline-offset-4"
        >
          Download “{title}” as CSV
        </a>
      </p>
    </Card>
  );
}

function Table({ caption, head, rows }: { caption: string; head: string[]; rows: (string | number)[][] }) {
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {head.map((h, i) => (
              <th
                key={h}
                scope="col"
                className={
                  i > 0 ? "border-b border-mortar-300 py-1 pl-2 text-right" : "border-b border-mortar-300 py-1"
                }
              >
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={String(r[0])}>
              {r.map((c, i) =>
                i === 0 ? (
                  // A long page address breaks anywhere, so four columns still fit a phone.
                  <th
                    key={i}
                    scope="row"
                    className="border-b border-mortar-200 py-1 font-normal [overflow-wrap:anywhere]"
                  >
                    {c}
                  </th>
                ) : (
                  <td key={i} className="border-b border-mortar-200 py-1 pl-2 text-right tabular-nums">
                    {c}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Categories({
  id,
  title,
  chart,
  rows,
  what,
}: {
  id: string;
  title: string;
  chart: Chart;
  rows: { label: string; count: number }[];
  what: string;
}) {
  return (
    <Section id={id} title={title} chart={chart}>
      {rows.length === 0 ? (
        <p>No requests in these weeks.</p>
      ) : (
        <>
          <CategoryBars rows={rows} />
          <Table caption={title} head={[what, "Requests"]} rows={rows.map((r) => [r.label, r.count])} />
        </>
      )}
    </Section>
  );
}

/** What every visitor figure counts, said once where the figures start. */
const PER_DAY =
  "Visitors are counted per day: the same person on two days counts twice, so a week’s visitors add up its days.";

function TrafficSection({
  id,
  title,
  chart,
  rows,
  what,
  note,
  by = "visitors",
}: {
  id: string;
  title: string;
  chart: Chart;
  rows: Traffic[];
  what: string;
  note: string;
  by?: "visitors" | "views";
}) {
  return (
    <Section id={id} title={title} chart={chart}>
      <p>{note}</p>
      {rows.length === 0 ? (
        <p className="mt-2">No visitors counted in these weeks.</p>
      ) : (
        <>
          <CategoryBars rows={rows.map((r) => ({ label: r.label, count: r[by] }))} />
          <Table
            caption={title}
            head={[what, "Visitors", "Page views"]}
            rows={rows.map((r) => [r.label, r.visitors, r.views])}
          />
        </>
      )}
    </Section>
  );
}

const percent = (rate: number | null) => (rate === null ? "–" : `${rate}%`);

function ConversionSection({
  id,
  title,
  chart,
  rows,
  what,
  note,
}: {
  id: string;
  title: string;
  chart: Chart;
  rows: Conversion[];
  what: string;
  note: string;
}) {
  const drawn = rows.flatMap((r) => (r.rate === null ? [] : [{ label: r.label, count: r.rate }]));
  return (
    <Section id={id} title={title} chart={chart}>
      <p>{note}</p>
      {rows.length === 0 ? (
        <p className="mt-2">No visitors counted in these weeks.</p>
      ) : (
        <>
          {drawn.length > 0 && <CategoryBars rows={drawn} format={(n) => `${n}%`} />}
          <Table
            caption={title}
            // "Rate", short: four columns fit a phone; the note above says what it divides.
            head={[what, "Visitors", "Requests", "Rate"]}
            rows={rows.map((r) => [r.label, r.visitors, r.requests, percent(r.rate)])}
          />
        </>
      )}
    </Section>
  );
}

export default function Reports({ loaderData }: Route.ComponentProps) {
  const { report } = loaderData;
  const labels = report.weeks.map((w) => w.label);
  const promise = `${report.promiseHours} business hour${report.promiseHours === 1 ? "" : "s"}`;
  const { visits } = report;
  return (
    <>
      <PageTitle sub={`The last 12 weeks, from the week of ${labels[0] ?? ""}. Spam is left out.`}>Reports</PageTitle>

      <Card className="mb-5">
        <dl className="grid grid-cols-2 gap-3">
          <div>
            <dt className="text-sm text-soot-800">Requests</dt>
            <dd className="font-serif text-3xl font-bold">{report.total}</dd>
          </div>
          <div>
            <dt className="text-sm text-soot-800">This week</dt>
            <dd className="font-serif text-3xl font-bold">{report.weeks.at(-1)?.requests ?? 0}</dd>
          </div>
          <div>
            <dt className="text-sm text-soot-800">Won rate</dt>
            <dd className="font-serif text-3xl font-bold">{report.wonRate === null ? "–" : `${report.wonRate}%`}</dd>
          </div>
          <div>
            <dt className="text-sm text-soot-800">Answered within {promise}</dt>
            <dd className="font-serif text-3xl font-bold">
              {report.speed.answered === 0 ? "–" : `${report.speed.withinPromise} of ${report.speed.answered}`}
            </dd>
          </div>
        </dl>
      </Card>

      <Section id="visitors" title="Visitors per week" chart="visitors">
        <p>
          {PER_DAY} Page views count every page opened. Bots, link previews, the console and your own signed-in browser
          are left out. In these 12 weeks: <strong>{visits.visitors}</strong> visitors, <strong>{visits.views}</strong>{" "}
          page views.
        </p>
        <p className="mt-2 flex flex-wrap gap-x-4 text-sm">
          <span>
            <span className="mr-1 inline-block size-3 bg-soot-950" /> Visitors
          </span>
          <span>
            <span className="mr-1 inline-block size-3 bg-ember-500" /> Page views
          </span>
        </p>
        <WeekBars
          labels={labels}
          series={[
            { values: visits.weeks.map((w) => w.visitors), className: "fill-soot-950" },
            { values: visits.weeks.map((w) => w.views), className: "fill-ember-500" },
          ]}
        />
        <Table
          caption="Visitors per week"
          head={["Week of", "Visitors", "Page views"]}
          rows={visits.weeks.map((w) => [w.label, w.visitors, w.views])}
        />
      </Section>

      <TrafficSection
        id="pages"
        title="Top pages"
        chart="pages"
        rows={visits.pages}
        what="Page"
        by="views"
        note="Page views per page in these 12 weeks, with the day’s visitors who opened it added up. Addresses that do not exist are counted together as “Not found”."
      />
      <TrafficSection
        id="referrers"
        title="Where visitors came from"
        chart="referrers"
        rows={visits.sources}
        what="Came from"
        note="Visitors by the website that sent them to their first page: search engines by name, other sites by address. “Direct” means none did (typed in, a bookmark, an app, or an e-mail)."
      />
      <TrafficSection
        id="campaigns"
        title="Campaign links"
        chart="campaigns"
        rows={visits.campaigns}
        what="Tag"
        note="Visitors who came by a link tagged with utm_source or utm_campaign (an ad, a newsletter, your Google Business Profile)."
      />
      <TrafficSection
        id="devices"
        title="Phones, tablets and computers"
        chart="devices"
        rows={visits.devices}
        what="Device"
        note="Visitors by the kind of device, told from the browser’s name, which is not kept."
      />
      <ConversionSection
        id="conversion-sources"
        title="Requests per visitor, by source"
        chart="conversion-sources"
        rows={visits.bySource}
        what="Came from"
        note="The rate is estimate requests ÷ visitors from each source, in these 12 weeks: 5% means 5 requests for every 100 visitors. A request counts under the site its sender first came from."
      />
      <ConversionSection
        id="conversion-pages"
        title="Requests per visitor, by first page"
        chart="conversion-pages"
        rows={visits.byLandingPage}
        what="First page"
        note="The rate is estimate requests ÷ visitors who started their visit on each page. A request counts under the first page its sender opened; “Not recorded” when the browser did not say."
      />

      <Section id="per-week" title="Requests per week" chart="weeks">
        <WeekBars
          labels={labels}
          series={[{ values: report.weeks.map((w) => w.requests), className: "fill-ember-500" }]}
        />
        <Table
          caption="Requests per week"
          head={["Week of", "Requests"]}
          rows={report.weeks.map((w) => [w.label, w.requests])}
        />
      </Section>

      <Categories id="sources" title="Where they came from" chart="sources" rows={report.sources} what="Source" />
      <Categories id="services" title="By service" chart="services" rows={report.services} what="Service" />
      <Categories id="towns" title="By town" chart="towns" rows={report.towns} what="Town" />

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

      <Section id="quotes" title="Quotes: sent, won, how fast" chart="quotes">
        <p>
          Sent <strong>{report.quotes.sent}</strong>, accepted <strong>{report.quotes.accepted}</strong>, declined{" "}
          <strong>{report.quotes.declined}</strong>, expired <strong>{report.quotes.expired}</strong>
          {report.quotes.winRate !== null && (
            <>
              : <strong>{report.quotes.winRate}%</strong> won
            </>
          )}
          . Won value <strong>{formatCents(report.quotes.wonCents)}</strong>
          {report.quotes.medianDays !== null && (
            <>
              ; an answer came after <strong>{report.quotes.medianDays}</strong> days (median)
            </>
          )}
          .
        </p>
        <Table
          caption="From visitor to won, over the 12 weeks"
          head={["Visitors", "Requests", "Quotes", "Won"]}
          rows={[
            [
              report.quotes.funnel.visitors,
              report.quotes.funnel.requests,
              report.quotes.funnel.sent,
              report.quotes.funnel.won,
            ],
          ]}
        />
        <p className="mt-2 text-sm text-soot-800">
          Won rate: accepted ÷ (accepted + declined + expired). A quote counts in the week it was first sent.
        </p>
      </Section>

      <Section id="quote-sources" title="Won value by source" chart="quote-sources">
        <Table
          caption="Requests, quotes and won value by where the request came from"
          head={["Source", "Requests", "Quotes", "Won"]}
          rows={report.quotes.bySource.map((r) => [
            r.label,
            r.requests,
            r.sent,
            r.won ? `${r.won}: ${formatCents(r.wonCents)}` : "0",
          ])}
        />
        <p className="mt-2 text-sm text-soot-800">
          A quote counts under the source of its request; one whose request was erased, under Direct.
        </p>
      </Section>

      <Section id="money-sources" title="Money collected by source" chart="money-sources">
        <p>
          Deposits and invoices paid in these 12 weeks, less refunds, under the source of the request each quote
          answered. Pending bank payments count once they clear.
        </p>
        {report.money.bySource.every((r) => r.cents === 0) ? (
          <p className="mt-2">No money collected in these weeks.</p>
        ) : (
          <CategoryBars
            rows={report.money.bySource.map((r) => ({ label: r.label, count: r.cents }))}
            format={formatCents}
            labelRoom={90}
          />
        )}
        <Table
          caption="Money collected by source"
          head={["Source", "Payments", "Collected"]}
          rows={report.money.bySource.map((r) => [r.label, r.payments, formatCents(r.cents)])}
        />
        <p className="mt-2 text-sm text-soot-800">A contract whose request was erased counts under Direct.</p>
      </Section>

      <Section id="days-to-paid" title="Days from quote to paid" chart="days-to-paid">
        <p>
          {report.money.toPaid.count === 0 ? (
            <>No job was paid in full in these weeks.</>
          ) : (
            <>
              <strong>{report.money.toPaid.count}</strong> job{report.money.toPaid.count === 1 ? " was" : "s were"} paid
              in full in these weeks, <strong>{report.money.toPaid.medianDays}</strong> days after the quote was first
              sent (median: half were paid sooner).
            </>
          )}
        </p>
        <p className="mt-2 text-sm text-soot-800">
          Paid in full: every invoice of the job paid; for a job with no invoice yet, its deposit.
        </p>
      </Section>

      <Section id="speed" title="Speed to lead" chart="speed">
        <p>
          Business hours from a request to its first status change, per week: the median (half were answered faster) and
          the slowest tenth (90th percentile), against your promise of a call back within {promise}.
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
          labels={labels}
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
    </>
  );
}
