// Booking the free estimate visit (decision 0030): the rules, and every change in one immediate transaction that
// checks the window again, writes the visit and queues its e-mails, so a window is never booked twice and an e-mail
// is never lost or sent for a change that did not happen. The page (app/routes/visit.tsx) and the console call these;
// they never write the tables themselves.
import { randomUUID } from "node:crypto";
import { business } from "../../app/content/business.ts";
import type { OpeningHours } from "../../app/lib/business-hours.ts";
import { closedDayName, closedDaysBetween } from "../../app/content/closed-days.ts";
import { visitLabel } from "../../app/lib/visit-labels.ts";
import type { Mail } from "../requests/lead-mail.ts";
import type { EstimateStore, OutboxItem, StoredEstimate } from "../requests/estimate-store.ts";
import { storeMail } from "../requests/stored-mail.ts";
import type { VisitRow } from "../store/visits.ts";
import { createWorkDayReader } from "../store/work-days.ts";
import { withWorkDays, workDays, type WorkDay } from "../jobs/work-days-view.ts";
import {
  addDays,
  dayAt,
  instantAt,
  isDay,
  minutesOf,
  wallAt,
  weekdayName,
  WEEKDAY_NAMES,
  type Day,
} from "../time/wall-time.ts";
import { bookingSettingsSchema, readBookingSettings, type BookingSettings } from "./availability.ts";
import {
  homeownerVisitMail,
  ownerVisitMail,
  visitReminderMail,
  withManageLink,
  type VisitChange,
} from "./visit-mail.ts";
import {
  openWindows,
  reminderDayFor,
  windowRefusal,
  type Busy,
  type OpenDay,
  type TakenWindow,
  type WindowInputs,
} from "./windows.ts";

/** Future visits one e-mail address or phone number may hold at once. */
export const MAX_FUTURE_VISITS = 2;
/** How long a booking link books a first visit, from when the request came in. */
export const LINK_BOOKS_FOR_DAYS = 30;

export type BookingRefusal =
  | "unknown" // no such link
  | "expired" // the link is too old to book with
  | "off" // booking online is off
  | "no-place" // the address comes first
  | "outside" // a town we do not book online
  | "already" // the request has a visit
  | "cancelled" // its visit was cancelled: by phone from here
  | "limit" // this e-mail or phone holds MAX_FUTURE_VISITS visits already
  | "taken" // the window went meanwhile (or is full, or busy)
  | "closed" // the window is not bookable any more (past its cut-off, a day off or closed day)
  | "not-offered" // no such window: not one of its weekday's, a date that does not exist, past the horizon
  | "too-late"; // within the change cut-off before the visit

export type BookingResult = { ok: true; visit: VisitRow; repeated?: boolean } | { ok: false; reason: BookingRefusal };

export type WindowChoice = { day: string; starts: string };

export type BookingOptions = {
  store: EstimateStore;
  now?: () => Date;
  /** The site's public origin, for links in e-mails. */
  siteUrl: string;
  /** The owner's address for his copy; null when no mail is configured (nothing is queued then). */
  ownerAddress?: () => string | null;
  /** The owner's busy times (issue 47's calendars); none by default. */
  busy?: () => readonly Busy[];
  /** Told after a change the homeowner made (a push to the owner's phone); never awaited, never throws out. */
  notify?: (event: { change: VisitChange; visit: VisitRow; lead: StoredEstimate }) => void;
  log?: (message: string) => void;
};

const digits = (phone: string) => {
  const d = phone.replace(/\D/g, "");
  return d.length === 11 && d.startsWith("1") ? d.slice(1) : d;
};

/** Whether the business is open at an instant (for the reports' "booked outside business hours"). */
export function openAt(instant: Date, hours: OpeningHours, timeZone: string): boolean {
  const { time, weekday } = wallAt(instant, timeZone);
  const day = hours.find((h) => h.dayCodes.includes(WEEKDAY_NAMES[weekday - 1] ?? ""));
  if (!day?.opens || !day.closes) return false;
  const m = minutesOf(time);
  return minutesOf(day.opens) <= m && m < minutesOf(day.closes);
}

export function createBooking({
  store,
  now = () => new Date(),
  siteUrl,
  ownerAddress = () => null,
  busy = () => [],
  notify = () => {},
  log = console.error,
}: BookingOptions) {
  const visits = store.visits;
  const db = visits.db;
  const origin = siteUrl.replace(/\/+$/, "");
  const timeZone = () => business.timeZone;
  const workDayRows = createWorkDayReader(db);

  /** The jobs' work days from `first` to `last`: busy for estimates, and shown with the visits (decision 0047). */
  function workDaysBetween(first: Day, last: Day): WorkDay[] {
    return workDays(workDayRows.between(first, last), business.hours, timeZone());
  }

  let settingsCache: { json: string | null; settings: BookingSettings; hours: OpeningHours } | null = null;
  function settings(): BookingSettings {
    const json = visits.settingsJson();
    if (!settingsCache || settingsCache.json !== json || settingsCache.hours !== business.hours) {
      settingsCache = { json, settings: readBookingSettings(json, business.hours), hours: business.hours };
    }
    return settingsCache.settings;
  }

  /** Whether a day is closed (a holiday in the business facts) and the owner has not opened it for visits. */
  function closedFrom(today: Day): (day: Day) => boolean {
    const opened = new Set(visits.openDays(today));
    return (day) => !opened.has(day) && closedDayName(day, business.closedDays) !== null;
  }

  /** What the rules need, read now; `day` narrows the booked visits to one day (a check of one window). */
  function inputs(at: Date, overrides: Partial<WindowInputs> = {}, day?: string): WindowInputs {
    const s = overrides.settings ?? settings();
    const today = dayAt(at, timeZone());
    const last = addDays(today, Math.max(s.horizonDays, 62) + 1);
    return {
      settings: s,
      daysOff: visits.daysOff(today).map((d) => ({ first: d.first_day, last: d.last_day })),
      closed: closedFrom(today),
      taken: day ? visits.taken(day, day) : visits.taken(today, last),
      // A work day is busy from its arrival window to the end of the working day.
      busy: withWorkDays(busy(), day ? workDaysBetween(day, day) : workDaysBetween(today, last)),
      now: at,
      timeZone: timeZone(),
      ...overrides,
    };
  }

  /** The offered window a choice names, from the settings of its weekday. */
  function windowOf(choice: WindowChoice, s: BookingSettings) {
    if (!isDay(choice.day)) return undefined;
    return s.windows[weekdayName(choice.day)]?.find((w) => w.starts === choice.starts);
  }

  /** The visits booked, without one (the visit being moved does not count against its new window). */
  function without(taken: readonly TakenWindow[], visit: VisitRow | undefined): TakenWindow[] {
    return taken.filter((t) => !visit || !(t.day === visit.day && t.starts === visit.starts && t.slot === visit.slot));
  }

  function freeSlot(taken: readonly TakenWindow[], choice: WindowChoice, perWindow: number) {
    const used = new Set(taken.filter((t) => t.day === choice.day && t.starts === choice.starts).map((t) => t.slot));
    for (let slot = 1; slot <= perWindow; slot++) if (!used.has(slot)) return slot;
    return null;
  }

  const manageUrl = (token: string) => `${origin}/visit/${token}`;

  /** Queues the homeowner's and the owner's invites for a change, and (re)schedules the reminder. */
  function queueMail(
    visit: VisitRow,
    lead: StoredEstimate,
    change: VisitChange,
    by: "homeowner" | "owner",
    previous?: VisitRow,
    why?: string,
  ) {
    const owner = ownerAddress();
    if (owner === null) return;
    const at = now();
    const s = settings();
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
    const remindAt = instantAt(reminderDay(visit.day, at), s.reminderAt, timeZone());
    // A visit booked after its reminder's time gets none: the homeowner has just seen it.
    if (remindAt.getTime() > at.getTime()) {
      store.enqueue(lead.id, "visit-reminder", lead.email, { key: `reminder:${key}`, at: remindAt });
    }
  }

  /**
   * The day the reminder goes: the day before the visit, or the last day before it that is not closed (a holiday).
   * Earlier, not later: the next open day after a holiday can be the visit's own day.
   */
  function reminderDay(visitDay: Day, at: Date): Day {
    return reminderDayFor(visitDay, closedFrom(dayAt(at, timeZone())));
  }

  function afterCommit(change: VisitChange, visit: VisitRow, lead: StoredEstimate) {
    try {
      notify({ change, visit, lead });
    } catch (error) {
      log(
        `Could not tell the owner about visit ${visit.id}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  /** The request behind a link, if the link is known. */
  function leadFor(token: string): StoredEstimate | undefined {
    const link = visits.link(token);
    return link ? store.get(link.estimate_id) : undefined;
  }

  function refusalReason(refusal: NonNullable<ReturnType<typeof windowRefusal>>): BookingRefusal {
    if (refusal === "full" || refusal === "day-full" || refusal === "busy") return "taken";
    return refusal === "not-offered" ? "not-offered" : "closed";
  }

  const bookTx = db.transaction(
    (
      lead: StoredEstimate,
      choice: WindowChoice,
      by: "homeowner" | "owner",
      key: string | null,
      place: { town: string; street: string; notes: string },
      spam: boolean,
    ): BookingResult => {
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
      const at = now();
      const s = settings();
      if (by === "homeowner" && visits.futureVisitsFor(lead.email, digits(lead.phone)) >= MAX_FUTURE_VISITS) {
        return { ok: false, reason: "limit" };
      }
      const window = windowOf(choice, s);
      if (!window) return { ok: false, reason: "not-offered" };
      const rules = inputs(at, { settings: s });
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
      });
      const visit = visits.get(id) as VisitRow;
      visits.event(id, spam ? "held (spam)" : "booked", visitLabel(visit, timeZone()), by);
      if (!spam) {
        queueMail(visit, lead, "booked", by);
        if (lead.status === "new" || lead.status === "contacted") store.setStatus(lead.id, "scheduled");
      }
      return { ok: true, visit };
    },
  );

  /** What the owner may book: any offered window from today on, past the homeowner's cut-off, 62 days ahead. */
  function ownerRules(rules: WindowInputs): WindowInputs {
    return {
      ...rules,
      owner: true,
      settings: { ...rules.settings, horizonDays: Math.max(rules.settings.horizonDays, 62) },
    };
  }

  function book(
    lead: StoredEstimate,
    choice: WindowChoice,
    by: "homeowner" | "owner",
    key: string | null,
    place: { town: string; street: string; notes: string },
    spam: boolean,
  ): BookingResult {
    // A window already gone is refused before taking the write lock: when fifty ask for one window at once, the
    // forty-nine others wait for nobody. The transaction checks again; this read only saves it the trouble.
    if (by === "homeowner" && !spam && !(key && visits.byIdempotencyKey(key))) {
      const window = windowOf(choice, settings());
      const early = window
        ? windowRefusal({ day: choice.day, ...window }, inputs(now(), {}, choice.day))
        : "not-offered";
      if (early) return { ok: false, reason: refusalReason(early) };
    }
    let result: BookingResult;
    try {
      result = bookTx.immediate(lead, choice, by, key, place, spam);
    } catch (error) {
      // Another writer took the window between our check and the insert (the unique index), or the same key.
      if ((error as { code?: string }).code?.startsWith("SQLITE_CONSTRAINT")) return { ok: false, reason: "taken" };
      throw error;
    }
    if (result.ok && !result.repeated && result.visit.status === "booked" && by === "homeowner") {
      afterCommit("booked", result.visit, lead);
    }
    return result;
  }

  const moveTx = db.transaction(
    (
      visit: VisitRow,
      lead: StoredEstimate,
      choice: WindowChoice,
      by: "homeowner" | "owner",
      why?: "blocked",
    ): BookingResult => {
      const fresh = visits.get(visit.id);
      if (!fresh || fresh.status !== "booked") return { ok: false, reason: "cancelled" };
      if (fresh.day === choice.day && fresh.starts === choice.starts) return { ok: true, visit: fresh, repeated: true };
      const at = now();
      const s = settings();
      if (by === "homeowner" && tooLate(fresh, at, s)) return { ok: false, reason: "too-late" };
      const window = windowOf(choice, s);
      if (!window) return { ok: false, reason: "not-offered" };
      // The visit's own window does not count against its new one.
      const base = inputs(at, { settings: s });
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
      queueMail(moved, lead, "moved", by, fresh, why);
      return { ok: true, visit: moved };
    },
  );

  const cancelTx = db.transaction(
    (
      visit: VisitRow,
      lead: StoredEstimate,
      by: "homeowner" | "owner",
      reason: string,
      tell: boolean,
    ): BookingResult => {
      const fresh = visits.get(visit.id);
      if (!fresh || fresh.status === "cancelled") return { ok: false, reason: "cancelled" };
      if (by === "homeowner" && tooLate(fresh, now(), settings())) return { ok: false, reason: "too-late" };
      const wasBooked = fresh.status === "booked";
      visits.cancel(fresh.id, by, reason);
      const cancelled = visits.get(fresh.id) as VisitRow;
      visits.event(fresh.id, "cancelled", reason, by);
      if (wasBooked && tell) queueMail(cancelled, lead, "cancelled", by, fresh);
      else if (wasBooked) store.withdraw(lead.id, `reminder:${fresh.id}:${fresh.sequence}`);
      return { ok: true, visit: cancelled };
    },
  );

  function tooLate(visit: VisitRow, at: Date, s: BookingSettings): boolean {
    return at.getTime() >= new Date(visit.starts_at).getTime() - s.changeCutoffHours * 3_600_000;
  }

  /** The windows the owner may book or move to: from today, past the homeowner's cut-off and horizon. */
  function openForOwner(exceptVisit?: VisitRow): OpenDay[] {
    const base = inputs(now());
    return openWindows(ownerRules({ ...base, taken: without(base.taken, exceptVisit) }));
  }

  function ownerMove(visitId: number, choice: WindowChoice, why?: "blocked"): BookingResult {
    const visit = visits.get(visitId);
    const lead = visit && store.get(visit.estimate_id);
    if (!visit || !lead) return { ok: false, reason: "unknown" };
    return guarded(() => moveTx.immediate(visit, lead, choice, "owner", why));
  }

  function guarded(run: () => BookingResult): BookingResult {
    try {
      return run();
    } catch (error) {
      if ((error as { code?: string }).code?.startsWith("SQLITE_CONSTRAINT")) return { ok: false, reason: "taken" };
      throw error;
    }
  }

  return {
    settings,
    saveSettings(next: BookingSettings): void {
      visits.saveSettings(JSON.stringify(bookingSettingsSchema.parse(next)));
    },
    /** The windows a homeowner may book now. */
    open(at: Date = now()): OpenDay[] {
      return openWindows(inputs(at));
    },
    /** The windows the owner may book or move to: from today, past the homeowner's cut-off and horizon. */
    openForOwner,
    /** A new link for a request (the page after the form, an e-mail); null when booking online is off. */
    newLink(estimateId: number): string {
      return visits.newLink(estimateId);
    },
    manageUrl,
    /** Whether a link is one of ours (and its request still stands). */
    knows(token: string): boolean {
      return leadFor(token) !== undefined;
    },
    /** Everything the homeowner's page shows for a link; undefined for an unknown one. */
    view(token: string) {
      const link = visits.link(token);
      if (!link) return undefined;
      const lead = store.get(link.estimate_id);
      if (!lead) return undefined;
      const at = now();
      const s = settings();
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
    },
    /** Step one: where the visit is. A town we do not serve keeps the request; the owner calls. */
    place(
      token: string,
      place: { town: string; served: boolean; street: string; notes: string },
    ): BookingRefusal | null {
      const lead = leadFor(token);
      if (!lead) return "unknown";
      const current = visits.forLead(lead.id);
      if (current && current.status !== "cancelled") return "already";
      visits.putPlace({ estimateId: lead.id, ...place });
      return null;
    },
    /** Step two: the homeowner books a window. */
    book(
      token: string,
      choice: WindowChoice,
      { key, spam = false }: { key: string | null; spam?: boolean },
    ): BookingResult {
      const lead = leadFor(token);
      if (!lead) return { ok: false, reason: "unknown" };
      if (!settings().enabled) return { ok: false, reason: "off" };
      if (now().getTime() - new Date(lead.received_at).getTime() > LINK_BOOKS_FOR_DAYS * 86_400_000) {
        return { ok: false, reason: "expired" };
      }
      const place = visits.place(lead.id);
      if (!place) return { ok: false, reason: "no-place" };
      if (!place.served) return { ok: false, reason: "outside" };
      return book(lead, choice, "homeowner", key, place, spam || lead.spam === 1);
    },
    /** The homeowner moves the visit: one transaction frees the old window and takes the new one. */
    move(token: string, choice: WindowChoice): BookingResult {
      const lead = leadFor(token);
      if (!lead) return { ok: false, reason: "unknown" };
      const visit = visits.forLead(lead.id);
      if (!visit || visit.status !== "booked") return { ok: false, reason: "cancelled" };
      const result = guarded(() => moveTx.immediate(visit, lead, choice, "homeowner"));
      if (result.ok && !result.repeated) afterCommit("moved", result.visit, lead);
      return result;
    },
    cancel(token: string, reason: string): BookingResult {
      const lead = leadFor(token);
      if (!lead) return { ok: false, reason: "unknown" };
      const visit = visits.forLead(lead.id);
      if (!visit || visit.status === "cancelled") return { ok: false, reason: "cancelled" };
      const result = cancelTx.immediate(visit, lead, "homeowner", reason, true);
      if (result.ok) afterCommit("cancelled", result.visit, lead);
      return result;
    },
    /** The owner books a visit for a request (after a call); the address is his to type. */
    ownerBook(
      estimateId: number,
      choice: WindowChoice,
      place: { town: string; street: string; notes: string },
    ): BookingResult {
      const lead = store.get(estimateId);
      if (!lead) return { ok: false, reason: "unknown" };
      visits.putPlace({ estimateId, ...place, served: true });
      return book(lead, choice, "owner", null, place, false);
    },
    ownerMove,
    ownerCancel(visitId: number, reason: string, tell: boolean): BookingResult {
      const visit = visits.get(visitId);
      const lead = visit && store.get(visit.estimate_id);
      if (!visit || !lead) return { ok: false, reason: "unknown" };
      return cancelTx.immediate(visit, lead, "owner", reason, tell);
    },
    /** A spam-held visit, once its request is marked not spam: booked if its window is still free. */
    confirmHeld(estimateId: number): BookingResult | null {
      const visit = visits.forLead(estimateId);
      const lead = store.get(estimateId);
      if (!visit || visit.status !== "held" || !lead) return null;
      return guarded(() =>
        db
          .transaction((): BookingResult => {
            const s = settings();
            const rules = inputs(now(), { settings: s });
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
            queueMail(booked, lead, "booked", "homeowner");
            return { ok: true, visit: booked };
          })
          .immediate(),
      );
    },
    /** Whether a day is closed (a holiday) and not opened, as read now: work days follow the same calendar. */
    closed(): (day: Day) => boolean {
      return closedFrom(dayAt(now(), timeZone()));
    },
    /** Days off from today on. */
    daysOff() {
      return visits.daysOff(dayAt(now(), timeZone()));
    },
    /** Blocks a day or a range; returns the booked visits on them, for the owner to move or keep. */
    blockDays(first: Day, last: Day, note: string): VisitRow[] {
      visits.addDayOff(first, last, note);
      return visits.bookedBetween(first, last);
    },
    unblock(id: number): boolean {
      return visits.removeDayOff(id);
    },
    /** The closed days (holidays) of the next year, each with whether the owner has opened it for visits. */
    closedDaysAhead(): { day: Day; name: string; opened: boolean }[] {
      const today = dayAt(now(), timeZone());
      const opened = new Set(visits.openDays(today));
      return closedDaysBetween(today, addDays(today, 365), business.closedDays).map((c) => ({
        ...c,
        opened: opened.has(c.day),
      }));
    },
    /** Opens a closed day for visits ("Open this day anyway"), or closes it again; false for a day not closed. */
    openClosedDay(day: Day, open: boolean): boolean {
      if (!isDay(day) || closedDayName(day, business.closedDays) === null) return false;
      if (open) visits.addOpenDay(day);
      else visits.removeOpenDay(day);
      return true;
    },
    /**
     * Moves each visit off its blocked day to the first open day after it (never earlier: the homeowner planned for
     * that day), at the visit's own time when that window is open there, else that day's first open window; the
     * homeowner's e-mail offers another time.
     */
    moveToNextOpen(visitIds: readonly number[]): { moved: VisitRow[]; stuck: VisitRow[] } {
      const moved: VisitRow[] = [];
      const stuck: VisitRow[] = [];
      for (const id of visitIds) {
        const visit = visits.get(id);
        if (!visit || visit.status !== "booked") continue;
        // Days off and closed days have no windows, so the first open day after the visit's is after its block.
        const firstDay = openForOwner(visit).find((d) => d.day > visit.day && d.day > dayAt(now(), timeZone()));
        const next = firstDay && (firstDay.windows.find((w) => w.starts === visit.starts) ?? firstDay.windows[0]);
        const result = next ? ownerMove(id, next, "blocked") : ({ ok: false, reason: "taken" } as const);
        if (result.ok) moved.push(result.visit);
        else stuck.push(visit);
      }
      return { moved, stuck };
    },
    workDaysBetween,
    /** Booked visits from `first` to `last` (inclusive), for the owner's Visits view. */
    between(first: Day, last: Day): VisitRow[] {
      return visits.bookedBetween(first, last);
    },
    today(): Day {
      return dayAt(now(), timeZone());
    },
    /** The outbox's composers for visit e-mails: the homeowner's fresh link, and the reminder checked as it goes. */
    composers: {
      "visit-invite": (item: OutboxItem, stored: Mail | null): Mail | null => {
        if (!stored) return null;
        return withManageLink(stored, manageUrl(visits.newLink(item.estimate_id)));
      },
      "visit-reminder": (item: OutboxItem): Mail | "withdrawn" | null => {
        const [, id, sequence] = item.dedupe.split(":");
        const visit = visits.get(Number(id));
        const lead = store.get(item.estimate_id);
        if (!visit || !lead) return null;
        // Moved or cancelled since it was queued: that change withdrew it, and this makes sure.
        if (visit.status !== "booked" || String(visit.sequence) !== sequence) return "withdrawn";
        return visitReminderMail(visit, lead, manageUrl(visits.newLink(lead.id)), now());
      },
    },
  };
}

export type Booking = ReturnType<typeof createBooking>;
