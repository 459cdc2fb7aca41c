// Quotes and money over the same weeks (decision 0043): quotes sent and won, won value and money collected by
// source, and days from the quote to paid in full.
import { formatCents } from "../../../server/quotes/money.ts";
import { CategoryBars } from "./charts";
import { Section, Table } from "./reports-parts";
import type { OwnerReport } from "./reports.server";

export function QuotesReport({ report }: { report: OwnerReport }) {
  const { quotes } = report;
  return (
    <Section id="quotes" title="Quotes: sent, won, how fast" chart="quotes">
      <p>
        Sent <strong>{quotes.sent}</strong>, accepted <strong>{quotes.accepted}</strong>, declined{" "}
        <strong>{quotes.declined}</strong>, expired <strong>{quotes.expired}</strong>
        {quotes.winRate !== null && (
          <>
            : <strong>{quotes.winRate}%</strong> won
          </>
        )}
        . Won value <strong>{formatCents(quotes.wonCents)}</strong>
        {quotes.medianDays !== null && (
          <>
            ; an answer came after <strong>{quotes.medianDays}</strong> days (median)
          </>
        )}
        .
      </p>
      <Table
        caption="From visitor to won, over the 12 weeks"
        head={["Visitors", "Requests", "Quotes", "Won"]}
        rows={[[quotes.funnel.visitors, quotes.funnel.requests, quotes.funnel.sent, quotes.funnel.won]]}
      />
      <p className="mt-2 text-sm text-soot-800">
        Won rate: accepted ÷ (accepted + declined + expired). A quote counts in the week it was first sent.
      </p>
    </Section>
  );
}

export function WonValueBySource({ report }: { report: OwnerReport }) {
  return (
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
  );
}

export function MoneyBySource({ report }: { report: OwnerReport }) {
  const { bySource } = report.money;
  return (
    <Section id="money-sources" title="Money collected by source" chart="money-sources">
      <p>
        Deposits and invoices paid in these 12 weeks, less refunds, under the source of the request each quote answered.
        Pending bank payments count once they clear.
      </p>
      {bySource.every((r) => r.cents === 0) ? (
        <p className="mt-2">No money collected in these weeks.</p>
      ) : (
        <CategoryBars
          rows={bySource.map((r) => ({ label: r.label, count: r.cents }))}
          format={formatCents}
          labelRoom={90}
        />
      )}
      <Table
        caption="Money collected by source"
        head={["Source", "Payments", "Collected"]}
        rows={bySource.map((r) => [r.label, r.payments, formatCents(r.cents)])}
      />
      <p className="mt-2 text-sm text-soot-800">A contract whose request was erased counts under Direct.</p>
    </Section>
  );
}

export function DaysToPaid({ report }: { report: OwnerReport }) {
  const { toPaid } = report.money;
  return (
    <Section id="days-to-paid" title="Days from quote to paid" chart="days-to-paid">
      <p>
        {toPaid.count === 0 ? (
          <>No job was paid in full in these weeks.</>
        ) : (
          <>
            <strong>{toPaid.count}</strong> job{toPaid.count === 1 ? " was" : "s were"} paid in full in these weeks,{" "}
            <strong>{toPaid.medianDays}</strong> days after the quote was first sent (median: half were paid sooner).
          </>
        )}
      </p>
      <p className="mt-2 text-sm text-soot-800">
        Paid in full: every invoice of the job paid; for a job with no invoice yet, its deposit.
      </p>
    </Section>
  );
}
