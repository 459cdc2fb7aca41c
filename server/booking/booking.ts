// Booking the free estimate visit (decision 0030): the rules, and every change in one immediate transaction that
// checks the window again, writes the visit and queues its e-mails, so a window is never booked twice and an e-mail
// is never lost or sent for a change that did not happen. The page (app/routes/visit.tsx) and the console call these;
// they never write the tables themselves. This file puts the service together; each step is a module of its own:
// booking-link.ts (the homeowner's), booking-owner.ts, booking-changes.ts (the transactions), booking-days.ts,
// booking-mail.ts, over booking-context.ts.
import type { VisitRow } from "../store/visits.ts";
import type { Day } from "../time/wall-time.ts";
import { bookingSettingsSchema, type BookingSettings } from "./availability.ts";
import {
  aheadSpan,
  bookingContext,
  inputs,
  leadFor,
  manageUrl,
  settings,
  today,
  workDaysBetween,
  type BookingContext,
  type BookingOptions,
} from "./booking-context.ts";
import { blockDays, closedDaysAhead, closedNow, daysOff, openClosedDay } from "./booking-days.ts";
import { bookByLink, cancelByLink, moveByLink, putPlace, view } from "./booking-link.ts";
import { bookingComposers } from "./booking-mail.ts";
import { aheadHome, bookAhead, pickable, proposeAhead } from "./book-ahead.ts";
import { confirmHeldFor, moveToNextOpen, openForOwner, ownerBook, ownerCancel, ownerMove } from "./booking-owner.ts";
import { capacityBetween, openWindows, type OpenDay } from "./windows.ts";

export {
  LINK_BOOKS_FOR_DAYS,
  MAX_FUTURE_VISITS,
  openAt,
  type BookingOptions,
  type BookingRefusal,
  type BookingResult,
  type WindowChoice,
} from "./booking-context.ts";

/** A step's function with the service's context already given. */
function withContext<A extends unknown[], R>(ctx: BookingContext, step: (ctx: BookingContext, ...args: A) => R) {
  return (...args: A): R => step(ctx, ...args);
}

export function createBooking(options: BookingOptions) {
  const ctx = bookingContext(options);
  const { visits } = ctx;
  return {
    settings: () => settings(ctx),
    saveSettings(next: BookingSettings): void {
      visits.saveSettings(JSON.stringify(bookingSettingsSchema.parse(next)));
    },
    /** The windows a homeowner may book now. */
    open(at: Date = ctx.now()): OpenDay[] {
      return openWindows(inputs(ctx, at));
    },
    /** The windows a homeowner may move a visit to: the horizon's, or the days round a visit booked ahead. */
    openToMove(visit: VisitRow, at: Date = ctx.now()): OpenDay[] {
      const span = aheadSpan(visit, at, settings(ctx));
      return openWindows(inputs(ctx, at, span ? { span } : {}));
    },
    /** The places the days from `first` to `last` offer, taken ones too (the reports' capacity). */
    capacity(first: Day, last: Day): number {
      return capacityBetween(inputs(ctx, ctx.now(), {}, first), first, last);
    },
    /** The windows the owner may book or move to: from today, past the homeowner's cut-off and horizon. */
    openForOwner: withContext(ctx, openForOwner),
    /** A new link for a request (the page after the form, an e-mail); null when booking online is off. */
    newLink(estimateId: number): string {
      return visits.newLink(estimateId);
    },
    manageUrl: withContext(ctx, manageUrl),
    /** Whether a link is one of ours (and its request still stands). */
    knows(token: string): boolean {
      return leadFor(ctx, token) !== undefined;
    },
    view: withContext(ctx, view),
    place: withContext(ctx, putPlace),
    book: withContext(ctx, bookByLink),
    move: withContext(ctx, moveByLink),
    cancel: withContext(ctx, cancelByLink),
    ownerBook: withContext(ctx, ownerBook),
    ownerMove: withContext(ctx, ownerMove),
    ownerCancel: withContext(ctx, ownerCancel),
    confirmHeld: withContext(ctx, confirmHeldFor),
    /** "Book next year" (decision 0055): its homeowner, the day proposed, the booking. */
    aheadHome: withContext(ctx, aheadHome),
    proposeAhead: withContext(ctx, proposeAhead),
    pickableAhead: withContext(ctx, pickable),
    bookAhead: withContext(ctx, bookAhead),
    closed: withContext(ctx, closedNow),
    daysOff: withContext(ctx, daysOff),
    blockDays: withContext(ctx, blockDays),
    unblock(id: number): boolean {
      return visits.removeDayOff(id);
    },
    closedDaysAhead: withContext(ctx, closedDaysAhead),
    openClosedDay: withContext(ctx, openClosedDay),
    moveToNextOpen: withContext(ctx, moveToNextOpen),
    workDaysBetween: withContext(ctx, workDaysBetween),
    /** Booked visits from `first` to `last` (inclusive), for the owner's Visits view. */
    between(first: Day, last: Day): VisitRow[] {
      return visits.bookedBetween(first, last);
    },
    today: () => today(ctx),
    /** The outbox's composers for visit e-mails: the homeowner's fresh link, and the reminder checked as it goes. */
    composers: bookingComposers(ctx),
  };
}

export type Booking = ReturnType<typeof createBooking>;
