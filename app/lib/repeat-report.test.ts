import { afterEach, describe, expect, it } from "vitest";
import { buildRepeatReport, busySeason } from "./repeat-report";

const CHICAGO = "America/Chicago";
const ZONES = ["UTC", "America/Chicago", "Asia/Kolkata", "Pacific/Kiritimati"];
const savedTz = process.env.TZ;
afterEach(() => {
  process.env.TZ = savedTz;
});

describe.each(ZONES)("the returning customers' report (TZ=%s)", (tz) => {
  it("counts years, rebooked work, the busy season and the money in Chicago's days, across both DST days", () => {
    process.env.TZ = tz;
    const report = buildRepeatReport({
      // Saturday 20 November 2027, noon in Chicago.
      now: new Date("2027-11-20T18:00:00Z"),
      timeZone: CHICAGO,
      work: [
        // 11:30 PM on New Year's Eve 2026 in Chicago (already 2027 in UTC), then a visit on the spring DST day.
        { customer: 1, at: "2027-01-01T05:30:00Z" },
        { customer: 1, at: "2027-03-14T13:00:00Z" },
        // 1:30 AM the first time on the fall DST day.
        { customer: 2, at: "2027-11-07T06:30:00Z" },
        { customer: 3, at: "2027-06-01T15:00:00Z" },
        // Before the twelve months: counts for years, not for the rebook rate.
        { customer: 4, at: "2026-11-19T15:00:00Z" },
      ],
      requests: [
        { customer: 3, receivedAt: "2027-09-01T15:00:00Z" },
        // Before their work: not a return.
        { customer: 2, receivedAt: "2027-10-01T15:00:00Z" },
      ],
      ahead: [
        // Booked at 1:30 AM the second time that night: after the job.
        { customer: 2, bookedAt: "2027-11-07T07:30:00Z", day: "2027-12-06", standing: true },
        { customer: 4, bookedAt: "2027-01-01T15:00:00Z", day: "2027-10-04", standing: false },
        { customer: 3, bookedAt: "2027-05-01T15:00:00Z", day: "2028-04-03", standing: true },
      ],
      settled: [
        { customer: 1, day: "2027-03-20", cents: 10_000 },
        { customer: 2, day: "2027-11-08", cents: 5_000 },
        { customer: 3, day: "2027-06-02", cents: 2_500 },
        { customer: null, day: "2027-07-01", cents: 700 },
        { customer: 1, day: "2026-11-19", cents: 99_999 },
      ],
      capacity: 246,
    });
    expect(report).toEqual({
      since: "2026-11-20",
      today: "2027-11-20",
      customersWithWork: 4,
      // 1: work in 2026 and 2027 (Chicago's years); 3: a request after the job.
      returning: 2,
      done: 4,
      // Customer 3's visit ahead was booked before the job: not a rebook of it.
      rebooked: 1,
      rebookRate: 25,
      busy: { first: "2027-10-01", last: "2028-01-31", bookedAhead: 1, capacity: 246 },
      revenue: { totalCents: 18_200, returningCents: 12_500 },
    });
  });

  it("takes 29 February's twelve months from 1 March, and a job done that day rebooked next year", () => {
    process.env.TZ = tz;
    const report = buildRepeatReport({
      now: new Date("2028-02-29T20:00:00Z"),
      timeZone: CHICAGO,
      work: [
        { customer: 1, at: "2027-02-28T18:00:00Z" },
        { customer: 2, at: "2027-03-01T18:00:00Z" },
        { customer: 3, at: "2028-02-29T17:00:00Z" },
      ],
      requests: [],
      ahead: [{ customer: 3, bookedAt: "2028-02-29T19:00:00Z", day: "2029-03-06", standing: true }],
      settled: [],
      capacity: 0,
    });
    expect(report.since).toBe("2027-03-01");
    expect([report.done, report.rebooked, report.rebookRate]).toEqual([2, 1, 50]);
    expect(report.busy).toEqual({ first: "2028-10-01", last: "2029-01-31", bookedAhead: 0, capacity: 0 });
  });

  it("says nothing done as no rate, and January in the season that began in October", () => {
    process.env.TZ = tz;
    const empty = buildRepeatReport({
      now: new Date("2028-01-15T18:00:00Z"),
      timeZone: CHICAGO,
      work: [],
      requests: [],
      ahead: [],
      settled: [],
      capacity: 10,
    });
    expect(empty.rebookRate).toBeNull();
    expect(busySeason("2028-01-15")).toEqual({ first: "2027-10-01", last: "2028-01-31" });
    expect(busySeason("2027-09-30")).toEqual({ first: "2027-10-01", last: "2028-01-31" });
    expect(busySeason("2028-02-01")).toEqual({ first: "2028-10-01", last: "2029-01-31" });
  });
});
