// When the homeowner is told to expect a call, and when the owner is reminded, for every day of the week.
import { describe, expect, it } from "vitest";
import { business } from "~/content/business";
import { addBusinessHours, byText, wallClock, zonedInstant } from "./business-hours";
import { closedDayName } from "~/content/closed-days";

const TZ = "America/Chicago";
const at = (iso: string) => new Date(iso);
// Two business hours after `now`, as the confirmation promises.
const promise = (iso: string) => byText(addBusinessHours(at(iso), 2, business.hours, TZ), at(iso), TZ);

describe("the call-back promise (2 business hours), across the week", () => {
  it.each([
    // November 2026: Chicago is UTC-6. 2026-11-23 is a Monday.
    ["Monday 7:00 AM, before opening", "2026-11-23T13:00:00Z", "by 10:00 AM today"],
    ["Monday 9:15 AM", "2026-11-23T15:15:00Z", "by 11:15 AM today"],
    ["Tuesday 5:00 PM, an hour before closing", "2026-11-24T23:00:00Z", "by 9:00 AM tomorrow"],
    ["Wednesday noon", "2026-11-25T18:00:00Z", "by 2:00 PM today"],
    ["Thursday 11:00 PM", "2026-11-27T05:00:00Z", "by 10:00 AM tomorrow"],
    ["Friday 5:30 PM", "2026-11-27T23:30:00Z", "by 10:30 AM tomorrow"],
    ["Friday 8:00 PM", "2026-11-28T02:00:00Z", "by 11:00 AM tomorrow"],
    ["Saturday 10:00 AM", "2026-11-28T16:00:00Z", "by 12:00 PM today"],
    ["Saturday 1:30 PM", "2026-11-28T19:30:00Z", "by 9:30 AM Monday"],
    ["Saturday night", "2026-11-29T04:00:00Z", "by 10:00 AM Monday"],
    ["Sunday afternoon", "2026-11-29T20:00:00Z", "by 10:00 AM tomorrow"],
  ])("%s -> %s", (_label, iso, expected) => {
    expect(promise(iso)).toBe(expected);
  });

  it("keeps to Chicago's clock across the change to daylight saving time", () => {
    // Saturday 7 March 2026, 3:00 PM CST; clocks go forward on Sunday 8 March.
    expect(promise("2026-03-07T21:00:00Z")).toBe("by 10:00 AM Monday");
    expect(addBusinessHours(at("2026-03-07T21:00:00Z"), 2, business.hours, TZ).toISOString()).toBe(
      "2026-03-09T15:00:00.000Z",
    );
  });
});

describe("closed days", () => {
  const closed = (day: string) => closedDayName(day, business.closedDays) !== null;
  const promiseAround = (iso: string) => byText(addBusinessHours(at(iso), 2, business.hours, TZ, closed), at(iso), TZ);
  it.each([
    // Wednesday 25 November 2026, 5:00 PM: Thanksgiving is skipped, Friday opens at 8.
    ["the evening before Thanksgiving 2026", "2026-11-25T23:00:00Z", "by 9:00 AM Friday"],
    ["Thanksgiving 2026 itself", "2026-11-26T16:00:00Z", "by 10:00 AM tomorrow"],
    // Thursday 24 December 2026, 5:30 PM: Christmas (Friday) is skipped, Saturday opens at 9.
    ["Christmas Eve 2026, late", "2026-12-24T23:30:00Z", "by 10:30 AM Saturday"],
    // Friday 31 December 2027, 5:00 PM: New Year's Day 2028 is a Saturday, Sunday is closed.
    ["New Year's Eve 2027", "2027-12-31T23:00:00Z", "by 9:00 AM Monday"],
    // Friday 3 September 2027, 5:00 PM: Labor Day is Monday 6 September.
    ["before Labor Day 2027", "2027-09-03T22:00:00Z", "by 10:00 AM tomorrow"],
    ["Labor Day weekend 2027, Saturday 2 PM", "2027-09-04T19:00:00Z", "by 10:00 AM Tuesday"],
  ])("%s -> %s", (_label, iso, expected) => {
    expect(promiseAround(iso)).toBe(expected);
  });
});

describe("the owner's reminder (4 business hours)", () => {
  it.each([
    ["Monday 9:00 AM", "2026-11-23T15:00:00Z", "2026-11-23T19:00:00.000Z"],
    ["Friday 4:00 PM", "2026-11-27T22:00:00Z", "2026-11-28T17:00:00.000Z"],
    ["Saturday 1:00 PM", "2026-11-28T19:00:00Z", "2026-11-30T17:00:00.000Z"],
    ["Sunday", "2026-11-29T18:00:00Z", "2026-11-30T18:00:00.000Z"],
  ])("%s", (_label, iso, due) => {
    expect(addBusinessHours(at(iso), 4, business.hours, TZ).toISOString()).toBe(due);
  });
});

describe("zone helpers", () => {
  it("round-trips a wall-clock time", () => {
    const instant = zonedInstant(2026, 7, 4, 9 * 60 + 30, TZ);
    expect(instant.toISOString()).toBe("2026-07-04T14:30:00.000Z");
    expect(wallClock(instant, TZ)).toMatchObject({ year: 2026, month: 7, day: 4, minutes: 570, weekday: 6 });
  });
});
