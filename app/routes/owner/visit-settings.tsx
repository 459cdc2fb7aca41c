// /owner/visits/settings: the owner's availability, in force the moment it is saved (no publish): booking on or off,
// the arrival windows of each weekday, visits per window, the daily cap, when bookings close, how far ahead, until
// when homeowners may change online, and when the reminder goes. Below it, the closed days (holidays in the business
// facts) of the next year, each of which the owner may open for visits anyway (decision 0036).
import { data, redirect } from "react-router";
import type { Route } from "./+types/visit-settings";
import { boxText, field, requireOwner } from "./guard.server";
import { Button, Card, CsrfField, Notice, PageTitle } from "./ui";
import {
  bookingSettingsSchema,
  parseWindows,
  windowsText,
  type BookingSettings,
} from "../../../server/booking/availability.ts";
import { isDay, WEEKDAY_NAMES } from "../../../server/time/wall-time.ts";
import { business } from "~/content/business";
import { overLimit, TEXT_LIMITS } from "~/lib/text-limits";
import { dayLabel, yearIn } from "~/lib/visit-labels";

/** What a tap on a closed day did, named in the URL after the redirect. */
const DAY_DONE = {
  opened: "Opened: homeowners can book that day now.",
  closed: "Closed again: homeowners cannot book that day.",
} as const;

/** Each weekday's windows box, refused in words that name its day. */
const WINDOWS = TEXT_LIMITS.availability.windows;

const NUMBERS = [
  { name: "perWindow", label: "Visits per window", min: 1, max: 5 },
  { name: "dailyCap", label: "Visits per day, at most", min: 1, max: 20 },
  { name: "horizonDays", label: "Days ahead a homeowner may book", min: 1, max: 90 },
  { name: "changeCutoffHours", label: "Hours before a visit when online changes stop", min: 0, max: 72 },
] as const;

export async function loader(args: Route.LoaderArgs) {
  const owner = await requireOwner(args);
  const { booking } = args.context;
  const settings = booking.settings();
  const url = new URL(args.request.url);
  const thisYear = yearIn(args.context.now(), business.timeZone);
  const day = url.searchParams.get("day");
  return {
    csrf: owner.csrf,
    saved: url.searchParams.get("saved") === "1",
    dayDone: day !== null && Object.hasOwn(DAY_DONE, day) ? DAY_DONE[day as keyof typeof DAY_DONE] : null,
    closedDays: booking.closedDaysAhead().map((c) => ({ ...c, label: dayLabel(c.day, { long: true, thisYear }) })),
    settings: {
      ...settings,
      windows: Object.fromEntries(WEEKDAY_NAMES.map((d) => [d, windowsText(settings.windows[d] ?? [])])),
    },
  };
}

export async function action(args: Route.ActionArgs) {
  const owner = await requireOwner(args);
  const form = owner.form;
  const intent = field(form, "intent", 20);
  if (intent === "open-day" || intent === "close-day") {
    const day = field(form, "day", 10);
    const open = intent === "open-day";
    if (!isDay(day) || !args.context.booking.openClosedDay(day, open)) {
      return data({ problems: ["That day is not one of your closed days."], typed: null }, { status: 400 });
    }
    args.context.owner.audit.log(open ? "closed day opened for visits" : "closed day closed again", {
      ip: args.context.clientIp,
      detail: day,
    });
    return redirect(`/owner/visits/settings?day=${open ? "opened" : "closed"}#closed-days`, {
      headers: { "Cache-Control": "no-store" },
    });
  }
  if (intent !== "save") {
    return data({ problems: ["That did not work. Reload the page and try again."], typed: null }, { status: 400 });
  }
  const problems: string[] = [];
  const windows: Record<string, BookingSettings["windows"][keyof BookingSettings["windows"]]> = {};
  const typed: Record<string, string> = {};
  for (const day of WEEKDAY_NAMES) {
    const text = boxText(form, `windows-${day}`);
    typed[day] = text;
    const over = overLimit(text, { ...WINDOWS, label: day });
    const read = over ? null : parseWindows(text);
    if (over) problems.push(over);
    else if (read && "error" in read) problems.push(`${day}: ${read.error}.`);
    else if (read) windows[day] = read.windows;
  }
  const number = (name: string) => Number(field(form, name, 4));
  const candidate = {
    enabled: field(form, "enabled", 3) === "yes",
    windows,
    perWindow: number("perWindow"),
    dailyCap: number("dailyCap"),
    cutoff: field(form, "cutoff", 5),
    horizonDays: number("horizonDays"),
    changeCutoffHours: number("changeCutoffHours"),
    reminderAt: field(form, "reminderAt", 5),
  };
  const checked = problems.length === 0 ? bookingSettingsSchema.safeParse(candidate) : null;
  if (!checked?.success) {
    for (const issue of checked?.error.issues ?? []) {
      const name = NUMBERS.find((n) => n.name === issue.path[0])?.label ?? String(issue.path.join(" "));
      problems.push(`${name}: ${issue.message}.`);
    }
    return data({ problems, typed: { ...candidate, windows: typed } }, { status: 400 });
  }
  args.context.booking.saveSettings(checked.data);
  args.context.owner.audit.log("booking settings saved", { ip: args.context.clientIp });
  return redirect("/owner/visits/settings?saved=1", { headers: { "Cache-Control": "no-store" } });
}

export const meta = () => [{ title: "Availability | Owner console" }, { name: "robots", content: "noindex, nofollow" }];

const input = "mt-1 block min-h-11 w-full rounded-lg border-2 border-mortar-300 bg-white p-2";

export default function VisitSettings({ loaderData, actionData }: Route.ComponentProps) {
  const shown = actionData?.typed ?? loaderData.settings;
  const { csrf, closedDays, dayDone } = loaderData;
  return (
    <>
      <p className="mb-3">
        <a href="/owner/visits" className="font-semibold text-brick-800 underline underline-offset-4">
          ← Visits
        </a>
      </p>
      {loaderData.saved && <Notice>Saved. Homeowners see it now.</Notice>}
      {actionData?.problems && <Notice tone="warn">Not saved. {actionData.problems.join(" ")}</Notice>}
      <PageTitle sub="Changes apply at once; nothing is published.">Availability</PageTitle>
      <form method="post" className="space-y-4">
        <CsrfField token={loaderData.csrf} />
        <input type="hidden" name="intent" value="save" />
        <Card>
          <label className="flex min-h-11 items-center gap-3 text-lg font-semibold">
            <input type="checkbox" name="enabled" value="yes" defaultChecked={shown.enabled} className="size-6" />
            Homeowners may book a visit online
          </label>
          <p className="mt-1 text-soot-800">Off: requests still come in, and you call to arrange the visit.</p>
        </Card>
        <Card>
          <h2 className="font-serif text-xl font-bold">Arrival windows</h2>
          <p className="mt-1 text-soot-800">
            Like “8–10 am, 10 am–12 pm, 1–3 pm”. Leave a day empty for no visits that day.
          </p>
          <div className="mt-3 space-y-3">
            {WEEKDAY_NAMES.map((day) => (
              <label key={day} className="block">
                <span className="font-semibold">{day}</span>
                <textarea
                  name={`windows-${day}`}
                  rows={2}
                  maxLength={WINDOWS.max}
                  defaultValue={shown.windows[day] ?? ""}
                  className={input}
                />
              </label>
            ))}
          </div>
        </Card>
        <Card>
          <h2 className="font-serif text-xl font-bold">Limits and times</h2>
          <div className="mt-3 grid gap-3 sm:grid-cols-2">
            {NUMBERS.map((n) => (
              <label key={n.name} className="block">
                <span className="font-semibold">{n.label}</span>
                <input
                  type="number"
                  name={n.name}
                  min={n.min}
                  max={n.max}
                  required
                  inputMode="numeric"
                  defaultValue={shown[n.name]}
                  className={input}
                />
              </label>
            ))}
            <label className="block">
              <span className="font-semibold">Bookings for a day close the day before at</span>
              <input type="time" name="cutoff" required defaultValue={shown.cutoff} className={input} />
            </label>
            <label className="block">
              <span className="font-semibold">The reminder goes the day before at</span>
              <input type="time" name="reminderAt" required defaultValue={shown.reminderAt} className={input} />
            </label>
          </div>
        </Card>
        <Button>Save</Button>
      </form>
      <Card className="mt-8">
        <h2 id="closed-days" className="scroll-mt-4 font-serif text-xl font-bold">
          Closed days
        </h2>
        {dayDone && (
          <p role="status" className="mt-2 font-semibold text-green-900">
            {dayDone}
          </p>
        )}
        <p className="mt-1 text-soot-800">
          Holidays from your business facts (Site → Business facts). Homeowners cannot book them, and follow-ups and
          reminders wait for the next open day. Working one anyway? Open it for visits.
        </p>
        {closedDays.length === 0 ? (
          <p className="mt-3">No closed days in the next year.</p>
        ) : (
          <ul className="mt-3 space-y-3">
            {closedDays.map((c) => (
              <li key={c.day} className="flex flex-wrap items-center justify-between gap-2" data-testid="closed-day">
                <span>
                  <strong>{c.name}</strong>, {c.label}
                  {c.opened && (
                    <span className="ml-2 rounded-full bg-green-50 px-3 py-0.5 text-sm text-green-900">
                      Open for visits
                    </span>
                  )}
                </span>
                <form method="post">
                  <CsrfField token={csrf} />
                  <input type="hidden" name="intent" value={c.opened ? "close-day" : "open-day"} />
                  <input type="hidden" name="day" value={c.day} />
                  <Button
                    variant="quiet"
                    aria-label={`${c.opened ? "Close it again" : "Open this day anyway"}: ${c.name}`}
                  >
                    {c.opened ? "Close it again" : "Open this day anyway"}
                  </Button>
                </form>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}
