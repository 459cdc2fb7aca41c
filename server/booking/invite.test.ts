// The invite as a calendar reads it: parsed with ical.js, a real iCalendar parser, field by field; and the file's own
// form (CRLF, lines of at most 75 octets, never a character split, text escaped).
import { describe, expect, it } from "vitest";
import { buildInvite, foldLine, icsText, productId, type Invite } from "./invite.ts";
import { parseInvite } from "./invite.fixture.ts";

const invite: Invite = {
  product: { company: "Heartland Chimney & Masonry", name: "Estimate visits" },
  method: "REQUEST",
  uid: "visit-0f8fad5b-d9cb-469f-a165-70867728950e@www.example.com",
  sequence: 0,
  stamp: new Date("2026-11-27T15:04:05.678Z"),
  start: new Date("2026-12-01T14:00:00Z"),
  end: new Date("2026-12-01T16:00:00Z"),
  summary: "Free estimate visit: Heartland Chimney & Masonry",
  description: "We arrive between 8–10 am Central Time.\nReference R-ABC234; call, or text (309) 555-0134.\\",
  location: "1207 N. Main St., Apt 3; Bloomington, IL",
  organizer: { name: "Heartland Chimney & Masonry", email: "estimates@example.com" },
  attendee: { name: 'José "Pepe" Núñez-Łukasiewicz 👩‍👩‍👧', email: "jose@example.com" },
};

describe("a visit's invite", () => {
  it("reads back, field by field: REQUEST, UID, SEQUENCE, UTC times, the words as written", () => {
    const ics = buildInvite(invite);
    expect(parseInvite(ics)).toEqual({
      method: "REQUEST",
      version: "2.0",
      uid: invite.uid,
      sequence: 0,
      start: "2026-12-01T14:00:00.000Z",
      end: "2026-12-01T16:00:00.000Z",
      startIsUtc: true,
      stamp: "2026-11-27T15:04:05Z",
      summary: invite.summary,
      description: invite.description,
      location: invite.location,
      status: "CONFIRMED",
      organizer: "mailto:estimates@example.com",
      organizerName: "Heartland Chimney & Masonry",
      attendee: "mailto:jose@example.com",
      attendeeName: "José Pepe Núñez-Łukasiewicz 👩‍👩‍👧",
    });
    expect(ics).toContain("DTSTART:20261201T140000Z\r\n");
    expect(ics).toContain("\r\nPRODID:-//Heartland Chimney & Masonry//Estimate visits//EN\r\n");
  });

  it("names its maker in PRODID from the names given, escaped, with no '//' inside one", () => {
    expect(productId("Heartland Chimney & Masonry", "Work days")).toBe("-//Heartland Chimney & Masonry//Work days//EN");
    expect(productId("Smith, Sons; Co//Ltd", "Work days")).toBe("-//Smith\\, Sons\\; Co/Ltd//Work days//EN");
  });

  it("cancels with the same UID, a higher SEQUENCE, METHOD:CANCEL and STATUS:CANCELLED", () => {
    const parsed = parseInvite(buildInvite({ ...invite, method: "CANCEL", sequence: 2 }));
    expect(parsed).toMatchObject({ method: "CANCEL", uid: invite.uid, sequence: 2, status: "CANCELLED" });
  });

  it("has CRLF line ends, lines of at most 75 octets, and no character split across a fold", () => {
    const ics = buildInvite({ ...invite, description: "ü".repeat(100) + "👩‍👩‍👧".repeat(20) + "x".repeat(200) });
    expect(ics.endsWith("\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    const lines = ics.split("\r\n").slice(0, -1);
    for (const line of lines) expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
    // Unfolding gives the description back whole (a split character would not decode).
    expect(parseInvite(ics).description).toBe("ü".repeat(100) + "👩‍👩‍👧".repeat(20) + "x".repeat(200));
  });

  it("escapes TEXT as RFC 5545 says, and a line of exactly 75 octets stays whole", () => {
    expect(icsText("a,b;c\\d\ne\r\nf\u0007")).toBe("a\\,b\\;c\\\\d\\ne\\nf");
    expect(foldLine("x".repeat(75))).toBe("x".repeat(75));
    expect(foldLine("x".repeat(76))).toBe(`${"x".repeat(75)}\r\n x`);
  });

  it("keeps a name with a line break or a quote from opening a new property", () => {
    const ics = buildInvite({
      ...invite,
      attendee: { name: 'Ann\r\nATTENDEE:mailto:evil@example.com"', email: "ann@example.com" },
    });
    expect(ics).not.toMatch(/^ATTENDEE:mailto:evil/m);
    expect(parseInvite(ics).attendee).toBe("mailto:ann@example.com");
  });
});
