import { afterEach, describe, expect, it } from "vitest";
import { isoWeekOf, nextYearDay, weeksIn } from "./next-year-day";
import { addDays, weekdayOf } from "../../app/lib/business-day";

const SPRING = { from: "03-01", through: "05-31" };
const ZONES = ["UTC", "America/Chicago", "Asia/Kolkata", "Pacific/Kiritimati"];
const savedTz = process.env.TZ;
afterEach(() => {
  process.env.TZ = savedTz;
});

describe.each(ZONES)("the day Book next year proposes (TZ=%s)", (tz) => {
  it("counts ISO weeks as ISO 8601 does, at the turns of the year", () => {
    process.env.TZ = tz;
    expect(isoWeekOf("2026-12-31")).toEqual({ year: 2026, week: 53 });
    expect(isoWeekOf("2027-01-03")).toEqual({ year: 2026, week: 53 });
    expect(isoWeekOf("2027-01-04")).toEqual({ year: 2027, week: 1 });
    expect(isoWeekOf("2024-12-30")).toEqual({ year: 2025, week: 1 });
    expect(isoWeekOf("2028-02-29")).toEqual({ year: 2028, week: 9 });
    expect([2026, 2027, 2032].map(weeksIn)).toEqual([53, 52, 53]);
  });

  it("keeps the same weekday of the same ISO week when that is in the slow season", () => {
    process.env.TZ = tz;
    // Tuesday of week 16, 2026 → Tuesday of week 16, 2027.
    expect(nextYearDay("2026-04-14", SPRING)).toBe("2027-04-20");
    expect(nextYearDay("2027-05-31", SPRING)).toBe("2028-05-29");
    expect(nextYearDay("2026-03-01", SPRING)).toBe("2027-03-07");
  });

  it("moves a week outside the season to the season's matching week, spread round its weeks", () => {
    process.env.TZ = tz;
    // Week 42 is 33 weeks after the season's first (week 9, 2027); 33 mod 14 weeks = the 6th: week 14.
    expect(nextYearDay("2026-10-15", SPRING)).toBe("2027-04-08");
    expect(nextYearDay("2026-12-02", SPRING)).toBe("2027-05-26");
    expect(nextYearDay("2026-11-20", SPRING)).toBe("2027-05-14");
    expect(nextYearDay("2026-06-01", SPRING)).toBe("2027-03-01");
  });

  it("gives the DST days a day on the calendar alone", () => {
    process.env.TZ = tz;
    expect(nextYearDay("2027-03-14", SPRING)).toBe("2028-03-12");
    expect(nextYearDay("2027-11-07", SPRING)).toBe("2028-04-23");
  });

  it("gives 29 February a defined day next year, the season's first Tuesday", () => {
    process.env.TZ = tz;
    // Week 9, 2029's Tuesday is 27 February, before the season: the same weekday a week in.
    expect(nextYearDay("2028-02-29", SPRING)).toBe("2029-03-06");
    expect(nextYearDay("2028-02-28", SPRING)).toBe("2029-03-05");
  });

  it("takes week 53 as next year's last week, and a year's last days to the next calendar year", () => {
    process.env.TZ = tz;
    expect(nextYearDay("2026-12-31", SPRING)).toBe("2027-03-18");
    expect(nextYearDay("2027-01-01", SPRING)).toBe("2028-03-17");
  });

  it("always lands in next year's season on the same weekday, for every day of four years", () => {
    process.env.TZ = tz;
    for (let day = "2026-01-01"; day < "2030-01-01"; day = addDays(day, 1)) {
      const next = nextYearDay(day, SPRING);
      const year = Number(day.slice(0, 4)) + 1;
      expect(next >= `${year}-03-01` && next <= `${year}-05-31`, `${day} → ${next}`).toBe(true);
      expect(weekdayOf(next), `${day} → ${next}`).toBe(weekdayOf(day));
    }
  });

  it("follows the owner's season, a short one at the edges included", () => {
    process.env.TZ = tz;
    const summer = { from: "06-15", through: "06-28" };
    for (let day = "2026-01-01"; day < "2027-01-01"; day = addDays(day, 1)) {
      const next = nextYearDay(day, summer);
      expect(next >= "2027-06-15" && next <= "2027-06-28", `${day} → ${next}`).toBe(true);
    }
  });
});
