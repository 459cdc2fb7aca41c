// The owner's numbers (/owner/reports), computed from the stored requests alone (pure, tested in reports.test.ts):
// requests per week, where they came from, won and lost, and speed to lead against the call-back promise.
import { businessHoursBetween, type OpeningHours, wallClock, zonedInstant } from "./business-hours";
import { buildVisitReport, type VisitFigure, type VisitReport } from "./visit-report";

export const WEEKS = 12;

/** What a report needs of a stored request (server/store/types.ts StoredEstimate has all of it). */
export type ReportLead = {
  id: number;
  received_at: string;
  status: string;
  service: string;
  city: string | null;
  referrer: string | null;
  landing_page: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  gclid: string | null;
  fbclid: string | null;
};

export type Count = { label: string; count: number };
export type Week = {
  /** "Nov 16": the Monday the week starts, on the business's clock. */
  label: string;
  start: string;
  requests: number;
  /** Requests of that week answered (a first status change), and how long they waited, in business hours. */
  answered: number;
  median: number | null;
  p90: number | null;
  withinPromise: number;
};

export type Report = {
  weeks: Week[];
  sources: Count[];
  services: Count[];
  towns: Count[];
  won: number;
  lost: number;
  /** Won ÷ (won + lost), in whole percent; null before any request is decided. */
  wonRate: number | null;
  total: number;
  promiseHours: number;
  /** Over all 12 weeks. */
  speed: { answered: number; median: number | null; p90: number | null; withinPromise: number };
  visits: VisitReport;
  /** The requests' estimate visits: booked online by the homeowner, by the owner, or none; and online ones booked
   * outside business hours (the evenings and weekends booking online is for). */
  booking: { online: number; byOwner: number; none: number; outsideHours: number; outsideShare: number | null };
};

export const SOURCES = ["Search", "Google Business Profile", "Campaigns", "Other websites", "Direct"] as const;

const SEARCH_ENGINES = /(^|\.)(google|bing|duckduckgo|yahoo|ecosia|baidu|yandex|startpage|brave)\.[a-z.]+$/;
const BUSINESS_PROFILE = /\b(gbp|gmb|google ?business|business ?profile|google ?maps)\b/i;

/**
 * Where a request came from, as the owner thinks of it: a link tagged as the Google Business Profile's (the usual
 * utm_campaign=gbp, or a maps.google referrer), another tagged campaign or ad click, a search engine, another
 * website, or nothing recorded (typed in, a bookmark, an app that sends no referrer).
 */
export function sourceOf(lead: ReportLead, siteHost = ""): (typeof SOURCES)[number] {
  const tags = [lead.utm_source, lead.utm_medium, lead.utm_campaign].filter(Boolean).join(" ");
  let host = "";
  try {
    host = lead.referrer ? new URL(lead.referrer).hostname.toLowerCase() : "";
  } catch {
    host = "";
  }
  if (BUSINESS_PROFILE.test(tags) || /^maps\.google\./.test(host) || host === "business.google.com")
    return "Google Business Profile";
  if (tags || lead.gclid || lead.fbclid) return "Campaigns";
  if (host && SEARCH_ENGINES.test(host)) return "Search";
  if (host && host !== siteHost) return "Other websites";
  return "Direct";
}

/** The median: the middle value, or the mean of the two middle ones. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
}

/** The 90th percentile by nearest rank: 9 of 10 waited this long or less. */
export function p90(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.ceil(0.9 * s.length) - 1] ?? null;
}

function counts(values: readonly string[], order?: readonly string[]): Count[] {
  const map = new Map<string, number>();
  for (const v of order ?? []) map.set(v, 0);
  for (const v of values) map.set(v, (map.get(v) ?? 0) + 1);
  const list = [...map].map(([label, count]) => ({ label, count }));
  return order ? list : list.sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
}

const round1 = (n: number | null) => (n === null ? null : Math.round(n * 10) / 10);

/** Midnight starting the Monday of `instant`'s week, `back` weeks earlier, on the zone's clock. */
function mondayStart(instant: Date, back: number, timeZone: string): Date {
  const w = wallClock(instant, timeZone);
  const sinceMonday = (w.weekday + 6) % 7;
  return zonedInstant(w.year, w.month, w.day - sinceMonday - 7 * back, 0, timeZone);
}

const dayLabel = (d: Date, timeZone: string) =>
  new Intl.DateTimeFormat("en-US", { timeZone, month: "short", day: "numeric" }).format(d);

export type ReportInput = {
  /** Requests, spam left out. */
  leads: readonly ReportLead[];
  /** Each request's first status change (ISO), by id; absent while it is still new. */
  firstChange: ReadonlyMap<number, string>;
  now: Date;
  timeZone: string;
  hours: OpeningHours;
  /** The call-back promise (business.leads.callBackWithinBusinessHours). */
  promiseHours: number;
  siteHost?: string;
  /** The visitor figures' daily aggregates (server/store/visitor-figures.ts). */
  visits?: readonly VisitFigure[];
  /** Each request's first visit, by request id: who booked it and whether inside business hours. */
  bookings?: ReadonlyMap<number, { by: "homeowner" | "owner"; inHours: boolean }>;
};

/** The window a report covers: the Monday 11 weeks before this week's, to now. */
export function reportStart(now: Date, timeZone: string): Date {
  return mondayStart(now, WEEKS - 1, timeZone);
}

export function buildReport({
  leads,
  firstChange,
  now,
  timeZone,
  hours,
  promiseHours,
  siteHost = "",
  visits = [],
  bookings = new Map(),
}: ReportInput): Report {
  const starts = Array.from({ length: WEEKS }, (_, i) => mondayStart(now, WEEKS - 1 - i, timeZone));
  const first = starts[0]?.getTime() ?? 0;
  const inWindow = leads.filter((l) => {
    const t = Date.parse(l.received_at);
    return t >= first && t <= now.getTime();
  });
  const waited = new Map<number, number>();
  for (const l of inWindow) {
    const at = firstChange.get(l.id);
    if (at) waited.set(l.id, businessHoursBetween(new Date(l.received_at), new Date(at), hours, timeZone));
  }
  const speedOf = (group: readonly ReportLead[]) => {
    const values = group.flatMap((l) => (waited.has(l.id) ? [waited.get(l.id) ?? 0] : []));
    return {
      answered: values.length,
      median: round1(median(values)),
      p90: round1(p90(values)),
      withinPromise: values.filter((v) => v <= promiseHours).length,
    };
  };
  const weeks = starts.map((start, i) => {
    const end = starts[i + 1]?.getTime() ?? Infinity;
    const group = inWindow.filter((l) => {
      const t = Date.parse(l.received_at);
      return t >= start.getTime() && t < end;
    });
    return {
      label: dayLabel(start, timeZone),
      start: start.toISOString(),
      requests: group.length,
      ...speedOf(group),
    };
  });
  const booked = inWindow.flatMap((l) => bookings.get(l.id) ?? []);
  const online = booked.filter((b) => b.by === "homeowner");
  const outsideHours = online.filter((b) => !b.inHours).length;
  const won = inWindow.filter((l) => l.status === "won").length;
  const lost = inWindow.filter((l) => l.status === "lost").length;
  return {
    weeks,
    sources: counts(
      inWindow.map((l) => sourceOf(l, siteHost)),
      SOURCES,
    ),
    services: counts(inWindow.map((l) => l.service || "No service chosen")),
    towns: counts(inWindow.map((l) => l.city ?? "Not given")),
    won,
    lost,
    wonRate: won + lost === 0 ? null : Math.round((100 * won) / (won + lost)),
    total: inWindow.length,
    promiseHours,
    speed: speedOf(inWindow),
    booking: {
      online: online.length,
      byOwner: booked.length - online.length,
      none: inWindow.length - booked.length,
      outsideHours,
      outsideShare: online.length === 0 ? null : Math.round((100 * outsideHours) / online.length),
    },
    visits: buildVisitReport({
      figures: visits,
      leads: inWindow,
      weekStarts: starts,
      weekLabels: weeks.map((w) => w.label),
      timeZone,
      siteHost,
    }),
  };
}
