// Calendar-day arithmetic by Date.UTC agrees with Temporal's over four years, leap days and the zone's changes
// included; instants are the zone's wall clock whatever the process's TZ.
import { Temporal } from "temporal-polyfill";
import { describe, expect, it } from "vitest";
import { addDays, dayAt, daysBetween, endOfDay, instantAt, isDay, wallAt, weekdayOf } from "./wall-time.ts";

describe("calendar days", () => {
  it("add, count and name weekdays as Temporal does, every day of 2026–2029", () => {
    let day = Temporal.PlainDate.from("2026-01-01");
    for (let i = 0; i < 4 * 366; i++) {
      const text = day.toString();
      expect(addDays(text, 1)).toBe(day.add({ days: 1 }).toString());
      expect(addDays(text, -1)).toBe(day.subtract({ days: 1 }).toString());
      expect(addDays(text, 28)).toBe(day.add({ days: 28 }).toString());
      expect(weekdayOf(text)).toBe(day.dayOfWeek);
      expect(daysBetween("2026-01-01", text)).toBe(i);
      day = day.add({ days: 1 });
    }
  });

  it("know a real day from a made-up one", () => {
    expect(isDay("2028-02-29")).toBe(true);
    expect(isDay("2027-02-29")).toBe(false);
    expect(isDay("2026-13-01")).toBe(false);
    expect(isDay("2026-1-01")).toBe(false);
  });
});

describe("instants in Chicago", () => {
  it("take a time that does not exist later, and a time that exists twice as the first", () => {
    // 2026-03-08 02:30 does not exist in Chicago: it is 03:30 CDT.
    expect(instantAt("2026-03-08", "02:30", "America/Chicago").toISOString()).toBe("2026-03-08T08:30:00.000Z");
    // 2026-11-01 01:30 happens twice: the first, in CDT.
    expect(instantAt("2026-11-01", "01:30", "America/Chicago").toISOString()).toBe("2026-11-01T06:30:00.000Z");
    expect(endOfDay("2026-11-01", "America/Chicago").toISOString()).toBe("2026-11-02T06:00:00.000Z");
    expect(dayAt(new Date("2026-11-02T05:59:00Z"), "America/Chicago")).toBe("2026-11-01");
    expect(wallAt(new Date("2026-03-08T08:30:00Z"), "America/Chicago")).toEqual({
      day: "2026-03-08",
      time: "03:30",
      weekday: 7,
    });
  });
});
