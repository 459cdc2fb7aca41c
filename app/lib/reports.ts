// The owner's numbers (/owner/reports), computed from the stored requests alone (pure, tested in reports.test.ts):
// requests per week, where they came from, won and lost, and speed to lead against the call-back promise.
import { addDays, dayAt, weekdayOf, type Day } from "./business-day";
import { businessHoursBetween, type OpeningHours, zonedInstant } from "./business-hours";
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
  /** That Monday, "2026-11-16". */
  day: Day;
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
  quotes: QuoteReport;
};

/** What the quote figures need of a sent quote (server/store/quotes.ts sentForReport, status as the owner sees it). */
export type ReportQuote = {
  first_sent_at: string;
  /** draft … withdrawn, or "expired". */
  status: string;
  decided_at: string | null;
  /** The accepted total, in cents; null unless accepted. */
  total_cents: number | null;
  /** The request it answers (null once erased: the contract stays, its request does not). */
  lead: Omit<ReportLead, "id" | "status" | "service" | "city"> | null;
};

export type QuoteSourceRow = { label: string; requests: number; sent: number; won: number; wonCents: number };

export type QuoteReport = {
  /** Quotes first sent in the 12 weeks. */
  sent: number;
  accepted: number;
  declined: number;
  expired: number;
  /** Accepted ÷ (accepted + declined + expired), in whole percent; null before any outcome. */
  winRate: number | null;
  /** Days from the first send to the answer (accepted or declined), the median, to one decimal. */
  medianDays: number | null;
  wonCents: number;
  /** Visitors, requests, quotes sent and won, over the 12 weeks: the funnel. */
  funnel: { visitors: number; requests: number; sent: number; won: number };
  bySource: QuoteSourceRow[];
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

/** The Monday of `instant`'s week on the zone's clock, `back` weeks earlier. */
function monday(instant: Date, back: number, timeZone: string): Day {
  const today = dayAt(instant, timeZone);
  return addDays(today, 1 - weekdayOf(today) - 7 * back);
}

/** Midnight starting a day, on the zone's clock. */
const midnight = (day: Day, timeZone: string) =>
  zonedInstant(Number(day.slice(0, 4)), Number(day.slice(5, 7)), Number(day.slice(8, 10)), 0, timeZone);

function mondayStart(instant: Date, back: number, timeZone: string): Date {
  return midnight(monday(instant, back, timeZone), timeZone);
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
  /** The business's closed days ("YYYY-MM-DD"): a holiday's hours are not counted as waiting. */
  closed?: (day: string) => boolean;
  /** The call-back promise (business.leads.callBackWithinBusinessHours). */
  promiseHours: number;
  siteHost?: string;
  /** The visitor figures' daily aggregates (server/store/visitor-figures.ts). */
  visits?: readonly VisitFigure[];
  /** Each request's first visit, by request id: who booked it and whether inside business hours. */
  bookings?: ReadonlyMap<number, { by: "homeowner" | "owner"; inHours: boolean }>;
  /** Every quote ever sent (those of the 12 weeks are counted). */
  quotes?: readonly ReportQuote[];
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
  closed = () => false,
  promiseHours,
  siteHost = "",
  visits = [],
  bookings = new Map(),
  quotes = [],
}: ReportInput): Report {
  const mondays = Array.from({ length: WEEKS }, (_, i) => monday(now, WEEKS - 1 - i, timeZone));
  const starts = mondays.map((day) => midnight(day, timeZone));
  const first = starts[0]?.getTime() ?? 0;
  const inWindow = leads.filter((l) => {
    const t = Date.parse(l.received_at);
    return t >= first && t <= now.getTime();
  });
  const waited = new Map<number, number>();
  for (const l of inWindow) {
    const at = firstChange.get(l.id);
    if (at) waited.set(l.id, businessHoursBetween(new Date(l.received_at), new Date(at), hours, timeZone, closed));
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
      day: mondays[i] ?? "",
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
  const visitReport = buildVisitReport({
    figures: visits,
    leads: inWindow,
    weekStarts: starts,
    weekLabels: starts.map((s) => dayLabel(s, timeZone)),
    timeZone,
    siteHost,
  });
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
    visits: visitReport,
    quotes: buildQuoteReport(quotes, inWindow, first, now, visitReport.visitors, siteHost),
  };
}

/**
 * Quotes sent in the window, how many were won, how fast they were answered, and the won value by where their
 * request came from, beside the requests of the same source: from visit to won in one table.
 */
export function buildQuoteReport(
  quotes: readonly ReportQuote[],
  leads: readonly ReportLead[],
  since: number,
  now: Date,
  visitors: number,
  siteHost = "",
): QuoteReport {
  const sent = quotes.filter((q) => {
    const t = Date.parse(q.first_sent_at);
    return t >= since && t <= now.getTime();
  });
  const accepted = sent.filter((q) => q.status === "accepted");
  const declined = sent.filter((q) => q.status === "declined").length;
  const expired = sent.filter((q) => q.status === "expired").length;
  const outcomes = accepted.length + declined + expired;
  const days = sent
    .filter((q) => (q.status === "accepted" || q.status === "declined") && q.decided_at)
    .map((q) => (Date.parse(q.decided_at ?? "") - Date.parse(q.first_sent_at)) / 86_400_000);
  const rows = new Map<string, QuoteSourceRow>(
    SOURCES.map((label) => [label, { label, requests: 0, sent: 0, won: 0, wonCents: 0 }]),
  );
  const row = (label: string) => rows.get(label) ?? (rows.get("Direct") as QuoteSourceRow);
  for (const l of leads) row(sourceOf(l, siteHost)).requests += 1;
  for (const q of sent) {
    // A contract whose request was erased counts as "Direct": where it came from is gone with the request.
    const r = row(q.lead ? sourceOf({ ...q.lead, id: 0, status: "", service: "", city: null }, siteHost) : "Direct");
    r.sent += 1;
    if (q.status === "accepted") {
      r.won += 1;
      r.wonCents += q.total_cents ?? 0;
    }
  }
  return {
    sent: sent.length,
    accepted: accepted.length,
    declined,
    expired,
    winRate: outcomes === 0 ? null : Math.round((100 * accepted.length) / outcomes),
    medianDays: round1(median(days)),
    wonCents: accepted.reduce((n, q) => n + (q.total_cents ?? 0), 0),
    funnel: { visitors, requests: leads.length, sent: sent.length, won: accepted.length },
    bySource: [...rows.values()],
  };
}
