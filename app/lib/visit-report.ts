// The visitor half of the owner's report (pure; visit-report.test.ts): visitors and page views per week, top pages,
// where visitors came from, and conversion, joining each request's attribution to the same buckets (app/lib/visitor-figures).
import { dayAt } from "./business-day";
import { OTHER_PAGES, OTHER_SITES, pageKey, referrerSite } from "./visitor-figures";

/** A day's aggregate as the store keeps it (server/store/visitor-figures.ts). */
export type VisitFigure = { day: string; kind: string; bucket: string; views: number; visitors: number };

export type Traffic = { label: string; visitors: number; views: number };
export type Conversion = { label: string; visitors: number; requests: number; rate: number | null };

export type VisitReport = {
  weeks: { label: string; day: string; start: string; visitors: number; views: number }[];
  visitors: number;
  views: number;
  pages: Traffic[];
  sources: Traffic[];
  /** Labelled "source: x" or "campaign: y"; `value` is the tag as sent (for the CSV's own column). */
  campaigns: (Traffic & { tag: "utm_source" | "utm_campaign"; value: string })[];
  devices: Traffic[];
  bySource: Conversion[];
  byLandingPage: Conversion[];
};

/** What conversion needs of a request (spam left out). */
export type ConvertedLead = { received_at: string; referrer: string | null; landing_page: string | null };

/** Rows a category shows; the rest are added up in one "other" row. */
export const TOP = 10;

function sum(figures: readonly VisitFigure[], kind: string): Traffic[] {
  const map = new Map<string, Traffic>();
  for (const f of figures) {
    if (f.kind !== kind) continue;
    const t = map.get(f.bucket) ?? { label: f.bucket, visitors: 0, views: 0 };
    t.visitors += f.visitors;
    t.views += f.views;
    map.set(f.bucket, t);
  }
  return [...map.values()].sort(
    (a, b) => b.visitors - a.visitors || b.views - a.views || a.label.localeCompare(b.label),
  );
}

/** The first TOP rows, then everything else as `other`. */
function top(rows: Traffic[], other: string): Traffic[] {
  if (rows.length <= TOP) return rows;
  const rest = rows.slice(TOP - 1);
  const merged = rest.reduce((t, r) => ({ ...t, visitors: t.visitors + r.visitors, views: t.views + r.views }), {
    label: other,
    visitors: 0,
    views: 0,
  });
  return [...rows.slice(0, TOP - 1), merged];
}

/** Requests per 100 visitors, to one decimal; null with no visitors to divide by. */
export function rate(requests: number, visitors: number): number | null {
  return visitors === 0 ? null : Math.round((1000 * requests) / visitors) / 10;
}

function conversion(traffic: readonly Traffic[], requests: readonly string[], other: string): Conversion[] {
  const rows = new Map(top([...traffic], other).map((t) => [t.label, { ...t, requests: 0 }]));
  const merged = new Set(traffic.map((t) => t.label).filter((label) => !rows.has(label)));
  for (const label of requests) {
    // A request from a bucket folded into "other" is counted there; one from a bucket with no visitors, alone.
    const key = merged.has(label) ? other : label;
    const row = rows.get(key) ?? { label: key, visitors: 0, views: 0, requests: 0 };
    row.requests += 1;
    rows.set(key, row);
  }
  return [...rows.values()].map(({ label, visitors, requests: n }) => ({
    label,
    visitors,
    requests: n,
    rate: rate(n, visitors),
  }));
}

export function buildVisitReport({
  figures,
  leads,
  weekStarts,
  weekLabels,
  timeZone,
  siteHost,
}: {
  figures: readonly VisitFigure[];
  leads: readonly ConvertedLead[];
  /** The report's 12 Mondays, oldest first; figures and leads before the first are left out. */
  weekStarts: readonly Date[];
  weekLabels: readonly string[];
  timeZone: string;
  siteHost: string;
}): VisitReport {
  const startDays = weekStarts.map((s) => dayAt(s, timeZone));
  const first = startDays[0] ?? "";
  const inWindow = figures.filter((f) => f.day >= first);
  const weeks = weekStarts.map((start, i) => {
    const from = startDays[i] ?? "";
    const to = startDays[i + 1] ?? "9999";
    const days = inWindow.filter((f) => f.kind === "all" && f.day >= from && f.day < to);
    return {
      label: weekLabels[i] ?? "",
      day: from,
      start: start.toISOString(),
      visitors: days.reduce((n, f) => n + f.visitors, 0),
      views: days.reduce((n, f) => n + f.views, 0),
    };
  });
  const since = weekStarts[0]?.getTime() ?? 0;
  const converted = leads.filter((l) => Date.parse(l.received_at) >= since);
  const sources = sum(inWindow, "referrer");
  const landings = sum(inWindow, "landing");
  return {
    weeks,
    visitors: weeks.reduce((n, w) => n + w.visitors, 0),
    views: weeks.reduce((n, w) => n + w.views, 0),
    pages: top(
      sum(inWindow, "page").sort((a, b) => b.views - a.views || a.label.localeCompare(b.label)),
      OTHER_PAGES,
    ),
    sources: top(sources, OTHER_SITES),
    campaigns: (["utm_source", "utm_campaign"] as const)
      .flatMap((tag) =>
        sum(inWindow, tag).map((t) => ({ ...t, tag, value: t.label, label: `${tag.slice(4)}: ${t.label}` })),
      )
      .slice(0, 2 * TOP),
    devices: sum(inWindow, "device"),
    bySource: conversion(
      sources,
      converted.map((l) => referrerSite(l.referrer, siteHost)),
      OTHER_SITES,
    ),
    byLandingPage: conversion(
      landings,
      converted.map((l) => pageKey(l.landing_page) ?? DIRECT_LANDING),
      OTHER_PAGES,
    ),
  };
}

/** A request whose first page was not recorded (no script ran, or an old request). */
export const DIRECT_LANDING = "Not recorded";
