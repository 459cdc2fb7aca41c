import { afterEach, describe, expect, it } from "vitest";
import { addMonthsToDay, nextDue, type Cadences, type ServiceEvent } from "./next-due";

const CADENCES: Cadences = { defaultMonths: 12, services: [{ preset: "waterproofing", months: 36 }] };
const FLUE = { lastServiceDay: null, dueOverride: null, cadenceMonths: null };
const visit = (day: string): ServiceEvent => ({ day, kind: "visit", presets: [] });
const job = (day: string, ...presets: string[]): ServiceEvent => ({ day, kind: "job", presets });

const ZONES = ["UTC", "America/Chicago", "Asia/Kolkata"];
const savedTz = process.env.TZ;
afterEach(() => {
  process.env.TZ = savedTz;
});

describe.each(ZONES)("adding months to a day (TZ=%s)", (tz) => {
  it("keeps the day of the month, on the calendar alone", () => {
    process.env.TZ = tz;
    expect(addMonthsToDay("2026-11-20", 12)).toBe("2027-11-20");
    expect(addMonthsToDay("2027-03-14", 12)).toBe("2028-03-14");
    expect(addMonthsToDay("2027-11-07", 12)).toBe("2028-11-07");
    expect(addMonthsToDay("2026-03-14", 12)).toBe("2027-03-14");
    expect(addMonthsToDay("2026-11-07", 12)).toBe("2027-11-07");
    expect(addMonthsToDay("2027-12-15", 1)).toBe("2028-01-15");
    expect(addMonthsToDay("2028-01-15", -1)).toBe("2027-12-15");
  });

  it("makes 29 February + 12 months the 28th, and a missing 31st the month's last day", () => {
    process.env.TZ = tz;
    expect(addMonthsToDay("2028-02-29", 12)).toBe("2029-02-28");
    expect(addMonthsToDay("2028-02-29", 48)).toBe("2032-02-29");
    expect(addMonthsToDay("2028-02-29", 36)).toBe("2031-02-28");
    expect(addMonthsToDay("2027-01-31", 1)).toBe("2027-02-28");
    expect(addMonthsToDay("2028-01-31", 1)).toBe("2028-02-29");
    expect(addMonthsToDay("2027-03-31", 1)).toBe("2027-04-30");
    expect(addMonthsToDay("2100-02-28", 0)).toBe("2100-02-28");
    expect(addMonthsToDay("2099-02-28", 12)).toBe("2100-02-28");
  });

  it("refuses what is not a day", () => {
    expect(() => addMonthsToDay("2027-3-1", 12)).toThrow();
    expect(() => addMonthsToDay("2027-03-01", 1.5)).toThrow();
  });
});

describe.each(ZONES)("when a flue is next due (TZ=%s)", (tz) => {
  it("is 12 months after the last completed visit or job, on the DST days too", () => {
    process.env.TZ = tz;
    expect(nextDue(FLUE, [visit("2027-03-14")], CADENCES)).toEqual({
      day: "2028-03-14",
      basis: "history",
      from: "2027-03-14",
      services: [{ preset: null, day: "2028-03-14" }],
    });
    expect(nextDue(FLUE, [visit("2026-11-07"), job("2027-11-07")], CADENCES)?.day).toBe("2028-11-07");
    expect(nextDue(FLUE, [job("2028-02-29", "inspection")], CADENCES)?.day).toBe("2029-02-28");
  });

  it("counts from the latest of the history and the service day written on the flue", () => {
    process.env.TZ = tz;
    const written = { ...FLUE, lastServiceDay: "2027-06-01" };
    expect(nextDue(written, [visit("2027-01-10")], CADENCES)?.day).toBe("2028-06-01");
    expect(nextDue(written, [], CADENCES)?.from).toBe("2027-06-01");
    expect(nextDue({ ...FLUE, lastServiceDay: "2026-01-01" }, [visit("2027-01-10")], CADENCES)?.day).toBe("2028-01-10");
  });

  it("lists a service's own cadence from the last job that did it, earliest first", () => {
    process.env.TZ = tz;
    const due = nextDue(FLUE, [job("2026-05-20", "waterproofing", "crown-seal"), visit("2027-04-02")], CADENCES);
    expect(due?.day).toBe("2028-04-02");
    expect(due?.services).toEqual([
      { preset: null, day: "2028-04-02" },
      { preset: "waterproofing", day: "2029-05-20" },
    ]);
  });

  it("takes a shorter cadence when it comes first (the owner's own, or a service's)", () => {
    process.env.TZ = tz;
    expect(nextDue({ ...FLUE, cadenceMonths: 6 }, [visit("2027-01-15")], CADENCES)?.day).toBe("2027-07-15");
    const sweep: Cadences = { defaultMonths: 12, services: [{ preset: "sweep", months: 4 }] };
    expect(nextDue(FLUE, [job("2027-10-31", "sweep")], sweep)?.day).toBe("2028-02-29");
  });

  it("is the owner's day when he set one, with or without history", () => {
    process.env.TZ = tz;
    const override = { ...FLUE, dueOverride: "2028-04-10" };
    expect(nextDue(override, [visit("2027-11-07")], CADENCES)).toMatchObject({
      day: "2028-04-10",
      basis: "override",
      from: "2027-11-07",
    });
    expect(nextDue(override, [], CADENCES)).toMatchObject({ day: "2028-04-10", basis: "override", from: null });
  });

  it("is unknown with no service and no override", () => {
    process.env.TZ = tz;
    expect(nextDue(FLUE, [], CADENCES)).toBeNull();
  });
});
