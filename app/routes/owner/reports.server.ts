// The owner's report from the stored requests: shared by the page and its CSV downloads.
import type { AppLoadContext } from "react-router";
import { business } from "~/content/business";
import { buildReport, reportStart, type Report } from "~/lib/reports";
import type { Conversion, Traffic } from "~/lib/visit-report";
import { dayAt } from "~/lib/business-day";
import { closedDayName } from "~/content/closed-days";
import { quoteStatus } from "../../../server/quotes/quote-status.ts";
import { dollarsInput } from "../../../server/quotes/money.ts";
import {
  collectedBySource,
  daysToPaid,
  type DaysToPaid,
  type SourceMoney,
} from "../../../server/books/money-report.ts";
import { loadBooks } from "./money.server";
import type { ReportFigures } from "../../../server/store/report-sends.ts";
import { repeatReport } from "./reports-repeat.server";
import type { RepeatReport } from "~/lib/repeat-report";

/**
 * The report with the money of the same weeks (decision 0043): settled by source, and days from quote to paid; the
 * chimney condition reports sent in them, with the quotes won from them (decision 0054); returning customers.
 */
export type OwnerReport = Report & {
  money: { bySource: SourceMoney[]; toPaid: DaysToPaid };
  conditionReports: ReportFigures;
  /** Returning customers, next year's visits booked ahead, the busy season's places (decision 0055). */
  repeat: RepeatReport;
};

export function ownerReport(context: AppLoadContext): OwnerReport {
  const report = leadReport(context);
  const since = report.weeks[0]?.day ?? dayAt(context.now(), business.timeZone);
  const { books, contracts, invoices } = loadBooks(context);
  return {
    ...report,
    money: {
      bySource: collectedBySource(books, contracts, since, new URL(context.siteOrigin).hostname),
      toPaid: daysToPaid(books, contracts, invoices, since, business.timeZone),
    },
    conditionReports: context.estimates.reportSends.figures(
      reportStart(context.now(), business.timeZone).toISOString(),
    ),
    repeat: repeatReport(context, books, contracts),
  };
}

function leadReport(context: AppLoadContext): Report {
  const { estimates, owner } = context;
  // The server's clock, as every other page reads it (TEST_CLOCK_FILE in tests).
  const now = context.now();
  const start = reportStart(now, business.timeZone);
  const leads = estimates.list({ since: start });
  // The first change made in the console; a change made with `npm run leads -- --mark` leaves only the latest time.
  const firstChange = owner.audit.firstStatusChanges();
  for (const l of leads)
    if (!firstChange.has(l.id) && l.status !== "new" && l.status_at) firstChange.set(l.id, l.status_at);
  return buildReport({
    leads,
    firstChange,
    now,
    timeZone: business.timeZone,
    hours: business.hours,
    closed: (day) => closedDayName(day, business.closedDays) !== null,
    promiseHours: business.leads.callBackWithinBusinessHours,
    siteHost: new URL(context.siteOrigin).hostname,
    visits: estimates.visitorFigures.since(dayAt(start, business.timeZone)),
    bookings: new Map(
      estimates.visits
        .firstVisits()
        .map(
          (v) =>
            [
              v.estimate_id,
              { by: v.booked_by === "owner" ? "owner" : "homeowner", inHours: v.booked_in_hours === 1 },
            ] as const,
        ),
    ),
    quotes: estimates.quotes.sentForReport().map((q) => ({
      first_sent_at: q.first_sent_at ?? "",
      status: quoteStatus(q, now),
      decided_at: q.decided_at,
      total_cents: q.total_cents,
      lead:
        q.estimate_id === null || q.received_at === null
          ? null
          : {
              received_at: q.received_at,
              referrer: q.referrer,
              landing_page: q.landing_page,
              utm_source: q.utm_source,
              utm_medium: q.utm_medium,
              utm_campaign: q.utm_campaign,
              gclid: q.gclid,
              fbclid: q.fbclid,
            },
    })),
  });
}

/** The CSV of one chart: its table's rows. */
export const CHARTS = [
  "weeks",
  "sources",
  "services",
  "towns",
  "outcome",
  "speed",
  "visitors",
  "pages",
  "referrers",
  "campaigns",
  "devices",
  "conversion-sources",
  "conversion-pages",
  "booking",
  "quotes",
  "quote-sources",
  "money-sources",
  "days-to-paid",
  "condition-reports",
  "returning",
] as const;
export type Chart = (typeof CHARTS)[number];

const traffic = (first: string, rows: readonly Traffic[]) => ({
  columns: [first, "visitors", "page views"],
  rows: rows.map((t) => ({ [first]: t.label, visitors: t.visitors, "page views": t.views })),
});

const conversion = (first: string, rows: readonly Conversion[]) => ({
  columns: [first, "visitors", "requests", "requests per 100 visitors"],
  rows: rows.map((c) => ({
    [first]: c.label,
    visitors: c.visitors,
    requests: c.requests,
    "requests per 100 visitors": c.rate ?? "",
  })),
});

export function chartRows(report: OwnerReport, chart: Chart): { columns: string[]; rows: Record<string, unknown>[] } {
  const { visits } = report;
  switch (chart) {
    case "visitors":
      return {
        columns: ["week starting", "visitors", "page views"],
        rows: visits.weeks.map((w) => ({
          "week starting": w.day,
          visitors: w.visitors,
          "page views": w.views,
        })),
      };
    case "pages":
      return traffic("page", visits.pages);
    case "referrers":
      return traffic("came from", visits.sources);
    case "campaigns":
      return {
        columns: ["tag", "value", "visitors", "page views"],
        rows: visits.campaigns.map((t) => ({
          tag: t.tag,
          value: t.value,
          visitors: t.visitors,
          "page views": t.views,
        })),
      };
    case "devices":
      return traffic("device", visits.devices);
    case "conversion-sources":
      return conversion("came from", visits.bySource);
    case "conversion-pages":
      return conversion("first page", visits.byLandingPage);
    case "booking":
      return {
        columns: ["visit", "requests"],
        rows: [
          { visit: "Booked online by the homeowner", requests: report.booking.online },
          { visit: "Booked by you", requests: report.booking.byOwner },
          { visit: "No visit booked", requests: report.booking.none },
          { visit: "Booked online outside business hours", requests: report.booking.outsideHours },
        ],
      };
    case "weeks":
      return {
        columns: ["week starting", "requests"],
        rows: report.weeks.map((w) => ({ "week starting": w.day, requests: w.requests })),
      };
    case "sources":
    case "services":
    case "towns":
      return {
        columns: [chart === "sources" ? "source" : chart === "services" ? "service" : "town", "requests"],
        rows: report[chart].map((c) => ({
          [chart === "sources" ? "source" : chart === "services" ? "service" : "town"]: c.label,
          requests: c.count,
        })),
      };
    case "outcome":
      return {
        columns: ["won", "lost", "won rate %"],
        rows: [{ won: report.won, lost: report.lost, "won rate %": report.wonRate ?? "" }],
      };
    case "quotes":
      return {
        columns: ["sent", "accepted", "declined", "expired", "won rate %", "median days to an answer", "won value"],
        rows: [
          {
            sent: report.quotes.sent,
            accepted: report.quotes.accepted,
            declined: report.quotes.declined,
            expired: report.quotes.expired,
            "won rate %": report.quotes.winRate ?? "",
            "median days to an answer": report.quotes.medianDays ?? "",
            "won value": dollarsInput(report.quotes.wonCents),
          },
        ],
      };
    case "quote-sources":
      return {
        columns: ["source", "requests", "quotes sent", "won", "won value"],
        rows: report.quotes.bySource.map((r) => ({
          source: r.label,
          requests: r.requests,
          "quotes sent": r.sent,
          won: r.won,
          "won value": dollarsInput(r.wonCents),
        })),
      };
    case "money-sources":
      return {
        columns: ["source", "payments", "collected"],
        rows: report.money.bySource.map((r) => ({
          source: r.label,
          payments: r.payments,
          collected: dollarsInput(r.cents),
        })),
      };
    case "days-to-paid":
      return {
        columns: ["jobs paid in full", "median days from quote to paid"],
        rows: [
          {
            "jobs paid in full": report.money.toPaid.count,
            "median days from quote to paid": report.money.toPaid.medianDays ?? "",
          },
        ],
      };
    case "condition-reports": {
      const c = report.conditionReports;
      return {
        columns: ["reports sent", "corrections sent", "reports with a quote won", "quotes won", "won value"],
        rows: [
          {
            "reports sent": c.sent,
            "corrections sent": c.corrections,
            "reports with a quote won": c.reportsWon,
            "quotes won": c.quotesWon,
            "won value": dollarsInput(c.wonCents),
          },
        ],
      };
    }
    case "returning": {
      const r = report.repeat;
      return {
        columns: ["figure", "value", "from", "to"],
        rows: [
          { figure: "customers with work", value: r.customersWithWork, from: "", to: r.today },
          { figure: "returning customers", value: r.returning, from: "", to: r.today },
          { figure: "jobs and visits done", value: r.done, from: r.since, to: r.today },
          { figure: "rebooked ahead", value: r.rebooked, from: r.since, to: r.today },
          { figure: "rebook rate %", value: r.rebookRate ?? "", from: r.since, to: r.today },
          { figure: "busy season visits booked ahead", value: r.busy.bookedAhead, from: r.busy.first, to: r.busy.last },
          { figure: "busy season places", value: r.busy.capacity, from: r.busy.first, to: r.busy.last },
          { figure: "collected", value: dollarsInput(r.revenue.totalCents), from: r.since, to: r.today },
          {
            figure: "collected from returning customers",
            value: dollarsInput(r.revenue.returningCents),
            from: r.since,
            to: r.today,
          },
        ],
      };
    }
    case "speed":
      return {
        columns: [
          "week starting",
          "answered",
          "median business hours",
          "90th percentile business hours",
          "within promise",
        ],
        rows: report.weeks.map((w) => ({
          "week starting": w.day,
          answered: w.answered,
          "median business hours": w.median ?? "",
          "90th percentile business hours": w.p90 ?? "",
          "within promise": w.withinPromise,
        })),
      };
  }
}
