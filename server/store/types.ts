// The shapes of what the store keeps and hands out: requests, their e-mails, notes.
export const LEAD_STATUSES = ["new", "contacted", "scheduled", "quoted", "won", "lost", "out-of-area"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const MAIL_KINDS = [
  "owner-alert",
  "confirmation",
  "reminder",
  "review-request",
  // A booked estimate visit (server/booking/): the homeowner's invite (booked, moved, cancelled), the owner's copy of
  // it, and the homeowner's reminder the day before.
  "visit-invite",
  "visit-owner",
  "visit-reminder",
  // A quote (server/quotes/): the quote with its link and PDF (one per version sent), the follow-ups, the
  // homeowner's copy of the accepted quote, and the owner's notice of an answer (accepted, declined, changes asked).
  "quote-sent",
  "quote-followup",
  "quote-accepted",
  "quote-owner",
  // A deposit paid on the site (server/payments/): the homeowner's receipt, or word that a bank payment failed.
  "payment-homeowner",
  // An invoice (server/invoices/): the invoice with its link and PDF, and its reminders (at most 3, stopped when paid).
  "invoice-sent",
  "invoice-reminder",
  // A job (server/jobs/): a work day's invite (scheduled, moved, a rain day, cancelled), its reminder the day before,
  // and "on my way".
  "job-day",
  "job-reminder",
  "job-on-my-way",
  // A chimney condition report (server/reports/): one per version sent, with its link and, up to 5 MB, its PDF.
  "report-sent",
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** Where a request came from, kept without cookies (see app/lib/attribution.ts). Every value is bounded. */
export type Attribution = {
  page: string | null;
  landingPage: string | null;
  referrer: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmTerm: string | null;
  utmContent: string | null;
  gclid: string | null;
  fbclid: string | null;
  cityParam: string | null;
};

export const NO_ATTRIBUTION: Attribution = {
  page: null,
  landingPage: null,
  referrer: null,
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
  utmTerm: null,
  utmContent: null,
  gclid: null,
  fbclid: null,
  cityParam: null,
};

export type NewEstimate = {
  name: string;
  email: string;
  phone: string;
  service: string;
  message: string;
  city: string | null;
  spam: boolean;
  idempotencyKey: string | null;
  ip: string | null;
  userAgent: string | null;
  attribution?: Attribution;
  /** Cleaned photos (server/photos/photo-ingest.ts), stored with the request in the same transaction. */
  photos?: readonly NewPhoto[];
  /** The photos that were not kept and why: "3:fileSize,6:count" (app/lib/estimate-photos.ts). */
  photosRefused?: string;
};

export type NewPhoto = { jpeg: Buffer; preview: Buffer; width: number; height: number };

/** A stored photo without its bytes. */
export type PhotoInfo = { position: number; width: number; height: number; bytes: number };

export type StoredEstimate = {
  id: number;
  reference: string;
  received_at: string;
  name: string;
  email: string;
  phone: string;
  service: string;
  message: string;
  city: string | null;
  spam: number;
  idempotency_key: string | null;
  status: LeadStatus;
  status_at: string | null;
  reminded_at: string | null;
  page: string | null;
  landing_page: string | null;
  referrer: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  gclid: string | null;
  fbclid: string | null;
  city_param: string | null;
  /** How many photos are stored with it. */
  photo_count: number;
  /** The photos that were not kept: "3:fileSize,6:count"; '' when none. */
  photos_refused: string;
};

export type OutboxItem = {
  id: number;
  estimate_id: number;
  kind: MailKind;
  /** Names the message within its request: the kind, or e.g. "invite:12:3" where a request has several. */
  dedupe: string;
  attempts: number;
  recipient: string;
  /** The message as composed when it was queued (JSON, requests/outbox.ts), or null: composed when it is sent. */
  message: string | null;
};

export type OutboxRow = OutboxItem & {
  created_at: string;
  next_attempt_at: string;
  last_error: string | null;
  sent_at: string | null;
  failed_at: string | null;
  cancelled_at: string | null;
};

/** What a message queued by another feature carries: its key within the request, when it is due, its bytes. */
export type QueueOptions = { key?: string; at?: Date; message?: string };

export type Note = { id: number; estimate_id: number; at: string; text: string };

/** A message's state as the owner sees it. */
export function deliveryState(row: OutboxRow): "sent" | "failed" | "retrying" | "queued" | "withdrawn" {
  if (row.sent_at) return "sent";
  if (row.cancelled_at) return "withdrawn";
  if (row.failed_at) return "failed";
  return row.attempts > 0 ? "retrying" : "queued";
}

export type ListOptions = {
  /** How many of the newest to return; null or omitted: all of them. */
  limit?: number | null;
  includeSpam?: boolean;
  spamOnly?: boolean;
  status?: LeadStatus | null;
  /** Only requests received at or after this instant. */
  since?: Date | null;
};

export type SaveOptions = {
  /** The owner's address, for the alert; null when no mail is configured. */
  notifyTo?: string | null;
  /** Queue a confirmation to the sender (never for spam), at most one per address per `confirmationPeriodHours`. */
  confirm?: boolean;
  confirmationPeriodHours?: number;
};

/** The columns a StoredEstimate is read from. */
export const ESTIMATE_COLUMNS = `id, reference, received_at, name, email, phone, service, message, city, spam, idempotency_key,
  status, status_at, reminded_at, page, landing_page, referrer, utm_source, utm_medium, utm_campaign, utm_term,
  utm_content, gclid, fbclid, city_param, photos_refused,
  (SELECT count(*) FROM estimate_photos WHERE estimate_photos.estimate_id = estimates.id) AS photo_count`;
