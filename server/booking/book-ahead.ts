// "Book next year" (decision 0055): at Job done, or once an estimate visit has begun, the owner books the homeowner's
// next visit. The day proposed is the pure rule's (next-year-day.ts), then the first day from it with an open window
// in the slow season (later first, then earlier, then the weeks after it); the owner may pick another day. Confirming
// makes a request on the same customer and property (a visit belongs to a request, decision 0030) and books its window
// through the visit's own booking, so the homeowner gets the usual invite and link. One transaction: the request,
// the place and the visit stand together or not at all, and a second tap finds the first visit.
import { business } from "../../app/content/business.ts";
import { putOnKnownCustomer } from "../customers/known-customer.ts";
import type { StoredEstimate } from "../requests/estimate-store.ts";
import type { VisitRow } from "../store/visits.ts";
import { addDays, dayAt, isDay, type Day } from "../time/wall-time.ts";
import { inputs, ownerRules, timeZone, type BookingContext, type BookingRefusal } from "./booking-context.ts";
import { book } from "./booking-changes.ts";
import { nextYearDay, seasonIn, type SlowSeason } from "./next-year-day.ts";
import { openWindows, type OpenDay } from "./windows.ts";

/** The request's service for a visit booked ahead. */
export const AHEAD_SERVICE = "Yearly chimney visit";
/** How far ahead the owner may book: next year's season, whatever the day he taps. */
export const AHEAD_MAX_DAYS = 730;

export type AheadSource = { kind: "job" | "visit"; id: number };

export const sourceKey = ({ kind, id }: AheadSource) => `${kind}:${id}`;

/** What the next visit is booked from: the homeowner, their place, and the day the work was done. */
export type AheadHome = {
  source: string;
  lead: StoredEstimate;
  customerId: number | null;
  propertyId: number | null;
  street: string;
  town: string;
  doneDay: Day;
  /** The estimate visit's arrival time, kept next year when it is open. */
  starts: string | null;
};

export type AheadRefusal = "unknown" | "not-done" | "not-begun";

/** The job (done) or the estimate visit (begun) a visit is booked ahead from, with its homeowner. */
export function aheadHome(ctx: BookingContext, source: AheadSource): AheadHome | { refused: AheadRefusal } {
  const { store } = ctx;
  if (source.kind === "job") {
    const job = store.jobs.get(source.id);
    const quote = job && store.quotes.get(job.quote_id);
    const lead = quote?.estimate_id ? store.get(quote.estimate_id) : undefined;
    if (!job || !lead) return { refused: "unknown" };
    if (job.status !== "done" || !job.done_at) return { refused: "not-done" };
    const visit = store.visits.forLead(lead.id);
    return home(ctx, source, lead, dayAt(job.done_at, timeZone()), visit?.status === "booked" ? visit : undefined);
  }
  const visit = store.visits.get(source.id);
  const lead = visit && store.get(visit.estimate_id);
  if (!visit || !lead || visit.status !== "booked") return { refused: "unknown" };
  if (new Date(visit.starts_at).getTime() > ctx.now().getTime()) return { refused: "not-begun" };
  return home(ctx, source, lead, visit.day, visit);
}

function home(
  ctx: BookingContext,
  source: AheadSource,
  lead: StoredEstimate,
  doneDay: Day,
  visit: VisitRow | undefined,
): AheadHome {
  const { customers } = ctx.store;
  const linked = ctx.db
    .prepare<[number], { customer_id: number | null; property_id: number | null }>(
      "SELECT customer_id, property_id FROM estimates WHERE id = ?",
    )
    .get(lead.id);
  const property = linked?.property_id ? customers.property(linked.property_id) : undefined;
  const place = ctx.visits.place(lead.id);
  return {
    source: sourceKey(source),
    lead,
    customerId: linked?.customer_id ? customers.root(linked.customer_id) : null,
    propertyId: property?.id ?? null,
    street: visit?.street || place?.street || property?.street || "",
    town: visit?.town || place?.town || property?.town || lead.city || "",
    doneDay,
    starts: visit?.starts ?? null,
  };
}

/** The owner's open days in a span of days (his rules: past the homeowner's cut-off and horizon). */
function openIn(ctx: BookingContext, first: Day, last: Day): OpenDay[] {
  if (last < first) return [];
  return openWindows(ownerRules(inputs(ctx, ctx.now(), { span: { first, last } })));
}

export type AheadProposal = {
  /** The rule's day, before any window was looked for. */
  ruleDay: Day;
  season: { first: Day; last: Day };
  /** The day offered and its open windows; null when no day near the season has one. */
  day: OpenDay | null;
  /** The window to check first: the estimate visit's own time when open there, else the day's first. */
  starts: string | null;
};

/**
 * The proposal: the rule's day, else the first later day in the season with an open window (closed days, days off
 * and full days have none), else the last earlier one, else the first in the eight weeks after the season. With
 * `pick`, that day's windows alone (the owner's own choice).
 */
export function proposeAhead(
  ctx: BookingContext,
  home: AheadHome,
  season: SlowSeason = business.slowSeason,
  pick?: Day,
): AheadProposal {
  const ruleDay = nextYearDay(home.doneDay, season);
  const bounds = seasonIn(Number(ruleDay.slice(0, 4)), season);
  const choose = (day: OpenDay | undefined): AheadProposal => ({
    ruleDay,
    season: bounds,
    day: day ?? null,
    starts: day ? ((day.windows.find((w) => w.starts === home.starts) ?? day.windows[0])?.starts ?? null) : null,
  });
  if (pick !== undefined) return choose(openIn(ctx, pick, pick)[0]);
  const day =
    openIn(ctx, ruleDay, bounds.last)[0] ??
    openIn(ctx, bounds.first, addDays(ruleDay, -1)).at(-1) ??
    openIn(ctx, addDays(bounds.last, 1), addDays(bounds.last, 56))[0];
  return choose(day);
}

/** A day the owner may pick: a real day, from tomorrow to AHEAD_MAX_DAYS ahead. */
export function pickable(ctx: BookingContext, day: string): day is Day {
  const today = dayAt(ctx.now(), timeZone());
  return isDay(day) && day > today && day <= addDays(today, AHEAD_MAX_DAYS);
}

export type AheadResult =
  | { ok: true; visit: VisitRow; estimateId: number; repeated: boolean }
  | { ok: false; reason: BookingRefusal | "no-place" };

class Refused extends Error {
  constructor(readonly reason: BookingRefusal) {
    super(reason);
  }
}

/**
 * Books the visit: in one immediate transaction, a live visit already booked ahead from this source is the answer;
 * else a request on the customer and property (the intake's own customer for it removed, as nobody new came), its
 * place, and the visit, booked by the owner through the visit's own booking with its invite e-mails.
 */
export function bookAhead(
  ctx: BookingContext,
  home: AheadHome,
  choice: { day: Day; starts: string },
  place: { street: string; town: string },
): AheadResult {
  const { store, visits, db } = ctx;
  if (!place.street.trim() || !place.town.trim()) return { ok: false, reason: "no-place" };
  try {
    return db
      .transaction((): AheadResult => {
        const live = visits.aheadFrom(home.source);
        if (live) return { ok: true, visit: live, estimateId: live.estimate_id, repeated: true };
        const { lead } = home;
        const saved = store.save(
          {
            name: lead.name,
            email: lead.email,
            phone: lead.phone,
            service: AHEAD_SERVICE,
            message: `Booked ahead at ${home.source.startsWith("job:") ? "Job done" : "the estimate visit"} (${lead.reference}).`,
            city: place.town,
            spam: false,
            idempotencyKey: null,
            ip: null,
            userAgent: null,
          },
          { confirm: false },
        );
        if (home.customerId !== null)
          putOnKnownCustomer(store, saved.id, { customerId: home.customerId, propertyId: home.propertyId });
        const where = { street: place.street.trim(), town: place.town.trim(), notes: "" };
        visits.putPlace({ estimateId: saved.id, ...where, served: true });
        const stored = store.get(saved.id) as StoredEstimate;
        const result = book(ctx, stored, choice, "owner", null, where, false, home.source);
        if (!result.ok) throw new Refused(result.reason);
        return { ok: true, visit: result.visit, estimateId: saved.id, repeated: false };
      })
      .immediate();
  } catch (error) {
    if (error instanceof Refused) return { ok: false, reason: error.reason };
    // Another tap booked ahead from this source between our read and our insert (the partial unique index).
    if ((error as { code?: string }).code?.startsWith("SQLITE_CONSTRAINT")) {
      const live = visits.aheadFrom(home.source);
      if (live) return { ok: true, visit: live, estimateId: live.estimate_id, repeated: true };
      return { ok: false, reason: "taken" };
    }
    throw error;
  }
}
