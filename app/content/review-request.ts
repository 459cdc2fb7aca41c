// The words of the e-mail that asks a customer for a review (content/review-request.yaml). The owner edits them in
// the console (Site → Review request e-mail); the server reads the file when it writes each e-mail, so a saved
// change is used at once. Only the server reads it: no public page includes these words.
import { z } from "zod";

export const REVIEW_REQUEST_FILE = "content/review-request.yaml";

const text = z.string().trim().min(1, "must not be empty");

export const reviewRequestFile = z.strictObject({
  subject: text.max(120, "must be at most 120 characters").meta({ title: "Subject" }),
  greeting: text.meta({ title: "Greeting", description: "The first line, e.g. Hello," }),
  message: text.meta({ title: "Message", description: "Why you ask: one or two sentences." }),
  jobLabel: text.meta({
    title: "Before the job",
    description: 'Printed before the service and town, e.g. "Your job: Chimney Crowns, East Peoria".',
  }),
  linkText: text.meta({ title: "Link text", description: "The words of the link to your review page." }),
  lastLine: text.meta({
    title: "Last line",
    description: "Tells the customer this is the only e-mail about it; no more will follow.",
  }),
});

export type ReviewRequestWords = z.output<typeof reviewRequestFile>;
