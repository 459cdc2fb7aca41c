// The marketing e-mails (decision 0052): the reminder before a chimney is due and the campaign before the season. Pure:
// built from the owner's words (content/marketing-mail.yaml), the business facts and one recipient. Every one carries
// what the rules for mail that sells ask (CAN-SPAM, Gmail's and Yahoo's sender rules, RFC 8058): a plain subject, the
// business's name and postal address, a visible unsubscribe link, and the one-click headers, each on one line:
//   List-Unsubscribe: <https://SITE/u/TOKEN>[, <mailto:…?subject=unsubscribe>]
//   List-Unsubscribe-Post: List-Unsubscribe=One-Click
import type { MarketingWords } from "../../app/content/marketing-mail.ts";
import { dayLabel } from "../../app/lib/visit-labels.ts";
import { escapeHtml, withSubject, type Mail } from "../requests/lead-mail.ts";
import { headerText } from "../requests/mail-header.ts";

export type MarketingFacts = {
  name: string;
  phone: string;
  email: string;
  /** The postal address the foot prints (business.marketing.postalAddress). */
  postalAddress: string;
};

export type MarketingMessage =
  { purpose: "reminder"; number: 1 | 2; due: string; thisYear: number } | { purpose: "campaign" };

export type MarketingLinks = {
  /** Opens booking with the homeowner's details filled in (app/routes/rebook.tsx). */
  book: string;
  /** The one-click unsubscribe page (app/routes/unsubscribe.tsx): the same URL takes the RFC 8058 POST. */
  unsubscribe: string;
  /** A mailbox that takes "unsubscribe" e-mails, when MAIL_FROM is one somebody reads; null otherwise. */
  unsubscribeMailto: string | null;
};

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

/** "{name}" and "{due}" filled in; the words were checked to use no other (app/content/marketing-mail.ts). */
function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

const paragraphs = (text: string) => text.split(/\n\s*\n/).map((p) => p.replace(/\s*\n\s*/g, " ").trim());

/** The address part of MAIL_FROM ("Heartland <office@x.com>" → office@x.com), when a person could read it. */
export function unsubscribeMailbox(mailFrom: string): string | null {
  const address = (/<([^<>\s]+@[^<>\s]+)>/.exec(mailFrom)?.[1] ?? mailFrom).trim();
  if (!/^[^\s@"<>,;:\\]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/.test(address)) return null;
  // Nobody reads a no-reply box: a mailto there would be an unsubscribe that goes nowhere.
  return /^(no-?reply|do-?not-?reply|noreply|mailer-daemon)@/i.test(address) ? null : address;
}

/** The RFC 8058 headers, each one line: the HTTPS link first (one HTTPS URI), then the mailto if there is one. */
export function unsubscribeHeaders(links: Pick<MarketingLinks, "unsubscribe" | "unsubscribeMailto">) {
  const uris = [`<${links.unsubscribe}>`];
  if (links.unsubscribeMailto) uris.push(`<mailto:${links.unsubscribeMailto}?subject=unsubscribe>`);
  return {
    "List-Unsubscribe": { prepared: true as const, value: uris.join(", ") },
    "List-Unsubscribe-Post": { prepared: true as const, value: "List-Unsubscribe=One-Click" },
  };
}

export function marketingMail(
  words: MarketingWords,
  facts: MarketingFacts,
  recipient: { name: string },
  message: MarketingMessage,
  links: MarketingLinks,
): Mail {
  const own = message.purpose === "reminder" ? words.reminder : words.campaign;
  const values: Record<string, string> = { name: headerText(recipient.name) || "there" };
  if (message.purpose === "reminder") values.due = dayLabel(message.due, { long: true, thisYear: message.thisYear });
  const subject = headerText(fill(own.subject, values));
  const greeting = fill(own.greeting, values);
  const body = paragraphs(fill(own.paragraphs, values));
  const button = fill(own.buttonText, values);
  const first = message.purpose === "reminder" && message.number === 2 ? [words.reminder.lastReminder] : [];
  const notice = paragraphs(words.notice.paragraphs);
  const text = [
    ...first.flatMap((line) => [line, ""]),
    greeting,
    "",
    ...body.flatMap((p) => [p, ""]),
    `${button}: ${links.book}`,
    "",
    `Questions? Call or text ${facts.phone}.`,
    "",
    "--",
    ...notice,
    `${words.notice.unsubscribeText}: ${links.unsubscribe}`,
    "",
    facts.name,
    facts.postalAddress,
    "",
  ].join("\n");
  // Every style inline, as mail clients need (and the console's preview shows it as sent).
  const p = "margin:0 0 14px;line-height:1.5";
  const foot = "margin:0 0 10px;color:#555;font-size:14px;line-height:1.45";
  const link = "color:#9a3412;text-decoration:underline";
  const html =
    first.map((line) => `<p style="${p}"><strong>${escapeHtml(line)}</strong></p>`).join("") +
    `<p style="${p}">${escapeHtml(greeting)}</p>${body.map((b) => `<p style="${p}">${escapeHtml(b)}</p>`).join("")}` +
    `<p style="margin:24px 0"><a href="${escapeHtml(links.book)}" style="display:inline-block;padding:12px 20px;` +
    `background:#f59e0b;color:#111;font-weight:bold;font-size:18px;text-decoration:none;border-radius:8px">` +
    `${escapeHtml(button)}</a></p>` +
    `<p style="${p}">Questions? Call or text <a href="${escapeHtml(telHref(facts.phone))}" style="${link}">` +
    `${escapeHtml(facts.phone)}</a>.</p>` +
    `<hr style="border:0;border-top:1px solid #ddd;margin:24px 0">` +
    notice.map((n) => `<p style="${foot}">${escapeHtml(n)}</p>`).join("") +
    `<p style="${foot}"><a href="${escapeHtml(links.unsubscribe)}" style="${link}">` +
    `${escapeHtml(words.notice.unsubscribeText)}</a></p>` +
    `<p style="${foot}">${escapeHtml(facts.name)}<br>${escapeHtml(facts.postalAddress)}</p>`;
  const mail = withSubject(subject, { replyTo: facts.email, text, html });
  Object.assign(mail.headers, unsubscribeHeaders(links));
  return mail;
}
