// The owner's steps on visits (the console's Visits and a request's screen): book for a caller, move, cancel with or
// without telling, confirm a visit held in spam, and move the visits off blocked days to the next open times.
import type { VisitRow } from "../store/visits.ts";
import {
  aheadSpan,
  guarded,
  inputs,
  ownerRules,
  settings,
  today,
  without,
  type BookingContext,
  type BookingResult,
  type Place,
  type WindowChoice,
} from "./booking-context.ts";
import { book, cancel, confirmHeld, move } from "./booking-changes.ts";
import { openWindows, type OpenDay } from "./windows.ts";

/** The windows the owner may book or move to: from today, past the homeowner's cut-off and horizon. */
export function openForOwner(ctx: BookingContext, exceptVisit?: VisitRow): OpenDay[] {
  const at = ctx.now();
  const span = exceptVisit && aheadSpan(exceptVisit, at, settings(ctx));
  const base = inputs(ctx, at, span ? { span } : {});
  return openWindows(ownerRules({ ...base, taken: without(base.taken, exceptVisit) }));
}

/** The owner books a visit for a request (after a call); the address is his to type. */
export function ownerBook(ctx: BookingContext, estimateId: number, choice: WindowChoice, place: Place): BookingResult {
  const lead = ctx.store.get(estimateId);
  if (!lead) return { ok: false, reason: "unknown" };
  ctx.visits.putPlace({ estimateId, ...place, served: true });
  return book(ctx, lead, choice, "owner", null, place, false);
}

export function ownerMove(ctx: BookingContext, visitId: number, choice: WindowChoice, why?: "blocked"): BookingResult {
  const visit = ctx.visits.get(visitId);
  const lead = visit && ctx.store.get(visit.estimate_id);
  if (!visit || !lead) return { ok: false, reason: "unknown" };
  return guarded(() => move(ctx, visit, lead, choice, "owner", why));
}

export function ownerCancel(ctx: BookingContext, visitId: number, reason: string, tell: boolean): BookingResult {
  const visit = ctx.visits.get(visitId);
  const lead = visit && ctx.store.get(visit.estimate_id);
  if (!visit || !lead) return { ok: false, reason: "unknown" };
  return cancel(ctx, visit, lead, "owner", reason, tell);
}

/** A spam-held visit, once its request is marked not spam: booked if its window is still free. */
export function confirmHeldFor(ctx: BookingContext, estimateId: number): BookingResult | null {
  const visit = ctx.visits.forLead(estimateId);
  const lead = ctx.store.get(estimateId);
  if (!visit || visit.status !== "held" || !lead) return null;
  return guarded(() => confirmHeld(ctx, visit, lead));
}

/**
 * Moves each visit off its blocked day to the first open day after it (never earlier: the homeowner planned for
 * that day), at the visit's own time when that window is open there, else that day's first open window; the
 * homeowner's e-mail offers another time.
 */
export function moveToNextOpen(
  ctx: BookingContext,
  visitIds: readonly number[],
): { moved: VisitRow[]; stuck: VisitRow[] } {
  const moved: VisitRow[] = [];
  const stuck: VisitRow[] = [];
  for (const id of visitIds) {
    const visit = ctx.visits.get(id);
    if (!visit || visit.status !== "booked") continue;
    // Days off and closed days have no windows, so the first open day after the visit's is after its block.
    const firstDay = openForOwner(ctx, visit).find((d) => d.day > visit.day && d.day > today(ctx));
    const next = firstDay && (firstDay.windows.find((w) => w.starts === visit.starts) ?? firstDay.windows[0]);
    const result = next ? ownerMove(ctx, id, next, "blocked") : ({ ok: false, reason: "taken" } as const);
    if (result.ok) moved.push(result.visit);
    else stuck.push(visit);
  }
  return { moved, stuck };
}
