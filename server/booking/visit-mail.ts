// The e-mails a visit sets off, each with its calendar invite where it has one: the homeowner's (booked, moved,
// cancelled) and the owner's copy of the same event (same UID and SEQUENCE), and the homeowner's reminder the day
// before. Pure: built from the visit and its request. The homeowner's link to move or cancel is a secret, so it is
// never kept in the outbox: the kept message holds MANAGE_LINK, and the outbox puts a fresh link in as it sends.
import { business } from "../../app/content/business.ts";
import { yearAt } from "../../app/lib/business-day.ts";
import { visitLabel, windowLabel, zoneLabel } from "../../app/lib/visit-labels.ts";
import { escapeHtml, withSubject, type Mail } from "../requests/lead-mail.ts";
import type { StoredEstimate } from "../store/types.ts";
import type { VisitRow } from "../store/visits.ts";
import { buildInvite, type InviteMethod } from "./invite.ts";

/** Stands for the homeowner's link to move or cancel in a kept message; replaced when the e-mail is sent. */
export const MANAGE_LINK = "{{manage-link}}";

export type VisitChange = "booked" | "moved" | "cancelled";

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;
const smsHref = (phone: string) => `sms:${phone.replace(/[^\d+]/g, "")}`;
/** An address a mailto: may carry: what zod's e-mail check let through, without anything that ends a line or a value. */
const mailAddress = (email: string) => email.replace(/[\s"<>;:,\\]/g, "");

export function mapsHref(visit: Pick<VisitRow, "street" | "town">): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${visit.street}, ${visit.town}, ${business.address.region}`)}`;
}

function when(visit: VisitRow, thisYear: number): string {
  return visitLabel(visit, business.timeZone, { thisYear });
}

const yearOf = (now: Date) => yearAt(now, business.timeZone);

/** What the homeowner calls the visit: next year's booked ahead (decision 0055) is no estimate. */
const visitName = (visit: Pick<VisitRow, "ahead_from">) =>
  visit.ahead_from ? "yearly chimney visit" : "free estimate visit";

/** What happens at it, in the e-mail's words. */
const atTheVisit = (visit: Pick<VisitRow, "ahead_from">) =>
  visit.ahead_from
    ? "What happens next: we look at the chimney and its flue, tell you what we find, and quote any work in writing. Someone over 18 needs to be home; the visit takes about an hour."
    : "What happens next: we look at the chimney or brickwork with you, answer your questions, and send you a written quote. Someone over 18 needs to be home; the visit takes about an hour.";

function invite(
  visit: VisitRow,
  lead: StoredEstimate,
  method: InviteMethod,
  stamp: Date,
  attendee: { name: string; email: string },
  forOwner: boolean,
  consoleUrl: string,
): string {
  const window = `${windowLabel(visit)} ${zoneLabel(business.timeZone)}`;
  return buildInvite({
    product: { company: business.name, name: "Estimate visits" },
    method,
    uid: visit.uid,
    sequence: visit.sequence,
    stamp,
    start: new Date(visit.starts_at),
    end: new Date(visit.ends_at),
    summary: forOwner
      ? `${visit.ahead_from ? "Yearly visit" : "Estimate visit"}: ${lead.name}, ${visit.town}`
      : `${visit.ahead_from ? "Yearly chimney visit" : "Free estimate visit"}: ${business.name}`,
    description: forOwner
      ? [
          `Arrival window ${window}.`,
          `${lead.name}: ${lead.phone}, ${lead.email}`,
          `${visit.street}, ${visit.town}`,
          ...(visit.notes ? [`Notes: ${visit.notes}`] : []),
          `${lead.service || "No service chosen"}. Reference ${lead.reference}.`,
          `The request: ${consoleUrl}/owner/requests/${lead.id}`,
        ].join("\n")
      : [
          `We arrive between ${window}.`,
          `Reference ${lead.reference}.`,
          `To move or cancel, use the link in our e-mail, or call or text ${business.phone}.`,
        ].join("\n"),
    location: `${visit.street}, ${visit.town}, ${business.address.region}`,
    organizer: { name: business.name, email: mailAddress(business.email) },
    attendee: { name: attendee.name, email: mailAddress(attendee.email) },
  });
}

function table(rows: readonly [string, string][]): string {
  return `<table cellpadding="4" style="border-collapse:collapse">${rows
    .map(([k, v]) => `<tr><th align="left" valign="top">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`)
    .join("")}</table>`;
}

/**
 * The homeowner's e-mail about a change to their visit, with its invite. It shows what the site controls and where
 * the visit is: nothing the form's free text carried (anyone can type anyone's address).
 */
export function homeownerVisitMail(
  visit: VisitRow,
  lead: StoredEstimate,
  change: VisitChange,
  {
    now,
    previous,
    changeCutoffHours,
    movedByUs = false,
  }: {
    now: Date;
    previous?: VisitRow;
    changeCutoffHours: number;
    /** We moved it off a day we blocked: the homeowner did not ask, so the first thing offered is another time. */
    movedByUs?: boolean;
  },
): Mail {
  const pickAnother = `${MANAGE_LINK}?move=1`;
  const label = when(visit, yearOf(now));
  const cancelled = change === "cancelled";
  const name = visitName(visit);
  const short = visit.ahead_from ? "yearly chimney visit" : "estimate visit";
  const subject = {
    booked: `Booked: your ${name}, ${label}`,
    moved: `Moved: your ${name} is now ${label}`,
    cancelled: `Cancelled: your ${short} on ${label}`,
  }[change];
  const opening = {
    booked: `Your ${name} with ${business.name} is booked.`,
    moved: `Your ${name} has moved${previous ? ` from ${when(previous, yearOf(now))}` : ""}.`,
    cancelled: `Your ${short} on ${label} is cancelled${visit.cancelled_by === "owner" ? " by us" : ""}.`,
  }[change];
  const rows: [string, string][] = cancelled
    ? [["Reference", lead.reference]]
    : [
        ["When", `${label} (we arrive in this window)`],
        ["Where", `${visit.street}, ${visit.town}`],
        ["Reference", lead.reference],
      ];
  const reason = cancelled && visit.cancel_reason ? visit.cancel_reason : null;
  const next = cancelled
    ? [`Would you like another time? Call or text us at ${business.phone}.`]
    : [
        ...(movedByUs
          ? [`We had to move your visit. If the new time does not suit you, pick another: ${pickAnother}`]
          : []),
        atTheVisit(visit),
        `Need to move or cancel? ${MANAGE_LINK} (online until ${changeCutoffHours} hours before; after that, call or text).`,
        "The visit is in the attached invite: open it to add it to your calendar.",
      ];
  const text = [
    "Hello,",
    "",
    opening,
    ...(reason ? [`Why: ${reason}`] : []),
    "",
    ...rows.map(([k, v]) => `${k}: ${v}`),
    "",
    ...next.flatMap((line) => [line, ""]),
    `Questions? Call or text ${business.phone}.`,
    "",
    business.name,
    "",
  ].join("\n");
  const html =
    `<p>Hello,</p><p><strong>${escapeHtml(opening)}</strong></p>` +
    (reason ? `<p>Why: ${escapeHtml(reason)}</p>` : "") +
    table(rows) +
    (movedByUs
      ? `<p>We had to move your visit. If the new time does not suit you: ` +
        `<a href="${pickAnother}">Pick another time</a></p>`
      : "") +
    (cancelled
      ? `<p>Would you like another time? Call or text us at <a href="${escapeHtml(telHref(business.phone))}">${escapeHtml(business.phone)}</a>.</p>`
      : `<p>${escapeHtml(atTheVisit(visit))}</p>` +
        `<p style="font-size:18px"><a href="${MANAGE_LINK}">Move or cancel the visit</a></p>` +
        `<p style="color:#555">Online until ${changeCutoffHours} hours before the visit; after that, call or text us. ` +
        `The visit is in the attached invite: open it to add it to your calendar.</p>`) +
    `<p>Questions? <a href="${escapeHtml(telHref(business.phone))}">Call</a> or ` +
    `<a href="${escapeHtml(smsHref(business.phone))}">text</a> ${escapeHtml(business.phone)}.</p>` +
    `<p>${escapeHtml(business.name)}</p>`;
  return withSubject(subject, {
    replyTo: business.email,
    text,
    html,
    calendar: {
      method: cancelled ? "CANCEL" : "REQUEST",
      ics: invite(
        visit,
        lead,
        cancelled ? "CANCEL" : "REQUEST",
        now,
        { name: lead.name, email: lead.email },
        false,
        "",
      ),
    },
  });
}

/** The owner's copy: the same event (UID, SEQUENCE) for his own calendar, and what he needs to drive there. */
export function ownerVisitMail(
  visit: VisitRow,
  lead: StoredEstimate,
  change: VisitChange,
  {
    now,
    previous,
    ownerAddress,
    consoleUrl,
    by,
  }: {
    now: Date;
    previous?: VisitRow;
    ownerAddress: string;
    consoleUrl: string;
    by: "homeowner" | "owner";
  },
): Mail {
  const label = when(visit, yearOf(now));
  const cancelled = change === "cancelled";
  const who = `${lead.name}, ${visit.town}`;
  const subject = {
    booked: `Visit booked: ${label} — ${who}`,
    moved: `Visit moved: now ${label} — ${who}`,
    cancelled: `Visit cancelled: ${label} — ${who}`,
  }[change];
  const request = `${consoleUrl}/owner/requests/${lead.id}`;
  const rows: [string, string][] = [
    ["When", label],
    ...(previous && change === "moved" ? ([["Was", when(previous, yearOf(now))]] as [string, string][]) : []),
    ["Where", `${visit.street}, ${visit.town}`],
    ["Phone", lead.phone],
    ["Email", lead.email],
    ["Service", lead.service || "No service chosen"],
    ...(visit.notes ? ([["Notes", visit.notes]] as [string, string][]) : []),
    ["Reference", lead.reference],
    ["By", by === "owner" ? "you, in the console" : "the homeowner, online"],
    ...(cancelled && visit.cancel_reason ? ([["Reason", visit.cancel_reason]] as [string, string][]) : []),
  ];
  const text = [
    `Call ${lead.name}: ${lead.phone}`,
    "",
    ...rows.map(([k, v]) => `${k}: ${v}`),
    "",
    `Map: ${mapsHref(visit)}`,
    `The request: ${request}`,
    "",
  ].join("\n");
  const html =
    `<p style="font-size:18px;margin:0 0 8px"><a href="${escapeHtml(telHref(lead.phone))}">Call ${escapeHtml(lead.name)}: ` +
    `${escapeHtml(lead.phone)}</a></p>` +
    table(rows) +
    `<p><a href="${escapeHtml(mapsHref(visit))}">Open the address in Maps</a></p>` +
    `<p><a href="${escapeHtml(request)}">Open the request in the console</a></p>`;
  return withSubject(subject, {
    replyTo: lead.email,
    text,
    html,
    calendar: {
      method: cancelled ? "CANCEL" : "REQUEST",
      ics: invite(
        visit,
        lead,
        cancelled ? "CANCEL" : "REQUEST",
        now,
        { name: business.name, email: ownerAddress },
        true,
        consoleUrl,
      ),
    },
  });
}

/** The homeowner's reminder the day before, with a fresh link to move or cancel. */
export function visitReminderMail(visit: VisitRow, lead: StoredEstimate, manageUrl: string, now: Date): Mail {
  const label = when(visit, yearOf(now));
  const subject = `Reminder: your ${visitName(visit)} ${label}`;
  const text = [
    "Hello,",
    "",
    `A reminder: we come for your ${visitName(visit)} ${label}.`,
    `Where: ${visit.street}, ${visit.town}`,
    `Reference: ${lead.reference}`,
    "",
    `Need to move or cancel? ${manageUrl}`,
    `Or call or text ${business.phone}.`,
    "",
    business.name,
    "",
  ].join("\n");
  const html =
    `<p>Hello,</p><p>A reminder: we come for your ${visitName(visit)} <strong>${escapeHtml(label)}</strong>.</p>` +
    table([
      ["Where", `${visit.street}, ${visit.town}`],
      ["Reference", lead.reference],
    ]) +
    `<p style="font-size:18px"><a href="${escapeHtml(manageUrl)}">Move or cancel the visit</a></p>` +
    `<p>Or <a href="${escapeHtml(telHref(business.phone))}">call</a> or ` +
    `<a href="${escapeHtml(smsHref(business.phone))}">text</a> ${escapeHtml(business.phone)}.</p>` +
    `<p>${escapeHtml(business.name)}</p>`;
  return withSubject(subject, { replyTo: business.email, text, html });
}

/** The kept message with the homeowner's fresh link put in (escaped as the HTML needs). */
export function withManageLink(mail: Mail, url: string): Mail {
  return {
    ...mail,
    text: mail.text.split(MANAGE_LINK).join(url),
    html: mail.html.split(MANAGE_LINK).join(escapeHtml(url)),
  };
}
