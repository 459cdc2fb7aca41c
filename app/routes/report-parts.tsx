// The parts of the homeowner's condition report page (app/routes/report.tsx, decision 0054), drawn from the frozen
// snapshot with no script: the "Do not use" banner, the short list most urgent first, what was looked at and what
// could not be, each finding with its photos and plain words, and the parts in good order, one line each with the
// photo kept to compare with next year. Every photo is sized, lazy and described by its part, state and note.
import type { ReactNode } from "react";
import type { ReportSnapshot, SnapshotFinding, SnapshotPhoto } from "../../server/reports/report-snapshot.ts";
import {
  fitted,
  findingHeadline,
  findingTitle,
  pageWords,
  photoAlt,
  recheckText,
} from "../../server/reports/report-summary.ts";
import { dayText } from "../../server/quotes/quote-view.ts";

const h2 = "mt-10 text-2xl font-bold";

/** A photo from the report's link: its 480 px copy, linking to the 1600 px one. */
function Photo({
  base,
  snapshot,
  f,
  photo,
  index,
  className = "",
}: {
  base: string;
  snapshot: ReportSnapshot;
  f: SnapshotFinding;
  photo: SnapshotPhoto;
  index: number;
  className?: string;
}) {
  const { width, height } = fitted(photo, 480);
  return (
    <a href={`${base}/photos/${photo.sha256}`} className={`block overflow-hidden rounded-lg ${className}`}>
      <img
        src={`${base}/photos/${photo.sha256}-small`}
        width={width}
        height={height}
        alt={photoAlt(snapshot, f, index)}
        loading="lazy"
        decoding="async"
        className="h-auto w-full bg-mortar-200"
      />
    </a>
  );
}

export function DoNotUseBanner({ snapshot, items }: { snapshot: ReportSnapshot; items: SnapshotFinding[] }) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="do-not-use" className="mt-6 rounded-card bg-brick-800 p-4 text-white">
      <h2 id="do-not-use" className="text-2xl font-bold">
        {snapshot.words.doNotUse.label}
      </h2>
      <p className="mt-1 text-lg">{snapshot.words.doNotUse.says}</p>
      <ul className="mt-2 list-disc pl-6 text-lg">
        {items.map((f) => (
          <li key={f.number}>
            <a href={`#f${f.number}`} className="font-semibold text-white underline">
              {findingTitle(snapshot, f)}
            </a>
            : {findingHeadline(f)}
          </li>
        ))}
      </ul>
    </section>
  );
}

const TONE: Record<string, string> = {
  "do-not-use": "bg-brick-800 text-white",
  repair: "bg-brick-100 text-brick-800",
  watch: "bg-amber-100 text-amber-950",
  "not-inspected": "bg-mortar-200 text-soot-950",
  good: "bg-green-50 text-green-900",
};

function StateTag({ snapshot, f }: { snapshot: ReportSnapshot; f: SnapshotFinding }) {
  const key = f.doNotUse ? "do-not-use" : f.state;
  const label = f.doNotUse ? snapshot.words.doNotUse.label : snapshot.words.states[f.state].label;
  return <span className={`rounded px-1.5 py-0.5 text-sm font-semibold whitespace-nowrap ${TONE[key]}`}>{label}</span>;
}

export function Summary({ snapshot, items }: { snapshot: ReportSnapshot; items: SnapshotFinding[] }) {
  const words = pageWords(snapshot);
  return (
    <section aria-labelledby="summary">
      <h2 id="summary" className={h2}>
        {words.summary}
      </h2>
      <p className="mt-1 text-stone-600">{words.summaryIntro}</p>
      {items.length === 0 ? (
        <p className="mt-3 text-lg">{words.nothingUrgent}</p>
      ) : (
        <ol className="mt-3 space-y-3">
          {items.map((f) => {
            const day = f.state === "watch" ? recheckText(f) : null;
            return (
              <li key={f.number} className="rounded-card border border-mortar-200 bg-white p-3 shadow-card">
                <p className="flex flex-wrap items-baseline gap-x-2">
                  <a href={`#f${f.number}`} className="text-lg font-bold underline underline-offset-4">
                    {f.number}. {findingTitle(snapshot, f)}
                  </a>
                  <StateTag snapshot={snapshot} f={f} />
                </p>
                <p className="mt-1">{findingHeadline(f)}</p>
                {f.state === "watch" && f.worseIf && (
                  <p className="mt-1 text-sm">
                    <strong>{words.worseIf}:</strong> {f.worseIf}
                  </p>
                )}
                {day && (
                  <p className="mt-1 text-sm">
                    <strong>{words.recheck}:</strong> {day}
                  </p>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="py-2">
      <dt className="font-semibold">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function Scope({ snapshot, notInspected }: { snapshot: ReportSnapshot; notInspected: SnapshotFinding[] }) {
  const words = pageWords(snapshot);
  const { scope } = snapshot;
  return (
    <section aria-labelledby="scope">
      <h2 id="scope" className={h2}>
        {words.scope}
      </h2>
      <dl className="mt-2 divide-y divide-mortar-200">
        <Row label={scope.levelLabel}>{scope.levelSays}</Row>
        <Row label="Weather">{scope.weatherLabel}</Row>
        <Row label="The top of the chimney">{scope.roofAccessLabel}</Row>
        <Row label={snapshot.flues.length === 1 ? "Flue" : "Flues"}>
          {snapshot.flues.map((f) => f.label).join(", ")}
        </Row>
      </dl>
      {(scope.limits || notInspected.length > 0) && (
        <>
          <h3 className="mt-4 text-lg font-bold">{words.notInspected}</h3>
          {scope.limits && <p className="mt-1">{scope.limits}</p>}
          {notInspected.length > 0 && (
            <ul className="mt-1 list-disc pl-6">
              {notInspected.map((f) => (
                <li key={f.number} id={f.photos.length > 0 ? undefined : `f${f.number}`}>
                  {findingTitle(snapshot, f)}: {f.notInspectedWhy}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

function Said({ label, children }: { label: string; children: ReactNode }) {
  return (
    <p className="mt-2">
      <strong>{label}:</strong> {children}
    </p>
  );
}

export function FindingDetail({ base, snapshot, f }: { base: string; snapshot: ReportSnapshot; f: SnapshotFinding }) {
  const words = pageWords(snapshot);
  const day = recheckText(f);
  return (
    <article id={`f${f.number}`} aria-labelledby={`f${f.number}-h`} className="mt-8 border-t border-mortar-200 pt-4">
      <h3 id={`f${f.number}-h`} className="flex flex-wrap items-baseline gap-x-2 text-xl font-bold">
        <span>
          {f.number}. {findingTitle(snapshot, f)}
        </span>
        <StateTag snapshot={snapshot} f={f} />
      </h3>
      {f.defect && <p className="mt-1 text-lg font-semibold">{f.defect.name}</p>}
      {f.photos.length > 0 && (
        <div
          className={`mt-3 grid gap-2 ${f.photos.length === 1 ? "grid-cols-1 sm:w-2/3" : "grid-cols-2 sm:grid-cols-3"}`}
        >
          {f.photos.map((p, i) => (
            <Photo key={p.sha256 + i} base={base} snapshot={snapshot} f={f} photo={p} index={i} />
          ))}
        </div>
      )}
      {f.state === "not-inspected" && (
        <Said label={snapshot.words.states["not-inspected"].label}>{f.notInspectedWhy}</Said>
      )}
      {f.note && <Said label={words.saw}>{f.note}</Said>}
      <Said label={words.whatItIs}>{f.defect?.what ?? f.partWhat}</Said>
      <Said label={words.whyItMatters}>{f.defect?.why ?? f.partWhy}</Said>
      {f.defect && <Said label={words.recommend}>{f.defect.recommend}</Said>}
      {f.state === "watch" && f.worseIf && <Said label={words.worseIf}>{f.worseIf}</Said>}
      {f.state === "watch" && day && <Said label={words.recheck}>{day}</Said>}
    </article>
  );
}

export function GoodParts({
  base,
  snapshot,
  items,
}: {
  base: string;
  snapshot: ReportSnapshot;
  items: SnapshotFinding[];
}) {
  if (items.length === 0) return null;
  const words = pageWords(snapshot);
  return (
    <section aria-labelledby="good">
      <h2 id="good" className={h2}>
        {words.good}
      </h2>
      <p className="mt-1 text-stone-600">{words.goodIntro}</p>
      <ul className="mt-3 divide-y divide-mortar-200">
        {items.map((f) => {
          const photo = f.photos[0];
          return (
            <li key={f.number} id={`f${f.number}`} className="flex items-center gap-3 py-2">
              {photo ? (
                <Photo base={base} snapshot={snapshot} f={f} photo={photo} index={0} className="w-24 shrink-0" />
              ) : (
                <span className="w-24 shrink-0" aria-hidden="true" />
              )}
              <span>
                <strong>{findingTitle(snapshot, f)}</strong>: {findingHeadline(f)}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** "For Dana Whitfield, 1204 N Main St, Bloomington · visit of Mar 16, 2027" */
export function forWhom(snapshot: ReportSnapshot): string {
  const c = snapshot.customer;
  return `For ${[c.name, c.street, c.town].filter(Boolean).join(", ")} · visit of ${dayText(snapshot.visitDay)}`;
}
