// Estimate requests and the owner's worklist: storing a request with its e-mails, listing, status, notes, restore.
import { randomInt } from "node:crypto";
import type { Db } from "../db/database.ts";
import type { OutboxStore } from "./outbox.ts";
import {
  ESTIMATE_COLUMNS,
  NO_ATTRIBUTION,
  type LeadStatus,
  type ListOptions,
  type NewEstimate,
  type Note,
  type PhotoInfo,
  type SaveOptions,
  type StoredEstimate,
} from "./types.ts";

/** A reference the homeowner can quote on the phone: R- and six characters, no 0/O or 1/I to misread. */
function newReference(): string {
  const alphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
  let ref = "R-";
  for (let i = 0; i < 6; i++) ref += alphabet[randomInt(alphabet.length)];
  return ref;
}

/** What else a stored request sets off in its transaction (its customer, server/customers/intake.ts). */
export type OnStored = (id: number, estimate: Pick<NewEstimate, "name" | "email" | "phone" | "city">) => void;

export function createRequestStore(db: Db, now: () => Date, mail: OutboxStore, onStored?: OnStored) {
  const iso = () => now().toISOString();
  // In a savepoint of the request's own transaction: when it fails, it alone is rolled back and logged, and the
  // request is stored and answered all the same (decision 0051).
  const alsoStored = db.transaction((id: number, estimate: Parameters<OnStored>[1]) => onStored?.(id, estimate));
  const afterStore = (id: number, estimate: Parameters<OnStored>[1]) => {
    if (!onStored) return;
    try {
      alsoStored(id, estimate);
    } catch (error) {
      console.error(`Request ${id} was stored without its customer: ${(error as Error).message}`);
    }
  };
  const insertEstimate = db.prepare(
    `INSERT INTO estimates (reference, received_at, name, email, phone, service, message, city, spam, idempotency_key, ip,
       user_agent, page, landing_page, referrer, utm_source, utm_medium, utm_campaign, utm_term, utm_content, gclid,
       fbclid, city_param, photos_refused)
     VALUES (@reference, @receivedAt, @name, @email, @phone, @service, @message, @city, @spam, @idempotencyKey, @ip,
       @userAgent, @page, @landingPage, @referrer, @utmSource, @utmMedium, @utmCampaign, @utmTerm, @utmContent, @gclid,
       @fbclid, @cityParam, @photosRefused)
     ON CONFLICT (idempotency_key) DO NOTHING`,
  );
  const findByKey = db.prepare<[string | null], { id: number; reference: string }>(
    "SELECT id, reference FROM estimates WHERE idempotency_key = ?",
  );
  const referenceTaken = db.prepare<[string], unknown>("SELECT 1 FROM estimates WHERE reference = ?");
  // LIMIT -1 is SQLite's "no limit".
  const listStmt = db.prepare<
    { includeSpam: number; spamOnly: number; status: string | null; since: string | null; limit: number },
    StoredEstimate
  >(
    `SELECT ${ESTIMATE_COLUMNS} FROM estimates
     WHERE (@spamOnly = 1 AND spam = 1 OR @spamOnly = 0 AND (@includeSpam = 1 OR spam = 0))
       AND (@status IS NULL OR status = @status) AND (@since IS NULL OR received_at >= @since)
     ORDER BY id DESC LIMIT @limit`,
  );
  const getStmt = db.prepare<[number], StoredEstimate>(`SELECT ${ESTIMATE_COLUMNS} FROM estimates WHERE id = ?`);
  const statusStmt = db.prepare("UPDATE estimates SET status = ?, status_at = ? WHERE id = ?");
  const noteStmt = db.prepare("INSERT INTO notes (estimate_id, at, text) VALUES (?, ?, ?)");
  const notesStmt = db.prepare<[number], Note>("SELECT * FROM notes WHERE estimate_id = ? ORDER BY id");
  const unremindedStmt = db.prepare<[], StoredEstimate>(
    `SELECT ${ESTIMATE_COLUMNS} FROM estimates WHERE status = 'new' AND spam = 0 AND reminded_at IS NULL ORDER BY id`,
  );
  const remindedStmt = db.prepare("UPDATE estimates SET reminded_at = ? WHERE id = ?");
  const unspamStmt = db.prepare("UPDATE estimates SET spam = 0 WHERE id = ?");
  const insertPhoto = db.prepare(
    "INSERT INTO estimate_photos (estimate_id, position, width, height, jpeg, preview) VALUES (?, ?, ?, ?, ?, ?)",
  );
  const photosStmt = db.prepare<[number], PhotoInfo>(
    "SELECT position, width, height, length(jpeg) AS bytes FROM estimate_photos WHERE estimate_id = ? ORDER BY position",
  );
  const photoStmt = db.prepare<[number, number], { jpeg: Buffer; preview: Buffer }>(
    "SELECT jpeg, preview FROM estimate_photos WHERE estimate_id = ? AND position = ?",
  );
  const previewsStmt = db.prepare<[number], { position: number; preview: Buffer }>(
    "SELECT position, preview FROM estimate_photos WHERE estimate_id = ? ORDER BY position",
  );

  const saveTx = db.transaction((estimate: NewEstimate, options: SaveOptions) => {
    let reference = newReference();
    while (referenceTaken.get(reference)) reference = newReference();
    const { photos = [], attribution, ...fields } = estimate;
    const result = insertEstimate.run({
      ...NO_ATTRIBUTION,
      ...attribution,
      ...fields,
      photosRefused: estimate.photosRefused ?? "",
      reference,
      receivedAt: iso(),
      spam: estimate.spam ? 1 : 0,
    });
    if (result.changes === 0) {
      const existing = findByKey.get(estimate.idempotencyKey);
      return {
        id: existing?.id ?? 0,
        reference: existing?.reference ?? "",
        duplicate: true,
        confirmationQueued: false,
      };
    }
    const id = Number(result.lastInsertRowid);
    photos.forEach((p, i) => insertPhoto.run(id, i + 1, p.width, p.height, p.jpeg, p.preview));
    let confirmationQueued = false;
    if (!estimate.spam) {
      afterStore(id, estimate);
      if (options.notifyTo) mail.enqueue(id, "owner-alert", options.notifyTo);
      if (options.confirm)
        confirmationQueued = mail.queueConfirmation(id, estimate.email, options.confirmationPeriodHours ?? 24);
    }
    return { id, reference, duplicate: false, confirmationQueued };
  });

  return {
    /** Stores a request and queues its e-mails; a repeated idempotency key stores nothing new. */
    save(estimate: NewEstimate, options: SaveOptions = {}) {
      // IMMEDIATE takes the write lock first, waiting out another writer (busy_timeout). A deferred transaction
      // reads the references first, and SQLite refuses its write at once ("database is locked", no wait) when
      // another connection (`npm run leads`, a backup) committed in between.
      return saveTx.immediate(estimate, options);
    },
    /** Newest first. */
    list({ limit = null, includeSpam = false, spamOnly = false, status = null, since = null }: ListOptions = {}) {
      return listStmt.all({
        limit: limit ?? -1,
        includeSpam: includeSpam ? 1 : 0,
        spamOnly: spamOnly ? 1 : 0,
        status,
        since: since?.toISOString() ?? null,
      });
    },
    get(id: number): StoredEstimate | undefined {
      return getStmt.get(id);
    },
    /** A request's photos, numbered from 1, without their bytes. */
    photos(id: number): PhotoInfo[] {
      return photosStmt.all(id);
    },
    /** One photo's bytes: the 1600 px JPEG, or the small preview. */
    photo(id: number, position: number, size: "full" | "preview"): Buffer | null {
      const row = photoStmt.get(id, position);
      return row ? (size === "full" ? row.jpeg : row.preview) : null;
    },
    /** Every preview of a request, for the owner's alert. */
    photoPreviews(id: number): { position: number; preview: Buffer }[] {
      return previewsStmt.all(id);
    },
    setStatus(id: number, status: LeadStatus, note?: string): boolean {
      return db.transaction(() => {
        const changed = statusStmt.run(status, iso(), id).changes > 0;
        if (changed && note) noteStmt.run(id, iso(), note);
        return changed;
      })();
    },
    addNote(id: number, text: string): boolean {
      if (!getStmt.get(id)) return false;
      noteStmt.run(id, iso(), text);
      return true;
    },
    notes(id: number): Note[] {
      return notesStmt.all(id);
    },
    /** New, unreminded, non-spam leads: candidates for the owner's reminder. */
    awaitingReminder(): StoredEstimate[] {
      return unremindedStmt.all();
    },
    /** Queues one reminder for a lead, once. */
    remind(id: number, ownerAddress: string): void {
      db.transaction(() => {
        remindedStmt.run(iso(), id);
        mail.enqueue(id, "reminder", ownerAddress);
      })();
    },
    /**
     * Queues the review request for a won, non-spam request, to the address it came from: never twice (the outbox
     * keeps one message per request and kind). "queued", "already" (asked before) or "not-won".
     */
    requestReview(id: number): "queued" | "already" | "not-won" {
      return db.transaction(() => {
        const lead = getStmt.get(id);
        if (!lead || lead.spam || lead.status !== "won") return "not-won" as const;
        return mail.enqueue(id, "review-request", lead.email) ? ("queued" as const) : ("already" as const);
      })();
    },
    /** A request the spam trap caught is a real one after all: keep it, and tell the owner (and sender) now. */
    restore(id: number, options: SaveOptions = {}): boolean {
      return db.transaction(() => {
        const lead = getStmt.get(id);
        if (!lead || !lead.spam) return false;
        unspamStmt.run(id);
        afterStore(id, lead);
        if (options.notifyTo) mail.enqueue(id, "owner-alert", options.notifyTo);
        if (options.confirm) mail.queueConfirmation(id, lead.email, options.confirmationPeriodHours ?? 24);
        return true;
      })();
    },
  };
}
