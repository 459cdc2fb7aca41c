// Chimney condition reports over the same weeks (decision 0054): how many were sent (corrections apart), and the
// quotes won from them: a quote on the report's request accepted after the report went.
import { formatCents } from "../../../server/quotes/money.ts";
import { Section, Table } from "./reports-parts";
import type { OwnerReport } from "./reports.server";

export function ConditionReports({ report }: { report: OwnerReport }) {
  const c = report.conditionReports;
  return (
    <Section
      id="condition-reports"
      title="Condition reports: sent, and the quotes won from them"
      chart="condition-reports"
    >
      <p>
        Sent <strong>{c.sent}</strong>
        {c.corrections > 0 && (
          <>
            {" "}
            (and <strong>{c.corrections}</strong> {c.corrections === 1 ? "correction" : "corrections"})
          </>
        )}
        ; <strong>{c.reportsWon}</strong> led to a quote won: <strong>{c.quotesWon}</strong>{" "}
        {c.quotesWon === 1 ? "quote" : "quotes"}, <strong>{formatCents(c.wonCents)}</strong>.
      </p>
      <Table
        caption="Condition reports over the 12 weeks"
        head={["Sent", "Corrections", "Led to a quote won", "Quotes won", "Won value"]}
        rows={[[c.sent, c.corrections, c.reportsWon, c.quotesWon, formatCents(c.wonCents)]]}
      />
      <p className="mt-2 text-sm text-soot-800">
        A report counts in the week it was first sent; a quote is won from it when it is on the same request and was
        accepted after the report went.
      </p>
    </Section>
  );
}
