// The words of the marketing e-mails (content/marketing-mail.yaml, decision 0052): the reminder before a chimney is
// due, the campaign before the season, the notice at their foot and the unsubscribe page. The owner edits them in the
// console (Site → Marketing e-mails); the server reads the file when it writes each e-mail, so a saved change counts
// from the next one. The notice is a legal text: the launch check lists it until the owner confirms it.
import { z } from "zod";

export const MARKETING_MAIL_FILE = "content/marketing-mail.yaml";

const text = z.string().trim().min(1, "must not be empty");
const line = (max: number) => text.max(max, `must be at most ${max} characters`).regex(/^[^\n]*$/, "must be one line");

/** The fill-ins an e-mail's words may use, filled for each e-mail (server/marketing/marketing-mail.ts). */
export const FILL_INS = { reminder: ["name", "due"], campaign: ["name"] } as const;

/** A fill-in the words use that the e-mail does not fill ("{nmae}"), or null. */
function unknownFillIn(texts: readonly string[], allowed: readonly string[]): string | null {
  for (const text of texts) {
    for (const [, name] of text.matchAll(/\{(\w*)\}/g)) if (!allowed.includes(name ?? "")) return `{${name ?? ""}}`;
  }
  return null;
}

/** An e-mail's words. Long texts are under keys the console's form makes a text area of (`paragraphs`, `intro`). */
const messageShape = {
  subject: line(120).meta({
    title: "Subject",
    description: "Plain words that say what the e-mail is about; never Re: or Fwd:.",
  }),
  greeting: line(80).meta({ title: "Greeting", description: "The first line, e.g. Hello {name}," }),
  paragraphs: text.max(1200, "must be at most 1,200 characters").meta({
    title: "Message",
    description: "Two or three sentences; a blank line between paragraphs.",
  }),
  buttonText: line(40).meta({ title: "Button", description: "The words of the link that opens booking." }),
};

type MessageWords = { subject: string; greeting: string; paragraphs: string; buttonText: string };

/** A plain subject, and only the fill-ins this e-mail fills. */
function checked<S extends z.ZodType<MessageWords>>(schema: S, allowed: readonly string[], title: string): S {
  return schema
    .refine((m) => !/^\s*(re|fwd?|fw)\s*:/i.test(m.subject), {
      message: "must not start with Re: or Fwd: (it would mislead the reader)",
      path: ["subject"],
    })
    .superRefine((m, ctx) => {
      const wrong = unknownFillIn([m.subject, m.greeting, m.paragraphs, m.buttonText], allowed);
      if (wrong) {
        ctx.addIssue({
          code: "custom",
          message: `${wrong} is not filled in here; use ${allowed.map((a) => `{${a}}`).join(" or ")}`,
        });
      }
    })
    .meta({ title });
}

export const marketingMailFile = z.strictObject({
  reminder: checked(
    z.strictObject({
      ...messageShape,
      lastReminder: line(300).meta({
        title: "The second reminder's first line",
        description: "Said at the top of the second and last reminder, sent on the day it is due.",
      }),
    }),
    FILL_INS.reminder,
    "The reminder before a chimney is due",
  ),
  campaign: checked(z.strictObject(messageShape), FILL_INS.campaign, "The campaign before the season"),
  notice: z
    .strictObject({
      version: z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,30}$/, "must be a short label such as 2026-12 or v2")
        .meta({ title: "Version", description: "Change it whenever you change the words." }),
      paragraphs: text.max(1000, "must be at most 1,000 characters").meta({
        title: "Words",
        description: "Printed at the foot of every reminder and campaign, above your name and postal address.",
      }),
      unsubscribeText: line(80).meta({ title: "Unsubscribe link", description: "The link's words in the e-mail." }),
      confirmed: z.boolean().meta({ title: "Confirmed", description: "Tick once you (and your lawyer) have checked it." }),
    })
    .meta({
      title: "The notice at the foot",
      description: "Why they get it, that it is an advertisement, and how to stop them (CAN-SPAM).",
    }),
  unsubscribePage: z
    .strictObject({
      title: line(100).meta({ title: "Heading" }),
      intro: text.max(600, "must be at most 600 characters").meta({ title: "What the button does" }),
      button: line(40).meta({ title: "Button" }),
      done: z
        .strictObject({
          title: line(100).meta({ title: "Heading" }),
          intro: text.max(600, "must be at most 600 characters").meta({ title: "What it did" }),
        })
        .meta({ title: "After the tap" }),
    })
    .meta({ title: "The unsubscribe page", description: "Opened from the link at the foot of the e-mails." }),
});

export type MarketingWords = z.output<typeof marketingMailFile>;

/** The legal texts of the file, for the launch check. */
export function unconfirmedMarketingTexts(words: MarketingWords): "notice"[] {
  return words.notice.confirmed ? [] : ["notice"];
}
