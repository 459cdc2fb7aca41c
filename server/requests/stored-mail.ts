// A message composed when it was queued, kept as JSON in its outbox row, so every attempt sends the same bytes (an
// invite's SEQUENCE and DTSTAMP, a quote's PDF). Only the fields a Mail has are read back.
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
});

export function storeMail(mail: Mail): string {
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
  });
}

/** The stored message, ready to send; throws when the row holds something else (the attempt is then retried). */
export function readStoredMail(json: string): Mail {
  const { attachments, ...rest } = storedMail.parse(JSON.parse(json));
  return withSubject(rest.subject, {
    ...rest,
    ...(attachments
      ? { attachments: attachments.map(({ base64, ...a }) => ({ ...a, content: Buffer.from(base64, "base64") })) }
      : {}),
  });
}
