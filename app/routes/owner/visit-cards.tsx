// The cards of the owner's Visits (app/routes/owner/visits.tsx): an estimate visit with its clashes, its address
// to the map, call, request, move, quote and cancel; a work day marked in words with its job (decision 0047); and
// the two in the order of their start.
import { Button, consoleButton, CsrfField, Notice } from "./ui";
import type { VisitCard, WorkDayCard } from "./visits.server";
import { cn } from "~/lib/cn";
import { telHref } from "~/lib/links";
import { TEXT_LIMITS } from "~/lib/text-limits";

const LIMIT = TEXT_LIMITS.visits;

/** A visit as the list shows it, with what it clashes with: the owner's calendars, his work days. */
export type Shown = VisitCard & { clashes: string[]; workClashes: string[] };

/** A box over its limit, said next to its form with what was typed (`id`: the visit whose cancel form it was). */
export type Refused = { form: "block" | "cancel"; text: string; id: number | null };

export function VisitItem({ v, csrf, refused }: { v: Shown; csrf: string; refused?: Refused & { error: string } }) {
  return (
    <li
      className={cn(
        "rounded-xl border bg-white p-4 shadow-sm",
        v.clashes.length + v.workClashes.length > 0 ? "border-2 border-brick-700" : "border-mortar-200",
      )}
      data-testid="visit"
    >
      <p>
        <span className="rounded-full bg-brick-100 px-3 py-0.5 text-sm font-semibold text-brick-900">
          Estimate visit
        </span>
      </p>
      <p className="mt-1 text-lg font-bold">
        {v.window} · {v.name}
      </p>
      {v.clashes.length > 0 && (
        <div className="mt-1 rounded-lg bg-brick-100 px-3 py-2 text-brick-900" data-testid="clash">
          <p className="font-semibold">Clashes with your calendar:</p>
          <ul>
            {v.clashes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
          <p>The visit stays booked. Move it, or keep it and change your own plans.</p>
        </div>
      )}
      {v.workClashes.length > 0 && (
        <div className="mt-1 rounded-lg bg-brick-100 px-3 py-2 text-brick-900" data-testid="work-clash">
          <p className="font-semibold">Clashes with your work day:</p>
          <ul>
            {v.workClashes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
          <p>The visit stays booked. Move it, or move the work day from its job.</p>
        </div>
      )}
      <p className="font-semibold text-brick-800">{v.service}</p>
      <p className="mt-1">
        <a href={v.mapHref} className="font-semibold underline underline-offset-4">
          {v.address}
        </a>
      </p>
      {v.notes && <p className="mt-1 text-soot-800">Notes: {v.notes}</p>}
      <div className="mt-3 grid grid-cols-2 gap-2 min-[400px]:grid-cols-4">
        <a href={telHref(v.phone)} className={cn(consoleButton("primary"), "px-2")}>
          Call
        </a>
        <a href={`/owner/requests/${v.requestId}`} className={cn(consoleButton("quiet"), "px-2")}>
          Request
        </a>
        {/* At the visit, what he finds: the chimney condition report (decision 0054). */}
        <a href={`/owner/visits/${v.id}/report`} className={cn(consoleButton("quiet"), "px-2")}>
          Report
        </a>
        <a href={`/owner/visits/${v.id}`} className={cn(consoleButton("quiet"), "px-2")}>
          Move
        </a>
        {/* At the visit, the quote: a draft for this visit's request, on its own screen (the request's action). */}
        <form method="post" action={`/owner/requests/${v.requestId}`} className="contents">
          <CsrfField token={csrf} />
          <input type="hidden" name="intent" value="new-quote" />
          <button className={cn(consoleButton("quiet"), "px-2")}>Quote</button>
        </form>
      </div>
      {v.begun && (
        <a href={`/owner/next-year/visit/${v.id}`} className={cn(consoleButton("dark"), "mt-2 w-full")}>
          Book next year
        </a>
      )}
      <details className="mt-2" open={refused !== undefined || undefined}>
        <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-brick-800 underline underline-offset-4">
          Cancel…
        </summary>
        <form method="post" className="mt-2 grid gap-2">
          <CsrfField token={csrf} />
          <input type="hidden" name="intent" value="cancel" />
          <input type="hidden" name="id" value={v.id} />
          {refused && <Notice tone="warn">{refused.error}</Notice>}
          <label className="block">
            <span className="font-semibold">Reason (the homeowner sees it)</span>
            <input
              name="reason"
              maxLength={LIMIT.cancelReason.max}
              defaultValue={refused?.text}
              className="mt-1 block w-full rounded-lg border-2 border-mortar-300 p-2"
            />
          </label>
          <label className="flex min-h-11 items-center gap-2">
            <input type="checkbox" name="tell" value="yes" defaultChecked className="size-5" />
            Tell the homeowner by e-mail
          </label>
          <Button variant="danger">Cancel this visit</Button>
        </form>
      </details>
    </li>
  );
}

/** A work day among the visits: marked "Work day" in words, whose job, where, which day of it, when he arrives. */
export function WorkDayItem({ w }: { w: WorkDayCard }) {
  return (
    <li className="rounded-xl border-2 border-soot-800 bg-mortar-100 p-4 shadow-sm" data-testid="work-day">
      <p className="flex flex-wrap items-center gap-2">
        <span className="rounded-full bg-soot-900 px-3 py-0.5 text-sm font-semibold text-white">Work day</span>
        {w.dayOfJob && <span className="font-semibold">{w.dayOfJob}</span>}
      </p>
      <p className="mt-1 text-lg font-bold">
        Arrive {w.window} · {w.name}
      </p>
      {w.town && <p className="font-semibold text-soot-800">{w.town}</p>}
      <div className="mt-3 grid grid-cols-2 gap-2">
        <a href={`/owner/jobs/${w.jobId}`} className={cn(consoleButton("primary"), "px-2")}>
          Open the job
        </a>
        {w.phone && (
          <a href={telHref(w.phone)} className={cn(consoleButton("quiet"), "px-2")}>
            Call
          </a>
        )}
      </div>
    </li>
  );
}

/** Visits and work days of one day, in the order of their start. */
export function inOrder(visits: readonly Shown[], work: readonly WorkDayCard[]) {
  return [
    ...visits.map((v) => ({ kind: "visit" as const, starts: v.starts, v })),
    ...work.map((w) => ({ kind: "work" as const, starts: w.starts, w })),
  ].sort((a, b) => (a.starts < b.starts ? -1 : a.starts > b.starts ? 1 : a.kind === "work" ? -1 : 1));
}
