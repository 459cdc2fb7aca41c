// The owner's report arithmetic: sources as the owner names them, median and 90th percentile, weeks on the
// business's clock, speed in business hours against the promise.
import { describe, expect, it } from "vitest";
import { businessHoursBetween } from "./business-hours";
import { buildQuoteReport, buildReport, median, p90, sourceOf, type ReportLead } from "./reports";

const TZ = "America/Chicago";
const HOURS = [
  { dayCodes: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "08:00", closes: "18:00" },
  { dayCodes: ["Saturday"], opens: "09:00", closes: "14:00" },
];
const lead = (overrides: Partial<ReportLead> = {}): ReportLead => ({
  id: 1,
  received_at: "2026-11-24T15:00:00.000Z",
  status: "new",
  service: "Chimney Crowns",
  city: "Normal",
  referrer: null,
  landing_page: null,
  utm_source: null,
  utm_medium: null,
  utm_campaign: null,
  gclid: null,
  fbclid: null,
  ...overrides,
});

describe("where a request came from", () => {
  it("names the owner's sources", () => {
    expect(sourceOf(lead({ referrer: "https://www.google.com/" }))).toBe("Search");
    expect(sourceOf(lead({ referrer: "https://duckduckgo.com/" }))).toBe("Search");
    expect(sourceOf(lead({ utm_source: "google", utm_medium: "organic", utm_campaign: "gbp" }))).toBe(
      "Google Business Profile",
    );
    expect(sourceOf(lead({ referrer: "https://maps.google.com/" }))).toBe("Google Business Profile");
    expect(sourceOf(lead({ utm_source: "facebook", utm_campaign: "spring" }))).toBe("Campaigns");
    expect(sourceOf(lead({ gclid: "abc", referrer: "https://www.google.com/" }))).toBe("Campaigns");
    expect(sourceOf(lead({ referrer: "https://www.angi.com/x" }))).toBe("Other websites");
    expect(sourceOf(lead({ referrer: "https://www.example.com/contact" }), "www.example.com")).toBe("Direct");
    expect(sourceOf(lead())).toBe("Direct");
  });
});

describe("median and 90th percentile", () => {
  it("middle value, or the mean of the two middle ones; nearest rank for the 90th", () => {
    expect(median([])).toBeNull();
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(p90([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])).toBe(9);
    expect(p90([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])).toBe(10);
    expect(p90([7])).toBe(7);
  });
});

describe("business hours between two instants", () => {
  it("counts only opening hours, across a closed Sunday", () => {
    // Friday 5 PM to Monday 9 AM in Chicago: 1 h Friday, 5 h Saturday, 1 h Monday.
    expect(businessHoursBetween(new Date("2026-11-20T23:00:00Z"), new Date("2026-11-23T15:00:00Z"), HOURS, TZ)).toBe(7);
    expect(businessHoursBetween(new Date("2026-11-24T15:00:00Z"), new Date("2026-11-24T15:30:00Z"), HOURS, TZ)).toBe(
      0.5,
    );
  });

  it("counts nothing on a closed day: Wednesday 5 PM to Friday 9 AM over Thanksgiving is 2 hours", () => {
    const thanksgiving = (day: string) => day === "2026-11-26";
    const [from, to] = [new Date("2026-11-25T23:00:00Z"), new Date("2026-11-27T15:00:00Z")];
    expect(businessHoursBetween(from, to, HOURS, TZ)).toBe(12);
    expect(businessHoursBetween(from, to, HOURS, TZ, thanksgiving)).toBe(2);
  });
});

describe("the report", () => {
  it("counts 12 weeks from Monday on the business's clock, won rate of the decided, speed against the promise", () => {
    // Wednesday 25 November 2026, noon in Chicago.
    const now = new Date("2026-11-25T18:00:00Z");
    const leads = [
      lead({ id: 1, received_at: "2026-11-24T15:00:00Z", status: "won" }), // Tue 9 AM, this week
      lead({ id: 2, received_at: "2026-11-24T16:00:00Z", status: "lost", city: "Pekin" }),
      lead({ id: 3, received_at: "2026-11-23T05:59:00Z", status: "won" }), // Sun 11:59 PM: last week
      lead({ id: 4, received_at: "2026-09-01T15:00:00Z" }), // 13 weeks back: left out
    ];
    const firstChange = new Map([
      [1, "2026-11-24T16:00:00Z"], // 1 h
      [2, "2026-11-24T19:00:00Z"], // 3 h
      [3, "2026-11-23T14:30:00Z"], // Monday 8:30: 0.5 business hours
    ]);
    const report = buildReport({ leads, firstChange, now, timeZone: TZ, hours: HOURS, promiseHours: 2 });
    expect(report.weeks).toHaveLength(12);
    expect(report.weeks[11]).toMatchObject({ label: "Nov 23", requests: 2, answered: 2, median: 2, p90: 3 });
    expect(report.weeks[11]?.withinPromise).toBe(1);
    expect(report.weeks[10]).toMatchObject({ label: "Nov 16", requests: 1, median: 0.5 });
    expect(report.weeks[0]?.label).toBe("Sep 7");
    expect(report.total).toBe(3);
    expect([report.won, report.lost, report.wonRate]).toEqual([2, 1, 67]);
    expect(report.towns).toEqual([
      { label: "Normal", count: 2 },
      { label: "Pekin", count: 1 },
    ]);
    expect(report.speed).toEqual({ answered: 3, median: 1, p90: 3, withinPromise: 2 });
  });
});

describe("visits booked", () => {
  it("counts requests booked online, by the owner and not at all, and the online ones outside business hours", () => {
    const now = new Date("2026-11-27T18:00:00.000Z");
    const leads = [1, 2, 3, 4, 5].map((id) => lead({ id }));
    const bookings = new Map([
      [1, { by: "homeowner" as const, inHours: false }],
      [2, { by: "homeowner" as const, inHours: true }],
      [3, { by: "owner" as const, inHours: true }],
      // A visit of a request outside the report's weeks does not count.
      [99, { by: "homeowner" as const, inHours: false }],
    ]);
    const report = buildReport({
      leads,
      firstChange: new Map(),
      now,
      timeZone: TZ,
      hours: HOURS,
      promiseHours: 2,
      bookings,
    });
    expect(report.booking).toEqual({ online: 2, byOwner: 1, none: 2, outsideHours: 1, outsideShare: 50 });
    const none = buildReport({ leads, firstChange: new Map(), now, timeZone: TZ, hours: HOURS, promiseHours: 2 });
    expect(none.booking).toEqual({ online: 0, byOwner: 0, none: 5, outsideHours: 0, outsideShare: null });
  });
});

describe("quote figures", () => {
  const lead = (referrer: string | null, extra: Partial<ReportLead> = {}): ReportLead => ({
    id: 1,
    received_at: "2026-11-02T15:00:00Z",
    status: "quoted",
    service: "",
    city: null,
    referrer,
    landing_page: null,
    utm_source: null,
    utm_medium: null,
    utm_campaign: null,
    gclid: null,
    fbclid: null,
    ...extra,
  });
  const quote = (
    status: string,
    lead: ReportLead | null,
    sentDay: number,
    decidedDay: number | null,
    cents: number | null,
  ) => ({
    first_sent_at: `2026-11-${String(sentDay).padStart(2, "0")}T15:00:00Z`,
    status,
    decided_at: decidedDay === null ? null : `2026-11-${String(decidedDay).padStart(2, "0")}T15:00:00Z`,
    total_cents: cents,
    lead,
  });

  it("counts quotes sent, the won rate, the median days to an answer, and the won value by source", () => {
    const search = lead("https://www.google.com/");
    const direct = lead(null);
    const report = buildQuoteReport(
      [
        quote("accepted", search, 3, 5, 183_500),
        quote("accepted", direct, 4, 10, 100_000),
        quote("declined", search, 5, 6, null),
        quote("expired", direct, 6, null, null),
        quote("sent", direct, 20, null, null),
        quote("accepted", null, 7, 8, 50_000), // its request was erased: the contract stays, under Direct
        quote("accepted", search, 1, 2, 99_999), // before the window
      ],
      [search, direct, direct],
      Date.parse("2026-11-02T06:00:00Z"),
      new Date("2026-11-27T12:00:00Z"),
      120,
    );
    expect(report).toMatchObject({ sent: 6, accepted: 3, declined: 1, expired: 1, winRate: 60, wonCents: 333_500 });
    expect(report.medianDays).toBe(1.5); // 2, 6, 1, 1 days
    expect(report.funnel).toEqual({ visitors: 120, requests: 3, sent: 6, won: 3 });
    expect(report.bySource.find((r) => r.label === "Search")).toEqual({
      label: "Search",
      requests: 1,
      sent: 2,
      won: 1,
      wonCents: 183_500,
    });
    expect(report.bySource.find((r) => r.label === "Direct")).toMatchObject({
      requests: 2,
      sent: 4,
      won: 2,
      wonCents: 150_000,
    });
  });
});
