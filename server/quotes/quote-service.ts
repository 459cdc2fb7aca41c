// Quotes from draft to decision (decision 0032): the owner's drafts and sends, the homeowner's link, the one
// acceptance, follow-ups, PDFs. Everything a quote does that must happen together happens in one SQLite transaction
// (an acceptance stores its record, marks the request won, stops the follow-ups and queues the copy, the owner's
// e-mail and push, or none of it), every state change is a conditional UPDATE, and migration 10's triggers refuse
// what the code must never do. The seam other features call: `draftFor(requestId)` (a booked visit, at merge).
// This file puts the service together; each step is a module of its own: quote-drafts.ts, quote-sending.ts,
// quote-decisions.ts, quote-link.ts, quote-pdfs.ts, quote-composers.ts, over quote-context.ts. What invoices will
// share (secret links, frozen versions, follow-ups, PDFs) is in server/documents/.
import { CONTRACT_YEARS } from "../../app/lib/contract-retention.ts";
import type { QuoteRow } from "../store/quotes.ts";
import { largestTotal } from "./document.ts";
import { ownerActions, QUOTE_STATUS_LABELS, quoteStatus, type OwnerAction, type QuoteStatus } from "./quote-status.ts";
import {
  currentVersion,
  draftOf,
  followUpPrefix,
  linkFor,
  quoteContext,
  row,
  type QuoteContext,
  type QuoteServiceOptions,
} from "./quote-context.ts";
import { quoteComposers } from "./quote-composers.ts";
import { accept, acceptanceBatcher, answer, recordAcceptance } from "./quote-decisions.ts";
import {
  addPaperPhoto,
  attachRequestPhotos,
  draftFor,
  preview,
  requestPhotoHashes,
  saveDraft,
} from "./quote-drafts.ts";
import { lookup, noteOpened, page, photoForLink, retryAfter } from "./quote-link.ts";
import { pdfForLink, pdfForOwner } from "./quote-pdfs.ts";
import { ACCEPTED_REFUSAL, QuoteRefusal } from "./quote-refusal.ts";
import { deviceLink, pause, recordPayment, send, withdraw } from "./quote-sending.ts";
import { addFindingLines, requestDraft } from "./quote-findings.ts";
import { quotedFindings } from "./quote-finding-refs.ts";

export { ownerActions, QUOTE_STATUS_LABELS, quoteStatus, type OwnerAction, type QuoteStatus };
export { CONTRACT_YEARS, ACCEPTED_REFUSAL, QuoteRefusal };
export { DEVICE_LINK_MS, LOOKUP_LIMIT, type QuoteServiceOptions, type Who } from "./quote-context.ts";
export { LINK_LIFETIME_DAYS } from "./quote-link.ts";

/** A step's function with the service's context already given. */
function withContext<A extends unknown[], R>(ctx: QuoteContext, step: (ctx: QuoteContext, ...args: A) => R) {
  return (...args: A): R => step(ctx, ...args);
}

/** The console's view of one quote: its state, versions, decision, payments, events, photos and follow-ups. */
function details(ctx: QuoteContext, quoteId: number) {
  const { now, quotes, store } = ctx;
  const q = row(ctx, quoteId);
  const status = quoteStatus(q, now());
  const current = currentVersion(ctx, q);
  const acceptance = quotes.acceptance(q.id) ?? null;
  const lead = q.estimate_id === null ? undefined : store.get(q.estimate_id);
  const followUps =
    q.estimate_id === null
      ? []
      : store
          .deliveries(q.estimate_id)
          .filter((d) => d.kind === "quote-followup" && d.dedupe.startsWith(followUpPrefix(q.id)));
  return {
    quote: q,
    status,
    actions: ownerActions(status),
    draft: draftOf(q),
    current,
    versions: quotes.versions(q.id),
    acceptance,
    payments: quotes.payments(q.id),
    onlinePayments: store.payments.forQuote(q.id),
    events: quotes.events(q.id),
    photos: quotes.photos(q.id),
    lead: lead ?? null,
    followUps,
    largest: current ? largestTotal(current.version) : null,
  };
}

export function createQuoteService(options: QuoteServiceOptions) {
  const ctx = quoteContext(options);
  const { now, words, quotes } = ctx;
  return {
    /** The refusal class, for `instanceof` in the routes (the app's bundle has its own copy of this module). */
    QuoteRefusal,
    draftFor: withContext(ctx, draftFor),
    saveDraft: withContext(ctx, saveDraft),
    attachRequestPhotos: withContext(ctx, attachRequestPhotos),
    requestPhotoHashes: withContext(ctx, requestPhotoHashes),
    addPaperPhoto: withContext(ctx, addPaperPhoto),
    preview: withContext(ctx, preview),
    /** A condition report's findings as lines of the request's draft, with the reasons for those left out. */
    addFindingLines: withContext(ctx, addFindingLines),
    requestDraft: withContext(ctx, requestDraft),
    /**
     * The findings a request's live quotes (not withdrawn or declined) have lines for, each with its quote; and the
     * reasons kept for those left out, by its newest such quote.
     */
    findingsOfRequest: (estimateId: number) => {
      const live = ctx.quotes
        .forEstimate(estimateId)
        .filter((q) => q.status !== "withdrawn" && q.status !== "declined");
      const quoted = new Map<number, { quoteId: number; reference: string }>();
      for (const q of live)
        for (const findingId of quotedFindings(ctx, q.id, draftOf(q)).keys())
          quoted.set(findingId, { quoteId: q.id, reference: q.reference });
      const newest = live.at(-1);
      const skips = newest ? ctx.store.reportQuoteLines.skips(newest.id) : [];
      return { quoted, skipped: new Map(skips.map((s) => [s.finding_id, s.reason])) };
    },
    send: withContext(ctx, send),
    withdraw: withContext(ctx, withdraw),
    pause: withContext(ctx, pause),
    deviceLink: withContext(ctx, deviceLink),
    recordPayment: withContext(ctx, recordPayment),
    recordAcceptance: withContext(ctx, recordAcceptance),
    lookup: withContext(ctx, lookup),
    retryAfter: withContext(ctx, retryAfter),
    noteOpened: withContext(ctx, noteOpened),
    page: withContext(ctx, page),
    accept: withContext(ctx, accept),
    acceptSoon: acceptanceBatcher(ctx),
    answer: withContext(ctx, answer),
    pdfForLink: withContext(ctx, pdfForLink),
    pdfForOwner: withContext(ctx, pdfForOwner),
    photoForLink: withContext(ctx, photoForLink),
    details: withContext(ctx, details),
    /** A new link to the homeowner's page (for a mail composed now: only its hash is stored). */
    homeownerLink: (quoteId: number) => linkFor(ctx, quoteId),
    composers: quoteComposers(ctx),
    /** Pushes a stop or crash left unsent (at start). */
    flushPushes: ctx.flushPushes,
    /** Contracts whose 10 years are out, deleted (the daily purge); returns how many went. */
    purgeContracts(): number {
      const cutoff = new Date(now());
      cutoff.setUTCFullYear(cutoff.getUTCFullYear() - CONTRACT_YEARS);
      return quotes.purgeContracts(cutoff);
    },
    words,
    now,
    store: quotes,
    status: (q: QuoteRow) => quoteStatus(q, now()),
  };
}

export type QuoteService = ReturnType<typeof createQuoteService>;
