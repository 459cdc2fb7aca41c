// The site's visitors (counted on the server, decision 0029): per week, where they came from, and how many of them
// asked for an estimate.
import { WeekBars } from "./charts";
import { ConversionSection, Section, Table, TrafficSection } from "./reports-parts";
import type { OwnerReport } from "./reports.server";

/** What every visitor figure counts, said once where the figures start. */
const PER_DAY =
  "Visitors are counted per day: the same person on two days counts twice, so a week’s visitors add up its days.";

export function VisitorsPerWeek({ report }: { report: OwnerReport }) {
  const { visits } = report;
  return (
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
        labels={report.weeks.map((w) => w.label)}
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
  );
}

/** Top pages, where visitors came from, campaign links and devices. */
export function VisitorOrigins({ report }: { report: OwnerReport }) {
  const { visits } = report;
  return (
    <>
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
    </>
  );
}

/** Estimate requests per visitor, by source and by first page. */
export function VisitorConversion({ report }: { report: OwnerReport }) {
  const { visits } = report;
  return (
    <>
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
    </>
  );
}
