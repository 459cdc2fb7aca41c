// A dry run as the owner reads it: the file, counts that add up, every refused row by its number, a few of each kind,
// what happens about reminder e-mails, and the one button that imports this very file.
import type { DryRunView } from "./customer-import.server";
import type { Example } from "../../../server/customer-import/summary.ts";
import { Button, Card, CsrfField } from "./ui";
import { cn } from "~/lib/cn";

const n = (value: number) => value.toLocaleString("en-US");
const customers = (count: number) => `${n(count)} ${count === 1 ? "customer" : "customers"}`;

function Tile({ label, value, hint, tone }: { label: string; value: number; hint: string; tone?: "warn" }) {
  return (
    <div
      className={cn(
        "rounded-lg border-2 p-3",
        tone === "warn" && value > 0 ? "border-brick-700 bg-brick-100" : "border-mortar-200 bg-mortar-50",
      )}
    >
      <dt className="text-sm font-semibold">{label}</dt>
      <dd className="font-serif text-3xl font-bold">{n(value)}</dd>
      <dd className="text-sm text-soot-800">{hint}</dd>
    </div>
  );
}

function Examples({ title, list, total }: { title: string; list: Example[]; total: number }) {
  if (total === 0) return null;
  return (
    <details className="mt-2 rounded-lg border border-mortar-200 px-3">
      <summary className="flex min-h-11 cursor-pointer items-center font-semibold">
        {title} ({n(total)})
      </summary>
      <ul className="mb-3 space-y-1">
        {list.map((e) => (
          <li key={e.row}>
            <span className="text-soot-800">Row {e.row}:</span> <span className="font-semibold">{e.name}</span>
            {e.detail && <>, {e.detail}</>}
          </li>
        ))}
        {total > list.length && <li className="text-soot-800">…and {n(total - list.length)} more.</li>}
      </ul>
    </details>
  );
}

export function DryRunSummary({ csrf, dryRun }: { csrf: string; dryRun: DryRunView }) {
  const { summary, toImport } = dryRun;
  const { counts, marketing } = summary;
  return (
    <Card className="mb-5">
      <h2 className="font-serif text-xl font-bold">What this file would do</h2>
      <p className="mt-1 text-soot-800">
        <span className="font-semibold break-all text-soot-950">{dryRun.fileName}</span>: {dryRun.format}, read as{" "}
        {dryRun.encoding}. Nothing has changed yet.
      </p>
      <p className="mt-3 text-lg">
        <span className="font-bold">{n(summary.rows)} rows read</span> = {n(counts.new)} new + {n(counts.matched)}{" "}
        already here + {n(counts.suggested)} possible duplicates + {n(counts.refused)} refused
      </p>
      {summary.blankRows > 0 && (
        <p className="text-sm text-soot-800">
          {n(summary.blankRows)} blank {summary.blankRows === 1 ? "row was" : "rows were"} skipped.
        </p>
      )}
      <dl className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Tile label="New" value={counts.new} hint="new customers" />
        <Tile label="Already here" value={counts.matched} hint="updated, not doubled" />
        <Tile label="Possible duplicates" value={counts.suggested} hint="come in with a merge to look at" />
        <Tile label="Refused" value={counts.refused} hint="left out, see why" tone="warn" />
      </dl>

      {counts.refused > 0 && (
        <section aria-labelledby="refused-heading" className="mt-4">
          <h3 id="refused-heading" className="font-semibold">
            Refused rows ({n(counts.refused)})
          </h3>
          <ul className="mt-1 space-y-1">
            {summary.refused.map((r) => (
              <li key={r.row} className="rounded border-l-4 border-brick-700 bg-brick-100 px-3 py-1">
                <span className="font-semibold">Row {r.row}:</span> {r.reasons.join("; ")}.
              </li>
            ))}
            {summary.refusedHidden > 0 && <li>…and {n(summary.refusedHidden)} more.</li>}
          </ul>
          <p className="mt-2 text-sm text-soot-800">
            Fix them in your spreadsheet and import the file again later: the customers already in are updated, never
            doubled.
          </p>
        </section>
      )}

      <Examples title="New customers" list={summary.examples.new} total={counts.new} />
      <Examples title="Already here" list={summary.examples.matched} total={counts.matched} />
      <Examples title="Possible duplicates" list={summary.examples.suggested} total={counts.suggested} />

      <section aria-labelledby="mail-heading" className="mt-4">
        <h3 id="mail-heading" className="font-semibold">
          Reminder e-mails
        </h3>
        <ul className="mt-1 list-disc space-y-1 pl-5">
          <li>{customers(marketing.signedUp)} said yes to visit reminders in Jobber: they can get your reminders.</li>
          <li>
            {customers(marketing.notSignedUp)} {marketing.notSignedUp === 1 ? "is" : "are"} not signed up: the file does
            not say they said yes.
          </li>
          {marketing.staysOff > 0 && (
            <li>
              {customers(marketing.staysOff)} on your do-not-mail list {marketing.staysOff === 1 ? "stays" : "stay"} on
              it, whatever the file says.
            </li>
          )}
        </ul>
      </section>

      {toImport > 0 ? (
        <form method="post" className="mt-5">
          <CsrfField token={csrf} />
          <input type="hidden" name="batch" value={dryRun.batchId} />
          <input type="hidden" name="hash" value={dryRun.hash} />
          <Button name="intent" value="commit" className="w-full sm:w-auto">
            Import {customers(toImport)}
          </Button>
          <p className="mt-1 text-sm text-soot-800">
            Imports this file as you see it here (looked at {dryRun.at}). You can undo the whole import later.
          </p>
        </form>
      ) : (
        <p className="mt-5 font-semibold">Nothing in this file can come in: fix the refused rows and try again.</p>
      )}
      <p className="mt-3">
        <a href="/owner/customers/import" className="inline-flex min-h-11 items-center underline underline-offset-4">
          Look at another file instead
        </a>
      </p>
    </Card>
  );
}
