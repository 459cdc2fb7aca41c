// "Block a day" on the owner's Visits (app/routes/owner/visits.tsx): the form with the days off to open again, and
// what was booked on the days just blocked: the visits, to move to the next open times or keep, and the work days,
// which stay where they are and are named with their job (decision 0047).
import { Button, Card, consoleButton, CsrfField, Notice } from "./ui";
import type { Refused } from "./visit-cards";
import type { VisitCard, WorkDayCard } from "./visits.server";
import { TEXT_LIMITS } from "~/lib/text-limits";

const LIMIT = TEXT_LIMITS.visits;

/** The days just blocked: the visits booked on them and the work days that stay. */
export function BlockedCard({
  blocked,
  csrf,
}: {
  blocked: { label: string; visits: readonly VisitCard[]; work: readonly WorkDayCard[] };
  csrf: string;
}) {
  return (
    <Card className="mb-5 border-brick-300">
      <h2 className="font-serif text-xl font-bold">Blocked: {blocked.label}</h2>
      {blocked.work.length > 0 && (
        <div className="mt-2" data-testid="blocked-work">
          <p>Work days stay where they are:</p>
          <ul className="mt-1 space-y-1">
            {blocked.work.map((w) => (
              <li key={w.id}>
                You have work for <strong>{w.name}</strong>
                {w.town ? ` in ${w.town}` : ""} on {w.dayLabel}:{" "}
                <a href={`/owner/jobs/${w.jobId}`} className="font-semibold underline underline-offset-4">
                  move it from the job
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      {blocked.visits.length === 0 ? (
        <p className="mt-1">No visits were booked then. Homeowners cannot pick it now.</p>
      ) : (
        <>
          <p className="mt-1">
            {blocked.visits.length === 1 ? "1 visit is" : `${blocked.visits.length} visits are`} booked then:
          </p>
          <ul className="mt-2 space-y-1">
            {blocked.visits.map((v) => (
              <li key={v.id}>
                {v.dayLabel}, {v.window}: <strong>{v.name}</strong>, {v.address}
              </li>
            ))}
          </ul>
          <form method="post" className="mt-3 grid gap-2 sm:flex">
            <CsrfField token={csrf} />
            <input type="hidden" name="intent" value="move-blocked" />
            {blocked.visits.map((v) => (
              <input key={v.id} type="hidden" name="visit" value={v.id} />
            ))}
            <Button>Move them to the next open times and tell them</Button>
            <a href="/owner/visits?done=kept" className={consoleButton("quiet")}>
              Keep them; I will call
            </a>
          </form>
        </>
      )}
    </Card>
  );
}

/** The form that blocks a day or a range, and the days off, each to open again. */
export function BlockDayCard({
  csrf,
  today,
  refused,
  daysOff,
}: {
  csrf: string;
  today: string;
  refused: (Refused & { error: string }) | null;
  daysOff: readonly { id: number; label: string; note: string }[];
}) {
  return (
    <Card className="mt-8">
      <h2 className="font-serif text-xl font-bold">Block a day</h2>
      <p className="mt-1 text-soot-800">
        Weather, a sick day, a big job: homeowners cannot pick it for an estimate visit. Work days on it stay; move them
        from their job.
      </p>
      <form method="post" className="mt-3 grid gap-3 sm:grid-cols-2">
        <CsrfField token={csrf} />
        <input type="hidden" name="intent" value="block" />
        {refused?.form === "block" && (
          <div className="sm:col-span-2">
            <Notice tone="warn">{refused.error}</Notice>
          </div>
        )}
        <label className="block">
          <span className="font-semibold">Day</span>
          <input
            type="date"
            name="first"
            required
            min={today}
            className="mt-1 block min-h-11 w-full rounded-lg border-2 border-mortar-300 p-2"
          />
        </label>
        <label className="block">
          <span className="font-semibold">Until (for more than one day)</span>
          <input
            type="date"
            name="last"
            min={today}
            className="mt-1 block min-h-11 w-full rounded-lg border-2 border-mortar-300 p-2"
          />
        </label>
        <label className="block sm:col-span-2">
          <span className="font-semibold">Why (a note for you)</span>
          <input
            name="note"
            maxLength={LIMIT.blockNote.max}
            defaultValue={refused?.form === "block" ? refused.text : undefined}
            placeholder="Snow"
            className="mt-1 block w-full rounded-lg border-2 border-mortar-300 p-2"
          />
        </label>
        <Button variant="dark" className="sm:col-span-2 sm:justify-self-start">
          Block
        </Button>
      </form>
      {daysOff.length > 0 && (
        <>
          <h3 className="mt-5 font-bold">Days off</h3>
          <ul className="mt-2 space-y-2">
            {daysOff.map((d) => (
              <li key={d.id} className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  {d.label}
                  {d.note ? ` · ${d.note}` : ""}
                </span>
                <form method="post">
                  <CsrfField token={csrf} />
                  <input type="hidden" name="intent" value="unblock" />
                  <input type="hidden" name="id" value={d.id} />
                  <Button variant="quiet">Open again</Button>
                </form>
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
