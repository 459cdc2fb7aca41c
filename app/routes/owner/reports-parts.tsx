// The pieces every report section is made of: a card with its CSV link, a table of its numbers, and the three kinds
// of bar charts with their tables (requests by category, visitors by where they came from, requests per visitor).
import type { ReactNode } from "react";
import type { Conversion, Traffic } from "~/lib/visit-report";
import { CategoryBars } from "./charts";
import type { Chart } from "./reports.server";
import { Card } from "./ui";

/** Business hours, or a dash when there is nothing to measure. */
export const hours = (h: number | null) => (h === null ? "–" : `${h} h`);

const percent = (rate: number | null) => (rate === null ? "–" : `${rate}%`);

/** A report's card: its heading, what it shows, and its numbers as a CSV download. */
export function Section({
  id,
  title,
  chart,
  children,
}: {
  id: string;
  title: string;
  chart: Chart;
  children: ReactNode;
}) {
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

/** A chart's numbers, beside it: the first column names the row, the others are right-aligned figures. */
export function Table({ caption, head, rows }: { caption: string; head: string[]; rows: (string | number)[][] }) {
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

/** Requests by one category (source, service, town): bars and their table. */
export function Categories({
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

/** Visitors (or page views) by one kind of origin: bars and a table of both. */
export function TrafficSection({
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

/** Requests per visitor by one kind of origin: the rates as bars, with visitors and requests in the table. */
export function ConversionSection({
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
