// A calendar file read as strictly as the worst client: its form first (CRLF only, lines of at most 75 octets, ending
// in CRLF), then ical.js, the parser the invite tests read invites with, and what RFC 5545 requires of each VEVENT
// (one UID, DTSTAMP and DTSTART; UIDs unique in the file; times in UTC, as we write them). Throws on the first fault.
import ICAL from "ical.js";

export type StrictEvent = {
  uid: string;
  sequence: number;
  start: string;
  end: string;
  summary: string;
  description: string;
  location: string | null;
  url: string | null;
  status: string | null;
};

export function strictEvents(ics: string): { method: string; events: StrictEvent[] } {
  if (!ics.endsWith("\r\n")) throw new Error("the file does not end with CRLF");
  if (/[\r\n]/.test(ics.replace(/\r\n/g, ""))) throw new Error("a bare CR or LF");
  for (const line of ics.split("\r\n").slice(0, -1)) {
    if (Buffer.byteLength(line, "utf8") > 75) throw new Error(`a line over 75 octets: ${line}`);
  }
  const calendar = new ICAL.Component(ICAL.parse(ics));
  if (calendar.name !== "vcalendar") throw new Error("not a VCALENDAR");
  if (calendar.getFirstPropertyValue("version") !== "2.0") throw new Error("VERSION is not 2.0");
  if (!calendar.getFirstPropertyValue("prodid")) throw new Error("no PRODID");
  const uids = new Set<string>();
  const events = calendar.getAllSubcomponents("vevent").map((vevent) => {
    for (const name of ["uid", "dtstamp", "dtstart"]) {
      if (vevent.getAllProperties(name).length !== 1) throw new Error(`a VEVENT without exactly one ${name}`);
    }
    const event = new ICAL.Event(vevent);
    if (uids.has(event.uid)) throw new Error(`UID ${event.uid} twice`);
    uids.add(event.uid);
    for (const time of [event.startDate, event.endDate]) {
      if (time.zone?.tzid !== "UTC") throw new Error(`a time not in UTC in ${event.uid}`);
    }
    if (event.endDate.compare(event.startDate) <= 0) throw new Error(`${event.uid} ends before it starts`);
    const text = (name: string) => {
      const value = vevent.getFirstPropertyValue(name);
      return value === null || value === undefined ? null : String(value);
    };
    return {
      uid: event.uid,
      sequence: event.sequence,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      summary: event.summary,
      description: event.description,
      location: text("location"),
      url: text("url"),
      status: text("status"),
    };
  });
  return { method: String(calendar.getFirstPropertyValue("method") ?? ""), events };
}
