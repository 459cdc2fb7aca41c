// The e-mails a quote sets off, composed from the frozen version (pure, tested in quote-mail.test.ts): the quote
// itself with its link and PDF, the follow-ups, the homeowner's copy of the accepted quote (in full, with the
// acceptance PDF), and the owner's notices of an answer. Amounts are quote-view's strings, the same the page and the
// PDF print. Replies from a homeowner go to the business.
import { escapeHtml, withSubject, type Mail } from "../requests/lead-mail.ts";
import type { QuoteVersion } from "./document.ts";
import {
  addonsView,
  businessAddress,
  choiceView,
  dayText,
  depositRule,
  optionsView,
  paragraphs,
  type LineView,
} from "./quote-view.ts";
import type { Choice } from "./totals.ts";
import { instantText } from "../time/wall-time.ts";

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

export function signature(version: Pick<QuoteVersion, "business">): { text: string[]; html: string } {
  const b = version.business;
  return {
    text: [b.name, businessAddress(version), b.phone, b.email],
    html:
      `<p style="color:#44403c">${escapeHtml(b.name)}<br>${escapeHtml(businessAddress(version))}<br>` +
      `<a href="${escapeHtml(telHref(b.phone))}">${escapeHtml(b.phone)}</a> · ${escapeHtml(b.email)}</p>`,
  };
}

function lineText(line: LineView): string[] {
  return [
    `- ${line.name}: ${line.quantity} × ${line.unitPrice} = ${line.amount}`,
    ...(line.description ? [`  ${line.description}`] : []),
    ...(line.materials.length ? [`  Materials: ${line.materials.join("; ")}`] : []),
  ];
}

function lineHtml(line: LineView): string {
  return (
    `<tr><td style="padding:6px 8px 6px 0;vertical-align:top"><strong>${escapeHtml(line.name)}</strong>` +
    (line.description ? `<br>${escapeHtml(line.description)}` : "") +
    `<br><span style="color:#57534e">${escapeHtml(`${line.quantity} × ${line.unitPrice}`)}` +
    (line.materials.length ? `<br>Materials: ${escapeHtml(line.materials.join("; "))}` : "") +
    `</span></td><td style="padding:6px 0;vertical-align:top;text-align:right;white-space:nowrap">` +
    `${escapeHtml(line.amount)}</td></tr>`
  );
}

/** Each option's total, and the add-ons' prices: the summary a quote e-mail opens with. */
function summary(version: QuoteVersion): { text: string[]; html: string } {
  const options = optionsView(version);
  const addons = addonsView(version);
  const rows: [string, string][] = [
    ...options.map((o): [string, string] => [options.length > 1 ? o.name : "Total", o.total]),
    ...addons.map((a): [string, string] => [`Add-on: ${a.name}`, `+${a.amount}`]),
  ];
  return {
    text: rows.map(([k, v]) => `${k}: ${v}`),
    html: `<table cellpadding="4" style="border-collapse:collapse">${rows
      .map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td align="right">${escapeHtml(v)}</td></tr>`)
      .join("")}</table>`,
  };
}

export const greeting = (version: Pick<QuoteVersion, "customer">) =>
  `Hello ${version.customer.name.split(/\s+/)[0] ?? ""},`.replace(" ,", ",");

/** The quote: its summary, the link to read and accept it, the PDF. */
export function quoteSentMail(version: QuoteVersion, link: string, pdf: Buffer): Mail {
  const revised = version.version > 1;
  const subject = `${revised ? "Your updated quote" : "Your quote"} from ${version.business.name} (${version.reference})`;
  const until = dayText(version.validUntil);
  const s = summary(version);
  const sig = signature(version);
  const lead = revised
    ? `Here is the updated quote (version ${version.version}); it replaces the one we sent before, and the link you had shows it too.`
    : `Here is your quote${version.options.length > 1 ? `, with ${version.options.length} options to choose from` : ""}.`;
  const text = [
    greeting(version),
    "",
    lead,
    "",
    ...s.text,
    "",
    `Read it, choose, and accept it online: ${link}`,
    `It is valid until the end of ${until}. The PDF is attached.`,
    "",
    ...(version.note ? [...paragraphs(version.note), ""] : []),
    "Questions, or something to change? Reply to this e-mail or call us.",
    "",
    ...sig.text,
    "",
  ].join("\n");
  const html =
    `<p>${escapeHtml(greeting(version))}</p><p>${escapeHtml(lead)}</p>${s.html}` +
    `<p style="font-size:18px;margin:20px 0"><a href="${escapeHtml(link)}">Read and accept your quote</a></p>` +
    `<p>It is valid until the end of ${escapeHtml(until)}. The PDF is attached.</p>` +
    paragraphs(version.note)
      .map((p) => `<p>${escapeHtml(p)}</p>`)
      .join("") +
    `<p>Questions, or something to change? Reply to this e-mail or call us.</p>${sig.html}`;
  return withSubject(subject, {
    replyTo: version.business.email,
    text,
    html,
    attachments: [
      { filename: `${version.reference}-v${version.version}.pdf`, content: pdf, contentType: "application/pdf" },
    ],
  });
}

/** A follow-up: the owner's words, the quote's summary, and the link. */
export function followUpMail(version: QuoteVersion, words: { subject: string; message: string }, link: string): Mail {
  const s = summary(version);
  const sig = signature(version);
  const until = dayText(version.validUntil);
  const subject = `${words.subject} (${version.reference})`;
  const text = [
    greeting(version),
    "",
    words.message,
    "",
    ...s.text,
    "",
    `Your quote: ${link}`,
    `It is valid until the end of ${until}.`,
    "",
    ...sig.text,
    "",
  ].join("\n");
  const html =
    `<p>${escapeHtml(greeting(version))}</p><p>${escapeHtml(words.message)}</p>${s.html}` +
    `<p style="font-size:18px;margin:20px 0"><a href="${escapeHtml(link)}">Your quote</a></p>` +
    `<p>It is valid until the end of ${escapeHtml(until)}.</p>${sig.html}`;
  return withSubject(subject, { replyTo: version.business.email, text, html });
}

export type AcceptedCopy = {
  version: QuoteVersion;
  sha256: string;
  choice: Choice;
  name: string;
  at: string;
  /** At the homeowner's home on the owner's device, or recorded from paper: the cancellation notice goes with it. */
  inPerson: boolean;
  pamphletAcknowledged: boolean;
  consentVersion: string | null;
  recordSha256: string;
  /** The quote page, where the deposit can be paid online (Stripe configured and a deposit due). */
  payLink?: string | null;
};

/** The homeowner's copy of the accepted quote, in full: what was chosen, the terms, the hash, and the PDF. */
export function acceptedCopyMail(copy: AcceptedCopy, pdf: Buffer): Mail {
  const { version } = copy;
  const chosen = choiceView(version, copy.choice);
  const option = optionsView(version)[copy.choice.option];
  const addons = addonsView(version).filter((_, i) => copy.choice.addons.includes(i));
  const deposit = depositRule(version);
  const sig = signature(version);
  const subject = `You accepted quote ${version.reference}: your copy`;
  const record = [
    `Accepted by: ${copy.name}`,
    `At: ${instantText(copy.at, version.timeZone)}`,
    `Quote: ${version.reference}, version ${version.version}`,
    `Version SHA-256: ${copy.sha256}`,
    `Record SHA-256: ${copy.recordSha256}`,
  ];
  const cancellation = copy.inPerson ? paragraphs(version.cancellation.text) : [];
  const text = [
    greeting(version),
    "",
    `Thank you: you accepted our quote. This is your copy, in full; the PDF attached has the same words and figures.`,
    "",
    ...(cancellation.length ? ["YOUR RIGHT TO CANCEL", ...cancellation, ""] : []),
    `${chosen.optionName}:`,
    ...(option?.lines.flatMap(lineText) ?? []),
    ...(addons.length ? ["Add-ons:", ...addons.flatMap(lineText)] : []),
    ...(chosen.tax ? [`Subtotal: ${chosen.subtotal}`, `Sales tax: ${chosen.tax}`] : []),
    `Total: ${chosen.total}`,
    ...(chosen.deposit ? [`Deposit due now (${deposit}): ${chosen.deposit}`, version.depositHowToPay] : []),
    ...(chosen.deposit && copy.payLink ? [`Pay the ${chosen.deposit} deposit online: ${copy.payLink}`] : []),
    version.taxStatement,
    "",
    ...record,
    ...(copy.consentVersion ? [`Consent to electronic records: given (version ${copy.consentVersion})`] : []),
    ...(copy.pamphletAcknowledged ? [`Acknowledged: ${version.pamphlet.acknowledgment}`] : []),
    "",
    "Terms:",
    ...paragraphs(version.terms.text),
    "",
    "Consent to electronic records:",
    ...paragraphs(version.consent.text),
    "",
    "Keep this e-mail. A paper copy is yours for the asking.",
    "",
    ...sig.text,
    "",
  ].join("\n");
  const html =
    `<p>${escapeHtml(greeting(version))}</p>` +
    `<p>Thank you: you accepted our quote. This is your copy, in full; the PDF attached has the same words and figures.</p>` +
    (cancellation.length
      ? `<div style="border:2px solid #1c1917;padding:8px 12px;margin:12px 0"><p><strong>Your right to cancel</strong></p>${cancellation
          .map((p) => `<p>${escapeHtml(p)}</p>`)
          .join("")}</div>`
      : "") +
    `<h3>${escapeHtml(chosen.optionName)}</h3><table style="border-collapse:collapse;width:100%">` +
    (option?.lines.map(lineHtml).join("") ?? "") +
    (addons.length ? `<tr><td colspan="2"><strong>Add-ons</strong></td></tr>${addons.map(lineHtml).join("")}` : "") +
    (chosen.tax
      ? `<tr><td>Subtotal</td><td align="right">${escapeHtml(chosen.subtotal)}</td></tr>` +
        `<tr><td>Sales tax</td><td align="right">${escapeHtml(chosen.tax)}</td></tr>`
      : "") +
    `<tr><td><strong>Total</strong></td><td align="right"><strong>${escapeHtml(chosen.total)}</strong></td></tr></table>` +
    (chosen.deposit
      ? `<p>Deposit due now (${escapeHtml(deposit ?? "")}): <strong>${escapeHtml(chosen.deposit)}</strong>. ${escapeHtml(version.depositHowToPay)}</p>`
      : "") +
    (chosen.deposit && copy.payLink
      ? `<p><a href="${escapeHtml(copy.payLink)}">Pay the ${escapeHtml(chosen.deposit)} deposit online</a></p>`
      : "") +
    `<p style="color:#57534e">${escapeHtml(version.taxStatement)}</p>` +
    `<p>${record.map(escapeHtml).join("<br>")}` +
    (copy.consentVersion
      ? `<br>Consent to electronic records: given (version ${escapeHtml(copy.consentVersion)})`
      : "") +
    (copy.pamphletAcknowledged ? `<br>Acknowledged: ${escapeHtml(version.pamphlet.acknowledgment)}` : "") +
    `</p><h3>Terms</h3>${paragraphs(version.terms.text)
      .map((p) => `<p>${escapeHtml(p)}</p>`)
      .join("")}` +
    `<h3>Consent to electronic records</h3>${paragraphs(version.consent.text)
      .map((p) => `<p>${escapeHtml(p)}</p>`)
      .join("")}` +
    `<p>Keep this e-mail. A paper copy is yours for the asking.</p>${sig.html}`;
  return withSubject(subject, {
    replyTo: version.business.email,
    text,
    html,
    attachments: [
      {
        filename: `${version.reference}-v${version.version}-accepted.pdf`,
        content: pdf,
        contentType: "application/pdf",
      },
    ],
  });
}

/** The owner hears of an answer at once: accepted (with the total), declined, or changes asked. */
export function ownerNoticeMail(
  version: QuoteVersion,
  answer:
    | { kind: "accepted"; choice: Choice; name: string; at: string; method: string }
    | { kind: "declined" | "changes"; note: string },
  consoleUrl: string,
): Mail {
  const who = version.customer.name;
  let subject: string;
  let lines: string[];
  if (answer.kind === "accepted") {
    const chosen = choiceView(version, answer.choice);
    subject = `Accepted: ${version.reference}, ${chosen.total} (${who})`;
    lines = [
      `${answer.name} accepted quote ${version.reference} (version ${version.version}) ${instantText(answer.at, version.timeZone)}.`,
      `Option: ${chosen.optionName}${chosen.addonNames.length ? `, with ${chosen.addonNames.join(", ")}` : ""}`,
      `Total: ${chosen.total}${chosen.deposit ? ` (deposit ${chosen.deposit})` : ""}`,
      "The request is marked won; the follow-ups have stopped; the homeowner's copy is on its way.",
    ];
  } else {
    subject = `${answer.kind === "declined" ? "Declined" : "Changes asked"}: ${version.reference} (${who})`;
    lines = [
      `${who} ${answer.kind === "declined" ? "declined" : "asked for changes to"} quote ${version.reference} (version ${version.version}).`,
      ...(answer.note ? ["", answer.kind === "declined" ? "Their reason:" : "What they asked:", answer.note] : []),
      "",
      answer.kind === "declined"
        ? "The follow-ups have stopped."
        : "The follow-ups have stopped. Revise the quote and send it again, or call them.",
    ];
  }
  const text = [
    ...lines,
    "",
    `Open it in the console: ${consoleUrl}`,
    `Call ${who}: ${version.customer.phone}`,
    "",
  ].join("\n");
  const html =
    lines.map((l) => (l ? `<p style="white-space:pre-wrap">${escapeHtml(l)}</p>` : "")).join("") +
    `<p><a href="${escapeHtml(consoleUrl)}">Open it in the console</a></p>` +
    `<p><a href="${escapeHtml(telHref(version.customer.phone))}">Call ${escapeHtml(who)}: ${escapeHtml(version.customer.phone)}</a></p>`;
  return withSubject(subject, { replyTo: version.customer.email, text, html });
}
