// The e-mails a request sets off, composed from the stored lead alone (pure, tested in lead-mail.test.ts):
// - the owner's alert, built to be read and acted on from a phone;
// - the homeowner's confirmation, which echoes nothing they typed (anyone can type anyone's address);
// - the owner's reminder when a lead is still new after some business hours;
// - the customer's review request, only when the owner taps "Ask for a review" on a won request.
// Subjects go out as encoded-words only (mail-header.ts); both parts of every message are escaped.
import { business } from "../../app/content/business.ts";
import type { ReviewRequestWords } from "../../app/content/review-request.ts";
import { addBusinessHours, byText } from "../../app/lib/business-hours.ts";
import { closedDayName } from "../../app/content/closed-days.ts";
import type { StoredEstimate } from "./estimate-store.ts";
import { instantText } from "../time/wall-time.ts";
import { encodeHeaderText, headerText } from "./mail-header.ts";
import { decodeRefusals, photoCount, refusalText } from "../../app/lib/estimate-photos.ts";

export type Mail = {
  subject: string;
  replyTo: string;
  text: string;
  html: string;
  /** What nodemailer sends as it is: the subject, already encoded. */
  headers: Record<string, { prepared: true; value: string }>;
  /** Files: images the HTML shows inline (`cid:`, the homeowner's photos in the owner's alert), or attached. */
  attachments?: { filename: string; content: Buffer; contentType: string; cid?: string }[];
  /**
   * A calendar invite (server/booking/invite.ts): sent as the text/calendar part with the same `method=`, and again
   * as an invite.ics attachment (nodemailer's icalEvent does both).
   */
  calendar?: { method: "REQUEST" | "CANCEL"; ics: string };
};

/** The most the alert's inline photos may add, base64 included, so the whole e-mail stays under 2 MB. */
export const ALERT_PHOTO_BUDGET_BYTES = 1_500_000;

export type MailContext = {
  siteUrl: string;
  now: Date;
  /** A fresh link for the homeowner to book the estimate visit (server/booking/); absent when booking is off. */
  visitLink?: string | null;
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const TZ = business.timeZone;

/** "Mon, Nov 23, 2026, 3:04 PM CST": the business's clock, not the server's. */
export function localTime(iso: string): string {
  return instantText(iso, TZ);
}

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });

/** The first words of the message, cut at a word near `max` characters, never inside a character (👩‍👩‍👧, क्‍ष). */
export function firstWords(message: string, max = 40): string {
  const flat = headerText(message);
  if (flat.length <= max) return flat;
  let cut = "";
  for (const { segment } of graphemes.segment(flat)) {
    if (cut.length + segment.length > max) break;
    cut += segment;
  }
  const space = cut.lastIndexOf(" ");
  return `${(space > 15 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The alert's photo section: previews inline while they fit the budget, the rest named; and what was refused. */
function alertPhotos(
  lead: StoredEstimate,
  previews: readonly { position: number; preview: Buffer }[],
  consoleUrl: string | null,
) {
  const refused = decodeRefusals(lead.photos_refused).map(refusalText);
  if (previews.length === 0 && refused.length === 0) return { text: [], html: "", attachments: [] };
  const attachments: NonNullable<Mail["attachments"]> = [];
  const left: number[] = [];
  let used = 0;
  for (const { position, preview } of previews) {
    const encoded = Math.ceil(preview.length / 3) * 4;
    if (used + encoded > ALERT_PHOTO_BUDGET_BYTES) left.push(position);
    else {
      used += encoded;
      attachments.push({
        filename: `${lead.reference}-photo-${position}.jpg`,
        content: preview,
        cid: `photo-${position}.${lead.reference}@estimate`,
        contentType: "image/jpeg",
      });
    }
  }
  const elsewhere = left.length
    ? [`Photo ${left.join(", ")}: too large for this e-mail; ${consoleUrl ? "open the request" : "see the console"}.`]
    : [];
  const heading = `Photos: ${photoCount(previews.length)}`;
  const text = [
    heading,
    ...(previews.length ? ["(shown in the e-mail's HTML version)"] : []),
    ...elsewhere,
    ...refused,
  ];
  const html =
    `<h3>${escapeHtml(heading)}</h3>` +
    attachments
      .map(
        (a, i) =>
          `<p style="margin:0 0 8px"><img src="cid:${escapeHtml(a.cid ?? "")}" alt="Photo ${i + 1}" ` +
          `style="max-width:100%;height:auto;border-radius:6px"></p>`,
      )
      .join("") +
    [...elsewhere, ...refused].map((line) => `<p>${escapeHtml(line)}</p>`).join("");
  return { text, html, attachments };
}

export function withSubject(subject: string, mail: Omit<Mail, "subject" | "headers">): Mail {
  return { subject, ...mail, headers: { Subject: { prepared: true, value: encodeHeaderText(subject) } } };
}

export function attributionRows(lead: StoredEstimate): [string, string][] {
  const utm = [
    ["source", lead.utm_source],
    ["medium", lead.utm_medium],
    ["campaign", lead.utm_campaign],
    ["term", lead.utm_term],
    ["content", lead.utm_content],
  ]
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}=${v}`)
    .join(", ");
  const rows: [string, string | null][] = [
    ["Sent from page", lead.page],
    ["First page of the visit", lead.landing_page],
    ["Referrer", lead.referrer],
    ["Campaign (utm)", utm || null],
    ["Google click id", lead.gclid],
    ["Facebook click id", lead.fbclid],
    ["?city= on the contact link", lead.city_param],
  ];
  return rows.filter((r): r is [string, string] => r[1] !== null && r[1] !== "");
}

function table(rows: readonly [string, string][]): string {
  return `<table cellpadding="4" style="border-collapse:collapse">${rows
    .map(([k, v]) => `<tr><th align="left" valign="top">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`)
    .join("")}</table>`;
}

/** Links into the owner console: the request's screen, and a one-tap "Mark as contacted" (a single-use token). */
export type ConsoleLinks = { request: string; markContacted: string };

export function ownerAlert(
  lead: StoredEstimate,
  links?: ConsoleLinks,
  previews: readonly { position: number; preview: Buffer }[] = [],
  /** The visit booked online by the time the alert goes ("Tue, Dec 1, 8–10 am, Central Time, 12 Elm St, Normal"). */
  visit: string | null = null,
): Mail {
  const photos = alertPhotos(lead, previews, links?.request ?? null);
  const service = lead.service || "No service chosen";
  const town = lead.city ?? "town not given";
  const subject = `Estimate request: ${service}, ${town} — "${firstWords(lead.message)}"`;
  const details: [string, string][] = [
    ...(visit ? ([["Visit booked", visit]] as [string, string][]) : []),
    ["Name", lead.name],
    ["Phone", lead.phone],
    ["Email", lead.email],
    ["Service", service],
    ["Town", lead.city ?? "Not given"],
    ["Received", localTime(lead.received_at)],
    ["Reference", lead.reference],
  ];
  const origin = attributionRows(lead);
  const text = [
    `Call ${lead.name}: ${lead.phone}`,
    `Email: ${lead.email} (reply to this message to answer)`,
    "",
    ...details.map(([k, v]) => `${k}: ${v}`),
    "",
    "Message:",
    lead.message,
    "",
    ...(photos.text.length ? [...photos.text, ""] : []),
    "Where it came from:",
    ...(origin.length ? origin.map(([k, v]) => `${k}: ${v}`) : ["Not recorded"]),
    "",
    ...(links
      ? [`Open it in the owner console: ${links.request}`, `Called? Mark it as contacted: ${links.markContacted}`]
      : [`Mark it once you have called: npm run leads -- --mark ${lead.id} contacted`]),
    "",
  ].join("\n");
  const html =
    `<p style="font-size:18px;margin:0 0 8px"><a href="${escapeHtml(telHref(lead.phone))}">Call ${escapeHtml(lead.name)}: ` +
    `${escapeHtml(lead.phone)}</a></p>` +
    `<p style="margin:0 0 16px"><a href="mailto:${escapeHtml(lead.email)}">${escapeHtml(lead.email)}</a> ` +
    `(reply to this message to answer)</p>` +
    table(details) +
    `<h3>Message</h3><p style="white-space:pre-wrap">${escapeHtml(lead.message)}</p>` +
    photos.html +
    `<h3>Where it came from</h3>${origin.length ? table(origin) : "<p>Not recorded</p>"}` +
    (links
      ? `<p><a href="${escapeHtml(links.request)}">Open it in the owner console</a></p>` +
        `<p><a href="${escapeHtml(links.markContacted)}">Called? Mark as contacted</a></p>`
      : `<p>Mark it once you have called: <code>npm run leads -- --mark ${lead.id} contacted</code></p>`);
  return withSubject(subject, {
    replyTo: lead.email,
    text,
    html,
    ...(photos.attachments.length ? { attachments: photos.attachments } : {}),
  });
}

/** Whether the business is closed all day on a day (a holiday in the business facts). */
const closedDay = (day: string) => closedDayName(day, business.closedDays) !== null;

/** When the homeowner may expect a call, computed from the business hours and closed days. */
export function callBackBy(receivedAt: Date, now: Date): string {
  return byText(
    addBusinessHours(receivedAt, business.leads.callBackWithinBusinessHours, business.hours, TZ, closedDay),
    now,
    TZ,
  );
}

/**
 * The homeowner's confirmation. Only what the site controls appears: the reference, the service chosen from the
 * list, a town from our list. No name, no message, no link but ours: the form cannot relay anyone's text.
 */
export function confirmation(lead: StoredEstimate, { siteUrl, now, visitLink = null }: MailContext): Mail {
  const summary: [string, string][] = [
    ["Reference", lead.reference],
    ["Service", lead.service || "Not chosen"],
    ...(lead.city ? ([["Town", lead.city]] as [string, string][]) : []),
    // How many photos arrived (only when some were sent): the one thing about them the homeowner needs to know.
    ...(lead.photo_count > 0 || lead.photos_refused
      ? ([["Photos", `${photoCount(lead.photo_count)} arrived`]] as [string, string][])
      : []),
    ["Received", localTime(lead.received_at)],
  ];
  const when = callBackBy(new Date(lead.received_at), now);
  const privacy = `${siteUrl.replace(/\/+$/, "")}/privacy`;
  const subject = `We received your estimate request (${lead.reference})`;
  const text = [
    "Hello,",
    "",
    `Thank you for your request to ${business.name}. We have it, and we will call you ${when}.`,
    "",
    ...summary.map(([k, v]) => `${k}: ${v}`),
    "",
    ...(visitLink ? [`Rather pick a time for the free estimate yourself? ${visitLink}`, ""] : []),
    `Anything urgent? Call us at ${business.phone}.`,
    "",
    "If you did not send this request, you can ignore this e-mail; nothing more will be sent.",
    `How we handle your details: ${privacy}`,
    "",
    business.name,
    "",
  ].join("\n");
  const html =
    `<p>Hello,</p><p>Thank you for your request to ${escapeHtml(business.name)}. We have it, and we will call you ` +
    `<strong>${escapeHtml(when)}</strong>.</p>${table(summary)}` +
    (visitLink
      ? `<p style="font-size:18px"><a href="${escapeHtml(visitLink)}">Pick a time for the free estimate</a> ` +
        `(optional: book the visit yourself)</p>`
      : "") +
    `<p>Anything urgent? Call us at <a href="${escapeHtml(telHref(business.phone))}">${escapeHtml(business.phone)}</a>.</p>` +
    `<p style="color:#555">If you did not send this request, you can ignore this e-mail; nothing more will be sent. ` +
    `<a href="${escapeHtml(privacy)}">How we handle your details</a>.</p><p>${escapeHtml(business.name)}</p>`;
  return withSubject(subject, { replyTo: business.email, text, html });
}

export function reminder(lead: StoredEstimate, { now }: MailContext): Mail {
  const waited = Math.round((now.getTime() - new Date(lead.received_at).getTime()) / 3_600_000);
  const subject = `Still new after ${waited} h: ${lead.service || "estimate request"}, ${lead.city ?? "town not given"} (${lead.reference})`;
  const text = [
    `This request has not been marked as contacted yet (received ${localTime(lead.received_at)}).`,
    "",
    `Call ${lead.name}: ${lead.phone}`,
    `Email: ${lead.email}`,
    "",
    `When you have called: npm run leads -- --mark ${lead.id} contacted`,
    "",
  ].join("\n");
  const html =
    `<p>This request has not been marked as contacted yet (received ${escapeHtml(localTime(lead.received_at))}).</p>` +
    `<p style="font-size:18px"><a href="${escapeHtml(telHref(lead.phone))}">Call ${escapeHtml(lead.name)}: ${escapeHtml(lead.phone)}</a></p>` +
    `<p><a href="mailto:${escapeHtml(lead.email)}">${escapeHtml(lead.email)}</a></p>` +
    `<p>When you have called: <code>npm run leads -- --mark ${lead.id} contacted</code></p>`;
  return withSubject(subject, { replyTo: lead.email, text, html });
}

/**
 * Asks the customer of a won job for a review: the owner's words (content/review-request.yaml), the job's service
 * and town, the review link, and the line saying no more e-mails will follow. Replies go to the business.
 */
export function reviewRequest(lead: StoredEstimate, words: ReviewRequestWords, reviewUrl: string): Mail {
  const job = [lead.service, lead.city].filter(Boolean).join(", ");
  const text = [
    words.greeting,
    "",
    words.message,
    "",
    ...(job ? [`${words.jobLabel}: ${job}`, ""] : []),
    `${words.linkText}: ${reviewUrl}`,
    "",
    words.lastLine,
    "",
    business.name,
    business.phone,
    "",
  ].join("\n");
  const html =
    `<p>${escapeHtml(words.greeting)}</p><p>${escapeHtml(words.message)}</p>` +
    (job ? `<p>${escapeHtml(words.jobLabel)}: <strong>${escapeHtml(job)}</strong></p>` : "") +
    `<p style="font-size:18px"><a href="${escapeHtml(reviewUrl)}">${escapeHtml(words.linkText)}</a></p>` +
    `<p style="color:#555">${escapeHtml(words.lastLine)}</p>` +
    `<p>${escapeHtml(business.name)}<br><a href="${escapeHtml(telHref(business.phone))}">${escapeHtml(business.phone)}</a></p>`;
  return withSubject(words.subject, { replyTo: business.email, text, html });
}

/** Whether a lead has waited `afterBusinessHours` without being contacted. */
export function reminderDue(lead: StoredEstimate, now: Date, afterBusinessHours: number): boolean {
  return (
    addBusinessHours(new Date(lead.received_at), afterBusinessHours, business.hours, TZ, closedDay).getTime() <=
    now.getTime()
  );
}
