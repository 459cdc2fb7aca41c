// An invoice's reminders (decision 0042): at most 3, a week apart after sending, each on a day the business is open
// (weekends by its hours, and its closed days, as a quote's follow-ups: server/documents/follow-up-times.ts), an hour
// after opening. Queued in the outbox when it is sent; the composer sends one only while something is still owed, and
// a payment that pays it in full (the owner's record or Stripe's event) withdraws those waiting.
import { addDays, dayAt } from "../../app/lib/business-day.ts";
import { followUpTimes, isOpenAt, MAX_FOLLOW_UPS } from "../documents/follow-up-times.ts";
import { queueFollowUps, stopFollowUps } from "../documents/follow-up-queue.ts";
import type { EstimateStore } from "../requests/estimate-store.ts";
import type { BusinessHours } from "../payments/payments-context.ts";

export const REMINDER_PLAN = { days: [7, 14, 21], daysBeforeExpiry: 0 } as const;
/** Reminders are planned within this many days of sending; none waits longer. */
const HORIZON_DAYS = 60;

export const reminderPrefix = (invoiceId: number) => `invoice-reminder:${invoiceId}:`;

export function queueReminders(
  store: EstimateStore,
  business: BusinessHours,
  r: { invoiceId: number; estimateId: number; to: string; sentAt: Date },
): void {
  const until = addDays(dayAt(r.sentAt, business.timeZone), HORIZON_DAYS);
  queueFollowUps(
    store,
    (id, prefix) => store.invoices.reminders(id, prefix),
    { estimateId: r.estimateId, kind: "invoice-reminder", to: r.to, prefix: reminderPrefix(r.invoiceId), version: 1 },
    (alreadySent) =>
      followUpTimes({
        sentAt: r.sentAt,
        validUntil: until,
        expiresAt: new Date(r.sentAt.getTime() + (HORIZON_DAYS + 1) * 86_400_000),
        plan: REMINDER_PLAN,
        hours: business.hours,
        closedDays: business.closedDays ?? [],
        timeZone: business.timeZone,
        alreadySent,
      }),
  );
}

export function stopReminders(store: EstimateStore, estimateId: number | null, invoiceId: number): void {
  if (estimateId === null) return;
  stopFollowUps(store, (id, prefix) => store.invoices.reminders(id, prefix), estimateId, reminderPrefix(invoiceId));
}

/** Whether a reminder due now may go: fewer than 3 sent, and the business open now (not a weekend or closed day). */
export function reminderMayGo(
  store: EstimateStore,
  business: BusinessHours,
  estimateId: number,
  invoiceId: number,
  now: Date,
) {
  if (store.invoices.reminders(estimateId, reminderPrefix(invoiceId)).sent >= MAX_FOLLOW_UPS) return false;
  return isOpenAt(now, business.hours, business.timeZone, business.closedDays ?? []);
}
