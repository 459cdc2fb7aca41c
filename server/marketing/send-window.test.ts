// When reminders and campaigns may go: business days, 9 to 5 on the business's clock, closed days skipped, each clock
// change moving nothing twice, the same under every server zone (TZ=UTC, America/Chicago, Asia/Kolkata).
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { closedDayName } from "../../app/content/closed-days.ts";
import { instantAt, wallAt } from "../time/wall-time.ts";
import { maySendAt, reminderDays, remindersToQueue, sendSlot } from "./send-window.ts";

const TZ = "America/Chicago";
const CLOSED = [
  { name: "Thanksgiving", date: "fourth Thursday of November" },
  { name: "Christmas", date: "December 25" },
];
const rules = { timeZone: TZ, closed: (day: string) => closedDayName(day, CLOSED) !== null };
const at = (day: string, time: string) => instantAt(day, time, TZ);
const slot = (day: string, time: string) => sendSlot(at(day, time), rules)?.toISOString();

describe("the send window", () => {
  it("takes a moment inside it as it is, and moves one before or after it to the next opening at 9:00", () => {
    // Monday 2027-03-01.
    expect(slot("2027-03-01", "08:59")).toBe(at("2027-03-01", "09:00").toISOString());
    expect(slot("2027-03-01", "09:00")).toBe(at("2027-03-01", "09:00").toISOString());
    expect(slot("2027-03-01", "16:59")).toBe(at("2027-03-01", "16:59").toISOString());
    expect(slot("2027-03-01", "17:00")).toBe(at("2027-03-02", "09:00").toISOString());
    expect(slot("2027-03-01", "23:30")).toBe(at("2027-03-02", "09:00").toISOString());
    // Friday evening and the weekend wait for Monday.
    expect(slot("2027-03-05", "17:00")).toBe(at("2027-03-08", "09:00").toISOString());
    expect(slot("2027-03-06", "12:00")).toBe(at("2027-03-08", "09:00").toISOString());
    expect(maySendAt(at("2027-03-06", "12:00"), rules)).toBe(false);
    expect(maySendAt(at("2027-03-08", "12:00"), rules)).toBe(true);
  });

  it("skips a closed day: Thanksgiving's mail goes on Friday at 9:00, Christmas Eve's after the holiday", () => {
    expect(slot("2027-11-24", "17:30")).toBe(at("2027-11-26", "09:00").toISOString());
    expect(slot("2027-11-25", "10:00")).toBe(at("2027-11-26", "09:00").toISOString());
    // 2026-12-24 is a Thursday, Christmas a Friday: Monday the 28th.
    expect(slot("2026-12-24", "17:00")).toBe(at("2026-12-28", "09:00").toISOString());
  });

  it("across the 2027 clock changes (Sundays): mail waits for Monday 9:00, at its own offset", () => {
    // 9:00 CDT is 14:00 UTC, 9:00 CST 15:00 UTC.
    expect(slot("2027-03-13", "18:00")).toBe("2027-03-15T14:00:00.000Z");
    expect(sendSlot(new Date("2027-03-14T08:30:00Z"), rules)?.toISOString()).toBe("2027-03-15T14:00:00.000Z");
    expect(slot("2027-11-06", "18:00")).toBe("2027-11-08T15:00:00.000Z");
    // 1:30 happens twice on 2027-11-07: both the first and the second give the one Monday slot.
    expect(sendSlot(new Date("2027-11-07T06:30:00Z"), rules)?.toISOString()).toBe("2027-11-08T15:00:00.000Z");
    expect(sendSlot(new Date("2027-11-07T07:30:00Z"), rules)?.toISOString()).toBe("2027-11-08T15:00:00.000Z");
  });

  it("on the clock-change days themselves (an owner who sends every day): 9:00 at the new offset, once", () => {
    const everyDay = { ...rules, weekdays: [1, 2, 3, 4, 5, 6, 7] };
    expect(sendSlot(new Date("2027-03-14T07:30:00Z"), everyDay)?.toISOString()).toBe("2027-03-14T14:00:00.000Z");
    expect(sendSlot(new Date("2027-11-07T06:30:00Z"), everyDay)?.toISOString()).toBe("2027-11-07T15:00:00.000Z");
    expect(sendSlot(new Date("2027-11-07T07:30:00Z"), everyDay)?.toISOString()).toBe("2027-11-07T15:00:00.000Z");
    // The window is eight hours of the wall clock, not of elapsed time: 17:00 CST is 23:00 UTC.
    expect(sendSlot(new Date("2027-11-07T22:59:00Z"), everyDay)?.toISOString()).toBe("2027-11-07T22:59:00.000Z");
    expect(sendSlot(new Date("2027-11-07T23:00:00Z"), everyDay)?.toISOString()).toBe("2027-11-08T15:00:00.000Z");
  });

  it("on 29 February 2028, a Tuesday, like any business day", () => {
    expect(slot("2028-02-29", "08:00")).toBe("2028-02-29T15:00:00.000Z");
    expect(slot("2028-02-28", "17:00")).toBe("2028-02-29T15:00:00.000Z");
  });
});

describe("a due day's reminders", () => {
  it("the first the owner's weeks ahead, the second on the day itself, on the calendar alone", () => {
    expect(reminderDays("2027-10-12", 3, true)).toEqual({ 1: "2027-09-21", 2: "2027-10-12" });
    expect(reminderDays("2027-10-12", 3, false)).toEqual({ 1: "2027-09-21", 2: null });
    // Three weeks before 21 March 2028 is the leap day; before 21 March 2029, 28 February.
    expect(reminderDays("2028-03-21", 3, true)[1]).toBe("2028-02-29");
    expect(reminderDays("2029-03-21", 3, true)[1]).toBe("2029-02-28");
    expect(reminderDays("2028-02-29", 1, true)[1]).toBe("2028-02-22");
  });

  it("queues the first from its day, the second only a week after the first went, nothing a month after the due day", () => {
    const plan = { weeks: 3, second: true };
    expect(remindersToQueue("2027-09-20", "2027-10-12", { ...plan, firstSentOn: null })).toEqual([]);
    expect(remindersToQueue("2027-09-21", "2027-10-12", { ...plan, firstSentOn: null })).toEqual([1]);
    expect(remindersToQueue("2027-10-12", "2027-10-12", { ...plan, firstSentOn: "2027-09-21" })).toEqual([1, 2]);
    // A due day found late (an import): the first goes, the second not in the same week.
    expect(remindersToQueue("2027-10-12", "2027-10-12", { ...plan, firstSentOn: null })).toEqual([1]);
    expect(remindersToQueue("2027-10-14", "2027-10-12", { ...plan, firstSentOn: "2027-10-12" })).toEqual([1]);
    expect(remindersToQueue("2027-10-19", "2027-10-12", { ...plan, firstSentOn: "2027-10-12" })).toEqual([1, 2]);
    expect(remindersToQueue("2027-11-12", "2027-10-12", { ...plan, firstSentOn: "2027-09-21" })).toEqual([]);
    expect(
      remindersToQueue("2027-10-12", "2027-10-12", { weeks: 3, second: false, firstSentOn: "2027-09-21" }),
    ).toEqual([1]);
  });
});

describe("the same under every server zone", () => {
  const fixture = fileURLToPath(new URL("./send-window.fixture.ts", import.meta.url));
  const walk = (tz: string) => {
    const run = spawnSync(process.execPath, ["--import", "tsx", fixture], {
      env: { ...process.env, TZ: tz },
      encoding: "utf8",
    });
    if (run.status !== 0) throw new Error(run.stderr);
    return JSON.parse(run.stdout) as [string, string | null][];
  };

  it(
    "every quarter hour of the clock-change weekends, Thanksgiving and the leap day: one slot, in the window, under TZ=UTC, America/Chicago and Asia/Kolkata",
    { timeout: 60_000 },
    () => {
      const [utc, chicago, kolkata] = ["UTC", "America/Chicago", "Asia/Kolkata"].map(walk);
      expect(chicago).toEqual(utc);
      expect(kolkata).toEqual(utc);
      for (const [moment, found] of utc ?? []) {
        if (found === null) throw new Error(`no slot for ${moment}`);
        expect(found >= moment).toBe(true);
        const wall = wallAt(new Date(found), TZ);
        expect(wall.weekday, found).toBeLessThanOrEqual(5);
        expect(wall.time >= "09:00" && wall.time < "17:00", found).toBe(true);
        expect(wall.day, found).not.toBe("2027-11-25");
        // A moment in the window is its own slot; every other moment takes the next 9:00.
        if (found !== moment) expect(wall.time).toBe("09:00");
      }
      // Every moment of each clock-change weekend (Friday 17:00 to Monday 9:00) shares one slot: Monday 9:00.
      const weekend = (from: string, to: string) =>
        new Set((utc ?? []).filter(([m]) => m >= from && m < to).map(([, s]) => s));
      expect(weekend("2027-03-12T23:00:00Z", "2027-03-15T14:00:00Z")).toEqual(new Set(["2027-03-15T14:00:00.000Z"]));
      expect(weekend("2027-11-05T22:00:00Z", "2027-11-08T15:00:00Z")).toEqual(new Set(["2027-11-08T15:00:00.000Z"]));
      expect(weekend("2027-11-24T23:00:00Z", "2027-11-26T15:00:00Z")).toEqual(new Set(["2027-11-26T15:00:00.000Z"]));
    },
  );
});
