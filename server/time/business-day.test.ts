// The business's day, from the one function (app/lib/business-day.ts, decision 0035): at 7:30 pm Central on
// Tuesday 24 November 2026 it is already the 25th in UTC. Every e-mail and the accepted PDF of that evening
// (evening.fixture.ts) say the 24th, whatever the server's own zone.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { addDays, dayAt, weekdayOf, yearAt } from "../../app/lib/business-day.ts";
import { wallAt } from "./wall-time.ts";

const TZ = "America/Chicago";

describe("dayAt", () => {
  it("is the business's day, not the UTC one, on both sides of midnight and of the clock changes", () => {
    expect(dayAt(new Date("2026-11-25T01:30:00Z"), TZ)).toBe("2026-11-24"); // 7:30 pm CST
    expect(dayAt(new Date("2026-11-25T05:59:59Z"), TZ)).toBe("2026-11-24");
    expect(dayAt(new Date("2026-11-25T06:00:00Z"), TZ)).toBe("2026-11-25"); // midnight CST
    expect(dayAt("2026-07-04T04:59:59.999Z", TZ)).toBe("2026-07-03"); // CDT, from an ISO string
    expect(dayAt("2026-07-04T05:00:00Z", TZ)).toBe("2026-07-04");
    expect(dayAt(new Date("2026-03-08T07:59:00Z"), TZ)).toBe("2026-03-08"); // 1:59 am, the clocks go forward
    expect(dayAt(new Date("2027-01-01T01:30:00Z"), TZ)).toBe("2026-12-31");
    expect(yearAt(new Date("2027-01-01T01:30:00Z"), TZ)).toBe(2026);
    expect(dayAt(new Date("2026-11-25T01:30:00Z"), "Asia/Tokyo")).toBe("2026-11-25");
  });

  it("is the day wallAt reads with the time, every hour and half hour of 2026 and 2027", () => {
    for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2028, 0, 1); ms += 30 * 60_000) {
      const at = new Date(ms);
      if (wallAt(at, TZ).day !== dayAt(at, TZ)) expect(at.toISOString()).toBe("the same day");
    }
  }, 60_000);

  it("adds days on the calendar alone, and names the weekday", () => {
    expect(addDays("2026-11-24", 1)).toBe("2026-11-25");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-03-01", -1)).toBe("2028-02-29");
    expect(addDays("2026-03-07", 2)).toBe("2026-03-09");
    expect(weekdayOf("2026-11-24")).toBe(2); // Tuesday
    expect(weekdayOf("2026-11-29")).toBe(7);
  });
});

describe("7:30 pm Central, the evening the Central and UTC days differ", () => {
  const fixture = fileURLToPath(new URL("./evening.fixture.ts", import.meta.url));
  const render = (tz: string) => {
    const run = spawnSync(process.execPath, ["--import", "tsx", fixture], {
      env: { ...process.env, TZ: tz },
      encoding: "utf8",
    });
    if (run.status !== 0) throw new Error(run.stderr);
    return JSON.parse(run.stdout) as { name: string; text: string }[];
  };

  it.each(["UTC", "America/Chicago", "Asia/Tokyo"])(
    "every e-mail and the accepted PDF say Nov 24, never Nov 25 (TZ=%s)",
    (tz) => {
      const shown = render(tz);
      expect(shown.map((s) => s.name.replace(/Q-[A-Z0-9]{6}/, "Q-…"))).toEqual([
        "quote-sent:1:1 (subject)",
        "quote-sent:1:1",
        "quote-sent:1:1: Q-…-v1.pdf",
        "quote-accepted:1 (subject)",
        "quote-accepted:1",
        "quote-accepted:1: Q-…-v1-accepted.pdf",
        "quote-accepted-owner:1 (subject)",
        "quote-accepted-owner:1",
        "invite:1:0 (subject)",
        "invite:1:0",
        "owner:1:0 (subject)",
        "owner:1:0",
        "reminder:1:0 (subject)",
        "reminder:1:0",
        "owner's alert (subject)",
        "owner's alert",
        "confirmation (subject)",
        "confirmation",
        "owner's reminder (subject)",
        "owner's reminder",
        "accepted PDF Q-…-v1-accepted.pdf",
      ]);
      for (const { name, text } of shown) {
        // The 25th in any spelling, and a validity counted from it (30 days: Dec 25 instead of Dec 24).
        expect(text, name).not.toMatch(/\bNov(ember|\.)? 25\b|2026-11-25|\b11\/25\b|\bWed(nesday)?, Nov|Dec(ember)? 25\b/);
      }
      const text = (name: RegExp) => shown.find((s) => name.test(s.name))?.text ?? "";
      // The acknowledgment of the pamphlet, twice dated: the homeowner's signature and the day it was given.
      const pdf = text(/^accepted PDF/);
      expect(pdf).toContain("Homeowner: Dana Whitfield, Nov 24, 2026.");
      expect(pdf).toMatch(/who gave the pamphlet with this quote on Nov 24, 2026\./);
      expect(pdf).toContain("Tue, Nov 24, 2026, 7:30 PM CST");
      expect(pdf).toContain("Dec 24, 2026");
      expect(text(/^quote-accepted:1:/)).toBe(pdf);
      expect(text(/^quote-sent:1:1$/)).toContain("Dec 24, 2026");
      for (const mail of [/^quote-accepted:1$/, /^quote-accepted-owner:1$/, /^owner's alert$/, /^confirmation$/]) {
        expect(text(mail), String(mail)).toMatch(/Nov 24/);
      }
      for (const mail of [/^invite:1:0$/, /^owner:1:0$/, /^reminder:1:0$/]) {
        expect(text(mail), String(mail)).toMatch(/Tue, Dec 1\b/);
      }
    },
    60_000,
  );
});
