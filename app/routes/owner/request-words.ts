// The request screen's words that its loader and its page share.

/** What the page says after each of its forms went through (`?done=`). */
export const REQUEST_DONE = {
  visit: "Visit booked. The homeowner gets an e-mail with a calendar invite.",
  status: "Status saved.",
  note: "Note added.",
  restored: "Restored: it is in the inbox now.",
  review: "Review request queued: one e-mail goes out now.",
} as const;

export type RequestDone = keyof typeof REQUEST_DONE;

/** What the owner typed into a refused box, shown again. */
export type RequestTyped = { note?: string; town?: string; street?: string; notes?: string };
