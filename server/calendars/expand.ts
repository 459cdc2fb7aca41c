// The owner's busy times from one iCalendar text (decision 0031): every VEVENT that makes him busy, repeating ones
// expanded with their exceptions, as instants within a range. Runs in the calendars' worker (calendar-worker.ts), never
// on the server's event loop. ical.js parses, resolves each TZID against the file's own VTIMEZONEs (all of them), and
// its RecurExpansion applies RRULE, RDATE and EXDATE; each RECURRENCE-ID replaces the one occurrence of its own UID
// (RANGE=THISANDFUTURE too). Not ical-expander, measured (decision 0031): it relates every exception in the file to
// every series, keeps cancelled events, caps its walk from the series' start (a daily event begun in 2016 has no
// December 2026), and took 9-14 s for 5,000 events. What we add: exceptions by UID and wherever they moved, cancelled
// and free events skipped, floating times and dates in the business's zone, a walk that starts near the range, and caps.
import ICAL from "ical.js";
import { Temporal } from "temporal-polyfill";

type Component = InstanceType<typeof ICAL.Component>;
type IcalTime = InstanceType<typeof ICAL.Time>;
type IcalEvent = InstanceType<typeof ICAL.Event>;

/** What a calendar refused, in the owner's words (shown in the console as it is). */
export class CalendarProblem extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CalendarProblem";
  }
}

export type ExpandOptions = {
  /** The range, as epoch milliseconds: busy times overlapping it are kept. */
  from: number;
  to: number;
  /** The business's zone: floating times and all-day dates are its wall clock. */
  timeZone: string;
  /** Occurrences one repeating event may walk through (from its first) before it is cut off. */
  maxIterationsPerRule?: number;
  /** Occurrences the whole calendar may walk through. */
  maxIterations?: number;
  /** Busy intervals kept, after merging: the earliest. */
  maxIntervals?: number;
  /** Events that are ours, not the owner's own: a visit's invite he accepted into his calendar (same UID). */
  ignoreUid?: (uid: string) => boolean;
  /** Repeating events to leave out, by their place in the walk (one that made ical.js loop for ever). */
  skip?: ReadonlySet<number>;
  /**
   * Where the walk is, for a watchdog on another thread: [stage (1 parsing, 2 walking), the repeating event being
   * walked, a counter that moves while the walk does].
   */
  progress?: Int32Array;
};

export type Expanded = {
  /** Busy intervals, merged and sorted: start, end, start, end… in epoch milliseconds. */
  busy: Float64Array;
  /** VEVENTs in the file. */
  events: number;
  /** What the owner should know although the calendar was read, in his words. */
  notes: string[];
};

export const EXPAND_LIMITS = {
  maxIterationsPerRule: 20_000,
  maxIterations: 200_000,
  maxIntervals: 5_000,
};

const DAY_MS = 86_400_000;
/** Around the range, the walk looks occurrences up (a moved one far away is found among the exceptions anyway). */
const NEAR_MS = DAY_MS;
/** No zone is further than this from UTC. */
const ZONE_SLACK_MS = 15 * 3_600_000;

/** A free or cancelled event never closes a window. */
export function isBusyComponent(component: Component): boolean {
  const status = String(component.getFirstPropertyValue("status") ?? "").toUpperCase();
  if (status === "CANCELLED") return false;
  const transp = String(component.getFirstPropertyValue("transp") ?? "").toUpperCase();
  if (transp === "TRANSPARENT") return false;
  // Outlook says "Free" here as well as (or instead of) TRANSP.
  const outlook = String(component.getFirstPropertyValue("x-microsoft-cdo-busystatus") ?? "").toUpperCase();
  return outlook !== "FREE";
}

const zoneChecks = new Map<string, boolean>();
function isIanaZone(name: string): boolean {
  let known = zoneChecks.get(name);
  if (known === undefined) {
    try {
      Temporal.Now.instant().toZonedDateTimeISO(name);
      known = true;
    } catch {
      known = false;
    }
    if (zoneChecks.size > 1000) zoneChecks.clear();
    zoneChecks.set(name, known);
  }
  return known;
}

/**
 * The instant of an ical.js time: UTC and a zone the file described convert by ical.js; a floating time, or one in
 * a zone the file names without describing it, by Temporal in that zone when it is an IANA name (else the
 * business's); a date is the start of that day in the business's zone. Never the server's own zone.
 */
function instantOf(time: IcalTime, fallbackZone: string, timeZone: string): number {
  if (time.isDate) {
    return Temporal.PlainDate.from({ year: time.year, month: time.month, day: time.day }).toZonedDateTime(timeZone)
      .epochMilliseconds;
  }
  const zone = time.zone;
  if (zone && zone !== ICAL.Timezone.localTimezone && zone.tzid !== "floating") return time.toUnixTime() * 1000;
  return Temporal.PlainDateTime.from({
    year: time.year,
    month: time.month,
    day: time.day,
    hour: time.hour,
    minute: time.minute,
    second: Math.min(time.second, 59),
  }).toZonedDateTime(fallbackZone, { disambiguation: "compatible" }).epochMilliseconds;
}

/** Each day's offset in a zone, when the zone does not change that day (null when it does). */
const dayOffsets = new WeakMap<object, Map<number, number | null>>();

/**
 * The instant of a floating wall clock (a floated series' occurrence) in a zone the file described. ical.js finds an
 * offset slowly (a deep copy of every change it looks at), so a day without a change is looked up once.
 */
function zonedInstant(time: IcalTime, zone: InstanceType<typeof ICAL.Timezone>, timeZone: string): number {
  if (time.isDate) return instantOf(time, timeZone, timeZone);
  return zonedWall(Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second), zone);
}

/** The instant of a wall clock (epoch ms read as if UTC) in a zone the file described. */
function zonedWall(wall: number, zone: InstanceType<typeof ICAL.Timezone>): number {
  let days = dayOffsets.get(zone);
  if (!days) dayOffsets.set(zone, (days = new Map()));
  const day = Math.floor(wall / DAY_MS) * DAY_MS;
  const date = new Date(wall);
  const fields = { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
  let offset = days.get(day);
  if (offset === undefined) {
    const at = (hour: number, minute: number) =>
      zone.utcOffset(ICAL.Time.fromData({ ...fields, hour, minute, second: 0 }, zone));
    const first = at(0, 0);
    offset = first === at(23, 59) ? first : null;
    if (days.size > 10_000) days.clear();
    days.set(day, offset);
  }
  if (offset !== null) return wall - offset * 1000;
  const zoned = ICAL.Time.fromData(
    {
      ...fields,
      hour: date.getUTCHours(),
      minute: date.getUTCMinutes(),
      second: date.getUTCSeconds(),
      isDate: false,
    },
    zone,
  );
  return zoned.toUnixTime() * 1000;
}

/** The zone a floating time of this event means: its TZID when that is an IANA name the file did not describe. */
function fallbackZoneOf(component: Component, timeZone: string): string {
  const tzid = component.getFirstProperty("dtstart")?.getParameter("tzid");
  const name = Array.isArray(tzid) ? tzid[0] : tzid;
  return typeof name === "string" && !ICAL.TimezoneService.has(name) && isIanaZone(name) ? name : timeZone;
}

type JCalProperty = [string, Record<string, unknown>, string, ...unknown[]];
type JCal = [string, JCalProperty[], unknown[]];

/** The zone ical.js converts an event's start in: a zone the file described, else null (UTC, floating, unknown). */
function describedZone(component: Component): InstanceType<typeof ICAL.Timezone> | null {
  const tzid = component.getFirstProperty("dtstart")?.getParameter("tzid");
  const name = Array.isArray(tzid) ? tzid[0] : tzid;
  if (typeof name !== "string" || name === "UTC" || name === "Z" || name === "GMT") return null;
  return ICAL.TimezoneService.get(name) ?? null;
}

/** A date-time value of the file ("…Z", or wall-clock in `tzid`) as the wall clock of `zone`, without a zone. */
function wallIn(value: string, tzid: unknown, zone: InstanceType<typeof ICAL.Timezone>): string {
  const time = ICAL.Time.fromDateTimeString(value);
  if (!value.endsWith("Z")) {
    const from = typeof tzid === "string" ? ICAL.TimezoneService.get(tzid) : undefined;
    // The same zone, or one the file did not describe: the wall clock as written.
    if (!from || from === zone) return value;
    time.zone = from;
  }
  const wall = time.convertToZone(zone);
  return ICAL.Time.fromData({
    year: wall.year,
    month: wall.month,
    day: wall.day,
    hour: wall.hour,
    minute: wall.minute,
    second: wall.second,
    isDate: false,
  }).toString();
}

/**
 * A copy of a repeating event (or one of its exceptions) with every time as the wall clock of the series' zone and no
 * zone at all. RFC 5545 repeats in the start's wall clock anyway; ical.js compares zoned times through a slow
 * offset lookup at every step of a walk, floating ones directly. Each occurrence is converted back to an instant in
 * `zone` where it matters. A series' own start is moved on too when that is safe (fastForward).
 */
function walkable(
  component: Component,
  zone: InstanceType<typeof ICAL.Timezone> | null,
  fromWall: number | null,
): Component {
  const jcal = structuredClone(component.toJSON()) as JCal;
  if (zone) {
    for (const prop of jcal[1]) {
      const [name, params, type] = prop;
      if (name === "rrule" || name === "exrule") {
        const recur = prop[3] as Record<string, unknown>;
        if (typeof recur.until === "string" && recur.until.includes("T")) {
          prop[3] = { ...recur, until: wallIn(recur.until, undefined, zone) };
        }
        continue;
      }
      if (!["dtstart", "dtend", "exdate", "rdate", "recurrence-id"].includes(name) || type !== "date-time") continue;
      for (let i = 3; i < prop.length; i++) {
        if (typeof prop[i] === "string") prop[i] = wallIn(prop[i] as string, params.tzid, zone);
      }
      delete params.tzid;
    }
  }
  if (fromWall !== null) fastForward(jcal, fromWall);
  return new ICAL.Component(jcal);
}

const PERIOD_MS: Record<string, number> = {
  SECONDLY: 1000,
  MINUTELY: 60_000,
  HOURLY: 3_600_000,
  DAILY: DAY_MS,
  WEEKLY: 7 * DAY_MS,
};

/** "2026-03-10T09:00:00" (or a date) read as if UTC, and back. */
const wallMs = (value: string) =>
  Date.parse(value.length === 10 ? `${value}T00:00:00Z` : `${value.replace(/Z$/, "")}Z`);
const wallText = (ms: number, like: string) => {
  const iso = new Date(ms).toISOString();
  return like.length === 10 ? iso.slice(0, 10) : `${iso.slice(0, 19)}${like.endsWith("Z") ? "Z" : ""}`;
};

/**
 * A series walked from its start would pass every occurrence of its history (a daily event begun years ago: a
 * thousand steps before today). A rule that repeats by a fixed period and is not counted gives the same occurrences
 * from a later start a whole number of periods on, so its start (and end) move to just before the range. Months and
 * years move only from a day every month has (the 1st to the 28th): the rule keeps the start's day when it names
 * none. A counted rule (COUNT) is walked from its start. The moved start itself is an occurrence (RFC 5545 counts
 * DTSTART), but it lies before the range.
 */
function fastForward(jcal: JCal, fromWall: number): void {
  const props = jcal[1];
  const rrules = props.filter((p) => p[0] === "rrule");
  if (rrules.length !== 1 || props.some((p) => p[0] === "exrule")) return;
  const recur = (rrules[0] as JCalProperty)[3] as Record<string, unknown>;
  const freq = String(recur.freq ?? "").toUpperCase();
  if (recur.count !== undefined) return;
  const interval = Math.max(1, Number(recur.interval ?? 1) || 1);
  const dtstart = props.find((p) => p[0] === "dtstart");
  const value = dtstart?.[3];
  // By now every time is floating, UTC, or in a zone the file did not describe (read as floating): wall clocks.
  if (!dtstart || typeof value !== "string") return;
  const start = wallMs(value);
  if (!Number.isFinite(start) || start >= fromWall) return;
  let moved: number;
  const unit = PERIOD_MS[freq];
  if (unit) {
    const steps = Math.floor((fromWall - start) / (unit * interval)) - 1;
    if (steps < 2) return;
    moved = start + steps * unit * interval;
  } else if (freq === "MONTHLY" || freq === "YEARLY") {
    const a = new Date(start);
    const b = new Date(fromWall);
    if (a.getUTCDate() > 28) return;
    const months = (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + (b.getUTCMonth() - a.getUTCMonth());
    const per = freq === "MONTHLY" ? interval : 12 * interval;
    const steps = Math.floor(months / per) - 1;
    if (steps < 2) return;
    moved = Date.UTC(
      a.getUTCFullYear(),
      a.getUTCMonth() + steps * per,
      a.getUTCDate(),
      a.getUTCHours(),
      a.getUTCMinutes(),
      a.getUTCSeconds(),
    );
  } else return;
  const shift = moved - start;
  dtstart[3] = wallText(moved, value);
  const dtend = props.find((p) => p[0] === "dtend");
  if (dtend && typeof dtend[3] === "string") dtend[3] = wallText(wallMs(dtend[3]) + shift, dtend[3]);
}

/**
 * Whether a single event ended long before `from`, read from its text alone: most of a calendar is its history, and
 * making ical.js times of it costs more than the rest of the read. Unsure (a DURATION, no end) means no.
 */
function endsLongBefore(component: Component, from: number): boolean {
  const props = (component.jCal as unknown as JCal)[1];
  const end = props.find((p) => p[0] === "dtend");
  const value = end?.[3];
  if (typeof value !== "string") return false;
  const wall = wallMs(value);
  return Number.isFinite(wall) && wall + ZONE_SLACK_MS + DAY_MS < from;
}

/** Cleans a piece of the file for a message: no control characters, short. */
function quote(text: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/[\u0000-\u001F\u007F]/g, " ").trim();
  return clean.length > 60 ? `${clean.slice(0, 57)}…` : clean;
}

function parse(text: string): Component[] {
  const start = text.replace(/^\uFEFF/, "").trimStart();
  if (!/^BEGIN:VCALENDAR\b/i.test(start)) {
    throw new CalendarProblem(
      /^<(!doctype|html)/i.test(start)
        ? "The address sends a web page, not a calendar. Copy the calendar's secret address in iCal format (it usually ends in .ics)."
        : "The address does not send a calendar (it does not start with BEGIN:VCALENDAR).",
    );
  }
  let jcal: unknown;
  try {
    jcal = ICAL.parse(start);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    const line = /"([^"]*)"\s*$/.exec(detail)?.[1];
    throw new CalendarProblem(
      `The calendar has a line that is not valid iCalendar${line ? ` (“${quote(line)}”)` : ""}, so nothing from this read was used.`,
    );
  }
  const roots = Array.isArray(jcal) && typeof jcal[0] === "string" ? [jcal] : (jcal as unknown[]);
  return roots.map((root) => new ICAL.Component(root as never)).filter((c) => c.name === "vcalendar");
}

/** Adds [start, end) to the list when it overlaps the range and has a length. */
function keep(list: number[], start: number, end: number, from: number, to: number) {
  if (end > start && end > from && start < to) list.push(Math.max(start, from), Math.min(end, to));
}

/** Sorted, overlapping or touching intervals merged into one. */
export function mergeIntervals(pairs: readonly number[]): number[] {
  const order = Array.from({ length: pairs.length / 2 }, (_, i) => i).sort(
    (a, b) => (pairs[2 * a] as number) - (pairs[2 * b] as number),
  );
  const merged: number[] = [];
  for (const i of order) {
    const start = pairs[2 * i] as number;
    const end = pairs[2 * i + 1] as number;
    const last = merged.length - 1;
    if (last > 0 && start <= (merged[last] as number)) merged[last] = Math.max(merged[last] as number, end);
    else merged.push(start, end);
  }
  return merged;
}

export function expandCalendar(text: string, options: ExpandOptions): Expanded {
  const { from, to, timeZone, ignoreUid = () => false } = options;
  const perRule = options.maxIterationsPerRule ?? EXPAND_LIMITS.maxIterationsPerRule;
  const overall = options.maxIterations ?? EXPAND_LIMITS.maxIterations;
  const maxIntervals = options.maxIntervals ?? EXPAND_LIMITS.maxIntervals;
  const progress = options.progress ?? new Int32Array(3);
  const skip = options.skip ?? new Set<number>();
  Atomics.store(progress, 0, 1);
  const calendars = parse(text);
  Atomics.store(progress, 0, 2);
  if (calendars.length === 0) throw new CalendarProblem("The address does not send a calendar.");

  // Each parse starts from no zones but UTC: only what this file describes is in force (the worker is reused).
  ICAL.TimezoneService.reset();
  for (const calendar of calendars) {
    for (const vtimezone of calendar.getAllSubcomponents("vtimezone")) {
      try {
        ICAL.TimezoneService.register(vtimezone);
      } catch {
        // A VTIMEZONE without TZID describes nothing we could name.
      }
    }
  }

  const pairs: number[] = [];
  const notes: string[] = [];
  let iterations = 0;
  let cutRules = 0;
  let overallCut = false;
  let unreadable = 0;
  const masters = new Map<string, Component[]>();
  const exceptions = new Map<string, Component[]>();
  let events = 0;
  let walks = 0;
  let skipped = 0;
  for (const calendar of calendars) {
    for (const vevent of calendar.getAllSubcomponents("vevent")) {
      events += 1;
      const uid = String(vevent.getFirstPropertyValue("uid") ?? "");
      if (uid && ignoreUid(uid)) continue;
      const into = vevent.hasProperty("recurrence-id") ? exceptions : masters;
      // An event without a UID stands alone.
      const key = uid || `\u0000${events}`;
      const list = into.get(key);
      if (list) list.push(vevent);
      else into.set(key, [vevent]);
    }
  }

  /** Wall clock read as if it were UTC: within ZONE_SLACK_MS of the instant, whatever the zone. */
  const wallOf = (time: IcalTime) => Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute);
  const far = (start: IcalTime, end: IcalTime) =>
    wallOf(end) + ZONE_SLACK_MS <= from || wallOf(start) - ZONE_SLACK_MS >= to;

  /** One event's own times, when it is busy. */
  const single = (component: Component, event: IcalEvent, convert: (time: IcalTime) => number) => {
    if (!isBusyComponent(component)) return;
    const start = event.startDate;
    const end = event.endDate;
    if (far(start, end)) return;
    keep(pairs, convert(start), convert(end), from, to);
  };
  const converter = (component: Component) => {
    const zone = fallbackZoneOf(component, timeZone);
    return (time: IcalTime) => instantOf(time, zone, timeZone);
  };

  for (const [uid, components] of masters) {
    // Two masters with one UID (a broken file): each is read on its own, the exceptions go with the first.
    const own = exceptions.get(uid) ?? [];
    exceptions.delete(uid);
    components.forEach((component, index) => {
      try {
        Atomics.add(progress, 2, 1);
        if (!component.hasProperty("rrule") && !component.hasProperty("rdate")) {
          if (endsLongBefore(component, from)) return;
          return single(component, new ICAL.Event(component, { exceptions: [] }), converter(component));
        }
        // A cancelled series: every occurrence is, whatever its exceptions say.
        const status = String(component.getFirstPropertyValue("status") ?? "").toUpperCase();
        if (status === "CANCELLED") return;
        const walk = walks++;
        Atomics.store(progress, 1, walk);
        if (skip.has(walk)) {
          skipped += 1;
          return;
        }
        const zone = describedZone(component);
        const convert = zone ? (time: IcalTime) => zonedInstant(time, zone, timeZone) : converter(component);
        const event = new ICAL.Event(walkable(component, zone, from - ZONE_SLACK_MS - NEAR_MS - DAY_MS), {
          exceptions: (index === 0 ? own : []).map((e) => (zone ? walkable(e, zone, null) : e)),
        });
        if (!event.startDate) return;
        const masterBusy = isBusyComponent(component);
        const length = Math.max(0, wallOf(event.endDate) - wallOf(event.startDate));
        const iterator = event.iterator();
        let walked = 0;
        const seen = new Set<string>();
        for (let next = iterator.next(); next; next = iterator.next()) {
          walked += 1;
          iterations += 1;
          if ((walked & 63) === 0) Atomics.add(progress, 2, 1);
          if (walked > perRule || iterations > overall) {
            if (iterations > overall) overallCut = true;
            else cutRules += 1;
            break;
          }
          // Far from the range, the wall clock decides without converting.
          const wall = wallOf(next);
          if (wall - ZONE_SLACK_MS >= to + NEAR_MS) break;
          if (wall + ZONE_SLACK_MS + length + NEAR_MS <= from) continue;
          const details = event.getOccurrenceDetails(next);
          const item = details.item;
          if (item !== event) seen.add(item.recurrenceId.toString());
          if (!(item === event ? masterBusy : isBusyComponent(item.component))) continue;
          if (far(details.startDate, details.endDate)) continue;
          keep(pairs, convert(details.startDate), convert(details.endDate), from, to);
        }
        // Exceptions the walk did not look up (their original time was far from the range, past where the walk
        // stopped, or not one the rule makes) stand on their own times, which may be in the range.
        for (const exception of Object.values(event.exceptions)) {
          if (!seen.has(exception.recurrenceId.toString())) single(exception.component, exception, convert);
        }
      } catch {
        unreadable += 1;
      }
    });
  }
  // Exceptions whose series is not in the file stand alone.
  for (const components of exceptions.values()) {
    for (const component of components) {
      try {
        single(component, new ICAL.Event(component, { exceptions: [] }), converter(component));
      } catch {
        unreadable += 1;
      }
    }
  }

  let merged = mergeIntervals(pairs);
  if (cutRules > 0) {
    notes.push(
      cutRules === 1
        ? "One repeating event repeats too often to read in full (more than 20,000 times): only its first times count."
        : `${cutRules} repeating events repeat too often to read in full (more than 20,000 times each): only their first times count.`,
    );
  }
  if (overallCut) {
    notes.push("The calendar has too many repeating times to read in full (over 200,000): the rest were left out.");
  }
  if (skipped > 0) {
    notes.push(
      skipped === 1
        ? "One repeating event has a rule that never gives its next time, so it was left out."
        : `${skipped} repeating events have rules that never give their next time, so they were left out.`,
    );
  }
  if (unreadable > 0) {
    notes.push(
      unreadable === 1
        ? "One event could not be read (its times are not valid) and was left out."
        : `${unreadable} events could not be read (their times are not valid) and were left out.`,
    );
  }
  if (merged.length / 2 > maxIntervals) {
    merged = merged.slice(0, maxIntervals * 2);
    notes.push(
      `More than ${maxIntervals.toLocaleString("en-US")} busy times in the next weeks: only the first ${maxIntervals.toLocaleString("en-US")} count.`,
    );
  }
  return { busy: Float64Array.from(merged), events, notes };
}
