// How the console words the owner's calendars: when each was read, and a busy time beside a visit, in the business's
// zone ("10:14 am today", "Tue, Dec 1, 9:30–11 am").
import { business } from "~/content/business";
import { dayLabel } from "~/lib/visit-labels";
import { addDays, dayAt, wallAt } from "../../../server/time/wall-time.ts";

/** "9 am", "10:14 am", "12:30 pm". */
export function timeLabel(time: string): string {
  const hour = Number(time.slice(0, 2));
  const minute = time.slice(3, 5);
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${h12}${minute === "00" ? "" : `:${minute}`} ${hour >= 12 ? "pm" : "am"}`;
}

/** "10:14 am today", "4:02 pm yesterday", "Mon, Nov 30 at 4:02 pm". */
export function whenLabel(iso: string, now: Date, thisYear: number): string {
  const zone = business.timeZone;
  const { day, time } = wallAt(new Date(iso), zone);
  const today = dayAt(now, zone);
  if (day === today) return `${timeLabel(time)} today`;
  if (day === addDays(today, -1)) return `${timeLabel(time)} yesterday`;
  return `${dayLabel(day, { thisYear })} at ${timeLabel(time)}`;
}

/** A busy time as the owner reads it: "Tue, Dec 1, 9:30–11 am", "all day Tue, Dec 1", or across days. */
export function busyLabel(start: Date, end: Date, thisYear: number): string {
  const zone = business.timeZone;
  const a = wallAt(start, zone);
  const b = wallAt(end, zone);
  if (a.time === "00:00" && b.time === "00:00") {
    const last = addDays(b.day, -1);
    return last === a.day
      ? `all day ${dayLabel(a.day, { thisYear })}`
      : `all day ${dayLabel(a.day, { thisYear })} to ${dayLabel(last, { thisYear })}`;
  }
  if (a.day === b.day) {
    const from = timeLabel(a.time);
    const to = timeLabel(b.time);
    const same = from.slice(-2) === to.slice(-2);
    return `${dayLabel(a.day, { thisYear })}, ${same ? from.slice(0, -3) : from}–${to}`;
  }
  return `${dayLabel(a.day, { thisYear })}, ${timeLabel(a.time)} to ${dayLabel(b.day, { thisYear })}, ${timeLabel(b.time)}`;
}

/** The feed's addresses from its secret: https to copy, webcal: for a phone, and Google Calendar's add link. */
export function feedAddresses(origin: string, token: string) {
  const https = `${origin.replace(/\/+$/, "")}/calendar/${token}.ics`;
  const webcal = https.replace(/^https?:\/\//, "webcal://");
  return { https, webcal, google: `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcal)}` };
}
