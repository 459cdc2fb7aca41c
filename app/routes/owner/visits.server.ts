// What the console shows of a visit, and the owner's words for what booking said (server/booking/booking.ts).
import type { AppLoadContext } from "react-router";
import { business } from "~/content/business";
import { dayLabel, windowLabel } from "~/lib/visit-labels";
import type { BookingRefusal } from "../../../server/booking/booking.ts";
import { mapsHref } from "../../../server/booking/visit-mail.ts";
import type { VisitRow } from "../../../server/store/visits.ts";

export type VisitCard = {
  id: number;
  requestId: number;
  day: string;
  dayLabel: string;
  window: string;
  name: string;
  phone: string;
  address: string;
  mapHref: string;
  service: string;
  notes: string;
  bookedBy: "homeowner" | "owner";
  reference: string;
};

export function visitCard(context: AppLoadContext, visit: VisitRow, thisYear: number): VisitCard | null {
  const lead = context.estimates.get(visit.estimate_id);
  if (!lead) return null;
  return {
    id: visit.id,
    requestId: lead.id,
    day: visit.day,
    dayLabel: dayLabel(visit.day, { long: true, thisYear }),
    window: windowLabel(visit),
    name: lead.name,
    phone: lead.phone,
    address: `${visit.street}, ${visit.town}`,
    mapHref: mapsHref(visit),
    service: lead.service || "No service chosen",
    notes: visit.notes,
    bookedBy: visit.booked_by,
    reference: lead.reference,
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
