// What every step of a quote's life works with (quote-service.ts hands it to each): the stores, the clock, the
// business's facts and words, and the few helpers all steps use (the quote or a refusal, its current version, the
// request's status, stopping the follow-ups).
import type { OpeningHours } from "../../app/lib/business-hours.ts";
import type { ClosedDay } from "../../app/content/closed-days.ts";
import type { AuditLog } from "../store/owner-audit.ts";
import type { PushNotifier } from "../owner/push.ts";
import type { EstimateStore } from "../requests/estimate-store.ts";
import type { QuoteRow, VersionRow } from "../store/quotes.ts";
import { dayAt } from "../time/wall-time.ts";
import { draftSchema, readVersion, type Draft, type QuoteVersion } from "./document.ts";
import type { QuoteWords } from "./quote-words.ts";
import { ownerActions, QUOTE_STATUS_LABELS, quoteStatus, type OwnerAction } from "./quote-status.ts";
import { stopFollowUps as stopQueuedFollowUps } from "../documents/follow-up-queue.ts";
import { limitedLookups, newLinkToken, type LinkLookups } from "../documents/secret-links.ts";
import type { PdfMaker } from "../documents/pdf-in-worker.ts";
import type { PdfInput } from "./pdf.ts";
import { pushFlusher } from "./quote-push.ts";
import { ACCEPTED_REFUSAL, QuoteRefusal } from "./quote-refusal.ts";

/** The link the owner opens on the phone to let the homeowner accept at home works for this long. */
export const DEVICE_LINK_MS = 2 * 3_600_000;
/** Failed link lookups allowed per address, and for everyone, per window; then 429 (issue 48). */
export const LOOKUP_LIMIT = { perAddress: 20, total: 500, windowMs: 15 * 60_000 };

export type QuoteServiceOptions = {
  store: EstimateStore;
  audit: AuditLog;
  push?: PushNotifier | null;
  now?: () => Date;
  /** The owner's words and line presets, read from the site's content folder when needed. */
  words: () => QuoteWords;
  /** The business's facts in force (name, phone, hours, zone). */
  business: () => {
    name: string;
    phone: string;
    email: string;
    timeZone: string;
    hours: OpeningHours;
    /** Holidays (app/content/closed-days.ts): no follow-up goes on them. */
    closedDays?: readonly ClosedDay[];
    address: { street?: string; locality: string; region: string; postalCode?: string };
  };
  /** The public origin links are made with. */
  siteUrl: string;
  /** The owner's address for notices; null when no mail is set up (nothing is queued then). */
  ownerAddress: () => string | null;
  /** Whether e-mail goes out at all (SMTP_URL): without it nothing is queued for anyone. */
  mail: boolean;
  /** Draws PDFs off the event loop (quote-pdfs.ts); without it they are drawn here (tests, commands). */
  pdfs?: PdfMaker<PdfInput> | null;
  /** Whether a deposit can be paid on the site (server/payments/: Stripe configured); the acceptance mail says so. */
  paysOnline?: () => boolean;
};

export type Who = { ip: string | null; userAgent: string | null };

export type QuoteContext = Required<Omit<QuoteServiceOptions, "siteUrl">> & {
  quotes: EstimateStore["quotes"];
  db: EstimateStore["db"];
  /** The public origin, without a trailing slash. */
  origin: string;
  lookups: LinkLookups;
  flushPushes: () => void;
};

export function quoteContext({
  store,
  audit,
  push = null,
  now = () => new Date(),
  words,
  business,
  siteUrl,
  ownerAddress,
  mail,
  pdfs = null,
  paysOnline = () => false,
}: QuoteServiceOptions): QuoteContext {
  const quotes = store.quotes;
  const db = store.db;
  return {
    store,
    audit,
    push,
    now,
    words,
    business,
    ownerAddress,
    mail,
    pdfs,
    paysOnline,
    quotes,
    db,
    origin: siteUrl.replace(/\/+$/, ""),
    lookups: limitedLookups(now, LOOKUP_LIMIT),
    flushPushes: pushFlusher({ db, quotes, durable: store.durable, push }),
  };
}

export const today = ({ now, business }: QuoteContext) => dayAt(now(), business().timeZone);

export const linkFor = (
  { quotes, now, origin }: QuoteContext,
  quoteId: number,
  kind: "email" | "device" = "email",
): string => {
  const { token, hash } = newLinkToken();
  quotes.addLink(quoteId, hash, kind, kind === "device" ? new Date(now().getTime() + DEVICE_LINK_MS) : null);
  return `${origin}/quote/${token}`;
};

export function row({ quotes }: QuoteContext, quoteId: number): QuoteRow {
  const q = quotes.get(quoteId);
  if (!q) throw new QuoteRefusal(404, "There is no such quote.");
  return q;
}

export function draftOf(q: QuoteRow): Draft {
  return draftSchema.parse(JSON.parse(q.draft));
}

export function currentVersion(
  { quotes }: QuoteContext,
  q: QuoteRow,
): { row: VersionRow; version: QuoteVersion } | null {
  if (q.current_version === null) return null;
  const v = quotes.version(q.id, q.current_version);
  return v ? { row: v, version: readVersion(v.body, v.sha256) } : null;
}

export function refuseUnless({ now }: QuoteContext, q: QuoteRow, action: OwnerAction) {
  const status = quoteStatus(q, now());
  if (ownerActions(status)[action]) return status;
  if (status === "accepted") throw new QuoteRefusal(409, ACCEPTED_REFUSAL);
  if (status === "withdrawn") throw new QuoteRefusal(409, "This quote was withdrawn. Make a new one instead.");
  throw new QuoteRefusal(409, `That cannot be done to a quote that is ${QUOTE_STATUS_LABELS[status].toLowerCase()}.`);
}

export const followUpPrefix = (quoteId: number) => `quote-followup:${quoteId}:`;

/** Withdraws the follow-ups not sent yet (a decision, a new version, a withdrawal). */
export function stopFollowUps({ quotes, store }: QuoteContext, q: QuoteRow) {
  if (q.estimate_id === null) return;
  stopQueuedFollowUps(store, (id, prefix) => quotes.followUps(id, prefix), q.estimate_id, followUpPrefix(q.id));
}

/** The request's status follows its quotes: quoted when one is sent, won when one is accepted. */
export function moveRequest(
  { store, audit }: QuoteContext,
  q: QuoteRow,
  to: "quoted" | "won",
  ip: string | null,
  why: string,
) {
  if (q.estimate_id === null) return;
  const lead = store.get(q.estimate_id);
  if (!lead || lead.status === to) return;
  if (to === "quoted" && !["new", "contacted", "scheduled"].includes(lead.status)) return;
  store.setStatus(lead.id, to);
  audit.log("status", { ip, estimateId: lead.id, detail: `${lead.status} → ${to} (${why})` });
}
