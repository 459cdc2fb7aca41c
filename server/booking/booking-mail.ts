// The e-mails a visit's change sets off, queued in the change's own transaction: the homeowner's and the owner's
// invites, and the reminder at a fixed hour the day before (withdrawn and queued again on a move). And the outbox's
// composers, which put a fresh link in as they send and check the reminder again.
import type { Mail } from "../requests/lead-mail.ts";
import type { OutboxItem, StoredEstimate } from "../requests/estimate-store.ts";
import { storeMail } from "../requests/stored-mail.ts";
import type { VisitRow } from "../store/visits.ts";
import { dayAt, instantAt, type Day } from "../time/wall-time.ts";
import { closedFrom, manageUrl, settings, timeZone, type BookingContext, type By } from "./booking-context.ts";
import {
  homeownerVisitMail,
  ownerVisitMail,
  visitReminderMail,
  withManageLink,
  type VisitChange,
} from "./visit-mail.ts";
import { reminderDayFor } from "./windows.ts";

/**
 * The day the reminder goes: the day before the visit, or the last day before it that is not closed (a holiday).
 * Earlier, not later: the next open day after a holiday can be the visit's own day.
 */
export function reminderDay(ctx: BookingContext, visitDay: Day, at: Date): Day {
  return reminderDayFor(visitDay, closedFrom(ctx, dayAt(at, timeZone())));
}

/** Queues the homeowner's and the owner's invites for a change, and (re)schedules the reminder. */
export function queueMail(
  ctx: BookingContext,
  visit: VisitRow,
  lead: StoredEstimate,
  change: VisitChange,
  by: By,
  previous?: VisitRow,
  why?: string,
) {
  const { store, now, origin } = ctx;
  const owner = ctx.ownerAddress();
  if (owner === null) return;
  const at = now();
  const s = settings(ctx);
  const key = `${visit.id}:${visit.sequence}`;
  store.enqueue(lead.id, "visit-invite", lead.email, {
    key: `invite:${key}`,
    message: storeMail(
      homeownerVisitMail(visit, lead, change, {
        now: at,
        previous,
        changeCutoffHours: s.changeCutoffHours,
        movedByUs: by === "owner" && change === "moved" && why === "blocked",
      }),
    ),
  });
  store.enqueue(lead.id, "visit-owner", owner, {
    key: `owner:${key}`,
    message: storeMail(
      ownerVisitMail(visit, lead, change, { now: at, previous, ownerAddress: owner, consoleUrl: origin, by }),
    ),
  });
  if (previous) store.withdraw(lead.id, `reminder:${previous.id}:${previous.sequence}`);
  if (change === "cancelled") return;
  const remindAt = instantAt(reminderDay(ctx, visit.day, at), s.reminderAt, timeZone());
  // A visit booked after its reminder's time gets none: the homeowner has just seen it.
  if (remindAt.getTime() > at.getTime()) {
    store.enqueue(lead.id, "visit-reminder", lead.email, { key: `reminder:${key}`, at: remindAt });
  }
}

/** The outbox's composers for visit e-mails: the homeowner's fresh link, and the reminder checked as it goes. */
export function bookingComposers(ctx: BookingContext) {
  const { visits, store, now } = ctx;
  return {
    "visit-invite": (item: OutboxItem, stored: Mail | null): Mail | null => {
      if (!stored) return null;
      return withManageLink(stored, manageUrl(ctx, visits.newLink(item.estimate_id)));
    },
    "visit-reminder": (item: OutboxItem): Mail | "withdrawn" | null => {
      const [, id, sequence] = item.dedupe.split(":");
      const visit = visits.get(Number(id));
      const lead = store.get(item.estimate_id);
      if (!visit || !lead) return null;
      // Moved or cancelled since it was queued: that change withdrew it, and this makes sure.
      if (visit.status !== "booked" || String(visit.sequence) !== sequence) return "withdrawn";
      return visitReminderMail(visit, lead, manageUrl(ctx, visits.newLink(lead.id)), now());
    },
  };
}
