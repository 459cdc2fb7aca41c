// The homeowner's steps by the request's link (app/routes/visit.tsx): what the page shows, where the visit is, then
// book, move or cancel the one visit the link is good for, until the change cut-off before it.
import type { BookingSettings } from "./availability.ts";
import {
  afterCommit,
  guarded,
  LINK_BOOKS_FOR_DAYS,
  leadFor,
  settings,
  tooLate,
  type BookingContext,
  type BookingRefusal,
  type BookingResult,
  type WindowChoice,
} from "./booking-context.ts";
import { book, cancel, move } from "./booking-changes.ts";

/** Everything the homeowner's page shows for a link; undefined for an unknown one. */
export function view(ctx: BookingContext, token: string) {
  const { visits, store } = ctx;
  const link = visits.link(token);
  if (!link) return undefined;
  const lead = store.get(link.estimate_id);
  if (!lead) return undefined;
  const at = ctx.now();
  const s: BookingSettings = settings(ctx);
  const visit = visits.forLead(lead.id);
  const place = visits.place(lead.id);
  const expired = at.getTime() - new Date(lead.received_at).getTime() > LINK_BOOKS_FOR_DAYS * 86_400_000;
  return {
    lead,
    visit,
    place,
    settings: s,
    expired,
    tooLate: visit ? tooLate(visit, at, s) : false,
    over: visit ? new Date(visit.ends_at).getTime() < at.getTime() : false,
  };
}

/** Step one: where the visit is. A town we do not serve keeps the request; the owner calls. */
export function putPlace(
  ctx: BookingContext,
  token: string,
  place: { town: string; served: boolean; street: string; notes: string },
): BookingRefusal | null {
  const lead = leadFor(ctx, token);
  if (!lead) return "unknown";
  const current = ctx.visits.forLead(lead.id);
  if (current && current.status !== "cancelled") return "already";
  ctx.visits.putPlace({ estimateId: lead.id, ...place });
  return null;
}

/** Step two: the homeowner books a window. */
export function bookByLink(
  ctx: BookingContext,
  token: string,
  choice: WindowChoice,
  { key, spam = false }: { key: string | null; spam?: boolean },
): BookingResult {
  const lead = leadFor(ctx, token);
  if (!lead) return { ok: false, reason: "unknown" };
  if (!settings(ctx).enabled) return { ok: false, reason: "off" };
  if (ctx.now().getTime() - new Date(lead.received_at).getTime() > LINK_BOOKS_FOR_DAYS * 86_400_000) {
    return { ok: false, reason: "expired" };
  }
  const place = ctx.visits.place(lead.id);
  if (!place) return { ok: false, reason: "no-place" };
  if (!place.served) return { ok: false, reason: "outside" };
  return book(ctx, lead, choice, "homeowner", key, place, spam || lead.spam === 1);
}

/** The homeowner moves the visit: one transaction frees the old window and takes the new one. */
export function moveByLink(ctx: BookingContext, token: string, choice: WindowChoice): BookingResult {
  const lead = leadFor(ctx, token);
  if (!lead) return { ok: false, reason: "unknown" };
  const visit = ctx.visits.forLead(lead.id);
  if (!visit || visit.status !== "booked") return { ok: false, reason: "cancelled" };
  const result = guarded(() => move(ctx, visit, lead, choice, "homeowner"));
  if (result.ok && !result.repeated) afterCommit(ctx, "moved", result.visit, lead);
  return result;
}

export function cancelByLink(ctx: BookingContext, token: string, reason: string): BookingResult {
  const lead = leadFor(ctx, token);
  if (!lead) return { ok: false, reason: "unknown" };
  const visit = ctx.visits.forLead(lead.id);
  if (!visit || visit.status === "cancelled") return { ok: false, reason: "cancelled" };
  const result = cancel(ctx, visit, lead, "homeowner", reason, true);
  if (result.ok) afterCommit(ctx, "cancelled", result.visit, lead);
  return result;
}
