// The calendars' settings and their state over the store: the test-only stand-in hosts are `.test` names on loopback
// and nothing else; busy times from every calendar merge for booking; clashes find a visit's busy times; a failed read
// keeps the last good busy times; a calendar not read for two hours is stale.
import { describe, expect, it } from "vitest";
import { readConfig } from "../config.ts";
import { openEstimateStore } from "../requests/estimate-store.ts";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createCalendars } from "./calendars.ts";
import type { CalendarParser } from "./parse-in-worker.ts";
import type { Resolver } from "./safe-fetch.ts";

describe("CALENDAR_TEST_HOSTS", () => {
  it("takes .test names on loopback addresses only", () => {
    const hosts = readConfig({
      CALENDAR_TEST_HOSTS: "calendar.test=127.0.0.1:8443, Other.Test=[::1]:9443",
    }).CALENDAR_TEST_HOSTS;
    expect([...hosts]).toEqual([
      ["calendar.test", { address: "127.0.0.1", port: 8443 }],
      ["other.test", { address: "::1", port: 9443 }],
    ]);
    expect(readConfig({}).CALENDAR_TEST_HOSTS.size).toBe(0);
    for (const bad of [
      "calendar.google.com=127.0.0.1:443",
      "calendar.test=10.0.0.1:443",
      "calendar.test=8.8.8.8:443",
      "calendar.test=localhost:443",
      "calendar.test",
    ]) {
      expect(() => readConfig({ CALENDAR_TEST_HOSTS: bad }), bad).toThrow(/CALENDAR_TEST_HOSTS/);
    }
  });

  it("reads CALENDAR_READ_SECONDS, 900 by default, at least 5", () => {
    expect(readConfig({}).CALENDAR_READ_SECONDS).toBe(900);
    expect(readConfig({ CALENDAR_READ_SECONDS: "10" }).CALENDAR_READ_SECONDS).toBe(10);
    expect(() => readConfig({ CALENDAR_READ_SECONDS: "1" })).toThrow(/CALENDAR_READ_SECONDS/);
  });
});

describe("the calendars' state", () => {
  const HOUR = 3_600_000;
  const T0 = Date.parse("2026-11-30T16:00:00Z");

  function setup(
    resolve: Resolver = async () => {
      throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
    },
  ) {
    let now = T0;
    const store = openEstimateStore({
      dataDir: mkdtempSync(path.join(tmpdir(), "calendars-")),
      now: () => new Date(now),
    });
    const parser: CalendarParser = { parse: async () => ({ ok: false, problem: "unused" }) };
    const calendars = createCalendars({
      store: store.calendars,
      parser,
      clock: () => new Date(now),
      timeZone: () => "America/Chicago",
      siteHost: "example.com",
      // No name resolves here, or only to an internal address: nothing leaves this machine.
      fetchOptions: { resolve },
      log: () => {},
    });
    return { store, calendars, at: (ms: number) => (now = ms) };
  }

  it("merges every calendar's busy times for booking and finds the ones a visit overlaps", () => {
    const { store, calendars } = setup();
    const work = calendars.add("https://calendar.google.com/calendar/ical/a/private-1/basic.ics", "Work");
    const home = calendars.add("webcal://p01-caldav.icloud.com/published/2/abc", "");
    if (!("id" in work) || !("id" in home)) throw new Error("not added");
    store.calendars.parsed(work.id, Float64Array.from([T0 + HOUR, T0 + 2 * HOUR, T0 + 5 * HOUR, T0 + 6 * HOUR]), {
      etag: null,
      lastModified: null,
      notes: "",
      events: 2,
    });
    store.calendars.parsed(home.id, Float64Array.from([T0 + 90 * 60_000, T0 + 3 * HOUR]), {
      etag: null,
      lastModified: null,
      notes: "",
      events: 1,
    });
    // The store's rows change under the service: a new one reads them again (as the server's does after a read).
    const fresh = createCalendars({
      store: store.calendars,
      parser: { parse: async () => ({ ok: false, problem: "" }) },
      clock: () => new Date(T0),
      timeZone: () => "America/Chicago",
      siteHost: "example.com",
    });
    expect(fresh.busy().map((b) => [b.start.getTime() - T0, b.end.getTime() - T0])).toEqual([
      [HOUR, 3 * HOUR],
      [5 * HOUR, 6 * HOUR],
    ]);
    const visit = {
      id: 7,
      starts_at: new Date(T0 + 2.5 * HOUR).toISOString(),
      ends_at: new Date(T0 + 5.5 * HOUR).toISOString(),
    };
    const clear = {
      id: 8,
      starts_at: new Date(T0 + 3 * HOUR).toISOString(),
      ends_at: new Date(T0 + 5 * HOUR).toISOString(),
    };
    const clashes = fresh.clashes([visit, clear]);
    expect(clashes.has(8)).toBe(false);
    expect(
      clashes
        .get(7)
        ?.map((c) => [c.label, c.start.getTime() - T0, c.end.getTime() - T0])
        .sort(),
    ).toEqual(
      [
        ["Work", 5 * HOUR, 6 * HOUR],
        ["p01-caldav.icloud.com", 1.5 * HOUR, 3 * HOUR],
      ].sort(),
    );
    // The list shows the address without its secret part.
    expect(fresh.list().map((c) => c.shown)).toEqual([
      "calendar.google.com/…/basic.ics",
      "p01-caldav.icloud.com/…/abc",
    ]);
  });

  it("keeps the last good busy times when a read fails, and is stale after two hours without a read", async () => {
    const { store, calendars, at } = setup();
    const added = calendars.add("https://calendar.test:1/x.ics", "Work");
    if (!("id" in added)) throw new Error("not added");
    store.calendars.parsed(added.id, Float64Array.from([T0 + HOUR, T0 + 2 * HOUR]), {
      etag: '"a"',
      lastModified: null,
      notes: "",
      events: 1,
    });
    // The name does not resolve: the read fails, and says so.
    await calendars.read(added.id);
    const [state] = calendars.list();
    expect(state?.problem).toMatch(/cannot be found/);
    expect(state?.readAt).not.toBeNull();
    expect(store.calendars.busy().get(added.id)).toEqual(Float64Array.from([T0 + HOUR, T0 + 2 * HOUR]));
    expect(calendars.stale()).toEqual([]);
    at(T0 + 2 * HOUR - 1);
    expect(calendars.stale()).toEqual([]);
    at(T0 + 2 * HOUR);
    expect(calendars.stale().map((c) => c.label)).toEqual(["Work"]);
  });

  it("refuses at Add an address that can never be read, and keeps none of it; keeps one that fails for now", async () => {
    const internal = setup(async () => [{ address: "10.0.0.5", family: 4 }]);
    expect(await internal.calendars.addAndRead("https://cal.example.com/x.ics", "Work", 5_000)).toEqual({
      error:
        "The address leads to cal.example.com, which is a private network address (10.0.0.5). The site reads calendars from the internet only.",
    });
    expect(await internal.calendars.addAndRead("webcal://127.0.0.1/x.ics", "", 5_000)).toEqual({
      error:
        "The address leads to a loopback network address (127.0.0.1). The site reads calendars from the internet only.",
    });
    expect(internal.calendars.list()).toEqual([]);
    // A name that does not resolve today may tomorrow: kept, and the page says why it was not read.
    const { calendars } = setup();
    expect(await calendars.addAndRead("https://cal.example.com/x.ics", "Work", 5_000)).toHaveProperty("id");
    expect(calendars.list().map((c) => c.problem)).toEqual([
      "The calendar's server (cal.example.com) cannot be found.",
    ]);
  });

  it("refuses an eleventh calendar and the same address twice", () => {
    const { calendars } = setup();
    for (let i = 0; i < 10; i++) expect(calendars.add(`https://cal${i}.example.com/x.ics`, "")).toHaveProperty("id");
    expect(calendars.add("https://cal0.example.com/x.ics", "")).toEqual({
      error: expect.stringMatching(/10 calendars/),
    });
    const { calendars: other } = setup();
    other.add("https://cal.example.com/x.ics", "");
    expect(other.add("webcal://cal.example.com/x.ics", "")).toEqual({ error: "That calendar is on the list already." });
  });
});
