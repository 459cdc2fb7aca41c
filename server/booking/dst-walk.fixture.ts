// Every window of every day from 2026-01-01 to 2027-12-31, as the booking page would offer it: printed as JSON for
// windows.test.ts, which runs this under several TZ values and expects the same answer each time.
import { defaultBookingSettings } from "./availability.ts";
import { openWindows } from "./windows.ts";
import { addDays, instantAt } from "../time/wall-time.ts";
import type { OpeningHours } from "../../app/lib/business-hours.ts";

const HOURS: OpeningHours = [
  { dayCodes: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "08:00", closes: "18:00" },
  { dayCodes: ["Saturday"], opens: "09:00", closes: "14:00" },
  { dayCodes: ["Sunday"], opens: null, closes: null },
];
// Windows on every day, Sundays included: the four changes (2026-03-08, 2026-11-01, 2027-03-14, 2027-11-07) are Sundays.
const defaults = defaultBookingSettings(HOURS);
const everyDay = Object.fromEntries(Object.keys(defaults.windows).map((day) => [day, defaults.windows.Monday]));
const settings = { ...defaults, windows: everyDay as typeof defaults.windows, horizonDays: 1 };
const timeZone = "America/Chicago";
const rows: string[] = [];
for (let day = "2026-01-01"; day <= "2027-12-31"; day = addDays(day, 1)) {
  // Booking opens at the cut-off two days before; ask at noon the day before the day before.
  const now = instantAt(addDays(day, -1), "12:00", timeZone);
  for (const open of openWindows({ settings, daysOff: [], taken: [], now, timeZone })) {
    for (const w of open.windows)
      rows.push(`${w.day} ${w.starts}-${w.ends} ${w.startsAt.toISOString()} ${w.endsAt.toISOString()}`);
  }
}
process.stdout.write(JSON.stringify(rows));
