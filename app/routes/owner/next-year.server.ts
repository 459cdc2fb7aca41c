// "Book next year"'s page data and its one post (server/booking/book-ahead.ts, decision 0055): the homeowner and
// place, the day proposed with its open windows (or the day the owner picked), and, once booked, the visit.
import { data, redirect, type AppLoadContext } from "react-router";
import { field, idParam, notFound } from "./guard.server";
import { REFUSAL_WORDS } from "./visits.server";
import { business } from "~/content/business";
import { dayLabel, visitLabel, windowLabel, yearIn } from "~/lib/visit-labels";
import type { AheadSource } from "../../../server/booking/book-ahead.ts";

const SLOW_SEASON_YEAR = 2001; // any year without 29 February, to name the season's months

/** The job or visit in the address: /owner/next-year/job/12, /owner/next-year/visit/5. */
export function sourceOf(params: { kind?: string; id?: string }): AheadSource {
  const id = idParam(params.id);
  if (id === null || (params.kind !== "job" && params.kind !== "visit")) notFound();
  return { kind: params.kind, id };
}

export const backTo = (source: AheadSource) =>
  source.kind === "job"
    ? { href: `/owner/jobs/${source.id}`, label: "← The job" }
    : { href: `/owner/visits`, label: "← Visits" };

/** "March 1 to May 31". */
export function seasonLabel(season: { from: string; through: string }): string {
  const name = (md: string) => dayLabel(`${SLOW_SEASON_YEAR}-${md}`, { long: true, thisYear: SLOW_SEASON_YEAR });
  // dayLabel's long form starts with the weekday ("Thursday, March 1"): the season has none.
  const plain = (md: string) => name(md).replace(/^[A-Za-z]+, /, "");
  return `${plain(season.from)} to ${plain(season.through)}`;
}

/** The offer on a done job's or a begun visit's screen: where to tap, and the visit once booked. */
export function nextYearOffer(context: AppLoadContext, source: AheadSource) {
  const live = context.estimates.visits.aheadFrom(`${source.kind}:${source.id}`);
  const thisYear = yearIn(context.now(), business.timeZone);
  return {
    href: `/owner/next-year/${source.kind}/${source.id}`,
    booked: live ? visitLabel(live, business.timeZone, { long: true, thisYear }) : null,
  };
}

export type NextYearData = ReturnType<typeof nextYearPage>;

/** What the page shows; `pick` is the day the owner asked for (?day=), checked here. */
export function nextYearPage(context: AppLoadContext, source: AheadSource, pick: string | null) {
  const { booking, estimates } = context;
  const thisYear = yearIn(context.now(), business.timeZone);
  const home = booking.aheadHome(source);
  if ("refused" in home) {
    if (home.refused === "unknown") notFound();
    return { state: "refused" as const, refused: home.refused, back: backTo(source) };
  }
  const who = { name: home.lead.name, email: home.lead.email, street: home.street, town: home.town };
  const live = estimates.visits.aheadFrom(home.source);
  if (live) {
    return {
      state: "booked" as const,
      back: backTo(source),
      ...who,
      when: visitLabel(live, business.timeZone, { long: true, thisYear }),
      address: `${live.street}, ${live.town}`,
      requestId: live.estimate_id,
      bookedBy: live.booked_by,
    };
  }
  const picked = pick !== null && booking.pickableAhead(pick) ? pick : undefined;
  const proposal = booking.proposeAhead(home, business.slowSeason, picked);
  return {
    state: "pick" as const,
    back: backTo(source),
    ...who,
    doneLabel: dayLabel(home.doneDay, { long: true, thisYear }),
    doneWhat: source.kind === "job" ? "the job was done" : "the estimate visit",
    season: seasonLabel(business.slowSeason),
    ruleDay: proposal.ruleDay,
    ruleLabel: dayLabel(proposal.ruleDay, { long: true, thisYear }),
    picked: picked ?? null,
    pickRefused: pick !== null && picked === undefined,
    day: proposal.day
      ? {
          day: proposal.day.day,
          label: dayLabel(proposal.day.day, { long: true, thisYear }),
          windows: proposal.day.windows.map((w) => ({
            value: `${w.day} ${w.starts}`,
            label: windowLabel(w),
            checked: w.starts === proposal.starts,
          })),
        }
      : null,
    minDay: proposal.season.first < proposal.ruleDay ? proposal.season.first : proposal.ruleDay,
  };
}

/** The one post: book the window picked, at the address as the owner confirmed it. */
export function bookNextYear(context: AppLoadContext, source: AheadSource, form: FormData | null, path: string) {
  const { booking, owner, clientIp } = context;
  const home = booking.aheadHome(source);
  if ("refused" in home) {
    if (home.refused === "unknown") notFound();
    return data({ error: REFUSED_WORDS[home.refused] }, { status: 409 });
  }
  const chosen = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})$/.exec(field(form, "window", 20));
  if (!chosen || !booking.pickableAhead(chosen[1] as string)) {
    return data({ error: "Pick the day's window first." }, { status: 400 });
  }
  const street = field(form, "street", 200);
  const town = field(form, "town", 100);
  const result = booking.bookAhead(home, { day: chosen[1] as string, starts: chosen[2] as string }, { street, town });
  if (!result.ok) {
    const words = result.reason === "no-place" ? "The street and town are needed." : REFUSAL_WORDS[result.reason];
    return data({ error: words }, { status: 409 });
  }
  if (!result.repeated) {
    owner.audit.log("visit booked ahead", {
      ip: clientIp,
      estimateId: result.estimateId,
      detail: `${home.source} → ${result.visit.day} ${result.visit.starts}`,
    });
  }
  return redirect(`${path}?done=booked`, { status: 303, headers: { "Cache-Control": "no-store" } });
}

export const REFUSED_WORDS = {
  "not-done": "Book next year comes after Job done: mark the job done first.",
  "not-begun": "Book next year comes once the visit has begun.",
} as const;
