// Work days outside their job (decision 0047), against a real database with a controllable clock: read with the
// customer's name and town and "day 1 of 2"; busy for estimate windows from the arrival window to the end of the
// working day, to the exact instant across the November 2026 change; in the owner's feed with their own UID and
// SEQUENCE, strictly parsed, the same bytes under TZ=UTC, America/Los_Angeles, Asia/Kolkata and Pacific/Auckland.
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { business } from "../../app/content/business.ts";
import { createBooking, type Booking } from "../booking/booking.ts";
import { visitsFeed } from "../calendars/feed.ts";
import { openEstimateStore, type EstimateStore } from "../requests/estimate-store.ts";
import { newLead } from "../store/stored-lead.fixture.ts";
import { addDays, instantAt } from "../time/wall-time.ts";
import { withWorkDays } from "./work-days-view.ts";
import { strictEvents } from "../../tests/support/strict-ics.ts";
import { acceptedQuote, addJob, cancelWorkDay, finishJob, moveWorkDay } from "../../tests/support/seed-work-days.ts";

const TZ = "America/Chicago";
let clock = instantAt("2026-11-30", "10:00", TZ); // Monday morning
let dataDir = "";
let store: EstimateStore;
let booking: Booking;
let quoteId = 0;

beforeEach(() => {
  clock = instantAt("2026-11-30", "10:00", TZ);
  dataDir = mkdtempSync(path.join(tmpdir(), "work-days-test-"));
  quoteId = acceptedQuote(dataDir);
  store = openEstimateStore({ dataDir, now: () => clock });
  booking = createBooking({ store, now: () => clock, siteUrl: "https://www.example.com" });
});
afterEach(() => store.close());

/** The windows offered on a day, as "HH:MM" starts. */
const offeredOn = (day: string, owner = false) =>
  (owner ? booking.openForOwner() : booking.open()).find((d) => d.day === day)?.windows.map((w) => w.starts) ?? [];

function homeownerLink() {
  const { id } = store.save(newLead({ idempotencyKey: null, email: "ann@example.com" }));
  const token = booking.newLink(id);
  booking.place(token, { town: "Normal", served: true, street: "12 Elm St", notes: "" });
  return token;
}

describe("work days as the Visits view reads them", () => {
  it("names the customer and town, numbers the day among the job's, and spans the arrival window to closing", () => {
    const { jobId } = addJob(store.db, quoteId, [
      { day: "2026-12-04", starts: "13:00", ends: "15:00" },
      { day: "2026-12-03", starts: "08:00", ends: "10:00" },
    ]);
    const work = booking.workDaysBetween("2026-11-30", "2026-12-07");
    expect(
      work.map((w) => ({
        job: w.job_id,
        day: w.day,
        nth: `${w.nth} of ${w.of}`,
        name: w.name,
        town: w.town,
        start: w.start.toISOString(),
        end: w.end.toISOString(),
      })),
    ).toEqual([
      // 8:00 and 18:00 CST (the weekday's closing time) are 14:00Z and 00:00Z the next day.
      {
        job: jobId,
        day: "2026-12-03",
        nth: "1 of 2",
        name: "Dana Whitfield",
        town: "Normal",
        start: "2026-12-03T14:00:00.000Z",
        end: "2026-12-04T00:00:00.000Z",
      },
      {
        job: jobId,
        day: "2026-12-04",
        nth: "2 of 2",
        name: "Dana Whitfield",
        town: "Normal",
        start: "2026-12-04T19:00:00.000Z",
        end: "2026-12-05T00:00:00.000Z",
      },
    ]);
    // Narrowed to one day it is still "day 2 of 2".
    expect(booking.workDaysBetween("2026-12-04", "2026-12-04").map((w) => `${w.nth} of ${w.of}`)).toEqual(["2 of 2"]);
  });

  it("leaves out a cancelled day, and a done job's days after the day it was done", () => {
    const { jobId, days } = addJob(store.db, quoteId, [
      { day: "2026-12-01", starts: "08:00", ends: "10:00" },
      { day: "2026-12-02", starts: "08:00", ends: "10:00" },
      { day: "2026-12-03", starts: "08:00", ends: "10:00" },
    ]);
    cancelWorkDay(store.db, days[0]?.id ?? 0);
    expect(booking.workDaysBetween("2026-11-30", "2026-12-07").map((w) => `${w.day} ${w.nth}/${w.of}`)).toEqual([
      "2026-12-02 1/2",
      "2026-12-03 2/2",
    ]);
    // Done on Wednesday evening at 7 pm Central (Thursday 01:00Z): Wednesday was work, Thursday is not.
    finishJob(store.db, jobId, "2026-12-03T01:00:00.000Z");
    expect(booking.workDaysBetween("2026-11-30", "2026-12-07").map((w) => w.day)).toEqual(["2026-12-02"]);
  });

  it("names the customer from the accepted quote once the request is erased", () => {
    addJob(store.db, quoteId, [{ day: "2026-12-03", starts: "08:00", ends: "10:00" }]);
    store.db.prepare("UPDATE quotes SET estimate_id = NULL WHERE id = ?").run(quoteId);
    expect(booking.workDaysBetween("2026-12-03", "2026-12-03").map((w) => [w.name, w.town])).toEqual([
      ["Dana Whitfield", "Normal"],
    ]);
  });
});

describe("estimate windows on a work day", () => {
  it("offers none from the arrival window to the end of the working day, to homeowner and owner alike", () => {
    expect(offeredOn("2026-12-03")).toEqual(["08:00", "10:00", "13:00", "15:00"]);
    addJob(store.db, quoteId, [
      { day: "2026-12-03", starts: "08:00", ends: "10:00" },
      // Arriving at 10: the 8-10 window ends as the arrival window starts, so it stays.
      { day: "2026-12-04", starts: "10:00", ends: "12:00" },
    ]);
    expect(offeredOn("2026-12-03")).toEqual([]);
    expect(offeredOn("2026-12-03", true)).toEqual([]);
    expect(offeredOn("2026-12-04")).toEqual(["08:00"]);
    expect(offeredOn("2026-12-04", true)).toEqual(["08:00"]);
  });

  it("refuses a booking posted for a window the work day took, and books the one before it", () => {
    addJob(store.db, quoteId, [{ day: "2026-12-04", starts: "10:00", ends: "12:00" }]);
    const token = homeownerLink();
    expect(booking.book(token, { day: "2026-12-04", starts: "13:00" }, { key: "a" })).toEqual({
      ok: false,
      reason: "taken",
    });
    expect(booking.book(token, { day: "2026-12-04", starts: "08:00" }, { key: "b" })).toMatchObject({ ok: true });
  });

  it("gives the windows back when the work day is cancelled or moved", () => {
    const { days } = addJob(store.db, quoteId, [
      { day: "2026-12-03", starts: "08:00", ends: "10:00" },
      { day: "2026-12-04", starts: "08:00", ends: "10:00" },
    ]);
    cancelWorkDay(store.db, days[0]?.id ?? 0);
    moveWorkDay(store.db, days[1]?.id ?? 0, { day: "2026-12-07", starts: "13:00", ends: "15:00" });
    expect(offeredOn("2026-12-03")).toEqual(["08:00", "10:00", "13:00", "15:00"]);
    expect(offeredOn("2026-12-04")).toEqual(["08:00", "10:00", "13:00", "15:00"]);
    expect(offeredOn("2026-12-07")).toEqual(["08:00", "10:00"]);
  });

  it("moves a visit off a blocked day past the work days after it, and leaves the work days where they were", () => {
    const token = homeownerLink();
    const visit = booking.book(token, { day: "2026-12-02", starts: "10:00" }, { key: "v" });
    if (!visit.ok) throw new Error(visit.reason);
    addJob(store.db, quoteId, [
      { day: "2026-12-03", starts: "08:00", ends: "10:00" },
      { day: "2026-12-04", starts: "08:00", ends: "10:00" },
    ]);
    expect(booking.blockDays("2026-12-02", "2026-12-02", "Snow").map((v) => v.id)).toEqual([visit.visit.id]);
    const { moved } = booking.moveToNextOpen([visit.visit.id]);
    // Thursday and Friday are work all day; Saturday the 5th has its one window at 9.
    expect(moved.map((v) => `${v.day} ${v.starts}`)).toEqual(["2026-12-05 09:00"]);
    expect(booking.workDaysBetween("2026-11-30", "2026-12-07").map((w) => w.day)).toEqual(["2026-12-03", "2026-12-04"]);
  });

  it("is exact across the November 2026 change: a job on Friday Oct 30 (CDT) and Monday Nov 2 (CST)", () => {
    clock = instantAt("2026-10-26", "10:00", TZ);
    addJob(store.db, quoteId, [
      { day: "2026-10-30", starts: "08:00", ends: "10:00" },
      { day: "2026-11-02", starts: "13:00", ends: "15:00" },
    ]);
    const work = booking.workDaysBetween("2026-10-26", "2026-11-08");
    expect(work.map((w) => [w.start.toISOString(), w.end.toISOString()])).toEqual([
      // 8:00-18:00 CDT (UTC-5), then 13:00-18:00 CST (UTC-6).
      ["2026-10-30T13:00:00.000Z", "2026-10-30T23:00:00.000Z"],
      ["2026-11-02T19:00:00.000Z", "2026-11-03T00:00:00.000Z"],
    ]);
    expect(offeredOn("2026-10-30")).toEqual([]);
    const monday = booking.open().find((d) => d.day === "2026-11-02");
    expect(monday?.windows.map((w) => [w.starts, w.startsAt.toISOString(), w.endsAt.toISOString()])).toEqual([
      ["08:00", "2026-11-02T14:00:00.000Z", "2026-11-02T16:00:00.000Z"],
      ["10:00", "2026-11-02T16:00:00.000Z", "2026-11-02T18:00:00.000Z"],
    ]);
  });

  it("merges work days into the calendars' sorted busy times without losing either", () => {
    const at = (h: number) => new Date(Date.UTC(2026, 11, 3, h));
    const busy = [
      { start: at(1), end: at(2) },
      { start: at(14), end: at(15) },
      { start: at(20), end: at(21) },
    ];
    const merged = withWorkDays(busy, [
      { start: at(15), end: at(18) },
      { start: at(3), end: at(4) },
    ]);
    expect(merged.map((b) => [b.start.getUTCHours(), b.end.getUTCHours()])).toEqual([
      [1, 2],
      [3, 4],
      [14, 18],
      [20, 21],
    ]);
    expect(withWorkDays(busy, [])).toBe(busy);
  });
});

describe("the owner's feed", () => {
  const feedNow = () =>
    visitsFeed({
      visits: booking.between(booking.today(), addDays(booking.today(), 400)),
      workDays: booking.workDaysBetween(booking.today(), addDays(booking.today(), 400)),
      contact: (visit) => {
        const lead = store.get(visit.estimate_id);
        return lead ? { name: lead.name, phone: lead.phone } : null;
      },
      consoleUrl: "https://www.example.com",
    });

  it("carries each work day with its own UID and SEQUENCE beside the visits, in time order, strictly parsed", () => {
    const token = homeownerLink();
    const visit = booking.book(token, { day: "2026-12-02", starts: "10:00" }, { key: "v" });
    if (!visit.ok) throw new Error(visit.reason);
    const { jobId, days } = addJob(store.db, quoteId, [
      { day: "2026-12-03", starts: "08:00", ends: "10:00" },
      { day: "2026-12-04", starts: "08:00", ends: "10:00" },
    ]);
    const feed = feedNow().body;
    const { method, events } = strictEvents(feed);
    expect(method).toBe("PUBLISH");
    // Named for what it holds, by the business's name in content (issue 64).
    expect(feed).toContain(`\r\nPRODID:-//${business.name}//Visits and work days//EN\r\n`);
    expect(feed).toContain("\r\nX-WR-CALNAME:Visits and work days\r\n");
    expect(feed).not.toContain("Estimate visits");
    expect(events.map((e) => [e.uid, e.sequence, e.summary, e.start, e.end])).toEqual([
      [visit.visit.uid, 0, "Estimate: Ann", "2026-12-02T16:00:00.000Z", "2026-12-02T18:00:00.000Z"],
      [
        days[0]?.uid,
        0,
        "Work: Dana Whitfield, Normal — day 1 of 2",
        "2026-12-03T14:00:00.000Z",
        "2026-12-04T00:00:00.000Z",
      ],
      [
        days[1]?.uid,
        0,
        "Work: Dana Whitfield, Normal — day 2 of 2",
        "2026-12-04T14:00:00.000Z",
        "2026-12-05T00:00:00.000Z",
      ],
    ]);
    expect(events[1]).toMatchObject({
      url: `https://www.example.com/owner/jobs/${jobId}`,
      location: "Normal",
      status: "CONFIRMED",
      description: `Dana Whitfield\n(309) 555-0177\nArrive 8–10 am\nhttps://www.example.com/owner/jobs/${jobId}`,
    });
  });

  it("keeps a work day's UID through a move and raises its SEQUENCE; a cancelled day leaves the feed", () => {
    const { days } = addJob(store.db, quoteId, [
      { day: "2026-12-03", starts: "08:00", ends: "10:00" },
      { day: "2026-12-04", starts: "08:00", ends: "10:00" },
    ]);
    const first = feedNow();
    expect(feedNow()).toEqual(first); // the same days, the same bytes and ETag
    moveWorkDay(store.db, days[1]?.id ?? 0, { day: "2026-12-08", starts: "10:00", ends: "12:00" });
    const moved = strictEvents(feedNow().body).events;
    expect(moved.map((e) => [e.uid, e.sequence, e.start])).toEqual([
      [days[0]?.uid, 0, "2026-12-03T14:00:00.000Z"],
      [days[1]?.uid, 1, "2026-12-08T16:00:00.000Z"],
    ]);
    expect(feedNow().etag).not.toBe(first.etag);
    cancelWorkDay(store.db, days[0]?.id ?? 0);
    const left = strictEvents(feedNow().body).events;
    // One day left: it is the job's only day now.
    expect(left.map((e) => [e.uid, e.summary])).toEqual([[days[1]?.uid, "Work: Dana Whitfield, Normal"]]);
  });

  it("is the same bytes under TZ=UTC, America/Los_Angeles, Asia/Kolkata and Pacific/Auckland, with a job across the November change", () => {
    store.close();
    const db = openEstimateStore({ dataDir });
    const { days } = addJob(db.db, quoteId, [
      { day: "2026-10-30", starts: "08:00", ends: "10:00" },
      { day: "2026-11-02", starts: "08:00", ends: "10:00" },
    ]);
    db.close();
    store = openEstimateStore({ dataDir, now: () => clock });
    const fixture = fileURLToPath(new URL("./work-days-feed.fixture.ts", import.meta.url));
    const feedUnder = (tz: string) => {
      const run = spawnSync(process.execPath, ["--import", "tsx", fixture], {
        env: { ...process.env, TZ: tz, FEED_DATA_DIR: dataDir, FEED_CLOCK: "2026-10-26T15:00:00.000Z" },
        encoding: "utf8",
      });
      if (run.status !== 0) throw new Error(run.stderr);
      return run.stdout;
    };
    // Los Angeles changes its clocks the same night as Chicago, two hours later; Kolkata's half hour and Auckland's
    // southern summer catch a day cut from the host's zone instead of the business's.
    const [utc, la, kolkata, auckland] = ["UTC", "America/Los_Angeles", "Asia/Kolkata", "Pacific/Auckland"].map(
      feedUnder,
    );
    expect(la).toBe(utc);
    expect(kolkata).toBe(utc);
    expect(auckland).toBe(utc);
    expect(strictEvents(utc ?? "").events.map((e) => [e.uid, e.summary, e.start, e.end])).toEqual([
      // Friday in CDT (UTC-5), Monday in CST (UTC-6): the same 8:00-18:00 on the wall clock.
      [
        days[0]?.uid,
        "Work: Dana Whitfield, Normal — day 1 of 2",
        "2026-10-30T13:00:00.000Z",
        "2026-10-30T23:00:00.000Z",
      ],
      [
        days[1]?.uid,
        "Work: Dana Whitfield, Normal — day 2 of 2",
        "2026-11-02T14:00:00.000Z",
        "2026-11-03T00:00:00.000Z",
      ],
    ]);
  }, 30_000);
});
