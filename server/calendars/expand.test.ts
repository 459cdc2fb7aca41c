// The owner's busy times from his calendar's file: repeating events with their exceptions, every VTIMEZONE, daylight
// saving time in both directions, free, cancelled and all-day events, floating times, a rule every minute for ever,
// and files that are not calendars. The answers are instants, the same under any TZ (a test runs it under three).
import { execFileSync } from "node:child_process";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import {
  busyCalendar,
  calendar,
  chicagoEvent,
  CHICAGO_VTIMEZONE,
  KOLKATA_VTIMEZONE,
  local,
  OUTLOOK_CENTRAL_VTIMEZONE,
} from "../../tests/support/ics-fixtures.ts";
import { CalendarProblem, expandCalendar, isBusyComponent, mergeIntervals, type ExpandOptions } from "./expand.ts";

const TZ = "America/Chicago";
const DAY = 86_400_000;

/** The busy times between two instants, as ISO pairs. */
function busy(text: string, from: string, to: string, options: Partial<ExpandOptions> = {}) {
  const result = expandCalendar(text, { from: Date.parse(from), to: Date.parse(to), timeZone: TZ, ...options });
  const pairs: [string, string][] = [];
  for (let i = 0; i < result.busy.length; i += 2) {
    pairs.push([
      new Date(result.busy[i] as number).toISOString(),
      new Date(result.busy[i + 1] as number).toISOString(),
    ]);
  }
  return { pairs, notes: result.notes, events: result.events };
}

describe("repeating events", () => {
  it("expands RRULE with EXDATE (several values, several lines, in UTC) and RECURRENCE-ID (moved, cancelled, free)", () => {
    const text = calendar([
      chicagoEvent("standup@x", "2026-12-01", "09:00", "09:30", [
        "RRULE:FREQ=DAILY;COUNT=10",
        // Two dates on one line, one on another, one given in UTC (Dec 8, 09:00 Chicago = 15:00Z).
        `EXDATE;TZID=America/Chicago:${local("2026-12-02", "09:00")},${local("2026-12-03", "09:00")}`,
        `EXDATE;TZID=America/Chicago:${local("2026-12-04", "09:00")}`,
        "EXDATE:20261208T150000Z",
      ]),
      // Dec 5 moved to 14:00-15:00; Dec 6 cancelled; Dec 7 marked free.
      {
        uid: "standup@x",
        lines: [
          `RECURRENCE-ID;TZID=America/Chicago:${local("2026-12-05", "09:00")}`,
          `DTSTART;TZID=America/Chicago:${local("2026-12-05", "14:00")}`,
          `DTEND;TZID=America/Chicago:${local("2026-12-05", "15:00")}`,
        ],
      },
      {
        uid: "standup@x",
        lines: [
          `RECURRENCE-ID;TZID=America/Chicago:${local("2026-12-06", "09:00")}`,
          `DTSTART;TZID=America/Chicago:${local("2026-12-06", "09:00")}`,
          `DTEND;TZID=America/Chicago:${local("2026-12-06", "09:30")}`,
          "STATUS:CANCELLED",
        ],
      },
      {
        uid: "standup@x",
        lines: [
          `RECURRENCE-ID;TZID=America/Chicago:${local("2026-12-07", "09:00")}`,
          `DTSTART;TZID=America/Chicago:${local("2026-12-07", "09:00")}`,
          `DTEND;TZID=America/Chicago:${local("2026-12-07", "09:30")}`,
          "TRANSP:TRANSPARENT",
        ],
      },
    ]);
    expect(busy(text, "2026-11-30T00:00:00Z", "2027-01-01T00:00:00Z").pairs).toEqual([
      ["2026-12-01T15:00:00.000Z", "2026-12-01T15:30:00.000Z"],
      ["2026-12-05T20:00:00.000Z", "2026-12-05T21:00:00.000Z"],
      ["2026-12-09T15:00:00.000Z", "2026-12-09T15:30:00.000Z"],
      ["2026-12-10T15:00:00.000Z", "2026-12-10T15:30:00.000Z"],
    ]);
  });

  it("matches an exception to its own series only, not to another series at the same time", () => {
    const text = calendar([
      chicagoEvent("a@x", "2026-12-01", "09:00", "10:00", ["RRULE:FREQ=DAILY;COUNT=3"]),
      chicagoEvent("b@x", "2026-12-01", "09:00", "09:15", ["RRULE:FREQ=DAILY;COUNT=3"]),
      {
        uid: "b@x",
        lines: [
          `RECURRENCE-ID;TZID=America/Chicago:${local("2026-12-02", "09:00")}`,
          `DTSTART;TZID=America/Chicago:${local("2026-12-02", "16:00")}`,
          `DTEND;TZID=America/Chicago:${local("2026-12-02", "16:15")}`,
        ],
      },
    ]);
    // a@x keeps its 9-10 on Dec 2; b@x's moved occurrence is 16:00.
    expect(busy(text, "2026-12-02T06:00:00Z", "2026-12-03T06:00:00Z").pairs).toEqual([
      ["2026-12-02T15:00:00.000Z", "2026-12-02T16:00:00.000Z"],
      ["2026-12-02T22:00:00.000Z", "2026-12-02T22:15:00.000Z"],
    ]);
  });

  it("finds an occurrence moved into the range from far outside it, and leaves out one moved away", () => {
    const text = calendar([
      chicagoEvent("weekly@x", "2026-01-05", "08:00", "09:00", ["RRULE:FREQ=WEEKLY;BYDAY=MO"]),
      // The Jan 12 occurrence, eleven months back, moved to Dec 16; the Dec 14 one moved to next March.
      {
        uid: "weekly@x",
        lines: [
          `RECURRENCE-ID;TZID=America/Chicago:${local("2026-01-12", "08:00")}`,
          `DTSTART;TZID=America/Chicago:${local("2026-12-16", "13:00")}`,
          `DTEND;TZID=America/Chicago:${local("2026-12-16", "14:00")}`,
        ],
      },
      {
        uid: "weekly@x",
        lines: [
          `RECURRENCE-ID;TZID=America/Chicago:${local("2026-12-14", "08:00")}`,
          `DTSTART;TZID=America/Chicago:${local("2027-03-01", "08:00")}`,
          `DTEND;TZID=America/Chicago:${local("2027-03-01", "09:00")}`,
        ],
      },
    ]);
    expect(busy(text, "2026-12-13T06:00:00Z", "2026-12-20T06:00:00Z").pairs).toEqual([
      ["2026-12-16T19:00:00.000Z", "2026-12-16T20:00:00.000Z"],
    ]);
  });

  it("applies RANGE=THISANDFUTURE to the occurrences after it", () => {
    const text = calendar([
      chicagoEvent("series@x", "2026-12-01", "09:00", "10:00", ["RRULE:FREQ=DAILY;COUNT=4"]),
      {
        uid: "series@x",
        lines: [
          `RECURRENCE-ID;RANGE=THISANDFUTURE;TZID=America/Chicago:${local("2026-12-03", "09:00")}`,
          `DTSTART;TZID=America/Chicago:${local("2026-12-03", "11:00")}`,
          `DTEND;TZID=America/Chicago:${local("2026-12-03", "12:00")}`,
        ],
      },
    ]);
    expect(busy(text, "2026-12-01T06:00:00Z", "2026-12-06T06:00:00Z").pairs.map((p) => p[0])).toEqual([
      "2026-12-01T15:00:00.000Z",
      "2026-12-02T15:00:00.000Z",
      "2026-12-03T17:00:00.000Z",
      "2026-12-04T17:00:00.000Z",
    ]);
  });

  it("skips a whole cancelled series, exceptions included", () => {
    const text = calendar([
      chicagoEvent("gone@x", "2026-12-01", "09:00", "10:00", ["RRULE:FREQ=DAILY", "STATUS:CANCELLED"]),
      {
        uid: "gone@x",
        lines: [
          `RECURRENCE-ID;TZID=America/Chicago:${local("2026-12-02", "09:00")}`,
          `DTSTART;TZID=America/Chicago:${local("2026-12-02", "12:00")}`,
          `DTEND;TZID=America/Chicago:${local("2026-12-02", "13:00")}`,
          "STATUS:CANCELLED",
        ],
      },
    ]);
    expect(busy(text, "2026-12-01T00:00:00Z", "2026-12-10T00:00:00Z").pairs).toEqual([]);
  });

  it("reads a daily event begun years ago as far as today, however long its history", () => {
    const text = calendar([chicagoEvent("old@x", "2016-01-04", "07:00", "07:30", ["RRULE:FREQ=DAILY"])]);
    const { pairs, notes } = busy(text, "2026-12-01T06:00:00Z", "2026-12-04T06:00:00Z");
    expect(notes).toEqual([]);
    expect(pairs).toEqual([
      ["2026-12-01T13:00:00.000Z", "2026-12-01T13:30:00.000Z"],
      ["2026-12-02T13:00:00.000Z", "2026-12-02T13:30:00.000Z"],
      ["2026-12-03T13:00:00.000Z", "2026-12-03T13:30:00.000Z"],
    ]);
  });

  it("caps a rule that repeats every minute for ever, says so, and ends quickly", () => {
    const text = calendar([
      chicagoEvent("minutes@x", "2026-12-01", "00:00", "00:01", ["RRULE:FREQ=MINUTELY"]),
      chicagoEvent("seconds@x", "2020-01-01", "00:00", "00:00", ["RRULE:FREQ=SECONDLY;INTERVAL=1"]),
      chicagoEvent("real@x", "2027-02-01", "09:00", "10:00"),
    ]);
    const started = performance.now();
    const { pairs, notes } = busy(text, "2026-12-01T06:00:00Z", "2027-03-01T06:00:00Z");
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(notes[0]).toMatch(/repeating events repeat too often to read in full \(more than 20,000 times each\)/);
    // The minutes merge into one busy stretch (20,000 minutes from the start of the range); the real event stands.
    expect(pairs).toEqual([
      ["2026-12-01T06:00:00.000Z", new Date(Date.parse("2026-12-01T06:00:00Z") + 20_000 * 60_000).toISOString()],
      ["2027-02-01T15:00:00.000Z", "2027-02-01T16:00:00.000Z"],
    ]);
  });

  it("caps the whole calendar's walk too", () => {
    const events = Array.from({ length: 30 }, (_, i) =>
      chicagoEvent(`many-${i}@x`, "2026-12-01", "09:00", "09:01", ["RRULE:FREQ=MINUTELY;INTERVAL=7"]),
    );
    const { notes } = busy(calendar(events), "2026-12-01T06:00:00Z", "2027-03-01T06:00:00Z", {
      maxIterations: 50_000,
    });
    expect(notes.join(" ")).toContain("too many repeating times to read in full");
  });
});

describe("time zones", () => {
  it("honours every VTIMEZONE of the file: Google's, Outlook's Windows name, and a third", () => {
    const text = calendar(
      [
        chicagoEvent("google@x", "2026-12-02", "09:00", "10:00"),
        {
          uid: "outlook@x",
          lines: [
            `DTSTART;TZID=Central Standard Time:${local("2026-12-02", "11:00")}`,
            `DTEND;TZID=Central Standard Time:${local("2026-12-02", "12:00")}`,
          ],
        },
        {
          uid: "india@x",
          lines: [
            `DTSTART;TZID=Asia/Kolkata:${local("2026-12-03", "04:30")}`,
            `DTEND;TZID=Asia/Kolkata:${local("2026-12-03", "05:30")}`,
          ],
        },
      ],
      [CHICAGO_VTIMEZONE, OUTLOOK_CENTRAL_VTIMEZONE, KOLKATA_VTIMEZONE],
    );
    expect(busy(text, "2026-12-02T00:00:00Z", "2026-12-04T00:00:00Z").pairs).toEqual([
      ["2026-12-02T15:00:00.000Z", "2026-12-02T16:00:00.000Z"],
      ["2026-12-02T17:00:00.000Z", "2026-12-02T18:00:00.000Z"],
      // 04:30 in India (UTC+5:30) is 23:00 UTC the day before.
      ["2026-12-02T23:00:00.000Z", "2026-12-03T00:00:00.000Z"],
    ]);
  });

  it("keeps a weekly 9 am at 9 am across the spring change (2026-03-08), Google's zone and Outlook's alike", () => {
    for (const tzid of ["America/Chicago", "Central Standard Time"]) {
      const text = calendar(
        [
          {
            uid: `spring-${tzid}@x`,
            lines: [
              `DTSTART;TZID=${tzid}:${local("2026-02-23", "09:00")}`,
              `DTEND;TZID=${tzid}:${local("2026-02-23", "10:00")}`,
              "RRULE:FREQ=WEEKLY;BYDAY=MO",
            ],
          },
        ],
        [CHICAGO_VTIMEZONE, OUTLOOK_CENTRAL_VTIMEZONE],
      );
      expect(
        busy(text, "2026-03-01T00:00:00Z", "2026-03-17T00:00:00Z").pairs.map((p) => p[0]),
        tzid,
      ).toEqual(["2026-03-02T15:00:00.000Z", "2026-03-09T14:00:00.000Z", "2026-03-16T14:00:00.000Z"]);
    }
  });

  it("keeps a daily 8 am at 8 am across the fall change (2026-11-01), with an event that night", () => {
    const text = calendar([
      chicagoEvent("daily@x", "2026-10-29", "08:00", "08:30", ["RRULE:FREQ=DAILY;UNTIL=20261104T000000Z"]),
      // 00:30-03:00 local on the night of the change: three and a half hours pass, not two and a half.
      chicagoEvent("night@x", "2026-11-01", "00:30", "03:00"),
    ]);
    expect(busy(text, "2026-10-30T00:00:00Z", "2026-11-04T00:00:00Z").pairs).toEqual([
      ["2026-10-30T13:00:00.000Z", "2026-10-30T13:30:00.000Z"],
      ["2026-10-31T13:00:00.000Z", "2026-10-31T13:30:00.000Z"],
      ["2026-11-01T05:30:00.000Z", "2026-11-01T09:00:00.000Z"],
      ["2026-11-01T14:00:00.000Z", "2026-11-01T14:30:00.000Z"],
      ["2026-11-02T14:00:00.000Z", "2026-11-02T14:30:00.000Z"],
      ["2026-11-03T14:00:00.000Z", "2026-11-03T14:30:00.000Z"],
    ]);
  });

  it("reads floating times, and a zone named but not described, as the business's and that zone's wall clock", () => {
    const text = calendar(
      [
        {
          uid: "floating@x",
          lines: [`DTSTART:${local("2026-12-02", "13:00")}`, `DTEND:${local("2026-12-02", "14:00")}`],
        },
        {
          uid: "denver@x",
          lines: [
            `DTSTART;TZID=America/Denver:${local("2026-12-02", "09:00")}`,
            `DTEND;TZID=America/Denver:${local("2026-12-02", "10:00")}`,
          ],
        },
        {
          uid: "floating-repeat@x",
          lines: [
            `DTSTART:${local("2026-03-06", "07:00")}`,
            `DTEND:${local("2026-03-06", "07:30")}`,
            "RRULE:FREQ=DAILY;COUNT=4",
          ],
        },
      ],
      [],
    );
    expect(busy(text, "2026-12-02T00:00:00Z", "2026-12-03T00:00:00Z").pairs).toEqual([
      ["2026-12-02T16:00:00.000Z", "2026-12-02T17:00:00.000Z"],
      ["2026-12-02T19:00:00.000Z", "2026-12-02T20:00:00.000Z"],
    ]);
    // Floating 7 am in Chicago across the spring change.
    expect(busy(text, "2026-03-06T00:00:00Z", "2026-03-10T00:00:00Z").pairs.map((p) => p[0])).toEqual([
      "2026-03-06T13:00:00.000Z",
      "2026-03-07T13:00:00.000Z",
      "2026-03-08T12:00:00.000Z",
      "2026-03-09T12:00:00.000Z",
    ]);
  });
});

describe("what is busy", () => {
  const text = calendar([
    chicagoEvent("opaque@x", "2026-12-02", "09:00", "10:00"),
    chicagoEvent("free@x", "2026-12-02", "11:00", "12:00", ["TRANSP:TRANSPARENT"]),
    chicagoEvent("outlook-free@x", "2026-12-02", "13:00", "14:00", ["X-MICROSOFT-CDO-BUSYSTATUS:FREE"]),
    chicagoEvent("cancelled@x", "2026-12-02", "15:00", "16:00", ["STATUS:CANCELLED"]),
    chicagoEvent("tentative@x", "2026-12-02", "16:00", "17:00", ["STATUS:TENTATIVE"]),
    // All day: a busy vacation of two days, and a birthday shown as free (Google's default for all-day events).
    { uid: "vacation@x", lines: ["DTSTART;VALUE=DATE:20261207", "DTEND;VALUE=DATE:20261209", "TRANSP:OPAQUE"] },
    { uid: "birthday@x", lines: ["DTSTART;VALUE=DATE:20261210", "DTEND;VALUE=DATE:20261211", "TRANSP:TRANSPARENT"] },
    // Without DTEND an all-day event is that one day.
    { uid: "one-day@x", lines: ["DTSTART;VALUE=DATE:20261214"] },
    // Without DTEND a timed event takes no time.
    { uid: "instant@x", lines: [`DTSTART;TZID=America/Chicago:${local("2026-12-15", "09:00")}`] },
    // The owner accepted a visit's invite into his calendar: ours, not his.
    chicagoEvent("visit-0e6b1c1a-9f8e-4c2d-8a7b-123456789abc@example.com", "2026-12-16", "08:00", "10:00"),
  ]);

  it("closes for busy and tentative events; free, cancelled and our own visits are left out; all-day means the business's whole day", () => {
    const { pairs, events } = busy(text, "2026-12-01T00:00:00Z", "2026-12-20T00:00:00Z", {
      ignoreUid: (uid) => /^visit-[0-9a-f-]{36}@example\.com$/.test(uid),
    });
    expect(events).toBe(10);
    expect(pairs).toEqual([
      ["2026-12-02T15:00:00.000Z", "2026-12-02T16:00:00.000Z"],
      ["2026-12-02T22:00:00.000Z", "2026-12-02T23:00:00.000Z"],
      ["2026-12-07T06:00:00.000Z", "2026-12-09T06:00:00.000Z"],
      ["2026-12-14T06:00:00.000Z", "2026-12-15T06:00:00.000Z"],
    ]);
  });

  it("says which components are busy", () => {
    const component = (lines: string[]) =>
      new ICAL.Component(ICAL.parse(`BEGIN:VEVENT\r\n${lines.join("\r\n")}\r\nEND:VEVENT`) as never);
    expect(isBusyComponent(component(["UID:a"]))).toBe(true);
    expect(isBusyComponent(component(["UID:a", "STATUS:cancelled"]))).toBe(false);
    expect(isBusyComponent(component(["UID:a", "TRANSP:transparent"]))).toBe(false);
  });

  it("merges overlapping and touching busy times", () => {
    expect(mergeIntervals([5, 7, 1, 3, 3, 4, 6, 9, 10, 11])).toEqual([1, 4, 5, 9, 10, 11]);
  });

  it("keeps the earliest busy times past the cap, and says so", () => {
    const events = Array.from({ length: 30 }, (_, i) =>
      chicagoEvent(`e${i}@x`, `2026-12-${String(i + 1).padStart(2, "0")}`, "09:00", "10:00"),
    );
    const { pairs, notes } = busy(calendar(events), "2026-12-01T00:00:00Z", "2027-01-01T00:00:00Z", {
      maxIntervals: 10,
    });
    expect(pairs).toHaveLength(10);
    expect(pairs[9]?.[0]).toBe("2026-12-10T15:00:00.000Z");
    expect(notes[0]).toMatch(/More than 10 busy times/);
  });
});

describe("files that are not calendars", () => {
  const read = (text: string) => () =>
    expandCalendar(text, { from: 0, to: Date.parse("2030-01-01T00:00:00Z"), timeZone: TZ });

  it("refuses a web page, any other text, and a malformed line, in the owner's words", () => {
    expect(read("<!DOCTYPE html><html><body>Sign in</body></html>")).toThrow(/sends a web page, not a calendar/);
    expect(read('{"error": "nope"}')).toThrow(/does not send a calendar/);
    expect(read("")).toThrow(CalendarProblem);
    const broken = calendar([chicagoEvent("a@x", "2026-12-02", "09:00", "10:00")]).replace(
      "SUMMARY:",
      "THIS LINE HAS NO COLON\r\nSUMMARY:",
    );
    expect(read(broken)).toThrow(/a line that is not valid iCalendar \(“THIS LINE HAS NO COLON”\)/);
  });

  it("leaves out an event whose times cannot be read, and reads the rest", () => {
    const text = calendar([
      chicagoEvent("good@x", "2026-12-02", "09:00", "10:00"),
      { uid: "bad@x", lines: ["DTSTART;TZID=America/Chicago:20261302T090000", "RRULE:FREQ=DAILY"] },
    ]);
    const result = expandCalendar(text, {
      from: Date.parse("2026-12-01T00:00:00Z"),
      to: Date.parse("2026-12-05T00:00:00Z"),
      timeZone: TZ,
    });
    expect(result.busy.length).toBeGreaterThanOrEqual(2);
  });
});

/**
 * ical.js walked the plain way: every series from its start, in its own zone, each occurrence converted by ical.js.
 * The fast path (floating wall clock, a later start, a day's offset remembered) must give the same busy times.
 */
function reference(text: string, from: number, to: number): number[] {
  const root = new ICAL.Component(ICAL.parse(text) as never);
  ICAL.TimezoneService.reset();
  for (const tz of root.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(tz);
  const all = root.getAllSubcomponents("vevent");
  const byUid = new Map<string, typeof all>();
  for (const e of all.filter((e) => e.hasProperty("recurrence-id"))) {
    const uid = String(e.getFirstPropertyValue("uid"));
    byUid.set(uid, [...(byUid.get(uid) ?? []), e]);
  }
  const pairs: number[] = [];
  const add = (s: number, e: number) => {
    if (e > s && e > from && s < to) pairs.push(Math.max(s, from), Math.min(e, to));
  };
  for (const component of all.filter((e) => !e.hasProperty("recurrence-id"))) {
    const event = new ICAL.Event(component, {
      exceptions: byUid.get(String(component.getFirstPropertyValue("uid"))) ?? [],
    });
    if (!event.isRecurring()) {
      if (isBusyComponent(component)) add(event.startDate.toUnixTime() * 1000, event.endDate.toUnixTime() * 1000);
      continue;
    }
    const iterator = event.iterator();
    for (let next = iterator.next(); next; next = iterator.next()) {
      const details = event.getOccurrenceDetails(next);
      if (details.startDate.toUnixTime() * 1000 > to + 30 * DAY) break;
      if (!isBusyComponent(details.item.component)) continue;
      add(details.startDate.toUnixTime() * 1000, details.endDate.toUnixTime() * 1000);
    }
  }
  return mergeIntervals(pairs);
}

describe("the fast walk", () => {
  it("gives the same busy times as ical.js walked from every series' start (90 repeating events of six kinds)", () => {
    const text = busyCalendar({ today: "2026-12-01", total: 1000, rules: 90 });
    const from = Date.parse("2026-11-30T06:00:00Z");
    const to = from + 93 * DAY;
    const fast = Array.from(expandCalendar(text, { from, to, timeZone: TZ }).busy);
    expect(fast.length).toBeGreaterThan(20);
    expect(fast).toEqual(reference(text, from, to));
    // And over a range with a daylight saving change in it.
    const spring = Date.parse("2027-02-20T06:00:00Z");
    expect(Array.from(expandCalendar(text, { from: spring, to: spring + 30 * DAY, timeZone: TZ }).busy)).toEqual(
      reference(text, spring, spring + 30 * DAY),
    );
  }, 60_000);

  it("gives the same answer under TZ=UTC, America/Chicago and Asia/Kolkata", () => {
    const script = `
      import { busyCalendar, calendar, chicagoEvent } from "./tests/support/ics-fixtures.ts";
      import { expandCalendar } from "./server/calendars/expand.ts";
      const from = Date.parse("2026-10-25T00:00:00Z");
      const floating = calendar([{ uid: "f@x", lines: ["DTSTART:20261030T090000", "DTEND:20261030T100000", "RRULE:FREQ=DAILY;COUNT=10"] },
        { uid: "d@x", lines: ["DTSTART;VALUE=DATE:20261101", "RRULE:FREQ=WEEKLY;COUNT=3", "TRANSP:OPAQUE"] }]);
      const a = expandCalendar(busyCalendar({ today: "2026-11-01", total: 800, rules: 60 }), { from, to: from + 40 * 86400000, timeZone: "America/Chicago" });
      const b = expandCalendar(floating, { from, to: from + 40 * 86400000, timeZone: "America/Chicago" });
      console.log(JSON.stringify([Array.from(a.busy), Array.from(b.busy)]));
    `;
    const answers = ["UTC", "America/Chicago", "Asia/Kolkata"].map((tz) =>
      execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
        env: { ...process.env, TZ: tz },
        encoding: "utf8",
      }),
    );
    expect(JSON.parse(answers[0] as string)[0].length).toBeGreaterThan(10);
    expect(answers[1]).toBe(answers[0]);
    expect(answers[2]).toBe(answers[0]);
  }, 60_000);
});
