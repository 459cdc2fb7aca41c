// "Book next year"'s page parts: the proposal with its windows and the address to confirm (one POST), the day picker
// (a GET: looking changes nothing), and the booked visit. Plain forms, no script.
import { CalendarCheck } from "lucide-react";
import { Button, Card, consoleButton, CsrfField } from "./ui";
import type { NextYearData } from "./next-year.server";

type Pick = Extract<NextYearData, { state: "pick" }>;
type Booked = Extract<NextYearData, { state: "booked" }>;

const input = "mt-1 block w-full rounded-lg border border-stone-400 bg-white px-3 py-2.5 text-base";

/** Where the proposal comes from, in one sentence the owner can check. */
function Why({ d }: { d: Pick }) {
  if (d.picked) return <p className="text-soot-800">The day you picked.</p>;
  return (
    <p className="text-soot-800">
      After {d.doneWhat} on {d.doneLabel}: the same week next year, in your slow season ({d.season}).
      {d.day && d.day.day !== d.ruleDay && ` ${d.ruleLabel} has no open window, so this is the nearest that does.`}
    </p>
  );
}

export function Proposal({ d, csrf, error }: { d: Pick; csrf: string; error: string | null }) {
  return (
    <div className="space-y-4">
      <Card>
        <h2 className="font-serif text-xl font-bold">{d.day ? d.day.label : "No open window near the season"}</h2>
        <div className="mt-1">
          <Why d={d} />
        </div>
        {d.pickRefused && <p className="mt-2 font-semibold text-brick-800">Pick a day from tomorrow on.</p>}
      </Card>
      {d.day ? (
        <form method="post" className="space-y-4">
          <CsrfField token={csrf} />
          <input type="hidden" name="intent" value="book" />
          <fieldset className="rounded-xl border border-mortar-200 bg-white p-3">
            <legend className="px-1 font-bold">Arrival window</legend>
            <div className="mt-1 grid gap-2 min-[420px]:grid-cols-2 md:grid-cols-4">
              {d.day.windows.map((w) => (
                <label
                  key={w.value}
                  className="flex min-h-11 items-center gap-2 rounded-lg border-2 border-mortar-300 px-2 font-semibold has-[:checked]:border-soot-950 has-[:checked]:bg-mortar-100"
                >
                  <input
                    type="radio"
                    name="window"
                    value={w.value}
                    defaultChecked={w.checked}
                    required
                    className="size-5 shrink-0"
                  />
                  <span className="whitespace-nowrap">{w.label}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset className="grid gap-3 rounded-xl border border-mortar-200 bg-white p-3 sm:grid-cols-2">
            <legend className="px-1 font-bold">Where</legend>
            <label className="font-semibold">
              Street
              <input name="street" defaultValue={d.street} required maxLength={200} className={input} />
            </label>
            <label className="font-semibold">
              Town
              <input name="town" defaultValue={d.town} required maxLength={100} className={input} />
            </label>
          </fieldset>
          {error && (
            <p role="alert" className="font-semibold text-brick-800">
              {error}
            </p>
          )}
          <p className="text-soot-800">
            {d.name} gets the usual invite at {d.email}, with their link to keep, move or cancel it. Their reminders for
            this chimney stop while the visit is booked.
          </p>
          <Button className="w-full sm:w-auto">
            <CalendarCheck aria-hidden="true" className="size-5" />
            Book it and send the invite
          </Button>
        </form>
      ) : (
        error && (
          <p role="alert" className="font-semibold text-brick-800">
            {error}
          </p>
        )
      )}
      <form method="get" className="rounded-xl border border-mortar-200 bg-white p-3">
        <label htmlFor="next-year-day" className="font-bold">
          Another day
        </label>
        <div className="mt-1 flex flex-wrap gap-2">
          <input
            id="next-year-day"
            type="date"
            name="day"
            min={d.minDay}
            defaultValue={d.day?.day ?? d.ruleDay}
            required
            className="min-h-11 rounded-lg border border-stone-400 bg-white px-3"
          />
          <Button variant="quiet">Show its windows</Button>
        </div>
      </form>
    </div>
  );
}

export function BookedAhead({ d }: { d: Booked }) {
  return (
    <Card>
      <h2 className="font-serif text-xl font-bold">Next year’s visit is booked</h2>
      <p className="mt-2 text-lg font-semibold" data-testid="booked-ahead">
        {d.when}
      </p>
      <p className="text-soot-800">{d.address}</p>
      <p className="mt-2 text-soot-800">
        {d.name} has the invite at {d.email}, with their link to keep, move or cancel it.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <a href={`/owner/requests/${d.requestId}`} className={consoleButton("quiet")}>
          Its request
        </a>
        <a href="/owner/visits" className={consoleButton("quiet")}>
          Visits
        </a>
      </div>
    </Card>
  );
}

/** "Book next year" on a done job's screen or a begun visit's: the button, or the visit once booked. */
export function BookNextYearCard({ offer }: { offer: { href: string; booked: string | null } }) {
  return (
    <Card className="mb-4">
      <h2 className="font-serif text-xl font-bold">Next year</h2>
      {offer.booked ? (
        <p className="mt-2">
          Booked ahead: <strong>{offer.booked}</strong>.{" "}
          <a href={offer.href} className="font-semibold text-brick-800 underline underline-offset-4">
            See it
          </a>
        </p>
      ) : (
        <>
          <p className="mt-2 text-soot-800">Book the homeowner’s next visit now, in your slow season.</p>
          <a href={offer.href} className={`${consoleButton("dark")} mt-3 w-full sm:w-auto`}>
            <CalendarCheck aria-hidden="true" className="size-5" />
            Book next year
          </a>
        </>
      )}
    </Card>
  );
}
