// The owner's drafts: a new one for a request (the seam), saving, the request's photos and the paper's, and the
// preview of what sending would freeze.
import { randomInt } from "node:crypto";
import type { StoredEstimate } from "../requests/estimate-store.ts";
import type { QuoteRow } from "../store/quotes.ts";
import { addDays, endOfDay } from "../time/wall-time.ts";
import { sha256Hex } from "../documents/canonical-json.ts";
import { draftProblems, draftSchema, freezeVersion, type Draft, type QuoteVersion } from "./document.ts";
import { parsePercent } from "./money.ts";
import { taxRatePpm, type QuoteWords } from "./quote-words.ts";
import { draftOf, refuseUnless, row, today, type QuoteContext } from "./quote-context.ts";
import { ACCEPTED_REFUSAL, QuoteRefusal } from "./quote-refusal.ts";
import { findingRefs } from "./quote-finding-refs.ts";

function newReference(): string {
  const alphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
  let ref = "Q-";
  for (let i = 0; i < 6; i++) ref += alphabet[randomInt(alphabet.length)];
  return ref;
}

function newId(): string {
  return randomInt(36 ** 6, 36 ** 7).toString(36);
}

/**
 * The seam: a new draft quote for a request, callable from anywhere (the request screen; a booked visit at merge).
 * The request's photos are offered in the editor; none is attached until the owner ticks it.
 */
export function draftFor(
  ctx: QuoteContext,
  estimateId: number,
  { origin: from = "request" }: { origin?: string } = {},
): QuoteRow {
  const { store, words, quotes } = ctx;
  const lead = store.get(estimateId);
  if (!lead) throw new QuoteRefusal(404, "There is no such request.");
  const { terms } = words();
  const percent = parsePercent(terms.deposit.percent) ?? 0;
  const draft: Draft = {
    options: [{ id: newId(), name: "", lines: [] }],
    addons: [],
    photos: [],
    validUntil: addDays(today(ctx), terms.validDays),
    deposit: percent > 0 ? { kind: "percent", ratePpm: percent } : { kind: "none" },
    note: "",
  };
  const q = quotes.create(estimateId, JSON.stringify(draft), newReference, from);
  quotes.addEvent(q.id, null, "created", from === "request" ? "" : from);
  return q;
}

export function saveDraft(ctx: QuoteContext, quoteId: number, draft: Draft): void {
  const q = row(ctx, quoteId);
  refuseUnless(ctx, q, "edit");
  const checked = draftSchema.parse(draft);
  if (!ctx.quotes.updateDraft(q.id, JSON.stringify(checked))) throw new QuoteRefusal(409, ACCEPTED_REFUSAL);
}

/** Copies a request's photos onto the quote (so they stay with it), by position; returns their hashes. */
export function attachRequestPhotos(ctx: QuoteContext, quoteId: number, positions: readonly number[]): string[] {
  const { store, quotes } = ctx;
  const q = row(ctx, quoteId);
  if (q.estimate_id === null) return [];
  const hashes: string[] = [];
  for (const p of store.photos(q.estimate_id).filter((ph) => positions.includes(ph.position))) {
    const jpeg = store.photo(q.estimate_id, p.position, "full");
    const preview = store.photo(q.estimate_id, p.position, "preview");
    if (!jpeg || !preview) continue;
    const sha256 = sha256Hex(jpeg);
    quotes.addPhoto(q.id, { sha256, width: p.width, height: p.height, jpeg, preview });
    hashes.push(sha256);
  }
  return hashes;
}

/** The request's photos by position, each with the hash its copy on a quote has (what a draft lists). */
export function requestPhotoHashes(ctx: QuoteContext, quoteId: number): Map<number, string> {
  const { store } = ctx;
  const q = row(ctx, quoteId);
  const hashes = new Map<number, string>();
  if (q.estimate_id === null) return hashes;
  for (const p of store.photos(q.estimate_id)) {
    const jpeg = store.photo(q.estimate_id, p.position, "full");
    if (jpeg) hashes.set(p.position, sha256Hex(jpeg));
  }
  return hashes;
}

/**
 * A photo the owner took of the signed paper: cleaned like a homeowner's photo (upright, 1600 px, no metadata) and
 * kept with the quote; returns its hash for `recordAcceptance`.
 */
export async function addPaperPhoto(ctx: QuoteContext, quoteId: number, bytes: Uint8Array): Promise<string> {
  const q = row(ctx, quoteId);
  refuseUnless(ctx, q, "recordAcceptance");
  const { ingestEstimatePhoto, IngestError } = await import("../photos/photo-ingest.ts");
  try {
    const photo = await ingestEstimatePhoto(bytes);
    const sha256 = sha256Hex(photo.jpeg);
    ctx.quotes.addPhoto(q.id, { sha256, ...photo });
    return sha256;
  } catch (error) {
    if (error instanceof IngestError) throw new QuoteRefusal(400, `The photo was not kept: ${error.message}`, "photo");
    throw error;
  }
}

/** What the owner would send now: the draft frozen as the next version, without storing anything. */
export function preview(ctx: QuoteContext, quoteId: number): { version: QuoteVersion; problems: string[] } {
  const { words, store, now } = ctx;
  const q = row(ctx, quoteId);
  const draft = draftOf(q);
  const w = words();
  const problems = draftProblems(draft, taxRatePpm(w.terms), today(ctx));
  const lead = q.estimate_id === null ? undefined : store.get(q.estimate_id);
  if (!lead) problems.push("Its request was erased; make a new quote from a request.");
  return { version: freeze(ctx, q, draft, lead, w, now()), problems };
}

export function freeze(
  ctx: QuoteContext,
  q: QuoteRow,
  draft: Draft,
  lead: StoredEstimate | undefined,
  w: QuoteWords,
  at: Date,
): QuoteVersion {
  const b = ctx.business();
  const photos = ctx.quotes.photos(q.id);
  // A preview of a draft left for weeks shows today at the earliest; sending refuses a past date (draftProblems).
  const validUntil = draft.validUntil < today(ctx) ? today(ctx) : draft.validUntil;
  return freezeVersion({
    draft: { ...draft, validUntil },
    reference: q.reference,
    requestReference: lead?.reference ?? "",
    version: (q.current_version ?? 0) + 1,
    sentAt: at,
    expiresAt: endOfDay(validUntil, b.timeZone),
    timeZone: b.timeZone,
    business: {
      name: b.name,
      street: b.address.street ?? null,
      locality: b.address.locality,
      region: b.address.region,
      postalCode: b.address.postalCode ?? null,
      phone: b.phone,
      email: b.email,
    },
    customer: {
      name: lead?.name ?? "",
      email: lead?.email ?? "",
      phone: lead?.phone ?? "",
      town: lead?.city ?? null,
    },
    photos: draft.photos.flatMap((sha) => {
      const p = photos.find((ph) => ph.sha256 === sha);
      return p ? [{ sha256: p.sha256, width: p.width, height: p.height }] : [];
    }),
    findings: findingRefs(ctx, q.id, draft),
    words: {
      taxRatePpm: taxRatePpm(w.terms),
      taxStatement: w.terms.salesTax.statement,
      depositHowToPay: w.terms.deposit.howToPay,
      terms: { version: w.terms.terms.version, text: w.terms.terms.text },
      consent: { version: w.terms.consent.version, text: w.terms.consent.text },
      pamphlet: {
        version: w.terms.pamphlet.version,
        title: w.terms.pamphlet.title,
        text: w.terms.pamphlet.text,
        acknowledgment: w.terms.pamphlet.acknowledgment,
      },
      cancellation: { version: w.terms.cancellation.version, text: w.terms.cancellation.text },
    },
  });
}
