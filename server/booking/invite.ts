// A visit's calendar invite (RFC 5545, with RFC 5546's METHOD): what Gmail, Outlook and Apple Mail update and cancel
// in place. One UID per visit for life; SEQUENCE raised on every change; times in UTC (no VTIMEZONE for a client to
// get wrong); CRLF line ends; text escaped; lines folded at 75 octets, never inside a character. A cancel is
// METHOD:CANCEL with STATUS:CANCELLED and the same UID. Built once when its e-mail is queued and kept with it.

export type InviteMethod = "REQUEST" | "CANCEL";

export type Invite = {
  /** Who made the file and what it is for, said in PRODID: the business's name and "Estimate visits" or "Work days". */
  product: { company: string; name: string };
  method: InviteMethod;
  uid: string;
  sequence: number;
  /** When this version of the invite was made. */
  stamp: Date;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  location: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
};

/** 20261201T140000Z */
export function icsTime(instant: Date): string {
  return instant
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}Z$/, "Z");
}

/** TEXT values: backslash, semicolon, comma and newlines escaped (RFC 5545 §3.3.11); other controls dropped. */
export function icsText(text: string): string {
  return (
    text
      .replace(/\r\n?/g, "\n")
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B-\u001F\u007F]/g, "")
      .replace(/\\/g, "\\\\")
      .replace(/;/g, "\\;")
      .replace(/,/g, "\\,")
      .replace(/\n/g, "\\n")
  );
}

/** A parameter value (CN=…): quoted, with the characters a quoted value may not hold taken out. */
function icsParam(text: string): string {
  // eslint-disable-next-line no-control-regex
  return `"${text.replace(/["\u0000-\u001F\u007F]/g, "").slice(0, 200)}"`;
}

const encoder = new TextEncoder();

/** One content line folded at 75 octets: continuation lines start with a space, and no character is split. */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // The first line holds 75 octets; each continuation holds 74 after its leading space.
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/** "-//Heartland Chimney & Masonry//Work days//EN" (RFC 5545 §3.7.3): the names escaped, no "//" inside one. */
export function productId(company: string, product: string): string {
  const part = (text: string) => icsText(text.replace(/\/{2,}/g, "/"));
  return `-//${part(company)}//${part(product)}//EN`;
}

export function buildInvite(invite: Invite): string {
  const cancel = invite.method === "CANCEL";
  const lines = [
    "BEGIN:VCALENDAR",
    `PRODID:${productId(invite.product.company, invite.product.name)}`,
    "VERSION:2.0",
    "CALSCALE:GREGORIAN",
    `METHOD:${invite.method}`,
    "BEGIN:VEVENT",
    `UID:${invite.uid}`,
    `SEQUENCE:${invite.sequence}`,
    `DTSTAMP:${icsTime(invite.stamp)}`,
    `DTSTART:${icsTime(invite.start)}`,
    `DTEND:${icsTime(invite.end)}`,
    `SUMMARY:${icsText(invite.summary)}`,
    `DESCRIPTION:${icsText(invite.description)}`,
    `LOCATION:${icsText(invite.location)}`,
    `ORGANIZER;CN=${icsParam(invite.organizer.name)}:mailto:${invite.organizer.email}`,
    `ATTENDEE;CN=${icsParam(invite.attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=${cancel ? "DECLINED" : "ACCEPTED"};RSVP=FALSE:mailto:${invite.attendee.email}`,
    `STATUS:${cancel ? "CANCELLED" : "CONFIRMED"}`,
    "TRANSP:OPAQUE",
    ...(cancel
      ? []
      : ["BEGIN:VALARM", "ACTION:DISPLAY", `DESCRIPTION:${icsText(invite.summary)}`, "TRIGGER:-PT1H", "END:VALARM"]),
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join("\r\n") + "\r\n";
}
