import { describe, expect, it } from "vitest";
import { buildVisitReport, rate, type VisitFigure } from "./visit-report";
import { referrerSite, pageKey, deviceClass, tagValue } from "./visitor-figures";

const TZ = "America/Chicago";
// Two Mondays: 16 and 23 November 2026, midnight in Chicago.
const weekStarts = [new Date("2026-11-16T06:00:00Z"), new Date("2026-11-23T06:00:00Z")];
const f = (day: string, kind: string, bucket: string, views: number, visitors: number): VisitFigure => ({
  day,
  kind,
  bucket,
  views,
  visitors,
});

describe("buckets", () => {
  it("names search engines, hosts and Direct, the same for a visit and a request", () => {
    expect(referrerSite("https://www.google.com/", "example.com")).toBe("Google");
    expect(referrerSite("https://www.google.co.uk/search", "example.com")).toBe("Google");
    expect(referrerSite("https://www.bing.com/", "example.com")).toBe("Bing");
    expect(referrerSite("https://duckduckgo.com/", "example.com")).toBe("DuckDuckGo");
    expect(referrerSite("https://search.yahoo.com/", "example.com")).toBe("Yahoo");
    expect(referrerSite("https://www.angi.com/companylist", "example.com")).toBe("angi.com");
    expect(referrerSite("https://www.example.com/faq", "example.com")).toBe("Direct");
    expect(referrerSite(null, "example.com")).toBe("Direct");
    expect(referrerSite('=HYPERLINK("x")', "example.com")).toBe("Direct");
  });

  it("keys pages without query, case or trailing slash; tags capped and cleaned; devices", () => {
    expect(pageKey("/Contact/?city=Peoria")).toBe("/contact");
    expect(pageKey("/")).toBe("/");
    expect(tagValue("spring\u0000\u202E sale")).toBe("spring sale");
    expect(tagValue("x".repeat(500))).toHaveLength(60);
    expect(deviceClass("Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Mobile/15E148")).toBe("Phone");
    expect(deviceClass("Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)")).toBe("Tablet");
    expect(deviceClass("Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 Safari/537.36")).toBe("Tablet");
    expect(deviceClass("Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36")).toBe("Phone");
    expect(deviceClass("Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0")).toBe("Desktop");
  });
});

describe("the visitor report", () => {
  it("adds up days into weeks, joins requests to the same buckets, and divides", () => {
    const figures = [
      f("2026-11-15", "all", "", 99, 99), // before the first week: left out
      f("2026-11-16", "all", "", 10, 4),
      f("2026-11-22", "all", "", 5, 3),
      f("2026-11-23", "all", "", 7, 2),
      f("2026-11-16", "referrer", "Google", 6, 3),
      f("2026-11-23", "referrer", "Google", 2, 1),
      f("2026-11-16", "referrer", "Direct", 4, 1),
      f("2026-11-16", "landing", "/faq", 6, 4),
      f("2026-11-16", "page", "/faq", 8, 4),
      f("2026-11-16", "page", "Not found", 2, 1),
    ];
    const leads = [
      { received_at: "2026-11-17T15:00:00Z", referrer: "https://www.google.com/", landing_page: "/faq?x=1" },
      { received_at: "2026-11-18T15:00:00Z", referrer: null, landing_page: "/contact" },
    ];
    const report = buildVisitReport({
      figures,
      leads,
      weekStarts,
      weekLabels: ["Nov 16", "Nov 23"],
      timeZone: TZ,
      siteHost: "example.com",
    });
    expect(report.weeks.map((w) => [w.label, w.visitors, w.views])).toEqual([
      ["Nov 16", 7, 15],
      ["Nov 23", 2, 7],
    ]);
    expect([report.visitors, report.views]).toEqual([9, 22]);
    expect(report.pages).toEqual([
      { label: "/faq", visitors: 4, views: 8 },
      { label: "Not found", visitors: 1, views: 2 },
    ]);
    expect(report.bySource).toEqual([
      { label: "Google", visitors: 4, requests: 1, rate: 25 },
      { label: "Direct", visitors: 1, requests: 1, rate: 100 },
    ]);
    expect(report.byLandingPage).toEqual([
      { label: "/faq", visitors: 4, requests: 1, rate: 25 },
      { label: "/contact", visitors: 0, requests: 1, rate: null },
    ]);
  });

  it("folds everything past the top rows into one 'other' row, with its requests", () => {
    const figures = Array.from({ length: 15 }, (_, i) =>
      f("2026-11-16", "referrer", `site-${i}.example`, 20 - i, 20 - i),
    );
    const leads = [{ received_at: "2026-11-17T15:00:00Z", referrer: "https://site-14.example/", landing_page: null }];
    const report = buildVisitReport({ figures, leads, weekStarts, weekLabels: [], timeZone: TZ, siteHost: "x" });
    expect(report.sources).toHaveLength(10);
    expect(report.sources.at(-1)).toEqual({ label: "Other sites", visitors: 6 + 7 + 8 + 9 + 10 + 11, views: 51 });
    expect(report.bySource.at(-1)).toMatchObject({ label: "Other sites", requests: 1 });
    expect(rate(1, 3)).toBe(33.3);
    expect(rate(1, 0)).toBeNull();
  });
});
