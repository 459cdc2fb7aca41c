// A visit's changes, each one immediate transaction that checks the window again with the page's own rule
// (`windowRefusal`), writes the row and queues the e-mails: book, move, cancel, and a spam-held visit confirmed. The
// partial unique index on (day, starts, slot) is the last word: a race it settles answers "taken".
import { randomUUID } from "node:crypto";
import { business } from "../../app/content/business.ts";
import { visitLabel } from "../../app/lib/visit-labels.ts";
import type { StoredEstimate } from "../requests/estimate-store.ts";
import type { VisitRow } from "../store/visits.ts";
import { instantAt } from "../time/wall-time.ts";
import {
  aheadSpan,
  afterCommit,
  digits,
  freeSlot,
  inputs,
  MAX_FUTURE_VISITS,
  openAt,
  ownerRules,
  refusalReason,
  settings,
  timeZone,
  tooLate,
  windowOf,
  without,
  type BookingContext,
  type BookingResult,
  type By,
  type Place,
  type WindowChoice,
} from "./booking-context.ts";
import { queueMail } from "./booking-mail.ts";
import { windowRefusal } from "./windows.ts";

function bookInTransaction(
  ctx: BookingContext,
  lead: StoredEstimate,
  choice: WindowChoice,
  by: By,
  key: string | null,
  place: Place,
  spam: boolean,
  ahead?: string,
): BookingResult {
  const { visits, store, origin } = ctx;
  if (key) {
    const earlier = visits.byIdempotencyKey(key);
    if (earlier) {
      return earlier.estimate_id === lead.id
        ? { ok: true, visit: earlier, repeated: true }
        : { ok: false, reason: "taken" };
    }
  }
  const current = visits.forLead(lead.id);
  if (current && current.status !== "cancelled") return { ok: false, reason: "already" };
  if (current && by === "homeowner") return { ok: false, reason: "cancelled" };
  const at = ctx.now();
  const s = settings(ctx);
  if (by === "homeowner" && visits.futureVisitsFor(lead.email, digits(lead.phone)) >= MAX_FUTURE_VISITS) {
    return { ok: false, reason: "limit" };
  }
  const window = windowOf(choice, s);
  if (!window) return { ok: false, reason: "not-offered" };
  // A visit booked ahead (decision 0055) is months away: its own day is the span, past the horizon.
  const rules = ahead
    ? inputs(ctx, at, { settings: s, span: { first: choice.day, last: choice.day } }, choice.day)
    : inputs(ctx, at, { settings: s });
  const refusal = windowRefusal({ day: choice.day, ...window }, by === "owner" ? ownerRules(rules) : rules);
  if (refusal) return { ok: false, reason: refusalReason(refusal) };
  const slot = spam ? 0 : freeSlot(rules.taken, choice, s.perWindow);
  if (slot === null) return { ok: false, reason: "taken" };
  const id = visits.insert({
    estimate_id: lead.id,
    uid: `visit-${randomUUID()}@${new URL(origin).hostname || "localhost"}`,
    status: spam ? "held" : "booked",
    day: choice.day,
    starts: window.starts,
    ends: window.ends,
    starts_at: instantAt(choice.day, window.starts, timeZone()).toISOString(),
    ends_at: instantAt(choice.day, window.ends, timeZone()).toISOString(),
    slot,
    town: place.town,
    street: place.street,
    notes: place.notes,
    email: lead.email,
    phone_digits: digits(lead.phone),
    booked_at: at.toISOString(),
    booked_by: by,
    booked_in_hours: openAt(at, business.hours, timeZone()) ? 1 : 0,
    idempotency_key: key,
    ahead_from: ahead ?? null,
  });
  const visit = visits.get(id) as VisitRow;
  visits.event(id, spam ? "held (spam)" : "booked", visitLabel(visit, timeZone()), by);
  if (!spam) {
    queueMail(ctx, visit, lead, "booked", by);
    if (lead.status === "new" || lead.status === "contacted") store.setStatus(lead.id, "scheduled");
  }
  return { ok: true, visit };
}

/** Books a window for a request, by the homeowner's link or by the owner after a call. */
export function book(
  ctx: BookingContext,
  lead: StoredEstimate,
  choice: WindowChoice,
  by: By,
  key: string | null,
  place: Place,
  spam: boolean,
  ahead?: string,
): BookingResult {
  const { visits } = ctx;
  // A window already gone is refused before taking the write lock: when fifty ask for one window at once, the
  // forty-nine others wait for nobody. The transaction checks again; this read only saves it the trouble.
  if (by === "homeowner" && !spam && !(key && visits.byIdempotencyKey(key))) {
    const window = windowOf(choice, settings(ctx));
    const early = window
      ? windowRefusal({ day: choice.day, ...window }, inputs(ctx, ctx.now(), {}, choice.day))
      : "not-offered";
    if (early) return { ok: false, reason: refusalReason(early) };
  }
  let result: BookingResult;
  try {
    result = ctx.db.transaction(bookInTransaction).immediate(ctx, lead, choice, by, key, place, spam, ahead);
  } catch (error) {
    // Another writer took the window between our check and the insert (the unique index), or the same key.
    if ((error as { code?: string }).code?.startsWith("SQLITE_CONSTRAINT")) return { ok: false, reason: "taken" };
    throw error;
  }
  if (result.ok && !result.repeated && result.visit.status === "booked" && by === "homeowner") {
    afterCommit(ctx, "booked", result.visit, lead);
  }
  return result;
}

function moveInTransaction(
  ctx: BookingContext,
  visit: VisitRow,
  lead: StoredEstimate,
  choice: WindowChoice,
  by: By,
  why?: "blocked",
): BookingResult {
  const { visits } = ctx;
  const fresh = visits.get(visit.id);
  if (!fresh || fresh.status !== "booked") return { ok: false, reason: "cancelled" };
  if (fresh.day === choice.day && fresh.starts === choice.starts) return { ok: true, visit: fresh, repeated: true };
  const at = ctx.now();
  const s = settings(ctx);
  if (by === "homeowner" && tooLate(fresh, at, s)) return { ok: false, reason: "too-late" };
  const window = windowOf(choice, s);
  if (!window) return { ok: false, reason: "not-offered" };
  // The visit's own window does not count against its new one; one booked ahead moves among the days round it.
  const span = aheadSpan(fresh, at, s);
  const base = inputs(ctx, at, { settings: s, ...(span ? { span } : {}) });
  const rules = { ...base, taken: without(base.taken, fresh) };
  const refusal = windowRefusal({ day: choice.day, ...window }, by === "owner" ? ownerRules(rules) : rules);
  if (refusal) return { ok: false, reason: refusalReason(refusal) };
  const slot = freeSlot(rules.taken, choice, s.perWindow);
  if (slot === null) return { ok: false, reason: "taken" };
  visits.move(fresh.id, {
    day: choice.day,
    starts: window.starts,
    ends: window.ends,
    starts_at: instantAt(choice.day, window.starts, timeZone()).toISOString(),
    ends_at: instantAt(choice.day, window.ends, timeZone()).toISOString(),
    slot,
  });
  const moved = visits.get(fresh.id) as VisitRow;
  visits.event(fresh.id, "moved", `${visitLabel(fresh, timeZone())} → ${visitLabel(moved, timeZone())}`, by);
  queueMail(ctx, moved, lead, "moved", by, fresh, why);
  return { ok: true, visit: moved };
}

/** Moves a visit in one transaction: the old window is freed as the new one is taken. */
export function move(
  ctx: BookingContext,
  visit: VisitRow,
  lead: StoredEstimate,
  choice: WindowChoice,
  by: By,
  why?: "blocked",
): BookingResult {
  return ctx.db.transaction(moveInTransaction).immediate(ctx, visit, lead, choice, by, why);
}

function cancelInTransaction(
  ctx: BookingContext,
  visit: VisitRow,
  lead: StoredEstimate,
  by: By,
  reason: string,
  tell: boolean,
): BookingResult {
  const { visits, store } = ctx;
  const fresh = visits.get(visit.id);
  if (!fresh || fresh.status === "cancelled") return { ok: false, reason: "cancelled" };
  if (by === "homeowner" && tooLate(fresh, ctx.now(), settings(ctx))) return { ok: false, reason: "too-late" };
  const wasBooked = fresh.status === "booked";
  visits.cancel(fresh.id, by, reason);
  const cancelled = visits.get(fresh.id) as VisitRow;
  visits.event(fresh.id, "cancelled", reason, by);
  if (wasBooked && tell) queueMail(ctx, cancelled, lead, "cancelled", by, fresh);
  else if (wasBooked) store.withdraw(lead.id, `reminder:${fresh.id}:${fresh.sequence}`);
  return { ok: true, visit: cancelled };
}

export function cancel(
  ctx: BookingContext,
  visit: VisitRow,
  lead: StoredEstimate,
  by: By,
  reason: string,
  tell: boolean,
): BookingResult {
  return ctx.db.transaction(cancelInTransaction).immediate(ctx, visit, lead, by, reason, tell);
}

/** A spam-held visit, once its request is marked not spam: booked if its window is still free. */
export function confirmHeld(ctx: BookingContext, visit: VisitRow, lead: StoredEstimate): BookingResult {
  const { visits } = ctx;
  return ctx.db
    .transaction((): BookingResult => {
      const s = settings(ctx);
      const rules = inputs(ctx, ctx.now(), { settings: s });
      const refusal = windowRefusal(visit, rules);
      const slot = freeSlot(rules.taken, visit, s.perWindow);
      if (refusal || slot === null) {
        visits.cancel(visit.id, "owner", "the window was taken while it waited in spam");
        visits.event(visit.id, "cancelled", "its window went while it was in spam: call them", "owner");
        return { ok: false, reason: "taken" };
      }
      visits.confirmHeld(visit.id, slot);
      const booked = visits.get(visit.id) as VisitRow;
      visits.event(visit.id, "booked", "out of spam", "owner");
      queueMail(ctx, booked, lead, "booked", "homeowner");
      return { ok: true, visit: booked };
    })
    .immediate();
}
