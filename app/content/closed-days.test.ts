// The business's closed days as rules, year after year: the six defaults, the rule wording the owner types, and a
// weekend date that stays where it is.
import { describe, expect, it } from "vitest";
import { business } from "~/content/business";
import { closedDayName, closedDaysBetween, parseClosedDayRule, ruleDay } from "./closed-days";

describe("the default closed days", () => {
  it.each([
    // year, New Year's, Memorial Day, Independence Day, Labor Day, Thanksgiving, Christmas
    [2026, "2026-01-01", "2026-05-25", "2026-07-04", "2026-09-07", "2026-11-26", "2026-12-25"],
    [2027, "2027-01-01", "2027-05-31", "2027-07-04", "2027-09-06", "2027-11-25", "2027-12-25"],
    [2028, "2028-01-01", "2028-05-29", "2028-07-04", "2028-09-04", "2028-11-23", "2028-12-25"],
    [2029, "2029-01-01", "2029-05-28", "2029-07-04", "2029-09-03", "2029-11-22", "2029-12-25"],
    [2030, "2030-01-01", "2030-05-27", "2030-07-04", "2030-09-02", "2030-11-28", "2030-12-25"],
    [2032, "2032-01-01", "2032-05-31", "2032-07-04", "2032-09-06", "2032-11-25", "2032-12-25"],
  ])("%i", (year, ...days) => {
    expect(closedDaysBetween(`${year}-01-01`, `${year}-12-31`, business.closedDays)).toEqual(
      ["New Year's Day", "Memorial Day", "Independence Day", "Labor Day", "Thanksgiving", "Christmas"].map(
        (name, i) => ({ day: days[i], name }),
      ),
    );
  });

  it("closes a date that falls on a weekend on that day only: no observed Friday or Monday", () => {
    // Christmas 2027 is a Saturday, Independence Day 2027 a Sunday.
    expect(closedDayName("2027-12-25", business.closedDays)).toBe("Christmas");
    expect(closedDayName("2027-12-24", business.closedDays)).toBeNull();
    expect(closedDayName("2027-07-05", business.closedDays)).toBeNull();
    expect(closedDayName("2026-11-27", business.closedDays)).toBeNull();
  });

  it("lists the days across a new year", () => {
    expect(closedDaysBetween("2026-12-01", "2027-01-31", business.closedDays)).toEqual([
      { day: "2026-12-25", name: "Christmas" },
      { day: "2027-01-01", name: "New Year's Day" },
    ]);
  });
});

describe("the rules the owner types", () => {
  it.each([
    ["December 25", { month: 12, date: 25 }],
    ["  july 4 ", { month: 7, date: 4 }],
    ["fourth Thursday of November", { month: 11, weekday: 4, nth: 4 }],
    ["Last Monday in May", { month: 5, weekday: 1, nth: -1 }],
    ["first Monday of September", { month: 9, weekday: 1, nth: 1 }],
    ["second Friday of March", { month: 3, weekday: 5, nth: 2 }],
  ])("reads %j", (text, rule) => {
    expect(parseClosedDayRule(text)).toEqual(rule);
  });

  it.each([
    "",
    "Thanksgiving",
    "12/25",
    "2026-12-25",
    "February 29",
    "April 31",
    "December 0",
    "fifth Thursday of November",
    "fourth Thursday November",
    "fourth Funday of November",
    "December 25 2026",
  ])("refuses %j", (text) => {
    expect(parseClosedDayRule(text)).toBeNull();
  });

  it("finds the last weekday of a month when the month ends on it", () => {
    // 31 May 2027 is a Monday.
    expect(ruleDay({ month: 5, weekday: 1, nth: -1 }, 2027)).toBe("2027-05-31");
    expect(ruleDay({ month: 2, weekday: 2, nth: -1 }, 2028)).toBe("2028-02-29");
  });
});
