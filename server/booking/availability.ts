// The owner's availability for estimate visits: operational data, kept in the database and in force the moment it
// is saved (no publish). Arrival windows per weekday, visits per window, a daily cap, when bookings for a day close,
// how far ahead booking opens, until when a homeowner may move or cancel online, and when the reminder goes.
import { z } from "zod";
import type { OpeningHours } from "../../app/lib/business-hours.ts";
import { windowLabel } from "../../app/lib/visit-labels.ts";
import {
  isWallTime,
  minutesOf,
  WEEKDAY_NAMES,
  wallTimeOf,
  type WallTime,
  type WeekdayName,
} from "../time/wall-time.ts";

export type ArrivalWindow = { starts: WallTime; ends: WallTime };

const wallTime = z.string().refine(isWallTime, "a time like 08:00");

const arrivalWindow = z
  .object({ starts: wallTime, ends: wallTime })
  .refine((w) => minutesOf(w.starts) < minutesOf(w.ends), "a window ends after it starts");

export const bookingSettingsSchema = z.object({
  /** Booking online on or off (the request form works either way). */
  enabled: z.boolean(),
  /** Arrival windows per weekday, in order, not overlapping. */
  windows: z.record(z.enum(WEEKDAY_NAMES), z.array(arrivalWindow).max(8)).superRefine((days, ctx) => {
    for (const [day, list] of Object.entries(days)) {
      const sorted = [...list].sort((a, b) => minutesOf(a.starts) - minutesOf(b.starts));
      for (let i = 1; i < sorted.length; i++) {
        if (minutesOf((sorted[i] as ArrivalWindow).starts) < minutesOf((sorted[i - 1] as ArrivalWindow).ends)) {
          ctx.addIssue({ code: "custom", path: [day], message: `${day}'s windows overlap` });
        }
      }
    }
  }),
  /** Visits one window takes. */
  perWindow: z.number().int().min(1).max(5),
  /** Visits one day takes, all windows together. */
  dailyCap: z.number().int().min(1).max(20),
  /** Bookings for a day close at this time the day before ("17:00"). */
  cutoff: wallTime,
  /** How many days ahead booking opens. */
  horizonDays: z.number().int().min(1).max(90),
  /** A homeowner may move or cancel online until this many hours before the window starts; then by phone. */
  changeCutoffHours: z.number().int().min(0).max(72),
  /** When the homeowner's reminder goes, the day before the visit ("09:00"). */
  reminderAt: wallTime,
});

export type BookingSettings = z.infer<typeof bookingSettingsSchema>;

/**
 * Two-hour arrival windows from opening time, none across the lunch hour (12–1), the last ending an hour before
 * closing: Monday to Friday 8–6 gives 8–10, 10–12, 1–3 and 3–5 (the issue's example); Saturday 9–2 gives 9–11.
 */
export function windowsFromHours(opens: WallTime, closes: WallTime): ArrivalWindow[] {
  const windows: ArrivalWindow[] = [];
  const last = minutesOf(closes) - 60;
  let start = minutesOf(opens);
  while (start + 120 <= last) {
    if (start < 13 * 60 && start + 120 > 12 * 60) {
      start = 13 * 60;
      continue;
    }
    windows.push({ starts: wallTimeOf(start), ends: wallTimeOf(start + 120) });
    start += 120;
  }
  return windows;
}

export function defaultBookingSettings(hours: OpeningHours): BookingSettings {
  const windows = Object.fromEntries(
    WEEKDAY_NAMES.map((day) => {
      const open = hours.find((h) => h.dayCodes.includes(day));
      return [day, open?.opens && open.closes ? windowsFromHours(open.opens, open.closes) : []];
    }),
  ) as Record<WeekdayName, ArrivalWindow[]>;
  return {
    enabled: true,
    windows,
    perWindow: 1,
    dailyCap: 3,
    cutoff: "17:00",
    horizonDays: 28,
    changeCutoffHours: 12,
    reminderAt: "09:00",
  };
}

/** Stored settings over the defaults: a field added later takes its default; a stored one that no longer checks too. */
export function readBookingSettings(json: string | null, hours: OpeningHours): BookingSettings {
  const defaults = defaultBookingSettings(hours);
  if (!json) return defaults;
  try {
    const stored = JSON.parse(json) as Record<string, unknown>;
    const merged = bookingSettingsSchema.safeParse({ ...defaults, ...stored });
    return merged.success ? merged.data : defaults;
  } catch {
    return defaults;
  }
}

/** Windows as the owner types them: "8-10, 10-12, 1-3pm, 15:00-17:00"; null with the reason when one does not read. */
export function parseWindows(text: string): { windows: ArrivalWindow[] } | { error: string } {
  const windows: ArrivalWindow[] = [];
  for (const raw of text
    .split(/[,;\n]+/)
    .map((p) => p.trim())
    .filter(Boolean)) {
    const m = /^(\d{1,2})(?::(\d{2}))?\s*(am|pm)?\s*(?:-|–|—|to)\s*(\d{1,2})(?::(\d{2}))?\s*(am|pm)?$/i.exec(raw);
    if (!m) return { error: `"${raw}" is not a window like 8-10 or 13:00-15:00` };
    const [, h1, m1 = "00", ap1, h2, m2 = "00", ap2] = m;
    const hour = (h: string, ap: string | undefined, other: string | undefined, isStart: boolean) => {
      let n = Number(h);
      const marker = (ap ?? (isStart ? undefined : other))?.toLowerCase();
      // Without am/pm, hours before 7 are afternoon hours ("1-3" is 1–3 pm): nobody visits at 1 in the morning.
      if (marker === "pm" && n < 12) n += 12;
      else if (marker === "am" && n === 12) n = 0;
      else if (!marker && n < 7) n += 12;
      return n;
    };
    const startH = hour(h1 as string, ap1, ap2, true);
    const endH = hour(h2 as string, ap2, ap1, false);
    if (startH > 23 || endH > 24 || Number(m1) > 59 || Number(m2) > 59)
      return { error: `"${raw}" is not a time of day` };
    const starts = wallTimeOf(startH * 60 + Number(m1));
    const ends = endH === 24 ? "23:59" : wallTimeOf(endH * 60 + Number(m2));
    if (minutesOf(ends) <= minutesOf(starts)) return { error: `"${raw}" ends before it starts` };
    windows.push({ starts, ends });
  }
  windows.sort((a, b) => minutesOf(a.starts) - minutesOf(b.starts));
  for (let i = 1; i < windows.length; i++) {
    if (minutesOf((windows[i] as ArrivalWindow).starts) < minutesOf((windows[i - 1] as ArrivalWindow).ends)) {
      return { error: "two windows overlap" };
    }
  }
  return { windows };
}

/** A day's windows as the owner reads and types them ("8–10 am, 10 am–12 pm, 1–3 pm"); parseWindows reads it back. */
export function windowsText(windows: readonly ArrivalWindow[]): string {
  return windows.map(windowLabel).join(", ");
}
