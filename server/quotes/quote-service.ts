// Quotes from draft to decision (decision 0032): the owner's drafts and sends, the homeowner's link, the one
// acceptance, follow-ups, PDFs. Everything a quote does that must happen together happens in one SQLite transaction
// (an acceptance stores its record, marks the request won, stops the follow-ups and queues the copy, the owner's
// e-mail and push, or none of it), every state change is a conditional UPDATE, and migration 10's triggers refuse
// what the code must never do. The seam other features call: `draftFor(requestId)` (a booked visit, at merge).
import { randomInt } from "node:crypto";
import type { OpeningHours } from "../../app/lib/business-hours.ts";
import type { ClosedDay } from "../../app/content/closed-days.ts";
import type { AuditLog } from "../store/owner-audit.ts";
import type { PushNotifier } from "../owner/push.ts";
import type { EstimateStore, OutboxItem, StoredEstimate } from "../requests/estimate-store.ts";
import { storeMail } from "../requests/stored-mail.ts";
import type { Mail } from "../requests/lead-mail.ts";
import { hashSecret, newSecret } from "../store/secrets.ts";
import type { AcceptanceRow, QuoteRow, VersionRow } from "../store/quotes.ts";
import { addDays, dayAt, endOfDay } from "../time/wall-time.ts";
import { canonicalJson, sha256Hex } from "./canonical-json.ts";
import {
  draftProblems,
  draftSchema,
  freezeVersion,
  largestTotal,
  PAMPHLET_ACK_OVER_CENTS,
  readVersion,
  versionBytes,
  type Draft,
  type QuoteVersion,
} from "./document.ts";
import { followUpTimes, isOpenAt, MAX_FOLLOW_UPS } from "./followups.ts";
import { formatCents, parsePercent } from "./money.ts";
import { acceptedCopyMail, followUpMail, ownerNoticeMail, quoteSentMail } from "./quote-mail.ts";
import { choiceOf, choiceView, totalsOf } from "./quote-view.ts";
import { taxRatePpm, type QuoteWords } from "./quote-words.ts";
import { quotePage, type QuotePage, type QuotePageState } from "./page-view.ts";
import { isbot } from "isbot";
import { CONTRACT_YEARS } from "../../app/lib/contract-retention.ts";
import { ownerActions, QUOTE_STATUS_LABELS, quoteStatus, type OwnerAction, type QuoteStatus } from "./quote-status.ts";

export { ownerActions, QUOTE_STATUS_LABELS, quoteStatus, type OwnerAction, type QuoteStatus };
import type { Choice } from "./totals.ts";
import type * as PdfModuleType from "./pdf.ts";
import type { PdfInput } from "./pdf.ts";
import type { PdfMaker } from "./pdf-in-worker.ts";
import { failureLimiter } from "../http/failure-limiter.ts";

/** A link stops working this long after the quote's valid-until day or its decision, whichever is later. */
export const LINK_LIFETIME_DAYS = 90;
/** The link the owner opens on the phone to let the homeowner accept at home works for this long. */
export const DEVICE_LINK_MS = 2 * 3_600_000;
export { CONTRACT_YEARS };
/** Failed link lookups allowed per address, and for everyone, per window; then 429 (issue 48). */
export const LOOKUP_LIMIT = { perAddress: 20, total: 500, windowMs: 15 * 60_000 };

const TOKEN = /^[A-Za-z0-9_-]{32,64}$/;

/** A refusal in the owner's or the homeowner's words, with the HTTP status it is answered with. */
export class QuoteRefusal extends Error {
  override name = "QuoteRefusal";
  constructor(
    readonly status: 400 | 404 | 409 | 410,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export const ACCEPTED_REFUSAL =
  "This quote was accepted, so it cannot change. Record a deposit below, or make a new quote for more work.";

function newReference(): string {
  const alphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
  let ref = "Q-";
  for (let i = 0; i < 6; i++) ref += alphabet[randomInt(alphabet.length)];
  return ref;
}

function newId(): string {
  return randomInt(36 ** 6, 36 ** 7).toString(36);
}

type PdfModule = typeof PdfModuleType;
let pdfModule: Promise<PdfModule> | null = null;
/** pdfkit is loaded on the first PDF (about 30 MB), not at start: a site that sends no quotes never pays for it. */
const loadPdf = () => (pdfModule ??= import("./pdf.ts"));

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
  /** Draws PDFs off the event loop (pdf-in-worker.ts); without it they are drawn here (tests, commands). */
  pdfs?: PdfMaker | null;
};

export type Who = { ip: string | null; userAgent: string | null };

export function createQuoteService({
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
}: QuoteServiceOptions) {
  const quotes = store.quotes;
  const db = store.db;
  const origin = siteUrl.replace(/\/+$/, "");
  const lookups = failureLimiter(now, LOOKUP_LIMIT);
  const today = () => dayAt(now(), business().timeZone);

  const linkFor = (quoteId: number, kind: "email" | "device" = "email"): string => {
    const token = newSecret();
    quotes.addLink(
      quoteId,
      hashSecret(token),
      kind,
      kind === "device" ? new Date(now().getTime() + DEVICE_LINK_MS) : null,
    );
    return `${origin}/quote/${token}`;
  };

  function row(quoteId: number): QuoteRow {
    const q = quotes.get(quoteId);
    if (!q) throw new QuoteRefusal(404, "There is no such quote.");
    return q;
  }

  function draftOf(q: QuoteRow): Draft {
    return draftSchema.parse(JSON.parse(q.draft));
  }

  function currentVersion(q: QuoteRow): { row: VersionRow; version: QuoteVersion } | null {
    if (q.current_version === null) return null;
    const v = quotes.version(q.id, q.current_version);
    return v ? { row: v, version: readVersion(v.body, v.sha256) } : null;
  }

  function refuseUnless(q: QuoteRow, action: OwnerAction) {
    const status = quoteStatus(q, now());
    if (ownerActions(status)[action]) return status;
    if (status === "accepted") throw new QuoteRefusal(409, ACCEPTED_REFUSAL);
    if (status === "withdrawn") throw new QuoteRefusal(409, "This quote was withdrawn. Make a new one instead.");
    throw new QuoteRefusal(409, `That cannot be done to a quote that is ${QUOTE_STATUS_LABELS[status].toLowerCase()}.`);
  }

  const followUpPrefix = (quoteId: number) => `quote-followup:${quoteId}:`;

  /** Withdraws the follow-ups not sent yet (a decision, a new version, a withdrawal). */
  function stopFollowUps(q: QuoteRow) {
    if (q.estimate_id === null) return;
    for (const key of quotes.followUps(q.estimate_id, followUpPrefix(q.id)).waiting) store.withdraw(q.estimate_id, key);
  }

  /** The request's status follows its quotes: quoted when one is sent, won when one is accepted. */
  function moveRequest(q: QuoteRow, to: "quoted" | "won", ip: string | null, why: string) {
    if (q.estimate_id === null) return;
    const lead = store.get(q.estimate_id);
    if (!lead || lead.status === to) return;
    if (to === "quoted" && !["new", "contacted", "scheduled"].includes(lead.status)) return;
    store.setStatus(lead.id, to);
    audit.log("status", { ip, estimateId: lead.id, detail: `${lead.status} → ${to} (${why})` });
  }

  async function pushPending() {
    if (!push) return;
    // Taken off the list in one write (one fsync), then sent: a push is a hint, the e-mail and the console are the record.
    const events = db.transaction(() => {
      const pending = quotes.pendingPushes();
      for (const event of pending) quotes.pushed(event.id);
      return pending;
    })();
    for (const event of events) {
      const q = quotes.get(event.quote_id);
      if (!q) continue;
      const title =
        event.kind === "accepted" ? "Quote accepted" : event.kind === "declined" ? "Quote declined" : "Changes asked";
      // Like a new request's push: no customer's name on a lock screen.
      await push.notify(
        { title, body: `${q.reference}${event.detail ? `, ${event.detail}` : ""}`, path: `/owner/quotes/${q.id}` },
        q.estimate_id,
      );
    }
  }

  let pushScheduled = false;
  /**
   * Sends the owner's pushes after the transaction that queued them (and any a stop left behind, at start): once per
   * turn of the event loop, however many acceptances that turn committed.
   */
  function flushPushes() {
    if (pushScheduled) return;
    pushScheduled = true;
    setImmediate(() => {
      pushScheduled = false;
      void pushPending().catch((error: unknown) =>
        console.error(`quote push: ${error instanceof Error ? error.message : String(error)}`),
      );
    });
  }

  // ---------------------------------------------------------------------------------------------------------------
  // The owner's side.

  /**
   * The seam: a new draft quote for a request, callable from anywhere (the request screen; a booked visit at merge).
   * The request's photos are offered in the editor; none is attached until the owner ticks it.
   */
  function draftFor(estimateId: number, { origin: from = "request" }: { origin?: string } = {}): QuoteRow {
    const lead = store.get(estimateId);
    if (!lead) throw new QuoteRefusal(404, "There is no such request.");
    const { terms } = words();
    const percent = parsePercent(terms.deposit.percent) ?? 0;
    const draft: Draft = {
      options: [{ id: newId(), name: "", lines: [] }],
      addons: [],
      photos: [],
      validUntil: addDays(today(), terms.validDays),
      deposit: percent > 0 ? { kind: "percent", ratePpm: percent } : { kind: "none" },
      note: "",
    };
    const q = quotes.create(estimateId, JSON.stringify(draft), newReference, from);
    quotes.addEvent(q.id, null, "created", from === "request" ? "" : from);
    return q;
  }

  function saveDraft(quoteId: number, draft: Draft): void {
    const q = row(quoteId);
    refuseUnless(q, "edit");
    const checked = draftSchema.parse(draft);
    if (!quotes.updateDraft(q.id, JSON.stringify(checked))) throw new QuoteRefusal(409, ACCEPTED_REFUSAL);
  }

  /** Copies a request's photos onto the quote (so they stay with it), by position; returns their hashes. */
  function attachRequestPhotos(quoteId: number, positions: readonly number[]): string[] {
    const q = row(quoteId);
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
  function requestPhotoHashes(quoteId: number): Map<number, string> {
    const q = row(quoteId);
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
  async function addPaperPhoto(quoteId: number, bytes: Uint8Array): Promise<string> {
    const q = row(quoteId);
    refuseUnless(q, "recordAcceptance");
    const { ingestEstimatePhoto, IngestError } = await import("../photos/photo-ingest.ts");
    try {
      const photo = await ingestEstimatePhoto(bytes);
      const sha256 = sha256Hex(photo.jpeg);
      quotes.addPhoto(q.id, { sha256, ...photo });
      return sha256;
    } catch (error) {
      if (error instanceof IngestError)
        throw new QuoteRefusal(400, `The photo was not kept: ${error.message}`, "photo");
      throw error;
    }
  }

  /** What the owner would send now: the draft frozen as the next version, without storing anything. */
  function preview(quoteId: number): { version: QuoteVersion; problems: string[] } {
    const q = row(quoteId);
    const draft = draftOf(q);
    const w = words();
    const problems = draftProblems(draft, taxRatePpm(w.terms), today());
    const lead = q.estimate_id === null ? undefined : store.get(q.estimate_id);
    if (!lead) problems.push("Its request was erased; make a new quote from a request.");
    return { version: freeze(q, draft, lead, w, now()), problems };
  }

  function freeze(q: QuoteRow, draft: Draft, lead: StoredEstimate | undefined, w: QuoteWords, at: Date): QuoteVersion {
    const b = business();
    const photos = quotes.photos(q.id);
    // A preview of a draft left for weeks shows today at the earliest; sending refuses a past date (draftProblems).
    const validUntil = draft.validUntil < today() ? today() : draft.validUntil;
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

  /**
   * Freezes the draft as the next version (canonical JSON and its SHA-256), makes it the one every link shows,
   * queues its e-mail and follow-ups, and moves the request to "quoted". One transaction.
   */
  function send(quoteId: number, who: Who): { version: number; sha256: string; emailed: boolean } {
    const w = words();
    const result = db
      .transaction(() => {
        const q = row(quoteId);
        refuseUnless(q, "send");
        const draft = draftOf(q);
        const problems = draftProblems(draft, taxRatePpm(w.terms), today());
        const lead = q.estimate_id === null ? undefined : store.get(q.estimate_id);
        if (!lead) problems.push("Its request was erased; make a new quote from a request.");
        if (problems.length) throw new QuoteRefusal(400, problems.join(" "));
        const at = now();
        const version = freeze(q, draft, lead, w, at);
        const { body, sha256 } = versionBytes(version);
        quotes.insertVersion({
          quote_id: q.id,
          version: version.version,
          body,
          sha256,
          sent_at: version.sentAt,
          expires_at: version.expiresAt,
        });
        if (!quotes.markSent(q.id, version.version, version.expiresAt)) throw new QuoteRefusal(409, ACCEPTED_REFUSAL);
        stopFollowUps(q);
        const estimateId = q.estimate_id as number;
        let emailed = false;
        if (mail && lead) {
          emailed = store.enqueue(estimateId, "quote-sent", lead.email, {
            key: `quote-sent:${q.id}:${version.version}`,
          });
          const sent = quotes.followUps(estimateId, followUpPrefix(q.id)).sent;
          const b = business();
          followUpTimes({
            sentAt: at,
            validUntil: version.validUntil,
            expiresAt: new Date(version.expiresAt),
            plan: w.terms.followUps,
            hours: b.hours,
            closedDays: b.closedDays ?? [],
            timeZone: b.timeZone,
            alreadySent: sent,
          }).forEach((due, i) => {
            store.enqueue(estimateId, "quote-followup", lead.email, {
              key: `${followUpPrefix(q.id)}v${version.version}:${i + 1}`,
              at: due,
            });
          });
        }
        quotes.addEvent(q.id, version.version, "sent", emailed ? `to ${lead?.email}` : "not e-mailed (no mail set up)");
        moveRequest(q, "quoted", who.ip, `quote ${q.reference} sent`);
        return { version: version.version, sha256, emailed };
      })
      .immediate();
    // The PDF as sent is made once: by the e-mail's composer, or here when no e-mail goes.
    if (!result.emailed) keepPdfLater(quoteId, result.version, "sent");
    return result;
  }

  /** Makes and stores a PDF after the transaction that needed it, off the request's path; failures are logged. */
  function keepPdfLater(quoteId: number, versionNumber: number, kind: "sent" | "accepted") {
    const failed = (error: unknown) =>
      console.error(`A quote's PDF was not made: ${error instanceof Error ? error.message : String(error)}`);
    setImmediate(() => {
      try {
        const q = quotes.get(quoteId);
        const v = q ? quotes.version(q.id, versionNumber) : undefined;
        if (q && v) pdf(q, v, kind).catch(failed);
      } catch (error) {
        failed(error);
      }
    });
  }

  function withdraw(quoteId: number, who: Who) {
    db.transaction(() => {
      const q = row(quoteId);
      refuseUnless(q, "withdraw");
      if (!quotes.withdraw(q.id)) throw new QuoteRefusal(409, ACCEPTED_REFUSAL);
      stopFollowUps(q);
      if (q.estimate_id !== null && q.current_version !== null) {
        store.withdraw(q.estimate_id, `quote-sent:${q.id}:${q.current_version}`);
      }
      quotes.addEvent(q.id, q.current_version, "withdrawn");
      if (q.estimate_id !== null)
        audit.log("quote withdrawn", { ip: who.ip, estimateId: q.estimate_id, detail: q.reference });
    }).immediate();
  }

  function pause(quoteId: number, paused: boolean) {
    const q = row(quoteId);
    refuseUnless(q, "pause");
    if (!quotes.pause(q.id, paused)) throw new QuoteRefusal(409, ACCEPTED_REFUSAL);
    quotes.addEvent(q.id, q.current_version, paused ? "follow-ups paused" : "follow-ups resumed");
  }

  /** A link that opens the homeowner's page on the owner's phone, for an acceptance at the homeowner's home. */
  function deviceLink(quoteId: number): string {
    const q = row(quoteId);
    refuseUnless(q, "showOnDevice");
    return linkFor(q.id, "device");
  }

  function recordPayment(
    quoteId: number,
    payment: { cents: number; method: string; receivedOn: string; note: string },
  ) {
    const q = row(quoteId);
    refuseUnless(q, "recordPayment");
    if (!Number.isSafeInteger(payment.cents) || payment.cents <= 0)
      throw new QuoteRefusal(400, "Type the amount received.");
    quotes.addPayment(q.id, payment);
    quotes.addEvent(q.id, q.current_version, "deposit received", `${formatCents(payment.cents)} by ${payment.method}`);
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Acceptance: the homeowner's, online (or at home on the owner's phone), and the owner's record of one on paper.

  type AcceptInput = {
    optionKey: string;
    addonKeys: string[];
    name: string;
    consent: boolean;
    pamphlet: boolean;
    /** The version the page showed: an acceptance of an older one is refused, with the new one shown. */
    version: number;
  };

  function checkedName(name: string): string {
    const clean = name
      .normalize("NFC")
      .replace(/[\p{Cc}\p{Cf}]/gu, "")
      .replace(/\s+/g, " ")
      .trim();
    if (clean.length < 2 || clean.length > 120 || !/\p{L}/u.test(clean)) {
      throw new QuoteRefusal(400, "Type your full name, as you would sign it.", "name");
    }
    return clean;
  }

  /** The one transaction of an acceptance. False when the quote had been accepted already (by this or a twin). */
  function acceptTx(
    q: QuoteRow,
    current: { row: VersionRow; version: QuoteVersion },
    choice: Choice,
    fields: {
      name: string;
      method: AcceptanceRow["method"];
      consentVersion: string | null;
      pamphletAcknowledged: boolean;
      ip: string | null;
      userAgent: string | null;
      linkHash: string | null;
      paperPhoto: string | null;
    },
  ): boolean {
    const { version } = current;
    const totals = totalsOf(version, choice);
    const at = now().toISOString();
    const optionKey = version.options[choice.option]?.key ?? "";
    const addonKeys = totals.chosenAddons.map((i) => version.addons[i]?.key ?? "");
    const record = canonicalJson({
      quote: version.reference,
      version: version.version,
      versionSha256: current.row.sha256,
      option: optionKey,
      addons: addonKeys,
      totalCents: totals.total,
      depositCents: totals.deposit,
      name: fields.name,
      at,
      method: fields.method,
      consentVersion: fields.consentVersion,
      pamphletVersion: fields.pamphletAcknowledged ? version.pamphlet.version : null,
      pamphletAcknowledged: fields.pamphletAcknowledged,
      ip: fields.ip,
      userAgent: fields.userAgent,
      linkSha256: fields.linkHash,
      paperPhoto: fields.paperPhoto,
    });
    const inserted = quotes.insertAcceptance({
      quote_id: q.id,
      version_id: current.row.id,
      version_sha256: current.row.sha256,
      option_key: optionKey,
      addon_keys: JSON.stringify(addonKeys),
      total_cents: totals.total,
      deposit_cents: totals.deposit,
      name: fields.name,
      method: fields.method,
      consent_version: fields.consentVersion,
      pamphlet_version: fields.pamphletAcknowledged ? version.pamphlet.version : null,
      pamphlet_acknowledged: fields.pamphletAcknowledged ? 1 : 0,
      at,
      ip: fields.ip,
      user_agent: fields.userAgent,
      link_hash: fields.linkHash,
      paper_photo: fields.paperPhoto,
      record,
      record_sha256: sha256Hex(record),
    });
    if (!inserted) return false;
    if (!quotes.markAccepted(q.id)) throw new Error("the quote changed while it was being accepted");
    moveRequest(q, "won", fields.ip, `quote ${q.reference} accepted`);
    stopFollowUps(q);
    if (mail && q.estimate_id !== null) {
      if (version.customer.email) {
        store.enqueue(q.estimate_id, "quote-accepted", version.customer.email, { key: `quote-accepted:${q.id}` });
      }
      const owner = ownerAddress();
      if (owner && fields.method !== "paper") {
        const notice = ownerNoticeMail(
          version,
          { kind: "accepted", choice, name: fields.name, at, method: fields.method },
          `${origin}/owner/quotes/${q.id}`,
        );
        store.enqueue(q.estimate_id, "quote-owner", owner, {
          key: `quote-accepted-owner:${q.id}`,
          message: storeMail(notice),
        });
      }
    }
    quotes.addEvent(
      q.id,
      version.version,
      "accepted",
      `${choiceView(version, choice).total}${fields.method === "paper" ? " (recorded by you)" : ""}`,
      fields.method !== "paper",
    );
    return true;
  }

  /** The owner records an acceptance given in person or on paper (with a photo of it), also after expiry. */
  function recordAcceptance(
    quoteId: number,
    input: {
      optionKey: string;
      addonKeys: string[];
      name: string;
      atHome: boolean;
      /** They signed the pamphlet's acknowledgment (on paper, for work over $1,000). */
      pamphlet: boolean;
      paperPhoto: string | null;
    },
    who: Who,
  ) {
    const q = row(quoteId);
    refuseUnless(q, "recordAcceptance");
    const current = currentVersion(q);
    if (!current) throw new QuoteRefusal(409, "This quote has not been sent yet.");
    const choice = choiceOf(current.version, input.optionKey, input.addonKeys);
    if (!choice) throw new QuoteRefusal(400, "Choose the option they accepted.");
    const name = checkedName(input.name);
    const done = db
      .transaction(() =>
        acceptTx(q, current, choice, {
          name,
          method: input.atHome ? "in-home" : "paper",
          consentVersion: null,
          pamphletAcknowledged: input.pamphlet,
          ip: who.ip,
          userAgent: who.userAgent,
          linkHash: null,
          paperPhoto: input.paperPhoto,
        }),
      )
      .immediate();
    if (!done) throw new QuoteRefusal(409, ACCEPTED_REFUSAL);
    if (!mail) keepPdfLater(q.id, current.version.version, "accepted");
    flushPushes();
  }

  // ---------------------------------------------------------------------------------------------------------------
  // The homeowner's side: a link (its token's SHA-256 is all that is stored) and the page it opens.

  type Found = {
    quote: QuoteRow;
    status: QuoteStatus;
    linkHash: string;
    current: { row: VersionRow; version: QuoteVersion };
  };

  /**
   * The quote a link opens, or null for an unknown, withdrawn or old link (one answer for all three). Never writes.
   * `limited` when this address (or everyone) failed too often: the caller answers 429 without looking.
   */
  function lookup(token: string | undefined, ip: string | null): Found | null | "limited" {
    if (lookups.wait(ip) > 0) return "limited";
    const found = find(token);
    if (!found) lookups.failed(ip);
    return found;
  }

  function find(token: string | undefined): Found | null {
    if (!token || !TOKEN.test(token)) return null;
    const linkHash = hashSecret(token);
    const link = quotes.link(linkHash);
    if (!link) return null;
    const q = quotes.get(link.quote_id);
    if (!q || q.status === "withdrawn" || q.status === "draft") return null;
    const at = now().getTime();
    if (link.expires_at && Date.parse(link.expires_at) <= at) return null;
    const end = Math.max(Date.parse(q.expires_at ?? "0"), Date.parse(q.decided_at ?? "0"));
    if (end + LINK_LIFETIME_DAYS * 86_400_000 <= at) return null;
    const current = currentVersion(q);
    if (!current) return null;
    return { quote: q, status: quoteStatus(q, now()), linkHash, current };
  }

  function retryAfter(ip: string | null): number {
    return lookups.wait(ip);
  }

  /**
   * "Opened" is an event, not a status, and a GET changes nothing a mail scanner could trip: it is noted only when
   * the browser says a person opened the page (Sec-Fetch-User: ?1, which scanners' fetchers do not send), once per
   * version. The quote, its status, its follow-ups and its decisions never change on a GET.
   */
  function noteOpened(found: Found, request: { secFetchUser: string | null; userAgent: string | null }) {
    if (found.status !== "sent" && found.status !== "changes_requested") return;
    if (request.secFetchUser !== "?1" || !request.userAgent || isbot(request.userAgent)) return;
    quotes.opened(found.quote.id, found.current.version.version);
  }

  /** The homeowner's page, as strings: the choice posted (else the first option alone) and the quote's state. */
  function page(found: Found, selection?: { optionKey: string; addonKeys: string[] }): QuotePage {
    const { version, row: versionRow } = found.current;
    const choice = (selection && choiceOf(version, selection.optionKey, selection.addonKeys)) ?? {
      option: 0,
      addons: [],
    };
    const a = quotes.acceptance(found.quote.id);
    const accepted = a ? choiceOf(version, a.option_key, JSON.parse(a.addon_keys) as string[]) : null;
    const state: QuotePageState =
      found.status === "sent" ? "open" : (found.status as Exclude<QuoteStatus, "sent" | "draft" | "withdrawn">);
    return quotePage({
      version,
      sha256: versionRow.sha256,
      state,
      choice: accepted ?? choice,
      acceptance: a && accepted ? { name: a.name, at: a.at, choice: accepted, inPerson: a.method !== "online" } : null,
      decidedAt: found.quote.decided_at,
    });
  }

  /** The homeowner accepts: checks, then the one transaction. "accepted" also for a repeat of the same form. */
  /**
   * The checks and the one transaction of a homeowner's acceptance. Returns what to do once it is committed (the
   * push, a PDF without mail): `accept` commits it alone, `acceptSoon` with the others that arrived meanwhile.
   */
  function acceptWork(token: string | undefined, input: AcceptInput, who: Who & { inHome: boolean }): () => void {
    const nothing = () => {};
    const found = find(token);
    if (!found) throw new QuoteRefusal(404, "");
    const { quote: q, status, current } = found;
    if (status === "accepted") return nothing;
    if (status === "declined")
      throw new QuoteRefusal(409, "You declined this quote. Call us if you changed your mind.");
    if (status === "expired") throw new QuoteRefusal(410, "This quote has expired. Call us for a new one.");
    if (input.version !== current.version.version) {
      throw new QuoteRefusal(409, "This quote was updated since you opened it. Read the new version, then accept it.");
    }
    const choice = choiceOf(current.version, input.optionKey, input.addonKeys);
    if (!choice) throw new QuoteRefusal(400, "Choose one of the options.", "option");
    const name = checkedName(input.name);
    if (!input.consent) {
      throw new QuoteRefusal(
        400,
        "Tick the consent to electronic records, or call us for a paper copy to sign.",
        "consent",
      );
    }
    const needsAck = totalsOf(current.version, choice).total > PAMPHLET_ACK_OVER_CENTS;
    if (needsAck && !input.pamphlet) {
      throw new QuoteRefusal(
        400,
        "Tick that you received the consumer rights pamphlet (work over $1,000).",
        "pamphlet",
      );
    }
    const done = db
      .transaction(() =>
        acceptTx(q, current, choice, {
          name,
          method: who.inHome ? "in-home" : "online",
          consentVersion: current.version.consent.version,
          pamphletAcknowledged: needsAck,
          ip: who.ip,
          userAgent: who.userAgent?.slice(0, 400) ?? null,
          linkHash: found.linkHash,
          paperPhoto: null,
        }),
      )
      .immediate();
    if (!done) return nothing;
    return () => {
      // With e-mail, the homeowner's copy makes the accepted PDF when it is composed.
      if (!mail) keepPdfLater(q.id, current.version.version, "accepted");
      flushPushes();
    };
  }

  /** The homeowner accepts: checks, then the one transaction. "accepted" also for a repeat of the same form. */
  function accept(token: string | undefined, input: AcceptInput, who: Who & { inHome: boolean }): "accepted" {
    acceptWork(token, input, who)();
    return "accepted";
  }

  type Waiting = { work: () => () => void; resolve: (after: () => void) => void; reject: (error: unknown) => void };
  let waiting: Waiting[] = [];

  /**
   * The same, committed together with the acceptances that arrive in the same turn of the event loop: one
   * transaction, each acceptance in its own savepoint (a refusal undoes only its own), one write to disk for all of
   * them. Answered only once committed. 20 homeowners at once wait for one fsync, not for 20 in a row.
   */
  function acceptSoon(
    token: string | undefined,
    input: AcceptInput,
    who: Who & { inHome: boolean },
  ): Promise<"accepted"> {
    return new Promise<() => void>((resolve, reject) => {
      waiting.push({ work: () => acceptWork(token, input, who), resolve, reject });
      if (waiting.length === 1) setImmediate(commitWaiting);
    }).then((after) => {
      after();
      return "accepted" as const;
    });
  }

  function commitWaiting() {
    const batch = waiting;
    waiting = [];
    const outcomes: ({ after: () => void } | { error: unknown })[] = [];
    try {
      db.transaction(() => {
        for (const item of batch) {
          try {
            outcomes.push({ after: db.transaction(item.work)() });
          } catch (error) {
            outcomes.push({ error });
          }
        }
      }).immediate();
    } catch (error) {
      for (const item of batch) item.reject(error);
      return;
    }
    batch.forEach((item, i) => {
      const outcome = outcomes[i];
      if (outcome && "after" in outcome) item.resolve(outcome.after);
      else item.reject(outcome?.error);
    });
  }

  /** The homeowner declines (with a reason) or asks for changes: stops the follow-ups and tells the owner. */
  function answer(token: string | undefined, kind: "declined" | "changes", note: string): void {
    const found = find(token);
    if (!found) throw new QuoteRefusal(404, "");
    const { quote: q, status, current } = found;
    if (status === "accepted") throw new QuoteRefusal(409, "You accepted this quote already.");
    if (status === "expired") throw new QuoteRefusal(410, "This quote has expired. Call us for a new one.");
    if (status === "declined") return;
    const text = note
      .replace(/[\p{Cc}\p{Cf}]/gu, (c) => (c === "\n" ? c : " "))
      .trim()
      .slice(0, 2000);
    if (kind === "changes" && !text) throw new QuoteRefusal(400, "Tell us what to change.", "changes");
    const changed = db
      .transaction(() => {
        if (!quotes.decide(q.id, kind === "declined" ? "declined" : "changes_requested", text)) return false;
        stopFollowUps(q);
        const owner = ownerAddress();
        if (mail && owner && q.estimate_id !== null) {
          const notice = ownerNoticeMail(current.version, { kind, note: text }, `${origin}/owner/quotes/${q.id}`);
          const n = quotes.events(q.id).length;
          store.enqueue(q.estimate_id, "quote-owner", owner, {
            key: `quote-${kind}-owner:${q.id}:${n}`,
            message: storeMail(notice),
          });
        }
        quotes.addEvent(
          q.id,
          current.version.version,
          kind === "declined" ? "declined" : "changes requested",
          text,
          true,
        );
        return true;
      })
      .immediate();
    if (changed) flushPushes();
  }

  // ---------------------------------------------------------------------------------------------------------------
  // PDFs and photos.

  function photoMap(quoteId: number, version: QuoteVersion): Map<string, Buffer> {
    const map = new Map<string, Buffer>();
    for (const p of version.photos) {
      const bytes = quotes.photo(quoteId, p.sha256, "preview");
      if (bytes) map.set(p.sha256, bytes);
    }
    return map;
  }

  /**
   * A version's PDF as sent, or as accepted: made from the frozen version and stored when its e-mail is composed,
   * then always the same bytes. A download (a GET) reads the stored one, or makes the same bytes without storing them:
   * a GET writes nothing.
   */
  async function pdf(
    q: QuoteRow,
    versionRow: VersionRow,
    kind: "sent" | "accepted",
    { keep = true }: { keep?: boolean } = {},
  ): Promise<Buffer> {
    const stored = quotes.document(versionRow.id, kind);
    if (stored) return stored.pdf;
    const version = readVersion(versionRow.body, versionRow.sha256);
    const acceptance = kind === "accepted" ? quotes.acceptance(q.id) : undefined;
    if (kind === "accepted" && !acceptance) throw new QuoteRefusal(404, "");
    const draw = pdfs
      ? (input: PdfInput) => pdfs.make(input)
      : async (input: PdfInput) => (await loadPdf()).quotePdf(input);
    const bytes = await draw({
      version,
      sha256: versionRow.sha256,
      photos: photoMap(q.id, version),
      ...(acceptance
        ? {
            acceptance: {
              name: acceptance.name,
              at: acceptance.at,
              method: acceptance.method,
              choice: choiceOf(version, acceptance.option_key, JSON.parse(acceptance.addon_keys) as string[]) ?? {
                option: 0,
                addons: [],
              },
              ip: acceptance.ip,
              userAgent: acceptance.user_agent,
              linkHash: acceptance.link_hash,
              consentVersion: acceptance.consent_version,
              pamphletAcknowledged: acceptance.pamphlet_acknowledged === 1,
              recordSha256: acceptance.record_sha256,
            },
          }
        : {}),
    });
    if (!keep) return bytes;
    quotes.addDocument(q.id, versionRow.id, kind, bytes, sha256Hex(bytes));
    return quotes.document(versionRow.id, kind)?.pdf ?? bytes;
  }

  /** The PDF a link may download: the accepted one once accepted, else the current version's. */
  async function pdfForLink(token: string | undefined): Promise<{ pdf: Buffer; name: string } | null> {
    const found = find(token);
    if (!found) return null;
    const { quote: q, current } = found;
    const kind = q.status === "accepted" ? "accepted" : "sent";
    return {
      pdf: await pdf(q, current.row, kind, { keep: false }),
      name: `${q.reference}-v${current.version.version}${kind === "accepted" ? "-accepted" : ""}.pdf`,
    };
  }

  /** The owner's PDF of any version (the accepted one when it is the accepted version). */
  async function pdfForOwner(quoteId: number, versionNumber: number): Promise<{ pdf: Buffer; name: string }> {
    const q = row(quoteId);
    const v = quotes.version(q.id, versionNumber);
    if (!v) throw new QuoteRefusal(404, "There is no such version.");
    const accepted = quotes.acceptance(q.id)?.version_id === v.id;
    return {
      pdf: await pdf(q, v, accepted ? "accepted" : "sent", { keep: false }),
      name: `${q.reference}-v${v.version}${accepted ? "-accepted" : ""}.pdf`,
    };
  }

  function photoForLink(token: string | undefined, sha256: string, size: "full" | "preview"): Buffer | null {
    const found = find(token);
    if (!found || !found.current.version.photos.some((p) => p.sha256 === sha256)) return null;
    return quotes.photo(found.quote.id, sha256, size);
  }

  // ---------------------------------------------------------------------------------------------------------------
  // The outbox's composers: each checks, when the message is due, that it is still wanted.

  function parseKey(dedupe: string): { quoteId: number; rest: string[] } | null {
    const [, id, ...rest] = dedupe.split(":");
    const quoteId = Number(id);
    return Number.isSafeInteger(quoteId) && quoteId > 0 ? { quoteId, rest } : null;
  }

  const composers = {
    /** The quote itself: only while its version is the current one and the quote is open. */
    "quote-sent": async (item: OutboxItem): Promise<Mail | "withdrawn" | null> => {
      const key = parseKey(item.dedupe);
      const q = key && quotes.get(key.quoteId);
      if (!key || !q) return null;
      const versionNumber = Number(key.rest[0]);
      const status = quoteStatus(q, now());
      if (q.current_version !== versionNumber || (status !== "sent" && status !== "changes_requested"))
        return "withdrawn";
      const current = currentVersion(q);
      if (!current) return null;
      const bytes = await pdf(q, current.row, "sent");
      return quoteSentMail(current.version, linkFor(q.id), bytes);
    },
    /**
     * A follow-up goes only if, when it is due: the quote still waits for an answer (no decision, no request for
     * changes), it has not expired, its version is still the current one, the owner has not paused them, fewer
     * than three have gone, and the business is open. Otherwise it is withdrawn, never sent late.
     */
    "quote-followup": (item: OutboxItem): Mail | "withdrawn" | null => {
      const key = parseKey(item.dedupe);
      const q = key && quotes.get(key.quoteId);
      if (!key || !q) return null;
      const versionNumber = Number((key.rest[0] ?? "").slice(1));
      if (quoteStatus(q, now()) !== "sent" || q.followups_paused || q.current_version !== versionNumber)
        return "withdrawn";
      if (q.estimate_id === null || quotes.followUps(q.estimate_id, followUpPrefix(q.id)).sent >= MAX_FOLLOW_UPS) {
        return "withdrawn";
      }
      const b = business();
      if (!isOpenAt(now(), b.hours, b.timeZone, b.closedDays ?? [])) return "withdrawn";
      const current = currentVersion(q);
      if (!current) return null;
      return followUpMail(current.version, words().terms.followUps, linkFor(q.id));
    },
    /** The homeowner's copy of the accepted quote, in full, with the acceptance PDF (the same bytes on a retry). */
    "quote-accepted": async (item: OutboxItem): Promise<Mail | "withdrawn" | null> => {
      const key = parseKey(item.dedupe);
      const q = key && quotes.get(key.quoteId);
      const acceptance = q ? quotes.acceptance(q.id) : undefined;
      const versionRow = acceptance ? quotes.versionById(acceptance.version_id) : undefined;
      if (!q || !acceptance || !versionRow) return null;
      const version = readVersion(versionRow.body, versionRow.sha256);
      const choice = choiceOf(version, acceptance.option_key, JSON.parse(acceptance.addon_keys) as string[]);
      if (!choice) return null;
      const bytes = await pdf(q, versionRow, "accepted");
      return acceptedCopyMail(
        {
          version,
          sha256: versionRow.sha256,
          choice,
          name: acceptance.name,
          at: acceptance.at,
          inPerson: acceptance.method !== "online",
          pamphletAcknowledged: acceptance.pamphlet_acknowledged === 1,
          consentVersion: acceptance.consent_version,
          recordSha256: acceptance.record_sha256,
        },
        bytes,
      );
    },
  };

  // ---------------------------------------------------------------------------------------------------------------
  // Reading, for the console.

  function details(quoteId: number) {
    const q = row(quoteId);
    const status = quoteStatus(q, now());
    const current = currentVersion(q);
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
      events: quotes.events(q.id),
      photos: quotes.photos(q.id),
      lead: lead ?? null,
      followUps,
      largest: current ? largestTotal(current.version) : null,
    };
  }

  return {
    /** The refusal class, for `instanceof` in the routes (the app's bundle has its own copy of this module). */
    QuoteRefusal,
    draftFor,
    saveDraft,
    attachRequestPhotos,
    requestPhotoHashes,
    addPaperPhoto,
    preview,
    send,
    withdraw,
    pause,
    deviceLink,
    recordPayment,
    recordAcceptance,
    lookup,
    retryAfter,
    noteOpened,
    page,
    accept,
    acceptSoon,
    answer,
    pdfForLink,
    pdfForOwner,
    photoForLink,
    details,
    composers,
    /** Pushes a stop or crash left unsent (at start). */
    flushPushes,
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
