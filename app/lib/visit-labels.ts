// How a visit's day and arrival window read to a homeowner: "Tue, Dec 1, 8–10 am, Central Time". Days and times are
// the business's own wall-clock values ("2026-12-01", "08:00"), so formatting them needs no time-zone arithmetic.
import { yearAt } from "./business-day";

// Formatters are made once: making one costs more than using it (a page of windows labels a hundred).
const formats = new Map<string, Intl.DateTimeFormat>();
function format(key: string, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let found = formats.get(key);
  if (!found) formats.set(key, (found = make()));
  return found;
}

/** "Tue, Dec 1" (with the year when it is not `thisYear`). */
export function dayLabel(day: string, { long = false, thisYear }: { long?: boolean; thisYear?: number } = {}): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const withYear = thisYear !== undefined && thisYear !== y;
  const style = long ? "long" : "short";
  return format(
    `day ${style} ${withYear}`,
    () =>
      new Intl.DateTimeFormat("en-US", {
        timeZone: "UTC",
        weekday: style,
        month: style,
        day: "numeric",
        ...(withYear ? { year: "numeric" } : {}),
      }),
  ).format(new Date(Date.UTC(y, m - 1, d, 12)));
}

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** "8–10 am", "10 am–12 pm", "1:30–3 pm". */
export function windowLabel({ starts, ends }: { starts: string; ends: string }): string {
  const part = (time: string) => {
    const total = minutes(time);
    const hour = Math.floor(total / 60);
    const minute = total % 60;
    const h12 = hour % 12 === 0 ? 12 : hour % 12;
    return { text: minute ? `${h12}:${String(minute).padStart(2, "0")}` : String(h12), pm: hour >= 12 };
  };
  const a = part(starts);
  const b = part(ends);
  const suffix = (pm: boolean) => (pm ? "pm" : "am");
  return a.pm === b.pm ? `${a.text}–${b.text} ${suffix(b.pm)}` : `${a.text} ${suffix(a.pm)}–${b.text} ${suffix(b.pm)}`;
}

/** "Central Time" for America/Chicago: the zone's generic name, as the business's clock is labelled. */
const zoneNames = new Map<string, string>();
export function zoneLabel(timeZone: string): string {
  let name = zoneNames.get(timeZone);
  if (name === undefined) {
    const part = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longGeneric" })
      .formatToParts(new Date(0))
      .find((p) => p.type === "timeZoneName");
    zoneNames.set(timeZone, (name = part?.value ?? timeZone));
  }
  return name;
}

/** "Tue, Dec 1, 8–10 am, Central Time". */
export function visitLabel(
  visit: { day: string; starts: string; ends: string },
  timeZone: string,
  options: { long?: boolean; thisYear?: number } = {},
): string {
  return `${dayLabel(visit.day, options)}, ${windowLabel(visit)}, ${zoneLabel(timeZone)}`;
}

/** The year in the business's zone at an instant (a date shows its year only when it is not this one). */
export function yearIn(instant: Date, timeZone: string): number {
  return yearAt(instant, timeZone);
}
