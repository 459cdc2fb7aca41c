// Booked estimate visits and what they need (migration 8): the request's booking links (hashes only), where the visit
// is, the visits with their events, the owner's availability and days off, and the closed days he opened (migration
// 11). Plain reads and writes; the rules and the one-transaction booking are in server/booking/booking.ts.
import type { Db } from "../db/database.ts";
import { hashSecret, newSecret } from "./secrets.ts";

export type VisitStatus = "booked" | "held" | "cancelled";

export type VisitRow = {
  id: number;
  estimate_id: number;
  uid: string;
  status: VisitStatus;
  day: string;
  starts: string;
  ends: string;
  starts_at: string;
  ends_at: string;
  slot: number;
  sequence: number;
  town: string;
  street: string;
  notes: string;
  email: string;
  phone_digits: string;
  booked_at: string;
  booked_by: "homeowner" | "owner";
  booked_in_hours: number;
  idempotency_key: string | null;
  changed_at: string | null;
  cancelled_at: string | null;
  cancelled_by: string | null;
  cancel_reason: string | null;
  /** Booked ahead from a done job or an estimate visit ("job:12", "visit:5"; migration 23), else null. */
  ahead_from: string | null;
};

export type PlaceRow = {
  estimate_id: number;
  town: string;
  served: number;
  street: string;
  notes: string;
  placed_at: string;
};

export type VisitEvent = { id: number; visit_id: number; at: string; event: string; detail: string; by: string };

export type DayOffRow = { id: number; first_day: string; last_day: string; note: string; created_at: string };

export type NewVisit = Omit<
  VisitRow,
  "id" | "sequence" | "changed_at" | "cancelled_at" | "cancelled_by" | "cancel_reason" | "ahead_from"
> & { ahead_from?: string | null };

export function createVisitStore(db: Db, now: () => Date) {
  const iso = () => now().toISOString();
  const insertToken = db.prepare("INSERT INTO booking_tokens (token_hash, estimate_id, created_at) VALUES (?, ?, ?)");
  const tokenStmt = db.prepare<[string], { estimate_id: number; created_at: string }>(
    "SELECT estimate_id, created_at FROM booking_tokens WHERE token_hash = ?",
  );
  const placeStmt = db.prepare<[number], PlaceRow>("SELECT * FROM booking_places WHERE estimate_id = ?");
  const putPlace = db.prepare(
    `INSERT INTO booking_places (estimate_id, town, served, street, notes, placed_at)
     VALUES (@estimateId, @town, @served, @street, @notes, @at)
     ON CONFLICT (estimate_id) DO UPDATE SET town = @town, served = @served, street = @street, notes = @notes,
       placed_at = @at`,
  );
  const insertVisit = db.prepare(
    `INSERT INTO visits (estimate_id, uid, status, day, starts, ends, starts_at, ends_at, slot, town, street, notes,
       email, phone_digits, booked_at, booked_by, booked_in_hours, idempotency_key, ahead_from)
     VALUES (@estimate_id, @uid, @status, @day, @starts, @ends, @starts_at, @ends_at, @slot, @town, @street, @notes,
       @email, @phone_digits, @booked_at, @booked_by, @booked_in_hours, @idempotency_key, @ahead_from)`,
  );
  const visitStmt = db.prepare<[number], VisitRow>("SELECT * FROM visits WHERE id = ?");
  const aheadStmt = db.prepare<[string], VisitRow>(
    "SELECT * FROM visits WHERE ahead_from = ? AND status <> 'cancelled' ORDER BY id DESC LIMIT 1",
  );
  const byKeyStmt = db.prepare<[string], VisitRow>("SELECT * FROM visits WHERE idempotency_key = ?");
  const currentStmt = db.prepare<[number], VisitRow>(
    "SELECT * FROM visits WHERE estimate_id = ? ORDER BY (status <> 'cancelled') DESC, id DESC LIMIT 1",
  );
  const forLeadStmt = db.prepare<[number], VisitRow>("SELECT * FROM visits WHERE estimate_id = ? ORDER BY id");
  const takenStmt = db.prepare<[string, string], { day: string; starts: string; ends: string; slot: number }>(
    "SELECT day, starts, ends, slot FROM visits WHERE status = 'booked' AND day BETWEEN ? AND ?",
  );
  const bookedBetweenStmt = db.prepare<[string, string], VisitRow>(
    "SELECT * FROM visits WHERE status = 'booked' AND day BETWEEN ? AND ? ORDER BY starts_at, id",
  );
  const upcomingStmt = db.prepare<[string], VisitRow>(
    "SELECT * FROM visits WHERE status = 'booked' AND ends_at > ? ORDER BY starts_at, id",
  );
  const futureForContact = db.prepare<{ now: string; email: string; phone: string }, { n: number }>(
    `SELECT count(*) AS n FROM visits WHERE status = 'booked' AND starts_at > @now
       AND (email = @email COLLATE NOCASE OR (@phone <> '' AND phone_digits = @phone))`,
  );
  const moveStmt = db.prepare(
    `UPDATE visits SET day = @day, starts = @starts, ends = @ends, starts_at = @starts_at, ends_at = @ends_at,
       slot = @slot, sequence = sequence + 1, changed_at = @at WHERE id = @id AND status = 'booked'`,
  );
  const cancelStmt = db.prepare(
    `UPDATE visits SET status = 'cancelled', sequence = sequence + 1, changed_at = @at, cancelled_at = @at,
       cancelled_by = @by, cancel_reason = @reason WHERE id = @id AND status <> 'cancelled'`,
  );
  const confirmHeldStmt = db.prepare(
    "UPDATE visits SET status = 'booked', slot = @slot, changed_at = @at WHERE id = @id AND status = 'held'",
  );
  const eventStmt = db.prepare("INSERT INTO visit_events (visit_id, at, event, detail, by) VALUES (?, ?, ?, ?, ?)");
  const eventsStmt = db.prepare<[number], VisitEvent>(
    `SELECT e.* FROM visit_events e JOIN visits v ON v.id = e.visit_id WHERE v.estimate_id = ? ORDER BY e.id`,
  );
  const settingsStmt = db.prepare<[], { json: string }>("SELECT json FROM booking_settings WHERE id = 1");
  const putSettings = db.prepare(
    `INSERT INTO booking_settings (id, json, updated_at) VALUES (1, ?, ?)
     ON CONFLICT (id) DO UPDATE SET json = excluded.json, updated_at = excluded.updated_at`,
  );
  const daysOffStmt = db.prepare<[string], DayOffRow>(
    "SELECT * FROM days_off WHERE last_day >= ? ORDER BY first_day, id",
  );
  const addDayOff = db.prepare("INSERT INTO days_off (first_day, last_day, note, created_at) VALUES (?, ?, ?, ?)");
  const removeDayOff = db.prepare("DELETE FROM days_off WHERE id = ?");
  const openDaysStmt = db.prepare<[string], { day: string }>("SELECT day FROM open_days WHERE day >= ? ORDER BY day");
  const addOpenDay = db.prepare("INSERT INTO open_days (day, created_at) VALUES (?, ?) ON CONFLICT (day) DO NOTHING");
  const removeOpenDay = db.prepare("DELETE FROM open_days WHERE day = ?");
  const bookedCounts = db.prepare<[string, string], { by: string; in_hours: number; n: number }>(
    `SELECT booked_by AS by, booked_in_hours AS in_hours, count(*) AS n FROM visits
     WHERE booked_at >= ? AND booked_at < ? GROUP BY booked_by, booked_in_hours`,
  );
  const bookedLeads = db.prepare<[], { estimate_id: number; booked_by: string; booked_in_hours: number }>(
    `SELECT estimate_id, booked_by, booked_in_hours FROM visits WHERE id IN (SELECT min(id) FROM visits GROUP BY estimate_id)`,
  );

  return {
    db,
    /** A new booking link for a request: the secret, to hand out once; only its hash is kept. */
    newLink(estimateId: number): string {
      const token = newSecret();
      insertToken.run(hashSecret(token), estimateId, iso());
      return token;
    },
    /** The request a booking link belongs to, and when the link was made; undefined for an unknown one. */
    link(token: string): { estimate_id: number; created_at: string } | undefined {
      if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
      return tokenStmt.get(hashSecret(token));
    },
    place(estimateId: number): PlaceRow | undefined {
      return placeStmt.get(estimateId);
    },
    putPlace(place: { estimateId: number; town: string; served: boolean; street: string; notes: string }): void {
      putPlace.run({ ...place, served: place.served ? 1 : 0, at: iso() });
    },
    insert(visit: NewVisit): number {
      return Number(insertVisit.run({ ...visit, ahead_from: visit.ahead_from ?? null }).lastInsertRowid);
    },
    /** The live visit booked ahead from a done job or visit ("job:12"), if one stands. */
    aheadFrom(source: string): VisitRow | undefined {
      return aheadStmt.get(source);
    },
    get(id: number): VisitRow | undefined {
      return visitStmt.get(id);
    },
    byIdempotencyKey(key: string): VisitRow | undefined {
      return byKeyStmt.get(key);
    },
    /** The request's visit that stands (booked or held), else its last cancelled one. */
    forLead(estimateId: number): VisitRow | undefined {
      return currentStmt.get(estimateId);
    },
    allForLead(estimateId: number): VisitRow[] {
      return forLeadStmt.all(estimateId);
    },
    /** Booked windows from `first` to `last` (days, inclusive). */
    taken(first: string, last: string) {
      return takenStmt.all(first, last);
    },
    bookedBetween(first: string, last: string): VisitRow[] {
      return bookedBetweenStmt.all(first, last);
    },
    /** Booked visits not over yet, soonest first. */
    upcoming(): VisitRow[] {
      return upcomingStmt.all(iso());
    },
    futureVisitsFor(email: string, phoneDigits: string): number {
      return futureForContact.get({ now: iso(), email, phone: phoneDigits })?.n ?? 0;
    },
    move(
      id: number,
      to: { day: string; starts: string; ends: string; starts_at: string; ends_at: string; slot: number },
    ): boolean {
      return moveStmt.run({ ...to, id, at: iso() }).changes > 0;
    },
    cancel(id: number, by: string, reason: string): boolean {
      return cancelStmt.run({ id, by, reason, at: iso() }).changes > 0;
    },
    confirmHeld(id: number, slot: number): boolean {
      return confirmHeldStmt.run({ id, slot, at: iso() }).changes > 0;
    },
    event(visitId: number, event: string, detail: string, by: string): void {
      eventStmt.run(visitId, iso(), event, detail, by);
    },
    events(estimateId: number): VisitEvent[] {
      return eventsStmt.all(estimateId);
    },
    settingsJson(): string | null {
      return settingsStmt.get()?.json ?? null;
    },
    saveSettings(json: string): void {
      putSettings.run(json, iso());
    },
    /** Days off that have not ended before `from`. */
    daysOff(from: string): DayOffRow[] {
      return daysOffStmt.all(from);
    },
    addDayOff(first: string, last: string, note: string): number {
      return Number(addDayOff.run(first, last, note, iso()).lastInsertRowid);
    },
    removeDayOff(id: number): boolean {
      return removeDayOff.run(id).changes > 0;
    },
    /** Closed days (holidays) the owner opened for visits, from `from` on. */
    openDays(from: string): string[] {
      return openDaysStmt.all(from).map((r) => r.day);
    },
    addOpenDay(day: string): void {
      addOpenDay.run(day, iso());
    },
    removeOpenDay(day: string): boolean {
      return removeOpenDay.run(day).changes > 0;
    },
    /** Visits booked in [from, to): by whom, and whether inside business hours (reports). */
    bookedCounts(from: string, to: string) {
      return bookedCounts.all(from, to);
    },
    /** Each request's first visit: who booked it and when (reports join it to requests). */
    firstVisits() {
      return bookedLeads.all();
    },
  };
}

export type VisitStore = ReturnType<typeof createVisitStore>;
