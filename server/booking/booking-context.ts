// What every step of booking works with (booking.ts hands it to each): the stores, the clock, the origin, the owner's
// settings read once per change of their JSON, and the few rules all steps share (the inputs the window rules read,
// the offered window a choice names, a free place in a window, the change cut-off, the refusals in one vocabulary).
import { business } from "../../app/content/business.ts";
import type { OpeningHours } from "../../app/lib/business-hours.ts";
import { closedDayName } from "../../app/content/closed-days.ts";
import type { EstimateStore, StoredEstimate } from "../requests/estimate-store.ts";
import type { VisitRow } from "../store/visits.ts";
import { createWorkDayReader, type WorkDayReader } from "../store/work-days.ts";
import { withWorkDays, workDays, type WorkDay } from "../jobs/work-days-view.ts";
import { addDays, dayAt, isDay, minutesOf, wallAt, weekdayName, WEEKDAY_NAMES, type Day } from "../time/wall-time.ts";
import { readBookingSettings, type BookingSettings } from "./availability.ts";
import type { VisitChange } from "./visit-mail.ts";
import type { windowRefusal, Busy, TakenWindow, WindowInputs } from "./windows.ts";

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

/** Who made a change. */
export type By = "homeowner" | "owner";

/** Where the visit is, as the homeowner or the owner typed it. */
export type Place = { town: string; street: string; notes: string };

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

export type BookingContext = Required<Omit<BookingOptions, "siteUrl">> & {
  visits: EstimateStore["visits"];
  db: EstimateStore["db"];
  /** The public origin, without a trailing slash. */
  origin: string;
  workDayRows: WorkDayReader;
  /** The settings as last read, kept while their JSON and the business hours stay the same. */
  settingsCache: { json: string | null; settings: BookingSettings; hours: OpeningHours } | null;
};

export function bookingContext({
  store,
  now = () => new Date(),
  siteUrl,
  ownerAddress = () => null,
  busy = () => [],
  notify = () => {},
  log = console.error,
}: BookingOptions): BookingContext {
  const visits = store.visits;
  return {
    store,
    now,
    ownerAddress,
    busy,
    notify,
    log,
    visits,
    db: visits.db,
    origin: siteUrl.replace(/\/+$/, ""),
    workDayRows: createWorkDayReader(visits.db),
    settingsCache: null,
  };
}

export const timeZone = () => business.timeZone;

export const today = ({ now }: BookingContext): Day => dayAt(now(), timeZone());

export const digits = (phone: string) => {
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

/** The jobs' work days from `first` to `last`: busy for estimates, and shown with the visits (decision 0047). */
export function workDaysBetween(ctx: BookingContext, first: Day, last: Day): WorkDay[] {
  return workDays(ctx.workDayRows.between(first, last), business.hours, timeZone());
}

export function settings(ctx: BookingContext): BookingSettings {
  const json = ctx.visits.settingsJson();
  const cached = ctx.settingsCache;
  if (!cached || cached.json !== json || cached.hours !== business.hours) {
    ctx.settingsCache = { json, settings: readBookingSettings(json, business.hours), hours: business.hours };
  }
  return (ctx.settingsCache as NonNullable<BookingContext["settingsCache"]>).settings;
}

/** Whether a day is closed (a holiday in the business facts) and the owner has not opened it for visits. */
export function closedFrom({ visits }: BookingContext, from: Day): (day: Day) => boolean {
  const opened = new Set(visits.openDays(from));
  return (day) => !opened.has(day) && closedDayName(day, business.closedDays) !== null;
}

/** What the rules need, read now; `day` narrows the booked visits to one day (a check of one window). */
export function inputs(
  ctx: BookingContext,
  at: Date,
  overrides: Partial<WindowInputs> = {},
  day?: string,
): WindowInputs {
  const { visits } = ctx;
  const s = overrides.settings ?? settings(ctx);
  const first = dayAt(at, timeZone());
  const last = addDays(first, Math.max(s.horizonDays, 62) + 1);
  // The days read: one day, a span's (a visit booked ahead), or from today past the horizon.
  const span = overrides.span;
  const [low, high] = day ? [day, day] : span ? [span.first, span.last] : [first, last];
  return {
    settings: s,
    daysOff: visits.daysOff(first).map((d) => ({ first: d.first_day, last: d.last_day })),
    closed: closedFrom(ctx, first),
    taken: visits.taken(low, high),
    // A work day is busy from its arrival window to the end of the working day.
    busy: withWorkDays(ctx.busy(), workDaysBetween(ctx, low, high)),
    now: at,
    timeZone: timeZone(),
    ...overrides,
  };
}

/** The offered window a choice names, from the settings of its weekday. */
export function windowOf(choice: WindowChoice, s: BookingSettings) {
  if (!isDay(choice.day)) return undefined;
  return s.windows[weekdayName(choice.day)]?.find((w) => w.starts === choice.starts);
}

/** The visits booked, without one (the visit being moved does not count against its new window). */
export function without(taken: readonly TakenWindow[], visit: VisitRow | undefined): TakenWindow[] {
  return taken.filter((t) => !visit || !(t.day === visit.day && t.starts === visit.starts && t.slot === visit.slot));
}

export function freeSlot(taken: readonly TakenWindow[], choice: WindowChoice, perWindow: number) {
  const used = new Set(taken.filter((t) => t.day === choice.day && t.starts === choice.starts).map((t) => t.slot));
  for (let slot = 1; slot <= perWindow; slot++) if (!used.has(slot)) return slot;
  return null;
}

export const manageUrl = ({ origin }: BookingContext, token: string) => `${origin}/visit/${token}`;

/** The request behind a link, if the link is known. */
export function leadFor({ visits, store }: BookingContext, token: string): StoredEstimate | undefined {
  const link = visits.link(token);
  return link ? store.get(link.estimate_id) : undefined;
}

export function refusalReason(refusal: NonNullable<ReturnType<typeof windowRefusal>>): BookingRefusal {
  if (refusal === "full" || refusal === "day-full" || refusal === "busy") return "taken";
  return refusal === "not-offered" ? "not-offered" : "closed";
}

/** What the owner may book: any offered window from today on, past the homeowner's cut-off, 62 days ahead. */
export function ownerRules(rules: WindowInputs): WindowInputs {
  return {
    ...rules,
    owner: true,
    settings: { ...rules.settings, horizonDays: Math.max(rules.settings.horizonDays, 62) },
  };
}

/**
 * The days a visit booked ahead (decision 0055) is moved among: four weeks before its day to six after, never before
 * today, and the usual horizon too; undefined for any other visit, which moves within the horizon.
 */
export function aheadSpan(
  visit: Pick<VisitRow, "day" | "ahead_from">,
  at: Date,
  s: BookingSettings,
): { first: Day; last: Day } | undefined {
  if (!visit.ahead_from) return undefined;
  const today = dayAt(at, timeZone());
  const before = addDays(visit.day, -28);
  const after = addDays(visit.day, 42);
  const horizon = addDays(today, s.horizonDays);
  return { first: before > today ? before : today, last: after > horizon ? after : horizon };
}

export function tooLate(visit: VisitRow, at: Date, s: BookingSettings): boolean {
  return at.getTime() >= new Date(visit.starts_at).getTime() - s.changeCutoffHours * 3_600_000;
}

/** A change that lost a race on the unique index answers "taken", in words, instead of an error. */
export function guarded(run: () => BookingResult): BookingResult {
  try {
    return run();
  } catch (error) {
    if ((error as { code?: string }).code?.startsWith("SQLITE_CONSTRAINT")) return { ok: false, reason: "taken" };
    throw error;
  }
}

/** Tells the owner of a change the homeowner made; a failure is logged, never thrown. */
export function afterCommit(
  { notify, log }: BookingContext,
  change: VisitChange,
  visit: VisitRow,
  lead: StoredEstimate,
) {
  try {
    notify({ change, visit, lead });
  } catch (error) {
    log(`Could not tell the owner about visit ${visit.id}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
