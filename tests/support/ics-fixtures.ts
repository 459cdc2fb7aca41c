// iCalendar files as the owner's calendars publish them, for the calendars' tests and benchmark: Google's style
// (TZID with a VTIMEZONE), Outlook's (a Windows zone name with its own VTIMEZONE), floating times and dates.
import { addDays } from "../../app/lib/business-day.ts";
import { foldLine, icsText } from "../../server/booking/invite.ts";
import { seededRandom } from "./seeded-random.ts";

/** America/Chicago as Google writes it (the rules since 2007). */
export const CHICAGO_VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  "TZID:America/Chicago",
  "X-LIC-LOCATION:America/Chicago",
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:-0600",
  "TZOFFSETTO:-0500",
  "TZNAME:CDT",
  "DTSTART:19700308T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:-0500",
  "TZOFFSETTO:-0600",
  "TZNAME:CST",
  "DTSTART:19701101T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
];

/** Outlook's name for the same zone, with the VTIMEZONE it publishes beside it. */
export const OUTLOOK_CENTRAL_VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  "TZID:Central Standard Time",
  "BEGIN:STANDARD",
  "DTSTART:16010101T020000",
  "TZOFFSETFROM:-0500",
  "TZOFFSETTO:-0600",
  "RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=1SU;BYMONTH=11",
  "END:STANDARD",
  "BEGIN:DAYLIGHT",
  "DTSTART:16010101T020000",
  "TZOFFSETFROM:-0600",
  "TZOFFSETTO:-0500",
  "RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=2SU;BYMONTH=3",
  "END:DAYLIGHT",
  "END:VTIMEZONE",
];

/** India, which has no daylight saving time: a third zone in one file. */
export const KOLKATA_VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  "TZID:Asia/Kolkata",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:+0530",
  "TZOFFSETTO:+0530",
  "TZNAME:IST",
  "DTSTART:19700101T000000",
  "END:STANDARD",
  "END:VTIMEZONE",
];

export type IcsEvent = {
  uid: string;
  /** Content lines after UID, as written (DTSTART;TZID=…:…, RRULE:…, SUMMARY:…). */
  lines: string[];
};

/** A whole calendar: CRLF lines, folded. */
export function calendar(events: readonly IcsEvent[], zones: readonly string[][] = [CHICAGO_VTIMEZONE]): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "PRODID:-//Google Inc//Google Calendar 70.9054//EN",
    "VERSION:2.0",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "X-WR-CALNAME:Work",
    "X-WR-TIMEZONE:America/Chicago",
    ...zones.flat(),
    ...events.flatMap((e) => ["BEGIN:VEVENT", `UID:${e.uid}`, "DTSTAMP:20260101T000000Z", ...e.lines, "END:VEVENT"]),
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join("\r\n") + "\r\n";
}

/** "20260310T090000" from a wall-clock date and time. */
export function local(day: string, time: string): string {
  return `${day.replace(/-/g, "")}T${time.replace(":", "")}00`;
}

/** A timed event in Chicago. */
export function chicagoEvent(uid: string, day: string, starts: string, ends: string, extra: string[] = []): IcsEvent {
  return {
    uid,
    lines: [
      `DTSTART;TZID=America/Chicago:${local(day, starts)}`,
      `DTEND;TZID=America/Chicago:${local(day, ends)}`,
      `SUMMARY:${icsText(`Busy ${uid}`)}`,
      ...extra,
    ],
  };
}

function dayPlus(day: string, days: number): string {
  return addDays(day, days);
}

/**
 * A busy person's calendar: `total` VEVENTs, of which `rules` repeat (daily, weekdays, weekly, every two weeks,
 * monthly; some with COUNT, UNTIL, EXDATE), plus one moved occurrence (RECURRENCE-ID) for every other rule, the
 * rest single events spread over the three years before `today` and the 120 days after it. Google's style.
 */
export function busyCalendar({ total = 5000, rules = 200, today = "2026-12-01", seed = 47 } = {}): string {
  const next = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const time = () => `${String(7 + Math.floor(next() * 11)).padStart(2, "0")}:${pick(["00", "15", "30", "45"])}`;
  const plusHours = (t: string, h: number) =>
    `${String(Math.min(23, Number(t.slice(0, 2)) + h)).padStart(2, "0")}:${t.slice(3)}`;
  const events: IcsEvent[] = [];
  const patterns = [
    "FREQ=DAILY",
    "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR",
    "FREQ=WEEKLY",
    "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH",
    "FREQ=MONTHLY;BYMONTHDAY=15",
    "FREQ=MONTHLY;BYDAY=1MO",
  ];
  let exceptions = 0;
  for (let i = 0; i < rules; i++) {
    const start = dayPlus(today, -Math.floor(next() * 3 * 365));
    const t = time();
    const tail = i % 5 === 0 ? ";COUNT=400" : i % 7 === 0 ? `;UNTIL=${local(dayPlus(today, 60), "23:59")}Z` : "";
    const uid = `rule-${i}@bench`;
    const lines = [
      `DTSTART;TZID=America/Chicago:${local(start, t)}`,
      `DTEND;TZID=America/Chicago:${local(start, plusHours(t, 1))}`,
      `RRULE:${pick(patterns)}${tail}`,
      `SUMMARY:Repeating ${i}`,
    ];
    if (i % 3 === 0) lines.push(`EXDATE;TZID=America/Chicago:${local(dayPlus(start, 7), t)}`);
    events.push({ uid, lines });
    if (i % 2 === 0) {
      // Google writes a moved occurrence as its own VEVENT with the series' UID.
      const original = dayPlus(start, 14);
      events.push({
        uid,
        lines: [
          `RECURRENCE-ID;TZID=America/Chicago:${local(original, t)}`,
          `DTSTART;TZID=America/Chicago:${local(dayPlus(original, 1), t)}`,
          `DTEND;TZID=America/Chicago:${local(dayPlus(original, 1), plusHours(t, 2))}`,
          `SUMMARY:Moved ${i}`,
        ],
      });
      exceptions += 1;
    }
  }
  for (let i = events.length; i < total; i++) {
    const day = dayPlus(today, Math.floor(next() * (3 * 365 + 120)) - 3 * 365);
    const t = time();
    const extra = next() < 0.1 ? ["TRANSP:TRANSPARENT"] : next() < 0.02 ? ["STATUS:CANCELLED"] : [];
    events.push(chicagoEvent(`single-${i}@bench`, day, t, plusHours(t, 1 + Math.floor(next() * 3)), extra));
  }
  void exceptions;
  return calendar(events);
}
