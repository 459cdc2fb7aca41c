// /owner/visits/calendars: the owner's own calendars, both ways (decision 0031). In: the secret iCal addresses he
// pasted, when each was last read, what went wrong in his words, Read now and Remove; their busy times close booking
// windows; an address that can never be read (an internal one, a failing certificate) is refused at Add. Out: the
// address of his visits' feed, made here (made again only once he says yes, as the old one stops), and shown once on
// the page the 303 leads to, with a webcal: link that adds it to his phone's calendar in one tap.
import { data, redirect } from "react-router";
import type { Route } from "./+types/calendars";
import { feedAddresses, whenLabel } from "./calendars.server";
import { boxText, field, idParam, notFound, requireOwner, unknownIntent } from "./guard.server";
import { AddCalendarForm } from "./calendars-add";
import { Button, Card, consoleButton, CsrfField, Notice, PageTitle } from "./ui";
import { business } from "~/content/business";
import { cn } from "~/lib/cn";
import { overLimit, TEXT_LIMITS } from "~/lib/text-limits";
import { yearIn } from "~/lib/visit-labels";

/** How long adding or "Read now" waits for the read, so the page shows it read when the calendar answers quickly. */
const WAIT_FOR_READ_MS = 8_000;

const DONE = {
  added: "Added.",
  removed: "Removed. Its busy times no longer close any window.",
  read: "Read again.",
  feed: "The new address was shown once, when it was made. If your phone did not get it, make a new one.",
} as const;

export async function loader(args: Route.LoaderArgs) {
  const owner = await requireOwner(args);
  const { calendars } = args.context;
  const now = args.context.now();
  const thisYear = yearIn(now, business.timeZone);
  const done = new URL(args.request.url).searchParams.get("done");
  const list = calendars.list().map((c) => ({
    id: c.id,
    label: c.label,
    shown: c.shown,
    reading: c.reading,
    stale: c.stale,
    read: c.readAt ? whenLabel(c.readAt, now, thisYear) : null,
    problem: c.problem,
    problemSince: c.problemSince ? whenLabel(c.problemSince, now, thisYear) : null,
    notes: c.notes,
    busyCount: c.busyCount,
  }));
  const madeAt = calendars.feed.madeAt();
  const fetchedAt = calendars.feed.fetchedAt();
  const every = calendars.readEveryMs / 1000;
  // A new address is shown on this one page, once: a reload shows it no more, and makes no other.
  const fresh = calendars.feed.takeNew(owner.id);
  return {
    csrf: owner.csrf,
    every: every % 60 === 0 ? `${every / 60} minute${every === 60 ? "" : "s"}` : `${every} seconds`,
    calendars: list,
    // The page looks again by itself while a calendar is read, but not while it shows an address it shows once.
    reading: list.some((c) => c.reading) && fresh === null,
    feed: {
      made: madeAt ? whenLabel(madeAt, now, thisYear) : null,
      fetched: fetchedAt ? whenLabel(fetchedAt.toISOString(), now, thisYear) : null,
      fresh: fresh ? feedAddresses(args.context.siteOrigin, fresh) : null,
    },
    done: done !== null && Object.hasOwn(DONE, done) ? (done as keyof typeof DONE) : null,
  };
}

export async function action(args: Route.ActionArgs) {
  const owner = await requireOwner(args);
  const { calendars, owner: console_, clientIp } = args.context;
  const form = owner.form;
  const intent = field(form, "intent", 20);
  const back = (done: keyof typeof DONE, status = 302) =>
    redirect(`/owner/visits/calendars?done=${done}`, { status, headers: { "Cache-Control": "no-store" } });
  if (intent === "add") {
    const address = boxText(form, "address");
    const label = boxText(form, "label");
    const typed = { address, label };
    // Said at the box it is about: the name's when only the name is too long, else the address's.
    const over = overLimit(address, LIMIT.address);
    if (over) return data({ error: over, field: "address" as const, typed }, { status: 400 });
    const longName = overLimit(label, LIMIT.label);
    if (longName) return data({ error: longName, field: "label" as const, typed }, { status: 400 });
    const added = await calendars.addAndRead(address, label, WAIT_FOR_READ_MS);
    if ("error" in added) return data({ error: added.error, field: "address" as const, typed }, { status: 400 });
    console_.audit.log("calendar added", { ip: clientIp, detail: label || "calendar" });
    return back("added");
  }
  if (intent === "read" || intent === "remove") {
    const id = idParam(field(form, "id", 12));
    const known = id !== null && calendars.list().some((c) => c.id === id);
    if (id === null || !known) notFound();
    if (intent === "remove") {
      calendars.remove(id);
      console_.audit.log("calendar removed", { ip: clientIp, detail: String(id) });
      return back("removed");
    }
    await calendars.readWithin(id, WAIT_FOR_READ_MS);
    return back("read");
  }
  if (intent === "feed") {
    // A new address stops the old one, and his phone with it: asked first, and made only on his yes.
    if (calendars.feed.madeAt() !== null && field(form, "confirm", 3) !== "yes") {
      return data({ confirmFeed: true }, { headers: { "Cache-Control": "no-store" } });
    }
    calendars.feed.rotate(owner.id);
    console_.audit.log("visits feed address made", { ip: clientIp });
    // Post/redirect/get: the next page shows the address once, so a reload cannot make another.
    return back("feed", 303);
  }
  unknownIntent();
}

export const meta = ({ data: loaderData }: Route.MetaArgs) => [
  { title: "Calendars | Owner console" },
  { name: "robots", content: "noindex, nofollow" },
  // While a calendar is being read, the page looks again by itself (no script in the console).
  ...(loaderData?.reading ? [{ httpEquiv: "refresh", content: "3" }] : []),
];

const LIMIT = TEXT_LIMITS.calendars;

const input = "mt-1 block min-h-11 w-full rounded-lg border-2 border-mortar-300 bg-white p-2";

export default function Calendars({ loaderData, actionData }: Route.ComponentProps) {
  const { calendars, csrf, feed, done, every } = loaderData;
  const typed = actionData && "typed" in actionData ? actionData.typed : null;
  const refused = actionData && "field" in actionData ? { error: actionData.error, field: actionData.field } : null;
  const made = feed.fresh;
  const confirming = actionData !== undefined && "confirmFeed" in actionData;
  return (
    <>
      <p className="mb-3">
        <a href="/owner/visits" className="font-semibold text-brick-800 underline underline-offset-4">
          ← Visits
        </a>
      </p>
      {done && !actionData && !(done === "feed" && made) && <Notice>{DONE[done]}</Notice>}
      <PageTitle sub="Your busy times close booking windows; your visits go on your phone's calendar.">
        Calendars
      </PageTitle>

      <Card>
        <h2 className="font-serif text-xl font-bold">Your calendars</h2>
        <p className="mt-1 text-soot-800">
          Anything busy in them closes the booking windows it overlaps. Read every {every}; events shown as Free are
          left out.
        </p>
        {calendars.length === 0 ? (
          <p className="mt-3 font-semibold">None yet.</p>
        ) : (
          <ul className="mt-3 space-y-3">
            {calendars.map((c) => (
              <li
                key={c.id}
                data-testid="calendar"
                className={cn("rounded-lg border-2 p-3", c.problem ? "border-brick-300" : "border-mortar-200")}
              >
                <p className="font-bold">{c.label}</p>
                <p className="text-sm break-all text-soot-800">{c.shown}</p>
                <p className="mt-1">
                  {c.reading
                    ? "Being read now…"
                    : c.read
                      ? `Read ${c.read}${c.busyCount !== null ? `: ${c.busyCount === 1 ? "1 busy time" : `${c.busyCount} busy times`} ahead` : ""}.`
                      : "Not read yet."}
                </p>
                {c.problem && (
                  <p className="mt-1 font-semibold text-brick-900" data-testid="calendar-problem">
                    {c.problemSince ? `Not read since ${c.problemSince}: ` : ""}
                    {c.problem}
                    {c.read ? " The busy times read before still count." : ""}
                  </p>
                )}
                {c.notes.map((note) => (
                  <p key={note} className="mt-1 text-soot-800">
                    {note}
                  </p>
                ))}
                <div className="mt-2 flex flex-wrap gap-2">
                  <form method="post">
                    <CsrfField token={csrf} />
                    <input type="hidden" name="intent" value="read" />
                    <input type="hidden" name="id" value={c.id} />
                    <Button variant="quiet">Read now</Button>
                  </form>
                  <form method="post">
                    <CsrfField token={csrf} />
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="id" value={c.id} />
                    <Button variant="quiet" aria-label={`Remove ${c.label}`}>
                      Remove
                    </Button>
                  </form>
                </div>
              </li>
            ))}
          </ul>
        )}
        <AddCalendarForm csrf={csrf} typed={typed} refused={refused} />
        <p className="mt-3 text-sm text-soot-800">
          Google: Settings, your calendar, “Secret address in iCal format”. iPhone: Calendar, Calendars, the (i) beside
          the calendar, Public Calendar, Share Link. Outlook: Settings, Calendar, Shared calendars, Publish, the ICS
          link.{" "}
          <a href="/owner/help#calendars" className="font-semibold underline underline-offset-4">
            More in the help
          </a>
        </p>
      </Card>

      <Card className="mt-5">
        <h2 className="font-serif text-xl font-bold">Your visits on your phone</h2>
        <p className="mt-1 text-soot-800">
          Booked visits appear in your phone&apos;s calendar: name, phone, address and the link to the request. Your
          phone looks for changes by itself (Google about twice a day); the alert and the invite still tell you at once.
        </p>
        {made ? (
          <div className="mt-3 grid gap-3" data-testid="feed-address">
            <Notice>
              The address is ready. It is shown only now: add it on your phone before you leave this page.
            </Notice>
            <a href={made.webcal} className={consoleButton("primary")}>
              {"Add to my phone's calendar"}
            </a>
            <a href={made.google} className={consoleButton("quiet")}>
              Add to Google Calendar
            </a>
            <label className="block">
              <span className="font-semibold">Or copy this address</span>
              <input readOnly value={made.https} className={cn(input, "font-mono text-sm")} />
            </label>
          </div>
        ) : (
          <p className="mt-3">
            {feed.made
              ? `Address made ${feed.made}. ${feed.fetched ? `A calendar app last fetched it ${feed.fetched}.` : "No calendar app has fetched it since the server started."}`
              : "No address yet."}
          </p>
        )}
        {confirming ? (
          <div className="mt-3 grid gap-3" data-testid="feed-confirm">
            <Notice tone="warn">Your calendar app will stop updating from the old address. Make a new one?</Notice>
            <div className="flex flex-wrap gap-2">
              <form method="post">
                <CsrfField token={csrf} />
                <input type="hidden" name="intent" value="feed" />
                <input type="hidden" name="confirm" value="yes" />
                <Button>Yes, make a new address</Button>
              </form>
              <a href="/owner/visits/calendars" className={consoleButton("quiet")}>
                Keep the old address
              </a>
            </div>
          </div>
        ) : (
          <form method="post" className="mt-3">
            <CsrfField token={csrf} />
            <input type="hidden" name="intent" value="feed" />
            <Button variant={feed.made ? "quiet" : "primary"}>
              {feed.made ? "Make a new address" : "Make the address"}
            </Button>
            {feed.made && <p className="mt-1 text-sm text-soot-800">The old address stops working at once.</p>}
          </form>
        )}
      </Card>
    </>
  );
}
