// The length limits of the boxes people type into, each said once: the markup carries it as `maxlength` and the
// server refuses anything longer in words that name the box, with what was typed put back. A value is never cut to
// fit (issue 51: a 10,000-character description was saved as 400 and the editor said "Saved.").

export type TextLimit = { readonly label: string; readonly max: number };

const box = (label: string, max: number): TextLimit => ({ label, max });

/** Every box's limit, by form. The quote's line limits are also the frozen version's schema (server/quotes/document.ts). */
export const TEXT_LIMITS = {
  /** The owner's quote editor and the quote screen's deposit form. */
  quote: {
    optionName: box("Option name", 40),
    lineName: box("Line name", 80),
    quantity: box("Quantity", 20),
    price: box("Price", 20),
    unit: box("Unit", 20),
    description: box("Description", 400),
    /** The whole box; each material (one per line) is `material`, at most `materialCount` of them. */
    materials: box("Materials", 2000),
    material: box("Each material", 120),
    depositValue: box("Deposit amount", 20),
    note: box("Note to the homeowner", 2000),
    amountReceived: box("Amount", 20),
    /** "Accepted in person or on paper". */
    signedName: box("Their full name, as signed", 200),
  },
  /** The owner's invoice: a change-order line, and "Record a payment". */
  invoice: {
    description: box("Description", 200),
    quantity: box("Quantity", 20),
    price: box("Unit price", 20),
    amount: box("Amount", 20),
    note: box("Note (for you)", 200),
  },
  /** The owner's request screen: a note, and a visit booked for the homeowner. */
  request: {
    note: box("Note", 2000),
    town: box("Town", 60),
    street: box("Street", 160),
    notes: box("Notes", 400),
  },
  /** The owner's visits: "Block a day" and a visit's cancel form. */
  visits: {
    blockNote: box("Why (a note for you)", 120),
    cancelReason: box("Reason (the homeowner sees it)", 300),
  },
  /** The owner's calendars page: a calendar to add. */
  calendars: {
    address: box("Secret address in iCal format", 2100),
    label: box("Name (for you)", 60),
  },
  /** The availability settings: each weekday's windows, a box named by its day ("Monday: at most 300 characters."). */
  availability: {
    windows: box("Arrival windows", 300),
  },
  /** The sign-in page: a new passkey's name. */
  passkey: {
    name: box("Name this passkey", 60),
  },
  /** The owner's photo upload ("Recent work"). */
  photos: {
    caption: box("Caption", 300),
    alt: box("What the photos show", 300),
  },
  /** A job's before-and-after pair put on Recent work (/owner/jobs/<id>/photos). */
  jobPhotos: {
    caption: box("Caption", 300),
    altBefore: box("What the before photo shows", 300),
    altAfter: box("What the after photo shows", 300),
  },
  /** The homeowner's visit page (/visit/<link>). */
  visit: {
    otherTown: box("Which town?", 60),
    street: box("Street address", 160),
    notes: box("Anything we should know?", 400),
    reason: box("Why?", 300),
  },
  /** Customers (/owner/customers): the search box, a customer's details, a property, a flue. */
  customer: {
    search: box("Name, street, phone or e-mail", 200),
    name: box("Name", 120),
    notes: box("Notes", 2000),
    contact: box("E-mail or phone", 254),
    street: box("Street address", 160),
    town: box("Town", 60),
    zip: box("ZIP code", 10),
    flueLabel: box("Which one (e.g. living room)", 60),
    flueNotes: box("Notes on this flue", 1000),
  },
  /** The homeowner's quote page (/quote/<link>). */
  quotePage: {
    name: box("Your full name", 120),
    changes: box("What should we change?", 2000),
    reason: box("Why not?", 2000),
  },
} as const;

export const MAX_MATERIALS = 12;

/** The refusal, naming the box and its limit: "Description: at most 400 characters." */
export function tooLong(limit: TextLimit): string {
  return `${limit.label}: at most ${limit.max} characters.`;
}

/**
 * A posted box's text as the browser measured it for `maxlength`: a line break is one character (browsers send it
 * as CRLF). Not trimmed and never cut; "" when absent.
 */
export function typedText(value: unknown): string {
  return typeof value === "string" ? value.replace(/\r\n?/g, "\n") : "";
}

/** The refusal for a value over its box's limit, or null when it fits. */
export function overLimit(value: string, limit: TextLimit): string | null {
  return typedText(value).length > limit.max ? tooLong(limit) : null;
}

/** The typed boxes a refusal carries back (`typed` in an action's answer), for the form's default values. */
export function typedBack(answer: unknown): Readonly<Record<string, string>> {
  const typed: unknown = answer && typeof answer === "object" && "typed" in answer ? answer.typed : null;
  if (!typed || typeof typed !== "object") return {};
  return Object.fromEntries(Object.entries(typed).filter((e): e is [string, string] => typeof e[1] === "string"));
}
