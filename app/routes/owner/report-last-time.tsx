// Next year's visit on the report page (decision 0054): last time's findings for this property's flues, a Watch
// whose day to look again has come first, each with last time's photo beside this year's and three buttons, Better,
// Same, Worse: one tap stores the comparison on this year's finding. Plain forms: they work without script.
import { Card, CsrfField, Notice } from "./ui";
import { TREND_LABELS, TRENDS } from "~/lib/last-time";
import type { LastTimeItem } from "../../../server/reports/report-history.ts";

function Photo({ src, alt }: { src: string | null; alt: string }) {
  if (!src)
    return (
      <div className="flex aspect-square w-full items-center justify-center rounded-lg bg-mortar-100 p-2 text-center text-sm text-soot-800">
        No photo yet
      </div>
    );
  return (
    <a href={src} className="block overflow-hidden rounded-lg">
      <img
        src={`${src}-thumb`}
        alt={alt}
        width={240}
        height={240}
        loading="lazy"
        className="aspect-square w-full bg-mortar-200 object-cover"
      />
    </a>
  );
}

export function ReportLastTime({
  csrf,
  base,
  items,
  problem,
}: {
  csrf: string;
  base: string;
  items: readonly LastTimeItem[];
  problem?: { key: string; text: string };
}) {
  const unplaced = problem && !items.some((i) => i.key === problem.key) ? problem.text : null;
  if (items.length === 0) return unplaced ? <Notice tone="warn">{unplaced}</Notice> : null;
  const since = items[0]?.previous.visitDay;
  return (
    <Card className="mt-5">
      <h2 className="font-serif text-xl font-bold">Last time</h2>
      <p className="mt-1 text-soot-800">
        What the report{since ? ` of ${since}` : ""} found on these flues. Compare each part with what you see now.
      </p>
      {unplaced && (
        <p role="alert" className="mt-2 font-semibold text-brick-800">
          {unplaced}
        </p>
      )}
      <ul className="mt-3 space-y-4">
        {items.map((item) => (
          <li key={item.key} id={`last-${item.key}`} className="rounded-lg border-2 border-mortar-200 p-3">
            <h3 className="font-semibold">
              {item.partName} · {item.flue}
            </h3>
            <p className={item.previous.due ? "font-semibold text-brick-800" : "text-soot-800"}>
              Last time: {item.previous.stateLabel}
              {item.previous.defect ? `, ${item.previous.defect.toLowerCase()}` : ""}
              {item.previous.recheck
                ? item.previous.due
                  ? `. Recheck was due ${item.previous.recheck}.`
                  : `. Recheck by ${item.previous.recheck}.`
                : ""}
            </p>
            {item.previous.note && <p className="mt-0.5 text-sm text-soot-800">“{item.previous.note}”</p>}
            <div className="mt-2 grid max-w-md grid-cols-2 gap-2">
              <figure>
                <Photo src={item.previous.photo} alt={`${item.partName} last time`} />
                <figcaption className="mt-1 text-sm">Last time</figcaption>
              </figure>
              <figure>
                <Photo src={item.now.photo} alt={`${item.partName} this visit`} />
                <figcaption className="mt-1 text-sm">
                  This visit{item.now.stateLabel ? `: ${item.now.stateLabel}` : ""}
                </figcaption>
              </figure>
            </div>
            <form method="post" action={`${base}#last-${item.key}`} className="mt-3">
              <CsrfField token={csrf} />
              <input type="hidden" name="intent" value="trend" />
              <input type="hidden" name="flue" value={item.flueId} />
              <input type="hidden" name="part" value={item.part} />
              <fieldset>
                <legend className="text-sm font-semibold">Since last time it is</legend>
                <div className="mt-1 grid grid-cols-3 gap-2">
                  {TRENDS.map((t) => (
                    <button
                      key={t}
                      type="submit"
                      name="trend"
                      value={t}
                      aria-pressed={item.trend === t}
                      className="min-h-12 rounded-lg border-2 border-mortar-300 px-2 font-semibold aria-pressed:border-soot-950 aria-pressed:bg-soot-950 aria-pressed:text-mortar-50"
                    >
                      {TREND_LABELS[t]}
                    </button>
                  ))}
                </div>
              </fieldset>
              {problem?.key === item.key && (
                <p role="alert" className="mt-1 font-semibold text-brick-800">
                  {problem.text}
                </p>
              )}
            </form>
          </li>
        ))}
      </ul>
    </Card>
  );
}
