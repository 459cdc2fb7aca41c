// The work days' calendar, pure (issue 64): a rain day lands only on a day whose opening hours hold its whole arrival
// window (Friday 1-3 pm skips Saturday, which closes at 2, and Sunday, shut, for Monday), and the day picker never
// offers a window of today that has started. Business hours are the content's (Saturday 9-2, Sunday shut). The same
// answers under the host zones UTC, America/Chicago and Asia/Kolkata, and across both changes of the clocks.
import { afterEach, describe, expect, it } from "vitest";
import { business } from "../../app/content/business.ts";
import { closedDayName } from "../../app/content/closed-days.ts";
import { defaultBookingSettings } from "../booking/availability.ts";
import { instantAt } from "../time/wall-time.ts";
import { hasStarted, holdsWindow, nextOpenDay, offeredDays, type CalendarInputs } from "./work-days.ts";

const ZONES = ["UTC", "America/Chicago", "Asia/Kolkata"];
const saved = process.env.TZ;
afterEach(() => {
  process.env.TZ = saved;
});

const calendar = (daysOff: CalendarInputs["daysOff"] = []): CalendarInputs => ({
  hours: business.hours,
  settings: defaultBookingSettings(business.hours),
  daysOff,
  closed: (day) => closedDayName(day, business.closedDays) !== null,
  busy: [],
  timeZone: business.timeZone,
});

/** Today's windows the picker offers at a wall-clock time, "08:00-10:00" each. */
const offeredToday = (day: string, at: string) =>
  offeredDays(day, 1, calendar(), new Set(), instantAt(day, at, business.timeZone))
    .flatMap((d) => d.windows)
    .map((w) => `${w.starts}-${w.ends}`);

for (const zone of ZONES) {
  describe(`under TZ=${zone}`, () => {
    it("a rain day on Friday 1-3 pm skips Saturday (closes at 2) and Sunday (shut) for Monday", () => {
      process.env.TZ = zone;
      // Friday, December 4, 2026.
      const window = { starts: "13:00", ends: "15:00" };
      expect(holdsWindow("2026-12-05", window, business.hours)).toBe(false);
      expect(holdsWindow("2026-12-06", window, business.hours)).toBe(false);
      expect(holdsWindow("2026-12-07", window, business.hours)).toBe(true);
      expect(nextOpenDay("2026-12-04", "2026-12-01", calendar(), new Set(), window)).toBe("2026-12-07");
      // A morning window Saturday holds (9-11) still goes to Saturday; one before it opens (8-10) does not.
      expect(nextOpenDay("2026-12-04", "2026-12-01", calendar(), new Set(), { starts: "09:00", ends: "11:00" })).toBe(
        "2026-12-05",
      );
      expect(nextOpenDay("2026-12-04", "2026-12-01", calendar(), new Set(), { starts: "08:00", ends: "10:00" })).toBe(
        "2026-12-07",
      );
    });

    it("a rain day skips days off, closed days and the job's own days, on the whole window", () => {
      process.env.TZ = zone;
      const window = { starts: "13:00", ends: "15:00" };
      // Wednesday, November 25: Thanksgiving Thursday, Friday the job's own, Saturday too short, Sunday shut,
      // Monday off: Tuesday, December 1.
      const c = calendar([{ first: "2026-11-30", last: "2026-11-30" }]);
      expect(nextOpenDay("2026-11-25", "2026-11-23", c, new Set(["2026-11-27"]), window)).toBe("2026-12-01");
    });

    it("a rain day across the November change: Friday Oct 30 (CDT) 1-3 pm moves to Monday Nov 2 (CST)", () => {
      process.env.TZ = zone;
      const window = { starts: "13:00", ends: "15:00" };
      const next = nextOpenDay("2026-10-30", "2026-10-26", calendar(), new Set(), window);
      expect(next).toBe("2026-11-02");
      expect(instantAt(next ?? "", window.starts, business.timeZone).toISOString()).toBe("2026-11-02T19:00:00.000Z");
    });

    it("the picker leaves out today's windows that have started, and offers the rest", () => {
      process.env.TZ = zone;
      // Wednesday, December 2, 2026 (CST).
      expect(offeredToday("2026-12-02", "07:59")).toEqual(["08:00-10:00", "10:00-12:00", "13:00-15:00", "15:00-17:00"]);
      expect(offeredToday("2026-12-02", "08:00")).toEqual(["10:00-12:00", "13:00-15:00", "15:00-17:00"]);
      expect(offeredToday("2026-12-02", "11:00")).toEqual(["13:00-15:00", "15:00-17:00"]);
      expect(offeredToday("2026-12-02", "17:30")).toEqual([]);
      // Tomorrow's windows are all there at any hour today.
      const tomorrow = offeredDays(
        "2026-12-02",
        2,
        calendar(),
        new Set(),
        instantAt("2026-12-02", "11:00", "America/Chicago"),
      );
      expect(tomorrow.find((d) => d.day === "2026-12-03")?.windows.map((w) => w.starts)).toEqual([
        "08:00",
        "10:00",
        "13:00",
        "15:00",
      ]);
    });

    it("a window has started by the business's clock on the days the clocks change", () => {
      process.env.TZ = zone;
      // Monday, March 9, 2026 is the first weekday of daylight time: 8 am is 13:00Z (it would be 14:00Z in CST).
      expect(offeredToday("2026-03-09", "08:30")).toEqual(["10:00-12:00", "13:00-15:00", "15:00-17:00"]);
      expect(hasStarted("2026-03-09", "08:00", new Date("2026-03-09T13:30:00Z"), business.timeZone)).toBe(true);
      expect(hasStarted("2026-03-09", "10:00", new Date("2026-03-09T13:30:00Z"), business.timeZone)).toBe(false);
      // Monday, November 2, 2026, the first weekday of standard time: 8 am is 14:00Z (it was 13:00Z on Friday).
      expect(hasStarted("2026-11-02", "08:00", new Date("2026-11-02T13:30:00Z"), business.timeZone)).toBe(false);
      expect(hasStarted("2026-11-02", "08:00", new Date("2026-11-02T14:00:00Z"), business.timeZone)).toBe(true);
      expect(offeredToday("2026-11-02", "07:30")).toEqual(["08:00-10:00", "10:00-12:00", "13:00-15:00", "15:00-17:00"]);
    });
  });
}
