// Quotes and what hangs off them (migration 10, decision 0032): drafts, frozen versions, the homeowner's links
// (stored as SHA-256 hashes only), the one acceptance, photos, PDFs, deposits received and the quote's events. Every
// state change is one conditional UPDATE, so two requests racing cannot both move a quote, and the triggers of
// migration 10 refuse anything that would change a sent version or an accepted quote.
import type { Db } from "../db/database.ts";
import { followUpCounter } from "./outbox.ts";

export const QUOTE_STATUSES = ["draft", "sent", "changes_requested", "accepted", "declined", "withdrawn"] as const;
export type StoredQuoteStatus = (typeof QUOTE_STATUSES)[number];

export type QuoteRow = {
  id: number;
  estimate_id: number | null;
  reference: string;
  status: StoredQuoteStatus;
  draft: string;
  current_version: number | null;
  created_at: string;
  updated_at: string;
  first_sent_at: string | null;
  expires_at: string | null;
  decided_at: string | null;
  decision_note: string | null;
  followups_paused: number;
  origin: string;
};

export type VersionRow = {
  id: number;
  quote_id: number;
  version: number;
  body: string;
  sha256: string;
  sent_at: string;
  expires_at: string;
};

export type LinkRow = {
  id: number;
  quote_id: number;
  kind: "email" | "device";
  created_at: string;
  expires_at: string | null;
};

export type AcceptanceRow = {
  id: number;
  quote_id: number;
  version_id: number;
  version_sha256: string;
  option_key: string;
  addon_keys: string;
  total_cents: number;
  deposit_cents: number;
  name: string;
  method: "online" | "in-home" | "paper";
  consent_version: string | null;
  pamphlet_version: string | null;
  pamphlet_acknowledged: number;
  at: string;
  ip: string | null;
  user_agent: string | null;
  link_hash: string | null;
  paper_photo: string | null;
  record: string;
  record_sha256: string;
};

export type NewAcceptance = Omit<AcceptanceRow, "id">;

/** An accepted quote's facts a payment needs, in one row: what was chosen, the deposit, and the frozen version's hash. */
export type AcceptedRow = {
  quote_id: number;
  estimate_id: number | null;
  reference: string;
  acceptance_id: number;
  option_key: string;
  addon_keys: string;
  deposit_cents: number;
  accepted_at: string;
  version_id: number;
  version_sha256: string;
};

export type PhotoRow = { sha256: string; width: number; height: number };
export type PaymentRow = {
  id: number;
  cents: number;
  method: string;
  received_on: string;
  note: string;
  recorded_at: string;
};
export type EventRow = {
  id: number;
  quote_id: number;
  version: number | null;
  at: string;
  kind: string;
  detail: string;
};

/** A quote with what the lists show of its request. */
export type QuoteListRow = QuoteRow & { customer: string | null; request_reference: string | null };

const LIST_COLUMNS = `q.*, e.name AS customer, e.reference AS request_reference`;

export function createQuoteStore(db: Db, now: () => Date) {
  const iso = () => now().toISOString();
  const insertQuote = db.prepare(
    `INSERT INTO quotes (estimate_id, reference, draft, created_at, updated_at, origin)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const referenceTaken = db.prepare<[string], unknown>("SELECT 1 FROM quotes WHERE reference = ?");
  const getStmt = db.prepare<[number], QuoteRow>("SELECT * FROM quotes WHERE id = ?");
  const listStmt = db.prepare<{ status: string | null; limit: number }, QuoteListRow>(
    `SELECT ${LIST_COLUMNS} FROM quotes q LEFT JOIN estimates e ON e.id = q.estimate_id
     WHERE (@status IS NULL OR q.status = @status) ORDER BY q.updated_at DESC, q.id DESC LIMIT @limit`,
  );
  const forEstimateStmt = db.prepare<[number], QuoteRow>("SELECT * FROM quotes WHERE estimate_id = ? ORDER BY id");
  const updateDraftStmt = db.prepare(
    `UPDATE quotes SET draft = ?, updated_at = ? WHERE id = ? AND status NOT IN ('accepted', 'withdrawn')`,
  );
  const insertVersionStmt = db.prepare(
    `INSERT INTO quote_versions (quote_id, version, body, sha256, sent_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const markSentStmt = db.prepare(
    `UPDATE quotes SET status = 'sent', current_version = @version, expires_at = @expiresAt,
       first_sent_at = COALESCE(first_sent_at, @at), decided_at = NULL, decision_note = NULL, updated_at = @at
     WHERE id = @id AND status IN ('draft', 'sent', 'changes_requested', 'declined')`,
  );
  const versionStmt = db.prepare<[number, number], VersionRow>(
    "SELECT * FROM quote_versions WHERE quote_id = ? AND version = ?",
  );
  const versionByIdStmt = db.prepare<[number], VersionRow>("SELECT * FROM quote_versions WHERE id = ?");
  const versionsStmt = db.prepare<[number], Omit<VersionRow, "body">>(
    "SELECT id, quote_id, version, sha256, sent_at, expires_at FROM quote_versions WHERE quote_id = ? ORDER BY version",
  );
  const decideStmt = db.prepare(
    `UPDATE quotes SET status = @status, decided_at = @at, decision_note = @note, updated_at = @at
     WHERE id = @id AND status IN ('sent', 'changes_requested') AND (@late = 1 OR expires_at > @at)`,
  );
  const withdrawStmt = db.prepare(
    `UPDATE quotes SET status = 'withdrawn', updated_at = ? WHERE id = ? AND status NOT IN ('accepted', 'withdrawn')`,
  );
  const acceptStmt = db.prepare(
    `UPDATE quotes SET status = 'accepted', decided_at = ?, decision_note = NULL, updated_at = ?
     WHERE id = ? AND status IN ('sent', 'changes_requested')`,
  );
  const pauseStmt = db.prepare(
    `UPDATE quotes SET followups_paused = ?, updated_at = ? WHERE id = ? AND status NOT IN ('accepted', 'withdrawn')`,
  );
  const insertLinkStmt = db.prepare(
    "INSERT INTO quote_links (quote_id, token_hash, kind, created_at, expires_at) VALUES (?, ?, ?, ?, ?)",
  );
  const linkStmt = db.prepare<[string], LinkRow>(
    "SELECT id, quote_id, kind, created_at, expires_at FROM quote_links WHERE token_hash = ?",
  );
  const insertAcceptanceStmt = db.prepare(
    `INSERT INTO quote_acceptances (quote_id, version_id, version_sha256, option_key, addon_keys, total_cents,
       deposit_cents, name, method, consent_version, pamphlet_version, pamphlet_acknowledged, at, ip, user_agent,
       link_hash, paper_photo, record, record_sha256)
     VALUES (@quote_id, @version_id, @version_sha256, @option_key, @addon_keys, @total_cents, @deposit_cents, @name,
       @method, @consent_version, @pamphlet_version, @pamphlet_acknowledged, @at, @ip, @user_agent, @link_hash,
       @paper_photo, @record, @record_sha256)
     ON CONFLICT (quote_id) DO NOTHING`,
  );
  const acceptanceStmt = db.prepare<[number], AcceptanceRow>("SELECT * FROM quote_acceptances WHERE quote_id = ?");
  // Only the columns a payment reads: not the version's body (kilobytes) nor the acceptance's record.
  const acceptedStmt = db.prepare<[number], AcceptedRow>(
    `SELECT q.id AS quote_id, q.estimate_id, q.reference, a.id AS acceptance_id, a.option_key, a.addon_keys,
       a.deposit_cents, a.at AS accepted_at, v.id AS version_id, v.sha256 AS version_sha256
     FROM quotes q JOIN quote_acceptances a ON a.quote_id = q.id JOIN quote_versions v ON v.id = a.version_id
     WHERE q.id = ? AND q.status = 'accepted'`,
  );
  const versionBodyStmt = db.prepare<[number], string>("SELECT body FROM quote_versions WHERE id = ?").pluck();
  const addPhotoStmt = db.prepare(
    `INSERT INTO quote_photos (quote_id, sha256, width, height, jpeg, preview) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (quote_id, sha256) DO NOTHING`,
  );
  const photoStmt = db.prepare<[number, string], { jpeg: Buffer; preview: Buffer }>(
    "SELECT jpeg, preview FROM quote_photos WHERE quote_id = ? AND sha256 = ?",
  );
  const photoInfoStmt = db.prepare<[number], PhotoRow>(
    "SELECT sha256, width, height FROM quote_photos WHERE quote_id = ? ORDER BY id",
  );
  const documentStmt = db.prepare<[number, string], { pdf: Buffer; sha256: string; created_at: string }>(
    "SELECT pdf, sha256, created_at FROM quote_documents WHERE version_id = ? AND kind = ?",
  );
  const addDocumentStmt = db.prepare(
    `INSERT INTO quote_documents (quote_id, version_id, kind, pdf, sha256, created_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (version_id, kind) DO NOTHING`,
  );
  const addPaymentStmt = db.prepare(
    "INSERT INTO quote_payments (quote_id, cents, method, received_on, note, recorded_at) VALUES (?, ?, ?, ?, ?, ?)",
  );
  const paymentsStmt = db.prepare<[number], PaymentRow>(
    "SELECT id, cents, method, received_on, note, recorded_at FROM quote_payments WHERE quote_id = ? ORDER BY id",
  );
  const addEventStmt = db.prepare(
    "INSERT INTO quote_events (quote_id, version, at, kind, detail, push_pending) VALUES (?, ?, ?, ?, ?, ?)",
  );
  const openedStmt = db.prepare(
    `INSERT INTO quote_events (quote_id, version, at, kind) VALUES (?, ?, ?, 'opened')
     ON CONFLICT DO NOTHING`,
  );
  const eventsStmt = db.prepare<[number], EventRow>(
    "SELECT id, quote_id, version, at, kind, detail FROM quote_events WHERE quote_id = ? ORDER BY at, id",
  );
  const pendingPushStmt = db.prepare<[], EventRow>(
    "SELECT id, quote_id, version, at, kind, detail FROM quote_events WHERE push_pending = 1 ORDER BY id",
  );
  const pushedStmt = db.prepare("UPDATE quote_events SET push_pending = 0 WHERE id = ?");
  const detachStmt = db.prepare("UPDATE quotes SET estimate_id = NULL WHERE estimate_id = ? AND status = 'accepted'");
  const expiredContractsStmt = db.prepare<[string], { id: number }>(
    `SELECT q.id FROM quotes q JOIN quote_acceptances a ON a.quote_id = q.id
     WHERE q.status = 'accepted' AND q.estimate_id IS NULL AND a.at < ?`,
  );
  const deleteQuoteStmt = db.prepare("DELETE FROM quotes WHERE id = ?");
  const followUps = followUpCounter(db, "quote-followup");
  const reportStmt = db.prepare<
    [],
    QuoteRow & {
      total_cents: number | null;
      accepted_at: string | null;
      received_at: string | null;
      referrer: string | null;
      landing_page: string | null;
      utm_source: string | null;
      utm_medium: string | null;
      utm_campaign: string | null;
      gclid: string | null;
      fbclid: string | null;
    }
  >(
    `SELECT q.*, a.total_cents, a.at AS accepted_at, e.received_at, e.referrer, e.landing_page, e.utm_source,
       e.utm_medium, e.utm_campaign, e.gclid, e.fbclid
     FROM quotes q LEFT JOIN quote_acceptances a ON a.quote_id = q.id LEFT JOIN estimates e ON e.id = q.estimate_id
     WHERE q.first_sent_at IS NOT NULL ORDER BY q.id`,
  );

  return {
    /** A new draft for a request, with a reference the homeowner can quote on the phone (Q- and six characters). */
    create(estimateId: number, draft: string, newReference: () => string, origin = "request"): QuoteRow {
      let reference = newReference();
      while (referenceTaken.get(reference)) reference = newReference();
      const at = iso();
      const id = Number(insertQuote.run(estimateId, reference, draft, at, at, origin).lastInsertRowid);
      return getStmt.get(id) as QuoteRow;
    },
    get(id: number): QuoteRow | undefined {
      return getStmt.get(id);
    },
    list({ status = null, limit = 200 }: { status?: StoredQuoteStatus | null; limit?: number } = {}): QuoteListRow[] {
      return listStmt.all({ status, limit });
    },
    forEstimate(estimateId: number): QuoteRow[] {
      return forEstimateStmt.all(estimateId);
    },
    /** Saves the owner's working copy; false for a quote that was accepted or withdrawn. */
    updateDraft(id: number, draft: string): boolean {
      return updateDraftStmt.run(draft, iso(), id).changes > 0;
    },
    insertVersion(row: Omit<VersionRow, "id">): number {
      return Number(
        insertVersionStmt.run(row.quote_id, row.version, row.body, row.sha256, row.sent_at, row.expires_at)
          .lastInsertRowid,
      );
    },
    markSent(id: number, version: number, expiresAt: string): boolean {
      return markSentStmt.run({ id, version, expiresAt, at: iso() }).changes > 0;
    },
    version(quoteId: number, version: number): VersionRow | undefined {
      return versionStmt.get(quoteId, version);
    },
    versionById(id: number): VersionRow | undefined {
      return versionByIdStmt.get(id);
    },
    versions(quoteId: number) {
      return versionsStmt.all(quoteId);
    },
    /**
     * The homeowner's answer: declined or changes requested, only while the quote waits for one. `late` lets the
     * owner record it after the valid-until day; the homeowner's own answer must come before.
     */
    decide(id: number, status: "declined" | "changes_requested", note: string, late = false): boolean {
      return decideStmt.run({ id, status, note, at: iso(), late: late ? 1 : 0 }).changes > 0;
    },
    markAccepted(id: number): boolean {
      const at = iso();
      return acceptStmt.run(at, at, id).changes > 0;
    },
    withdraw(id: number): boolean {
      return withdrawStmt.run(iso(), id).changes > 0;
    },
    pause(id: number, paused: boolean): boolean {
      return pauseStmt.run(paused ? 1 : 0, iso(), id).changes > 0;
    },
    addLink(quoteId: number, tokenHash: string, kind: LinkRow["kind"], expiresAt: Date | null = null) {
      insertLinkStmt.run(quoteId, tokenHash, kind, iso(), expiresAt?.toISOString() ?? null);
    },
    link(tokenHash: string): LinkRow | undefined {
      return linkStmt.get(tokenHash);
    },
    /** The one acceptance; false when the quote had one already (the second of two racing requests). */
    insertAcceptance(row: NewAcceptance): boolean {
      return insertAcceptanceStmt.run(row).changes > 0;
    },
    acceptance(quoteId: number): AcceptanceRow | undefined {
      return acceptanceStmt.get(quoteId);
    },
    /** An accepted quote's acceptance and frozen version's hash; undefined unless the quote is accepted. */
    accepted(quoteId: number): AcceptedRow | undefined {
      return acceptedStmt.get(quoteId);
    },
    versionBody(id: number): string {
      const body = versionBodyStmt.get(id);
      if (body === undefined) throw new Error(`quote version ${id} is missing`);
      return body;
    },
    addPhoto(quoteId: number, photo: PhotoRow & { jpeg: Buffer; preview: Buffer }) {
      addPhotoStmt.run(quoteId, photo.sha256, photo.width, photo.height, photo.jpeg, photo.preview);
    },
    photo(quoteId: number, sha256: string, size: "full" | "preview"): Buffer | null {
      const row = photoStmt.get(quoteId, sha256);
      return row ? (size === "full" ? row.jpeg : row.preview) : null;
    },
    photos(quoteId: number): PhotoRow[] {
      return photoInfoStmt.all(quoteId);
    },
    document(versionId: number, kind: "sent" | "accepted") {
      return documentStmt.get(versionId, kind);
    },
    addDocument(quoteId: number, versionId: number, kind: "sent" | "accepted", pdf: Buffer, sha256: string) {
      addDocumentStmt.run(quoteId, versionId, kind, pdf, sha256, iso());
    },
    /** Keeps the owner's record of a deposit received; its id. */
    addPayment(quoteId: number, payment: { cents: number; method: string; receivedOn: string; note: string }): number {
      const at = iso();
      return Number(
        addPaymentStmt.run(quoteId, payment.cents, payment.method, payment.receivedOn, payment.note, at)
          .lastInsertRowid,
      );
    },
    payments(quoteId: number): PaymentRow[] {
      return paymentsStmt.all(quoteId);
    },
    addEvent(quoteId: number, version: number | null, kind: string, detail = "", push = false) {
      addEventStmt.run(quoteId, version, iso(), kind, detail, push ? 1 : 0);
    },
    /** The homeowner opened this version; kept once per version. */
    opened(quoteId: number, version: number): void {
      openedStmt.run(quoteId, version, iso());
    },
    events(quoteId: number): EventRow[] {
      return eventsStmt.all(quoteId);
    },
    pendingPushes(): EventRow[] {
      return pendingPushStmt.all();
    },
    pushed(eventId: number): void {
      pushedStmt.run(eventId);
    },
    /** Follow-ups of a quote (keys under `prefix`) already sent, and those still waiting. */
    followUps,
    /** An accepted quote is a contract: it stays when its request is erased or purged (decision 0033). */
    detachContracts(estimateId: number): number {
      return detachStmt.run(estimateId).changes;
    },
    /** Deletes contracts accepted before `before` whose request is gone; returns how many went. */
    purgeContracts(before: Date): number {
      const ids = expiredContractsStmt.all(before.toISOString());
      db.transaction(() => {
        for (const { id } of ids) deleteQuoteStmt.run(id);
      })();
      return ids.length;
    },
    /** Every quote ever sent, with its acceptance and its request's origin, for the reports. */
    sentForReport() {
      return reportStmt.all();
    },
  };
}

export type QuoteStore = ReturnType<typeof createQuoteStore>;
