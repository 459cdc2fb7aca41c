// "Make the quote from these findings" on a visit's condition report (decision 0054): each Repair now finding is
// ticked with the line its defect suggests from the owner's presets; each Watch can be ticked; a finding left out
// says why ("Not quoted because …", shown when it is unticked, by CSS, so it works without script). One tap makes
// the request's draft quote (or adds to it) and opens it.
import { Card, CsrfField } from "./ui";
import type { FindingChoice } from "~/lib/finding-quote";
import type { QuoteFromFindings } from "../../../server/reports/report-quote.ts";

const input = "mt-1 block min-h-12 w-full rounded-lg border-2 border-mortar-300 bg-white px-3 text-base font-normal";

function Problem({ text, id }: { text: string | undefined; id: string }) {
  if (!text) return null;
  return (
    <p id={id} role="alert" className="mt-1 font-semibold text-brick-800">
      {text}
    </p>
  );
}

export function ReportQuoteForm({
  csrf,
  base,
  view,
  problems,
  posted,
}: {
  csrf: string;
  base: string;
  view: QuoteFromFindings;
  problems?: Record<string, string>;
  /** What was posted, when it was refused: the form keeps it. */
  posted?: readonly FindingChoice[];
}) {
  if (view.items.length === 0 && view.onQuote.length === 0) return null;
  const newQuote = view.quoteId === null && view.onQuote.length > 0;
  return (
    <Card className="mt-5">
      <h2 id="quote" className="font-serif text-xl font-bold">
        The quote from these findings
      </h2>
      <p className="mt-1 text-soot-800">
        Each Repair now is quoted with the line its defect suggests; tick a Watch to quote it too. A finding you leave
        out needs a reason: the homeowner sees what was found and what was quoted.
      </p>
      {newQuote && view.items.length > 0 && (
        <p className="mt-2">The request has no draft quote now: the lines go on a new one.</p>
      )}
      {view.quoteId !== null && (
        <p className="mt-2">
          The lines go on{" "}
          <a href={`/owner/quotes/${view.quoteId}`} className="font-semibold underline underline-offset-4">
            this request&apos;s draft quote
          </a>
          .
        </p>
      )}
      {view.onQuote.length > 0 && (
        <div className="mt-3">
          <h3 className="font-semibold">Already quoted</h3>
          <ul className="mt-1 list-inside list-disc">
            {view.onQuote.map((f) => (
              <li key={f.number}>
                Finding {f.number}: {f.title}, on{" "}
                <a href={`/owner/quotes/${f.quoteId}`} className="font-semibold underline underline-offset-4">
                  {f.reference}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      {view.items.length > 0 && (
        <form method="post" action={`${base}#quote`} className="mt-4 space-y-4">
          <CsrfField token={csrf} />
          <input type="hidden" name="intent" value="quote" />
          <Problem text={problems?.findings} id="quote-findings-problem" />
          {view.items.map((f) => {
            const presetProblem = problems?.[`preset-${f.findingId}`];
            const reasonProblem = problems?.[`reason-${f.findingId}`];
            const was = posted?.find((c) => c.findingId === f.findingId);
            return (
              <fieldset key={f.findingId} className="group rounded-lg border-2 border-mortar-200 p-3">
                <input type="hidden" name="finding" value={f.findingId} />
                <legend className="px-1 font-semibold">
                  Finding {f.number} · {f.stateLabel}
                  {f.doNotUse ? " · Do not use" : ""}
                </legend>
                <div className="flex items-start gap-3">
                  {f.photo && (
                    <img
                      src={`${base}/photos/${f.photo}-thumb`}
                      alt={`Finding ${f.number}: ${f.title}`}
                      width={80}
                      height={80}
                      className="size-20 shrink-0 rounded-lg bg-mortar-200 object-cover"
                    />
                  )}
                  <p className="font-semibold">{f.title}</p>
                </div>
                <label className="mt-3 flex min-h-12 items-center gap-3 font-semibold">
                  <input
                    type="checkbox"
                    name={`quote-${f.findingId}`}
                    defaultChecked={was ? was.quote : f.quote}
                    className="q size-6 accent-brick-700"
                  />
                  Quote it
                </label>
                <label className="mt-2 block font-semibold group-not-has-[.q:checked]:hidden">
                  Quote line
                  <select
                    name={`preset-${f.findingId}`}
                    defaultValue={was ? was.preset : f.preset}
                    aria-invalid={presetProblem ? true : undefined}
                    aria-describedby={presetProblem ? `preset-${f.findingId}-problem` : undefined}
                    className={input}
                  >
                    <option value="">Choose a line</option>
                    {view.presets.map((p) => (
                      <option key={p.key} value={p.key}>
                        {p.name}
                      </option>
                    ))}
                  </select>
                </label>
                <Problem text={presetProblem} id={`preset-${f.findingId}-problem`} />
                <label className="mt-2 block font-semibold group-has-[.q:checked]:hidden">
                  Not quoted because…
                  <textarea
                    name={`reason-${f.findingId}`}
                    defaultValue={was ? was.reason : f.reason}
                    maxLength={300}
                    rows={2}
                    aria-invalid={reasonProblem ? true : undefined}
                    aria-describedby={reasonProblem ? `reason-${f.findingId}-problem` : undefined}
                    className={`${input} py-2`}
                  />
                </label>
                <Problem text={reasonProblem} id={`reason-${f.findingId}-problem`} />
              </fieldset>
            );
          })}
          <button
            type="submit"
            className="inline-flex min-h-12 w-full items-center justify-center rounded-lg bg-soot-950 px-5 text-lg font-semibold text-mortar-50 hover:bg-soot-800 sm:w-auto"
          >
            Make the quote from these findings
          </button>
        </form>
      )}
    </Card>
  );
}
