// The homeowner's payment e-mails' frame (a deposit's and an invoice's): greeting, lines, an optional link, the
// business's signature. Replies go to the business.
import { escapeHtml, withSubject, type Mail } from "../requests/lead-mail.ts";
import type { QuoteVersion } from "../quotes/document.ts";
import { greeting, signature } from "../quotes/quote-mail.ts";

export const METHOD = { card: "card", bank: "bank account (ACH)" } as const;

export function homeownerMail(
  version: Pick<QuoteVersion, "business" | "customer">,
  subject: string,
  lines: string[],
  link?: [string, string],
): Mail {
  const sig = signature(version);
  const text = [greeting(version), "", ...lines, ...(link ? ["", `${link[0]}: ${link[1]}`] : []), "", ...sig.text, ""];
  const html =
    `<p>${escapeHtml(greeting(version))}</p>` +
    lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("") +
    (link ? `<p><a href="${escapeHtml(link[1])}">${escapeHtml(link[0])}</a></p>` : "") +
    sig.html;
  return withSubject(subject, { replyTo: version.business.email, text: text.join("\n"), html });
}
