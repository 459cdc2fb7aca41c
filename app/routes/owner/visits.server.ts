// What the console shows of a visit, and the owner's words for what booking said (server/booking/booking.ts).
import type { AppLoadContext } from "react-router";
import { business } from "~/content/business";
import { dayLabel, windowLabel } from "~/lib/visit-labels";
import type { BookingRefusal } from "../../../server/booking/booking.ts";
import { mapsHref } from "../../../server/booking/visit-mail.ts";
import type { VisitRow } from "../../../server/store/visits.ts";
import { dayOfJob, type WorkDay } from "../../../server/jobs/work-days-view.ts";

export type VisitCard = {
  id: number;
  requestId: number;
  day: string;
  dayLabel: string;
  /** The wall-clock start, to put visits and work days of one day in order. */
  starts: string;
  window: string;
  name: string;
  phone: string;
  address: string;
  mapHref: string;
  service: string;
  notes: string;
  bookedBy: "homeowner" | "owner";
  reference: string;
  /** The visit's time has begun: "Book next year" is offered (decision 0055). */
  begun: boolean;
};

export function visitCard(context: AppLoadContext, visit: VisitRow, thisYear: number): VisitCard | null {
  const lead = context.estimates.get(visit.estimate_id);
  if (!lead) return null;
  return {
    id: visit.id,
    requestId: lead.id,
    day: visit.day,
    dayLabel: dayLabel(visit.day, { long: true, thisYear }),
    starts: visit.starts,
    window: windowLabel(visit),
    name: lead.name,
    phone: lead.phone,
    address: `${visit.street}, ${visit.town}`,
    mapHref: mapsHref(visit),
    service: lead.service || "No service chosen",
    notes: visit.notes,
    bookedBy: visit.booked_by,
    reference: lead.reference,
    begun: new Date(visit.starts_at).getTime() <= context.now().getTime(),
  };
}

/** What the console shows of a work day (decision 0047): whose job, where, which day of it, when he arrives. */
export type WorkDayCard = {
  id: number;
  jobId: number;
  day: string;
  dayLabel: string;
  starts: string;
  window: string;
  name: string;
  town: string;
  phone: string;
  dayOfJob: string;
};

export function workDayCard(work: WorkDay, thisYear: number): WorkDayCard {
  return {
    id: work.id,
    jobId: work.job_id,
    day: work.day,
    dayLabel: dayLabel(work.day, { long: true, thisYear }),
    starts: work.starts,
    window: windowLabel(work),
    name: work.name || "Customer",
    town: work.town,
    phone: work.phone,
    dayOfJob: dayOfJob(work),
  };
}

/** The owner's words for a refusal. */
export const REFUSAL_WORDS: Record<BookingRefusal, string> = {
  unknown: "That visit or request is gone.",
  expired: "The link has expired.",
  off: "Booking online is off.",
  "no-place": "The address is needed first.",
  outside: "That town is not one you book online.",
  already: "This request has a visit already: move that one instead.",
  cancelled: "That visit is cancelled.",
  limit: "This customer has two visits booked already.",
  taken: "That window was just taken or is full. Pick another.",
  closed: "That window is not open (a day off, or a closed day you have not opened).",
  "not-offered": "That is not one of your windows.",
  "too-late": "It is too close to the visit to change it online.",
};

/** The windows the owner may pick, by day, as the radio buttons show them. */
export function ownerWindows(
  days: readonly { day: string; windows: { starts: string; ends: string }[] }[],
  thisYear: number,
) {
  return days.map((d) => ({
    day: d.day,
    label: dayLabel(d.day, { thisYear }),
    windows: d.windows.map((w) => ({ value: `${d.day} ${w.starts}`, label: windowLabel(w) })),
  }));
}

export const timeZone = () => business.timeZone;
