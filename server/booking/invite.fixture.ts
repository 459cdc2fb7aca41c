// An invite as a calendar reads it, through ical.js (a real iCalendar parser): for the tests of visits' and work
// days' invites.
import ICAL from "ical.js";

export function parseInvite(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const vevent = calendar.getFirstSubcomponent("vevent");
  if (!vevent) throw new Error("no VEVENT");
  const event = new ICAL.Event(vevent);
  return {
    method: calendar.getFirstPropertyValue("method"),
    version: calendar.getFirstPropertyValue("version"),
    uid: event.uid,
    sequence: event.sequence,
    start: event.startDate.toJSDate().toISOString(),
    end: event.endDate.toJSDate().toISOString(),
    startIsUtc: event.startDate.zone?.tzid === "UTC",
    stamp: vevent.getFirstPropertyValue("dtstamp")?.toString(),
    summary: event.summary,
    description: event.description,
    location: event.location,
    status: vevent.getFirstPropertyValue("status"),
    organizer: vevent.getFirstPropertyValue("organizer"),
    organizerName: vevent.getFirstProperty("organizer")?.getParameter("cn"),
    attendee: vevent.getFirstPropertyValue("attendee"),
    attendeeName: vevent.getFirstProperty("attendee")?.getParameter("cn"),
  };
}
