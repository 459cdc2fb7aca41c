// Open windows: the defaults, the cut-off, the horizon, days off, caps, full days hidden, and daylight saving time:
// every window of 2026 and 2027 starts at its wall-clock time in Chicago, whatever the server's own zone.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { OpeningHours } from "../../app/lib/business-hours.ts";
import { defaultBookingSettings, parseWindows, windowsFromHours, windowsText } from "./availability.ts";
import { openWindows, windowRefusal } from "./windows.ts";
import { instantAt } from "../time/wall-time.ts";

const HOURS: OpeningHours = [
  { dayCodes: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "08:00", closes: "18:00" },
  { dayCodes: ["Saturday"], opens: "09:00", closes: "14:00" },
  { dayCodes: ["Sunday"], opens: null, closes: null },
];
const TZ = "America/Chicago";
const settings = defaultBookingSettings(HOURS);
const at = (day: string, time: string) => instantAt(day, time, TZ);
const labels = (days: ReturnType<typeof openWindows>) =>
  days.map((d) => `${d.day} ${d.windows.map((w) => w.starts).join(",")}`);

describe("the owner's default windows", () => {
  it("are 8–10, 10–12, 1–3 and 3–5 on weekdays, 9–11 on Saturday, none on Sunday; one visit a window, three a day", () => {
    expect(settings.windows.Monday).toEqual([
      { starts: "08:00", ends: "10:00" },
      { starts: "10:00", ends: "12:00" },
      { starts: "13:00", ends: "15:00" },
      { starts: "15:00", ends: "17:00" },
    ]);
    expect(settings.windows.Saturday).toEqual([{ starts: "09:00", ends: "11:00" }]);
    expect(settings.windows.Sunday).toEqual([]);
    expect(settings).toMatchObject({ perWindow: 1, dailyCap: 3, horizonDays: 28, cutoff: "17:00" });
    expect(windowsFromHours("07:00", "16:00")).toHaveLength(3);
  });

  it("read as the owner types them", () => {
    expect(parseWindows("8-10, 10-12, 1-3, 3-5")).toEqual({ windows: settings.windows.Monday });
    // What the settings page shows reads back as it was.
    expect(windowsText(settings.windows.Monday)).toBe("8–10 am, 10 am–12 pm, 1–3 pm, 3–5 pm");
    expect(parseWindows(windowsText(settings.windows.Monday))).toEqual({ windows: settings.windows.Monday });
    expect(parseWindows("8am-10am; 1:30pm-3pm\n15:00–17:00")).toEqual({
      windows: [
        { starts: "08:00", ends: "10:00" },
        { starts: "13:30", ends: "15:00" },
        { starts: "15:00", ends: "17:00" },
      ],
    });
    expect(parseWindows("")).toEqual({ windows: [] });
    expect(parseWindows("8-10, 9-11")).toEqual({ error: "two windows overlap" });
    expect(parseWindows("10-8am")).toMatchObject({ error: expect.stringContaining("ends before it starts") });
    expect(parseWindows("soon")).toMatchObject({ error: expect.stringContaining("is not a window") });
  });
});

describe("the windows a homeowner may book", () => {
  it("start the next business day, close at the cut-off the day before, and open 28 days ahead", () => {
    // Monday 30 November 2026, 10:00: Tuesday is open until 17:00 today.
    const monday = openWindows({ settings, daysOff: [], taken: [], now: at("2026-11-30", "10:00"), timeZone: TZ });
    expect(monday[0]?.day).toBe("2026-12-01");
    expect(monday.at(-1)?.day).toBe("2026-12-28");
    expect(monday.some((d) => d.day === "2026-12-06")).toBe(false); // a Sunday
    // After 17:00 Monday, Tuesday has closed.
    const evening = openWindows({ settings, daysOff: [], taken: [], now: at("2026-11-30", "17:00"), timeZone: TZ });
    expect(evening[0]?.day).toBe("2026-12-02");
    // Saturday evening: Monday is still open (its cut-off is Sunday 17:00).
    const saturday = openWindows({ settings, daysOff: [], taken: [], now: at("2026-12-05", "19:00"), timeZone: TZ });
    expect(saturday[0]?.day).toBe("2026-12-07");
  });

  it("leave out days off, full windows and full days (never a day shown with nothing to pick)", () => {
    const now = at("2026-11-30", "10:00");
    const taken = [
      { day: "2026-12-01", starts: "08:00", ends: "10:00" },
      { day: "2026-12-02", starts: "08:00", ends: "10:00" },
      { day: "2026-12-02", starts: "10:00", ends: "12:00" },
      { day: "2026-12-02", starts: "13:00", ends: "15:00" },
    ];
    const days = openWindows({
      settings,
      daysOff: [{ first: "2026-12-03", last: "2026-12-04" }],
      taken,
      now,
      timeZone: TZ,
    });
    expect(labels(days).slice(0, 2)).toEqual(["2026-12-01 10:00,13:00,15:00", "2026-12-05 09:00"]);
    const refuse = (day: string, starts: string, ends: string) =>
      windowRefusal(
        { day, starts, ends },
        { settings, daysOff: [{ first: "2026-12-03", last: "2026-12-04" }], taken, now, timeZone: TZ },
      );
    expect(refuse("2026-12-01", "08:00", "10:00")).toBe("full");
    expect(refuse("2026-12-02", "15:00", "17:00")).toBe("day-full");
    expect(refuse("2026-12-03", "08:00", "10:00")).toBe("day-off");
    expect(refuse("2026-11-30", "13:00", "15:00")).toBe("closed");
    expect(refuse("2026-12-01", "09:00", "11:00")).toBe("not-offered");
    // Past the 28 days booking opens: a time never offered, not one that went.
    expect(refuse("2026-12-29", "08:00", "10:00")).toBe("not-offered");
    expect(refuse("2026-12-01", "10:00", "12:00")).toBeNull();
  });

  it("leave out closed days the owner has not opened", () => {
    const now = at("2026-11-30", "10:00");
    const closed = (day: string) => day === "2026-12-25";
    const days = openWindows({ settings, daysOff: [], taken: [], closed, now, timeZone: TZ });
    expect(days.map((d) => d.day)).not.toContain("2026-12-25");
    expect(days.map((d) => d.day)).toContain("2026-12-24");
    expect(
      windowRefusal(
        { day: "2026-12-25", starts: "08:00", ends: "10:00" },
        { settings, daysOff: [], taken: [], closed, now, timeZone: TZ },
      ),
    ).toBe("day-off");
    // Opened (the predicate no longer names it): its windows are back.
    const opened = openWindows({ settings, daysOff: [], taken: [], closed: () => false, now, timeZone: TZ });
    expect(labels(opened).find((l) => l.startsWith("2026-12-25"))).toBe("2026-12-25 08:00,10:00,13:00,15:00");
  });

  it("close where the owner is busy", () => {
    const now = at("2026-11-30", "10:00");
    const busy = [{ start: at("2026-12-01", "11:30"), end: at("2026-12-01", "13:15") }];
    const days = openWindows({ settings, daysOff: [], taken: [], busy, now, timeZone: TZ });
    expect(labels(days)[0]).toBe("2026-12-01 08:00,15:00");
  });

  it("offer nothing while booking is off", () => {
    const off = { ...settings, enabled: false };
    expect(
      openWindows({ settings: off, daysOff: [], taken: [], now: at("2026-11-30", "10:00"), timeZone: TZ }),
    ).toEqual([]);
  });
});

describe("daylight saving time", () => {
  const fixture = fileURLToPath(new URL("./dst-walk.fixture.ts", import.meta.url));
  const walk = (tz: string) => {
    const run = spawnSync(process.execPath, ["--import", "tsx", fixture], {
      env: { ...process.env, TZ: tz },
      encoding: "utf8",
    });
    if (run.status !== 0) throw new Error(run.stderr);
    return JSON.parse(run.stdout) as string[];
  };

  // Three processes walk two years each: seconds on a quiet machine, more while a CI run shares it.
  it(
    "every window from 2026-01-01 to 2027-12-31 starts at its wall-clock time, the same under TZ=UTC, America/Chicago and Asia/Kolkata",
    { timeout: 60_000 },
    () => {
      const [utc, chicago, kolkata] = ["UTC", "America/Chicago", "Asia/Kolkata"].map(walk);
      expect(chicago).toEqual(utc);
      expect(kolkata).toEqual(utc);
      // 730 days, four windows each.
      expect(utc).toHaveLength(730 * 4);
      const wall = new Intl.DateTimeFormat("en-CA", {
        timeZone: TZ,
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
      });
      const shown = (iso: string) => wall.format(new Date(iso)).replace(",", "");
      for (const row of utc ?? []) {
        const [day, window, startsAt, endsAt] = row.split(" ") as [string, string, string, string];
        const [starts, ends] = window.split("-") as [string, string];
        expect(shown(startsAt)).toBe(`${day} ${starts}`);
        expect(shown(endsAt)).toBe(`${day} ${ends}`);
      }
      // The days of the four changes (at 02:00) and the days either side: 8:00 in Chicago is 14:00 UTC in winter time,
      // 13:00 UTC in summer time.
      const first = (day: string) => utc?.find((r) => r.startsWith(`${day} 08:00`))?.split(" ")[2];
      expect(first("2026-03-07")).toBe("2026-03-07T14:00:00.000Z");
      expect(first("2026-03-08")).toBe("2026-03-08T13:00:00.000Z");
      expect(first("2026-10-31")).toBe("2026-10-31T13:00:00.000Z");
      expect(first("2026-11-01")).toBe("2026-11-01T14:00:00.000Z");
      expect(first("2027-03-13")).toBe("2027-03-13T14:00:00.000Z");
      expect(first("2027-03-14")).toBe("2027-03-14T13:00:00.000Z");
      expect(first("2027-11-06")).toBe("2027-11-06T13:00:00.000Z");
      expect(first("2027-11-07")).toBe("2027-11-07T14:00:00.000Z");
    },
  );
});
