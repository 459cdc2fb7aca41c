// The owner's upcoming visits as a calendar his phone subscribes to (RFC 5545, decision 0031): the same UID and
// SEQUENCE as the visit's invites, times in UTC, asked to be fetched again every hour (REFRESH-INTERVAL and
// X-PUBLISHED-TTL; Google refreshes on its own schedule, 12-24 hours). Each visit carries only what he needs to drive
// there: the name, the phone, the address, and the link to the request in the console. The same visits give the
// same bytes, so the ETag says when nothing changed. The jobs' work days are in it too (decision 0047), each with its
// invite's UID and SEQUENCE, from the arrival window to the end of the working day, and a link to the job; a
// cancelled day is left out, as a cancelled visit is.
import { createHash } from "node:crypto";
import { windowLabel } from "../../app/lib/visit-labels.ts";
import { business } from "../../app/content/business.ts";
import { foldLine, icsText, icsTime, productId } from "../booking/invite.ts";
import { workDaySummary, type WorkDay } from "../jobs/work-days-view.ts";
import type { VisitRow } from "../store/visits.ts";

export type Feed = { body: string; etag: string };

/** What the owner's calendar app calls the feed: what it holds (issue 64). */
export const FEED_NAME = "Visits and work days";

export function visitsFeed({
  visits,
  workDays = [],
  contact,
  consoleUrl,
}: {
  visits: readonly VisitRow[];
  workDays?: readonly WorkDay[];
  contact: (visit: VisitRow) => { name: string; phone: string } | null;
  consoleUrl: string;
}): Feed {
  const lines = [
    "BEGIN:VCALENDAR",
    `PRODID:${productId(business.name, FEED_NAME)}`,
    "VERSION:2.0",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${icsText(FEED_NAME)}`,
    "REFRESH-INTERVAL;VALUE=DURATION:PT1H",
    "X-PUBLISHED-TTL:PT1H",
  ];
  // Visits and work days in time order, each event a block of lines.
  const events: { at: number; lines: string[] }[] = [];
  for (const visit of visits) {
    const who = contact(visit);
    if (!who) continue;
    const link = `${consoleUrl}/owner/requests/${visit.estimate_id}`;
    const address = `${visit.street}, ${visit.town}`;
    events.push({
      at: Date.parse(visit.starts_at),
      lines: [
        "BEGIN:VEVENT",
        `UID:${visit.uid}`,
        `SEQUENCE:${visit.sequence}`,
        // The time of this version of the visit, not of the fetch: the same visits are the same bytes.
        `DTSTAMP:${icsTime(new Date(visit.changed_at ?? visit.booked_at))}`,
        `DTSTART:${icsTime(new Date(visit.starts_at))}`,
        `DTEND:${icsTime(new Date(visit.ends_at))}`,
        `SUMMARY:${icsText(`Estimate: ${who.name}`)}`,
        `LOCATION:${icsText(address)}`,
        `DESCRIPTION:${icsText(`${who.name}\n${who.phone}\n${address}\n${link}`)}`,
        `URL:${link}`,
        "STATUS:CONFIRMED",
        "TRANSP:OPAQUE",
        "END:VEVENT",
      ],
    });
  }
  for (const work of workDays) {
    const link = `${consoleUrl}/owner/jobs/${work.job_id}`;
    const arrive = `Arrive ${windowLabel(work)}`;
    events.push({
      at: work.start.getTime(),
      lines: [
        "BEGIN:VEVENT",
        `UID:${work.uid}`,
        `SEQUENCE:${work.sequence}`,
        `DTSTAMP:${icsTime(new Date(work.changed_at ?? work.created_at))}`,
        `DTSTART:${icsTime(work.start)}`,
        `DTEND:${icsTime(work.end)}`,
        `SUMMARY:${icsText(workDaySummary(work))}`,
        ...(work.town ? [`LOCATION:${icsText(work.town)}`] : []),
        `DESCRIPTION:${icsText([work.name, work.phone, arrive, link].filter(Boolean).join("\n"))}`,
        `URL:${link}`,
        "STATUS:CONFIRMED",
        "TRANSP:OPAQUE",
        "END:VEVENT",
      ],
    });
  }
  events.sort((a, b) => a.at - b.at);
  for (const event of events) lines.push(...event.lines);
  lines.push("END:VCALENDAR");
  const body = lines.map(foldLine).join("\r\n") + "\r\n";
  return { body, etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"` };
}

/** Whether an If-None-Match header names this ETag (a list, weak or strong, or *). */
export function matchesEtag(header: string | null, etag: string): boolean {
  if (!header) return false;
  return header
    .split(",")
    .map((t) => t.trim().replace(/^W\//, ""))
    .some((t) => t === etag || t === "*");
}
