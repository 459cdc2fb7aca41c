// What the visit's report page says after a send or a change to a sent report's links (decision 0054): its own file,
// with no imports, so the browser stories assert the same words.
export const SEND_DONE = {
  sent: "Sent. The homeowner's e-mail is on its way with the link, and the PDF when it is small enough to attach.",
  kept: "Sent and kept. No e-mail went (mail is not set up, or the request has no address): open it below and send the homeowner its link yourself.",
  already: "That version was already sent: nothing changed since.",
  revoked: "The old links no longer open this report. Open a version below to get a new link.",
} as const;
