// The e-mail that sends a condition report to the homeowner (decision 0054): service mail about their own visit, not
// marketing (no offer, nothing to unsubscribe from). The owner's words (content/condition-report.yaml), the "Do not
// use" items said in the e-mail itself, the link to the version, and the PDF attached when it is at most 5 MB; above
// that, the link alone, with a sentence saying why. A correction says what changed. Pure.
import type { ReportMailWords } from "../../app/content/report-words.ts";
import { escapeHtml, withSubject, type Mail } from "../requests/lead-mail.ts";
import type { ReportSnapshot } from "./report-snapshot.ts";
import { findingHeadline, findingTitle, summarize } from "./report-summary.ts";

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

export function reportPdfName(snapshot: Pick<ReportSnapshot, "version">): string {
  return `chimney-condition-report-v${snapshot.version}.pdf`;
}

export function reportSentMail(
  snapshot: ReportSnapshot,
  words: ReportMailWords,
  link: string,
  pdf: Buffer | null,
): Mail {
  const b = snapshot.business;
  const first = snapshot.customer.name.trim().split(/\s+/)[0] ?? "";
  const greeting = first ? `${words.greeting} ${first},` : `${words.greeting},`;
  const dangers = summarize(snapshot).doNotUse;
  const danger = dangers.length
    ? {
        head: `${snapshot.words.doNotUse.label}: ${snapshot.words.doNotUse.says}`,
        items: dangers.map((f) => `${findingTitle(snapshot, f)}: ${findingHeadline(f)}`),
      }
    : null;
  const correction = snapshot.reason ? `${words.corrected} ${snapshot.reason}` : null;
  const file = pdf ? words.attached : words.notAttached;
  const text = [
    greeting,
    "",
    words.message,
    ...(correction ? ["", correction] : []),
    ...(danger ? ["", danger.head, ...danger.items.map((i) => `- ${i}`)] : []),
    "",
    `${words.linkText}: ${link}`,
    "",
    file,
    "",
    words.lastLine,
    "",
    b.name,
    b.address,
    b.phone,
    b.email,
  ].join("\n");
  const p = (s: string, style = "") => `<p${style ? ` style="${style}"` : ""}>${escapeHtml(s)}</p>`;
  const html = [
    p(greeting),
    p(words.message),
    correction ? p(correction, "font-weight:bold") : "",
    danger
      ? `<div style="background:#9f1d1d;color:#ffffff;padding:12px 16px;border-radius:6px">` +
        `<p style="margin:0 0 6px;font-weight:bold">${escapeHtml(danger.head)}</p>` +
        `<ul style="margin:0;padding-left:20px">${danger.items.map((i) => `<li>${escapeHtml(i)}</li>`).join("")}</ul></div>`
      : "",
    `<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#f59e0b;color:#1c1917;padding:12px 20px;` +
      `border-radius:8px;font-weight:bold;text-decoration:none">${escapeHtml(words.linkText)}</a></p>`,
    p(file),
    p(words.lastLine),
    `<p style="color:#44403c">${escapeHtml(b.name)}<br>${escapeHtml(b.address)}<br>` +
      `<a href="${escapeHtml(telHref(b.phone))}">${escapeHtml(b.phone)}</a> · ${escapeHtml(b.email)}</p>`,
  ].join("\n");
  return withSubject(snapshot.reason ? words.subjectCorrected : words.subject, {
    replyTo: b.email,
    text,
    html,
    ...(pdf
      ? { attachments: [{ filename: reportPdfName(snapshot), content: pdf, contentType: "application/pdf" }] }
      : {}),
  });
}
