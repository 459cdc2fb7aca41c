// The words around a chimney condition report that the owner's library (content/findings.yaml) does not hold: the
// homeowner's page and PDF (headings, the note on what the report is, a newer version's notice) and the e-mail that
// sends it (content/condition-report.yaml, decision 0054). The owner edits them in the console (Site → Condition
// report page and e-mail); the server reads the file each time a report is sent or its e-mail written, and a sent
// version keeps the page's words it was sent with. Like the library, the file may never call the report a home
// inspection: that needs an Illinois licence (225 ILCS 441/5-5(c)(3)).
import { z } from "zod";

export const REPORT_WORDS_FILE = "content/condition-report.yaml";

const words = (max: number) =>
  z.string().trim().min(1, "must not be empty").max(max, `must be at most ${max} characters`);

const pageWords = z.strictObject({
  summary: words(60).meta({ title: "Summary heading", description: "Over the short list at the top, e.g. In short." }),
  summaryIntro: words(200).meta({ title: "Under the summary heading", description: "One sentence." }),
  nothingUrgent: words(200).meta({
    title: "When nothing needs work",
    description: "Shown in the summary when every part is Good.",
  }),
  good: words(60).meta({ title: "Good parts heading", description: "e.g. In good order." }),
  goodIntro: words(200).meta({
    title: "Under the good parts heading",
    description: "Why each has a photo: to compare with next year.",
  }),
  scope: words(60).meta({ title: "Scope heading", description: "e.g. What we looked at." }),
  notInspected: words(60).meta({ title: "Not inspected heading", description: "e.g. What we could not see." }),
  details: words(60).meta({ title: "Details heading", description: "Over each flue's findings, e.g. Part by part." }),
  whatItIs: words(40).meta({ title: "What it is" }),
  whyItMatters: words(40).meta({ title: "Why it matters" }),
  recommend: words(40).meta({ title: "What we recommend" }),
  saw: words(40).meta({ title: "What we saw", description: "Before the owner's own note." }),
  worseIf: words(40).meta({ title: "What would make it worse" }),
  recheck: words(40).meta({ title: "Look again by", description: "Before a Watch item's day." }),
  about: words(600).meta({
    title: "What this report is",
    description: "At the foot of the page and the PDF: what it covers and what it does not.",
  }),
  newer: words(200).meta({
    title: "A newer version exists",
    description: "Shown at the top of an older version; the version, when it was sent and why follow.",
  }),
  older: words(200).meta({
    title: "Reading a later version",
    description: "Shown when a link opens a later version than the one it was sent with.",
  }),
  pdf: words(80).meta({ title: "PDF link", description: "e.g. Download this report as a PDF." }),
});

const mailWords = z.strictObject({
  subject: words(120).meta({ title: "Subject", description: "The first e-mail." }),
  subjectCorrected: words(120).meta({ title: "Subject of a correction" }),
  greeting: words(60).meta({ title: "Greeting", description: "Followed by the first name, e.g. Hello" }),
  message: words(600).meta({ title: "Message", description: "What the report is, in a sentence or two." }),
  corrected: words(400).meta({
    title: "A correction",
    description: "Why a second e-mail: the reason follows it.",
  }),
  linkText: words(60).meta({ title: "Link text", description: "The words of the link to the report." }),
  attached: words(200).meta({ title: "When the PDF is attached" }),
  notAttached: words(300).meta({
    title: "When the PDF is too big to attach",
    description: "The link opens it, with its PDF to download.",
  }),
  lastLine: words(300).meta({ title: "Last line", description: "How to ask a question." }),
});

export const reportWordsFile = z
  .strictObject({
    page: pageWords.meta({ title: "The report's page and PDF" }),
    mail: mailWords.meta({ title: "The e-mail that sends it" }),
  })
  .superRefine((file, ctx) => {
    if (/home[\s-]+inspect/i.test(JSON.stringify(file)))
      ctx.addIssue({
        code: "custom",
        message:
          "must not call the report a home inspection: that needs an Illinois licence (225 ILCS 441). " +
          "Call it a chimney condition report, the basis of our estimate.",
      });
  });

export type ReportWords = z.output<typeof reportWordsFile>;
export type ReportPageWords = ReportWords["page"];
export type ReportMailWords = ReportWords["mail"];
