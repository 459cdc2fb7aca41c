// /owner/visits: today and the next 7 days of estimate visits, each with its address (a tap opens the map), the
// phone, and its request; move or cancel; "Block a day" for weather or a sick day, which then offers to move the
// visits booked on it and tell the homeowners. Days off and the availability settings are a tap away. The jobs' work
// days are shown among the visits, each marked in words (decision 0047); blocking a day leaves its work days where
// they are and names them, each with a link to its job to move it.
import { data, redirect } from "react-router";
import type { Route } from "./+types/visits";
import { boxText, field, idParam, requireOwner, unknownIntent } from "./guard.server";
import { Notice, PageTitle } from "./ui";
import { busyLabel } from "./calendars.server";
import { inOrder, VisitItem, WorkDayItem, type Refused, type Shown } from "./visit-cards";
import { BlockDayCard, BlockedCard } from "./visits-blocking";
import { REFUSAL_WORDS, visitCard, workDayCard, type VisitCard } from "./visits.server";
import { business } from "~/content/business";
import { addDays } from "~/lib/business-day";
import { overLimit, TEXT_LIMITS } from "~/lib/text-limits";
import { dayLabel, windowLabel, yearIn } from "~/lib/visit-labels";

const DAYS_SHOWN = 8;
const LIMIT = TEXT_LIMITS.visits;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const DONE = {
  cancelled: "Visit cancelled.",
  "cancelled-told": "Visit cancelled; the homeowner is told by e-mail.",
  unblocked: "The day is open again.",
  moved: "Moved. The homeowners are told by e-mail, with the new time in their calendar invite.",
  kept: "The visits stay booked: call the homeowners if you need to.",
} as const;

/** Adds days to a YYYY-MM-DD, on the calendar alone. */
function plusDays(day: string, days: number): string {
  return addDays(day, days);
}

export async function loader(args: Route.LoaderArgs) {
  const owner = await requireOwner(args);
  const { booking } = args.context;
  const url = new URL(args.request.url);
  const thisYear = yearIn(args.context.now(), business.timeZone);
  const today = booking.today();
  const last = plusDays(today, DAYS_SHOWN - 1);
  const daysOff = booking.daysOff();
  const booked = booking.between(today, last);
  // A busy time of the owner's own that overlaps a visit booked before it appeared: shown, never acted on.
  const clashes = args.context.calendars.clashes(booked);
  const workDays = booking.workDaysBetween(today, last);
  const cards = booked
    .map((v) => {
      const card = visitCard(args.context, v, thisYear);
      const clash = clashes.get(v.id) ?? [];
      // A work day set after the visit was booked, from its arrival to closing time: shown, never acted on.
      const [from, to] = [Date.parse(v.starts_at), Date.parse(v.ends_at)];
      const work = workDays.filter((w) => w.start.getTime() < to && from < w.end.getTime());
      return (
        card && {
          ...card,
          clashes: clash.map((c) => `${c.label}: busy ${busyLabel(c.start, c.end, thisYear)}`),
          workClashes: work.map((w) => `${w.name}${w.town ? `, ${w.town}` : ""}: arrive ${windowLabel(w)}`),
        }
      );
    })
    .filter((c): c is Shown => c !== null);
  const work = workDays.map((w) => workDayCard(w, thisYear));
  const days = Array.from({ length: DAYS_SHOWN }, (_, i) => {
    const day = plusDays(today, i);
    const off = daysOff.find((d) => d.first_day <= day && day <= d.last_day);
    return {
      day,
      label:
        i === 0
          ? `Today, ${dayLabel(day, { thisYear })}`
          : i === 1
            ? `Tomorrow, ${dayLabel(day, { thisYear })}`
            : dayLabel(day, { long: true, thisYear }),
      off: off ? off.note || "Blocked" : null,
      visits: cards.filter((c) => c.day === day),
      work: work.filter((w) => w.day === day),
    };
  });
  const later = booking.between(plusDays(last, 1), plusDays(today, 120)).length;
  // After "Block a day": the visits booked on the blocked days, to move or keep.
  const blockedFirst = url.searchParams.get("blocked") ?? "";
  const blockedLast = url.searchParams.get("to") ?? blockedFirst;
  const onBlocked =
    DAY.test(blockedFirst) && DAY.test(blockedLast)
      ? booking
          .between(blockedFirst, blockedLast)
          .map((v) => visitCard(args.context, v, thisYear))
          .filter((c): c is VisitCard => c !== null)
      : [];
  // Work days on the blocked days stay where they are: named, each with its job to move it from.
  const workOnBlocked =
    DAY.test(blockedFirst) && DAY.test(blockedLast)
      ? booking.workDaysBetween(blockedFirst, blockedLast).map((w) => workDayCard(w, thisYear))
      : [];
  const done = url.searchParams.get("done");
  return {
    csrf: owner.csrf,
    today,
    days,
    later,
    daysOff: daysOff.map((d) => ({
      id: d.id,
      label:
        d.first_day === d.last_day
          ? dayLabel(d.first_day, { thisYear })
          : `${dayLabel(d.first_day, { thisYear })} to ${dayLabel(d.last_day, { thisYear })}`,
      note: d.note,
    })),
    blocked: DAY.test(blockedFirst)
      ? {
          label:
            blockedFirst === blockedLast
              ? dayLabel(blockedFirst, { long: true, thisYear })
              : `${dayLabel(blockedFirst, { thisYear })} to ${dayLabel(blockedLast, { thisYear })}`,
          visits: onBlocked,
          work: workOnBlocked,
        }
      : null,
    done: done !== null && Object.hasOwn(DONE, done) ? (done as keyof typeof DONE) : null,
    bookingOn: booking.settings().enabled,
    // Calendars not read for two hours: their busy times may be out of date, so booking may take a time he is busy.
    staleCalendars: args.context.calendars.stale().map((c) => c.label),
  };
}

export async function action(args: Route.ActionArgs) {
  const owner = await requireOwner(args);
  const { booking, owner: console_, clientIp } = args.context;
  const form = owner.form;
  const intent = field(form, "intent", 20);
  const back = (query: string) => redirect(`/owner/visits${query}`, { headers: { "Cache-Control": "no-store" } });
  const refuse = (error: string, status: number, refused: Refused | null = null) =>
    data({ error, refused }, { status });
  if (intent === "block") {
    const first = field(form, "first", 10);
    const last = field(form, "last", 10) || first;
    const note = boxText(form, "note");
    const over = overLimit(note, LIMIT.blockNote);
    if (over) return refuse(over, 400, { form: "block", text: note, id: null });
    if (!DAY.test(first) || !DAY.test(last) || last < first) {
      return refuse("Pick the first day, and the last day if it is more than one.", 400);
    }
    if (first < booking.today()) return refuse("That day is over.", 400);
    booking.blockDays(first, last, note);
    console_.audit.log("days blocked", { ip: clientIp, detail: `${first} to ${last}${note ? `: ${note}` : ""}` });
    return back(`?blocked=${first}&to=${last}`);
  }
  if (intent === "unblock") {
    const id = idParam(field(form, "id", 12));
    if (id !== null && booking.unblock(id)) console_.audit.log("day unblocked", { ip: clientIp, detail: String(id) });
    return back("?done=unblocked");
  }
  if (intent === "move-blocked") {
    const ids =
      form
        ?.getAll("visit")
        .map((v) => idParam(String(v)))
        .filter((v): v is number => v !== null) ?? [];
    const { moved, stuck } = booking.moveToNextOpen(ids.slice(0, 50));
    for (const v of moved)
      console_.audit.log("visit moved", { ip: clientIp, estimateId: v.estimate_id, detail: "off a blocked day" });
    if (stuck.length > 0) {
      return refuse(`${moved.length} moved; ${stuck.length} could not be (no open window left): call them.`, 409);
    }
    return back("?done=moved");
  }
  if (intent === "cancel") {
    const id = idParam(field(form, "id", 12));
    const tell = field(form, "tell", 3) === "yes";
    const reason = boxText(form, "reason");
    const over = overLimit(reason, LIMIT.cancelReason);
    if (over) return refuse(over, 400, { form: "cancel", text: reason, id });
    const result = id === null ? null : booking.ownerCancel(id, reason, tell);
    if (!result?.ok) return refuse(REFUSAL_WORDS[result?.reason ?? "unknown"], 409);
    console_.audit.log("visit cancelled", { ip: clientIp, estimateId: result.visit.estimate_id });
    return back(tell ? "?done=cancelled-told" : "?done=cancelled");
  }
  unknownIntent();
}

export const meta = () => [{ title: "Visits | Owner console" }, { name: "robots", content: "noindex, nofollow" }];

export default function Visits({ loaderData, actionData }: Route.ComponentProps) {
  const { days, csrf, later, daysOff, blocked, done, bookingOn, today, staleCalendars } = loaderData;
  const total = days.reduce((n, d) => n + d.visits.length, 0);
  const workTotal = days.reduce((n, d) => n + d.work.length, 0);
  // A box over its limit is said next to its own form, with the text typed; other refusals at the top.
  const refused = actionData?.refused ? { ...actionData.refused, error: actionData.error } : null;
  const nextToForm =
    refused !== null && (refused.form === "block" || days.some((d) => d.visits.some((v) => v.id === refused.id)));
  return (
    <>
      {done && <Notice>{DONE[done]}</Notice>}
      {actionData?.error && !nextToForm && <Notice tone="warn">{actionData.error}</Notice>}
      <PageTitle
        sub={`${total === 1 ? "1 visit" : `${total} visits`}${workTotal ? ` and ${workTotal === 1 ? "1 work day" : `${workTotal} work days`}` : ""} in the next ${DAYS_SHOWN} days${later ? `; ${later} later` : ""}`}
      >
        Visits
      </PageTitle>
      {!bookingOn && (
        <Notice tone="warn">
          Booking online is off: homeowners cannot pick a time.{" "}
          <a href="/owner/visits/settings" className="font-semibold underline underline-offset-4">
            Turn it on
          </a>
        </Notice>
      )}
      {staleCalendars.length > 0 && (
        <Notice tone="warn">
          Not read for over 2 hours: {staleCalendars.join(", ")}. Homeowners may book a time you are busy in{" "}
          {staleCalendars.length === 1 ? "it" : "them"}.{" "}
          <a href="/owner/visits/calendars" className="font-semibold underline underline-offset-4">
            See why
          </a>
        </Notice>
      )}
      {blocked && <BlockedCard blocked={blocked} csrf={csrf} />}
      <ol className="space-y-4">
        {days.map((d) =>
          d.visits.length === 0 && d.work.length === 0 ? (
            // A day without visits is one quiet line, so the days with work stand out.
            <li
              key={d.day}
              className="flex flex-wrap items-center justify-between gap-2 border-b border-mortar-200 pb-2"
            >
              <span className="font-semibold">{d.label}</span>
              <span className="text-soot-800">
                {d.off ? (
                  <span className="rounded-full bg-brick-100 px-3 py-0.5 text-sm text-brick-900">Off: {d.off}</span>
                ) : (
                  "No visits"
                )}
              </span>
            </li>
          ) : (
            <li key={d.day}>
              <h2 className="mb-2 flex flex-wrap items-baseline justify-between gap-2 font-serif text-xl font-bold">
                <span>{d.label}</span>
                {d.off && (
                  <span className="rounded-full bg-brick-100 px-3 py-0.5 font-sans text-sm text-brick-900">
                    Off: {d.off}
                  </span>
                )}
              </h2>
              <ul className="space-y-3">
                {inOrder(d.visits, d.work).map((item) =>
                  item.kind === "work" ? (
                    <WorkDayItem key={`w${item.w.id}`} w={item.w} />
                  ) : (
                    <VisitItem
                      key={item.v.id}
                      v={item.v}
                      csrf={csrf}
                      refused={refused?.form === "cancel" && refused.id === item.v.id ? refused : undefined}
                    />
                  ),
                )}
              </ul>
            </li>
          ),
        )}
      </ol>

      <BlockDayCard csrf={csrf} today={today} refused={refused} daysOff={daysOff} />
      <ul className="mt-5 space-y-2">
        <li>
          <a href="/owner/visits/settings" className="font-semibold text-brick-800 underline underline-offset-4">
            Arrival windows, daily cap and reminders
          </a>
        </li>
        <li>
          <a href="/owner/visits/calendars" className="font-semibold text-brick-800 underline underline-offset-4">
            Your calendars: busy times, and visits on your phone
          </a>
        </li>
      </ul>
    </>
  );
}
