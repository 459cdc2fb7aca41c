// A message composed when it was queued, kept as JSON in its outbox row, so every attempt sends the same bytes (an
// invite's SEQUENCE and DTSTAMP, a quote's PDF, a marketing e-mail's List-Unsubscribe). Only the fields a Mail has
// are read back.
import { z } from "zod";
import { withSubject, type Mail } from "./lead-mail.ts";

const storedMail = z.object({
  subject: z.string(),
  replyTo: z.string(),
  text: z.string(),
  html: z.string(),
  attachments: z
    .array(z.object({ filename: z.string(), contentType: z.string(), base64: z.string(), cid: z.string().optional() }))
    .optional(),
  calendar: z.object({ method: z.enum(["REQUEST", "CANCEL"]), ics: z.string() }).optional(),
  /** Headers besides the subject, as they go out (List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
  headers: z.record(z.string().regex(/^[A-Za-z][A-Za-z0-9-]{0,60}$/), z.string().regex(/^[^\r\n]*$/)).optional(),
});

/** The subject is kept as text and encoded again when read; every other header is kept as it goes out. */
function otherHeaders(mail: Mail): Record<string, string> | null {
  const kept = Object.entries(mail.headers).filter(([name]) => name.toLowerCase() !== "subject");
  return kept.length ? Object.fromEntries(kept.map(([name, h]) => [name, h.value])) : null;
}

export function storeMail(mail: Mail): string {
  const headers = otherHeaders(mail);
  return JSON.stringify({
    subject: mail.subject,
    replyTo: mail.replyTo,
    text: mail.text,
    html: mail.html,
    ...(mail.attachments
      ? {
          attachments: mail.attachments.map(({ content, ...a }) => ({ ...a, base64: content.toString("base64") })),
        }
      : {}),
    ...(mail.calendar ? { calendar: mail.calendar } : {}),
    ...(headers ? { headers } : {}),
  });
}

/** The stored message, ready to send; throws when the row holds something else (the attempt is then retried). */
export function readStoredMail(json: string): Mail {
  const { attachments, headers, ...rest } = storedMail.parse(JSON.parse(json));
  const mail = withSubject(rest.subject, {
    ...rest,
    ...(attachments
      ? { attachments: attachments.map(({ base64, ...a }) => ({ ...a, content: Buffer.from(base64, "base64") })) }
      : {}),
  });
  for (const [name, value] of Object.entries(headers ?? {})) mail.headers[name] = { prepared: true, value };
  return mail;
}
