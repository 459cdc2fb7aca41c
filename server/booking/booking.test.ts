// Booking against a real database with a controllable clock: the two steps, the rules, never twice, the invites
// queued with the change (same UID, SEQUENCE raised), the reminder scheduled, withdrawn and checked as it goes.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openEstimateStore, type EstimateStore } from "../requests/estimate-store.ts";
import { readStoredMail } from "../requests/stored-mail.ts";
import { newLead } from "../store/stored-lead.fixture.ts";
import { instantAt } from "../time/wall-time.ts";
import { createBooking, type Booking } from "./booking.ts";
import { MANAGE_LINK } from "./visit-mail.ts";
import { parseInvite } from "./invite.fixture.ts";

const TZ = "America/Chicago";
let clock = instantAt("2026-11-30", "10:00", TZ); // Monday morning
let store: EstimateStore;
let booking: Booking;
let told: string[];
const place = { town: "Normal", served: true, street: "12 Elm St", notes: "Side gate" };

beforeEach(() => {
  clock = instantAt("2026-11-30", "10:00", TZ);
  store = openEstimateStore({ dataDir: mkdtempSync(path.join(tmpdir(), "booking-test-")), now: () => clock });
  told = [];
  booking = createBooking({
    store,
    now: () => clock,
    siteUrl: "https://www.example.com",
    ownerAddress: () => "owner@example.com",
    notify: ({ change, visit }) => told.push(`${change} ${visit.day} ${visit.starts}`),
  });
});
afterEach(() => store.close());

function request(overrides: Parameters<typeof newLead>[0] = {}) {
  const { id } = store.save(newLead({ idempotencyKey: null, ...overrides }));
  const token = booking.newLink(id);
  return { id, token };
}

const mailKeys = (id: number) => store.deliveries(id).map((d) => `${d.dedupe}${d.cancelled_at ? " (withdrawn)" : ""}`);

describe("booking a window", () => {
  it("asks where first, then books, queues both invites and the reminder for 9:00 the day before", () => {
    const { id, token } = request();
    expect(booking.book(token, { day: "2026-12-02", starts: "08:00" }, { key: "k1" })).toEqual({
      ok: false,
      reason: "no-place",
    });
    expect(booking.place(token, place)).toBeNull();
    const result = booking.book(token, { day: "2026-12-02", starts: "08:00" }, { key: "k1" });
    expect(result).toMatchObject({
      ok: true,
      visit: { status: "booked", day: "2026-12-02", starts: "08:00", ends: "10:00", sequence: 0 },
    });
    if (!result.ok) return;
    expect(result.visit.starts_at).toBe("2026-12-02T14:00:00.000Z");
    expect(mailKeys(id)).toEqual([
      `invite:${result.visit.id}:0`,
      `owner:${result.visit.id}:0`,
      `reminder:${result.visit.id}:0`,
    ]);
    const reminder = store.deliveries(id).find((d) => d.kind === "visit-reminder");
    expect(reminder?.next_attempt_at).toBe(instantAt("2026-12-01", "09:00", TZ).toISOString());
    expect(store.get(id)?.status).toBe("scheduled");
    expect(told).toEqual(["booked 2026-12-02 08:00"]);
    // The window is gone from what others are offered.
    const wednesday = booking.open().find((d) => d.day === "2026-12-02");
    expect(wednesday?.windows.map((w) => w.starts)).toEqual(["10:00", "13:00", "15:00"]);
  });

  it("makes one visit of the same form posted 5 times", () => {
    const { id, token } = request();
    booking.place(token, place);
    const results = Array.from({ length: 5 }, () =>
      booking.book(token, { day: "2026-12-02", starts: "13:00" }, { key: "same-key" }),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    expect(new Set(results.map((r) => (r.ok ? r.visit.id : 0))).size).toBe(1);
    expect(store.visits.allForLead(id)).toHaveLength(1);
    expect(mailKeys(id)).toHaveLength(3);
    expect(told).toHaveLength(1);
  });

  it("gives a window once: the second request is told it was just taken", () => {
    const a = request({ email: "a@example.com", phone: "(309) 555-0111" });
    const b = request({ email: "b@example.com", phone: "(309) 555-0112" });
    booking.place(a.token, place);
    booking.place(b.token, place);
    expect(booking.book(a.token, { day: "2026-12-02", starts: "10:00" }, { key: "a" }).ok).toBe(true);
    expect(booking.book(b.token, { day: "2026-12-02", starts: "10:00" }, { key: "b" })).toEqual({
      ok: false,
      reason: "taken",
    });
    expect(booking.book(b.token, { day: "2026-12-02", starts: "13:00" }, { key: "b2" }).ok).toBe(true);
  });

  it("refuses a third future visit for the same e-mail or phone, a town not served, and a request that has one", () => {
    const one = request({ email: "same@example.com", phone: "(309) 555-0120" });
    const two = request({ email: "SAME@example.com", phone: "(309) 555-0121" });
    const three = request({ email: "same@example.COM", phone: "(309) 555-0122" });
    const byPhone = request({ email: "else@example.com", phone: "+1 309.555.0120" });
    const samePhone = request({ email: "third@example.com", phone: "309-555-0120" });
    for (const r of [one, two, three, byPhone, samePhone]) booking.place(r.token, place);
    expect(booking.book(one.token, { day: "2026-12-02", starts: "08:00" }, { key: "1" }).ok).toBe(true);
    expect(booking.book(three.token, { day: "2026-12-03", starts: "08:00" }, { key: "3a" }).ok).toBe(true);
    expect(booking.book(two.token, { day: "2026-12-02", starts: "10:00" }, { key: "2" })).toEqual({
      ok: false,
      reason: "limit",
    });
    // One visit holds (309) 555-0120 so far: a second with that number is fine, a third is not.
    expect(booking.book(byPhone.token, { day: "2026-12-04", starts: "08:00" }, { key: "p" }).ok).toBe(true);
    expect(booking.book(samePhone.token, { day: "2026-12-04", starts: "10:00" }, { key: "o" })).toEqual({
      ok: false,
      reason: "limit",
    });
    expect(booking.book(one.token, { day: "2026-12-03", starts: "10:00" }, { key: "1b" })).toEqual({
      ok: false,
      reason: "already",
    });
    const far = request({ email: "far@example.com", phone: "(217) 555-0100" });
    booking.place(far.token, { ...place, town: "Springfield", served: false });
    expect(booking.book(far.token, { day: "2026-12-03", starts: "08:00" }, { key: "f" })).toEqual({
      ok: false,
      reason: "outside",
    });
  });

  it("refuses an unknown link, a day past the cut-off, a day off and a window not offered", () => {
    const { token } = request();
    booking.place(token, place);
    expect(booking.book("x".repeat(43), { day: "2026-12-02", starts: "08:00" }, { key: null })).toEqual({
      ok: false,
      reason: "unknown",
    });
    expect(booking.book(token, { day: "2026-12-01", starts: "08:00" }, { key: null })).toMatchObject({ ok: true });
    booking.cancel(token, "");
    const next = request({ email: "n@example.com", phone: "(309) 555-0133" });
    booking.place(next.token, place);
    clock = instantAt("2026-11-30", "17:00", TZ);
    expect(booking.book(next.token, { day: "2026-12-01", starts: "10:00" }, { key: null })).toEqual({
      ok: false,
      reason: "closed",
    });
    booking.blockDays("2026-12-03", "2026-12-04", "Roofing job");
    expect(booking.book(next.token, { day: "2026-12-03", starts: "10:00" }, { key: null })).toEqual({
      ok: false,
      reason: "closed",
    });
  });

  it("tells a window never offered from one no longer open: a time not in the day's windows, a garbled or far date", () => {
    const { token } = request();
    booking.place(token, place);
    for (const choice of [
      { day: "2026-12-02", starts: "09:00" }, // Wednesday's windows start at 8, 10, 1 and 3
      { day: "2026-12-06", starts: "08:00" }, // Sunday: no windows
      { day: "2026-13-45", starts: "08:00" },
      { day: "2026-02-30", starts: "08:00" },
      { day: "2027-06-01", starts: "08:00" }, // past the 28 days booking opens
    ]) {
      expect(booking.book(token, choice, { key: null }), JSON.stringify(choice)).toEqual({
        ok: false,
        reason: "not-offered",
      });
    }
    // Yesterday's window was offered once: it is no longer open.
    expect(booking.book(token, { day: "2026-11-27", starts: "08:00" }, { key: null })).toEqual({
      ok: false,
      reason: "closed",
    });
  });

  it("offers no window on a closed day (Christmas) until the owner opens it; a reminder skips it, earlier", () => {
    const { id, token } = request();
    booking.place(token, place);
    expect(booking.open().map((d) => d.day)).not.toContain("2026-12-25");
    expect(booking.book(token, { day: "2026-12-25", starts: "08:00" }, { key: null })).toEqual({
      ok: false,
      reason: "closed",
    });
    expect(booking.closedDaysAhead().slice(0, 2)).toEqual([
      { day: "2026-12-25", name: "Christmas", opened: false },
      { day: "2027-01-01", name: "New Year's Day", opened: false },
    ]);
    // Only a closed day can be opened.
    expect(booking.openClosedDay("2026-12-24", true)).toBe(false);
    expect(booking.openClosedDay("2026-12-25", true)).toBe(true);
    expect(booking.closedDaysAhead()[0]).toEqual({ day: "2026-12-25", name: "Christmas", opened: true });
    expect(
      booking
        .open()
        .find((d) => d.day === "2026-12-25")
        ?.windows.map((w) => w.starts),
    ).toEqual(["08:00", "10:00", "13:00", "15:00"]);
    // A visit on Saturday 26 December: its reminder goes the day before at 9:00 while Christmas is open, else on
    // the last open day before it, Thursday 24th.
    const saturday = booking.book(token, { day: "2026-12-26", starts: "09:00" }, { key: "sat" });
    if (!saturday.ok) throw new Error("not booked");
    const reminderAt = () =>
      store.deliveries(id).find((d) => d.kind === "visit-reminder" && !d.cancelled_at)?.next_attempt_at;
    expect(reminderAt()).toBe(instantAt("2026-12-25", "09:00", TZ).toISOString());
    booking.openClosedDay("2026-12-25", false);
    expect(booking.open().map((d) => d.day)).not.toContain("2026-12-25");
    booking.ownerMove(saturday.visit.id, { day: "2026-12-28", starts: "08:00" });
    booking.ownerMove(saturday.visit.id, { day: "2026-12-26", starts: "09:00" });
    expect(reminderAt()).toBe(instantAt("2026-12-24", "09:00", TZ).toISOString());
  });

  it("does not send a reminder for a visit booked after its reminder's time", () => {
    const { id, token } = request();
    booking.place(token, place);
    clock = instantAt("2026-11-30", "12:00", TZ);
    const result = booking.book(token, { day: "2026-12-01", starts: "13:00" }, { key: null });
    expect(result.ok).toBe(true);
    expect(store.deliveries(id).map((d) => d.kind)).toEqual(["visit-invite", "visit-owner"]);
  });
});

describe("moving and cancelling", () => {
  it("moves in one transaction: same UID, SEQUENCE raised, the old reminder withdrawn, a new one queued", () => {
    const { id, token } = request();
    booking.place(token, place);
    const first = booking.book(token, { day: "2026-12-02", starts: "08:00" }, { key: "k" });
    if (!first.ok) throw new Error("not booked");
    const moved = booking.move(token, { day: "2026-12-03", starts: "15:00" });
    expect(moved).toMatchObject({
      ok: true,
      visit: { id: first.visit.id, uid: first.visit.uid, sequence: 1, day: "2026-12-03", starts: "15:00" },
    });
    const v = first.visit.id;
    expect(mailKeys(id)).toEqual([
      `invite:${v}:0`,
      `owner:${v}:0`,
      `reminder:${v}:0 (withdrawn)`,
      `invite:${v}:1`,
      `owner:${v}:1`,
      `reminder:${v}:1`,
    ]);
    // The old window is free again, the new one taken.
    const tuesday = booking.open().find((d) => d.day === "2026-12-02");
    expect(tuesday?.windows.map((w) => w.starts)).toContain("08:00");
    const invites = store.deliveries(id).filter((d) => d.kind !== "visit-reminder" && !d.cancelled_at);
    const parsed = invites.map((d) => parseInvite(readStoredMail(d.message ?? "").calendar?.ics ?? ""));
    expect(parsed.map((p) => [p.uid, p.sequence, p.method])).toEqual([
      [first.visit.uid, 0, "REQUEST"],
      [first.visit.uid, 0, "REQUEST"],
      [first.visit.uid, 1, "REQUEST"],
      [first.visit.uid, 1, "REQUEST"],
    ]);
    expect(parsed[2]?.start).toBe(instantAt("2026-12-03", "15:00", TZ).toISOString());
    // The homeowner's kept message has no secret link in it: one is put in as it is sent.
    const kept = invites[2]?.message ?? "";
    expect(kept).toContain(MANAGE_LINK);
    expect(kept).not.toMatch(/\/visit\/[A-Za-z0-9_-]{43}/);
    expect(told).toEqual(["booked 2026-12-02 08:00", "moved 2026-12-03 15:00"]);
  });

  it("cancels with METHOD:CANCEL to both, withdraws the reminder, and frees the window; the link cannot book again", () => {
    const { id, token } = request();
    booking.place(token, place);
    const first = booking.book(token, { day: "2026-12-02", starts: "08:00" }, { key: "k" });
    if (!first.ok) throw new Error("not booked");
    expect(booking.cancel(token, "Fixed it myself")).toMatchObject({
      ok: true,
      visit: { status: "cancelled", sequence: 1 },
    });
    const cancels = store.deliveries(id).filter((d) => d.dedupe.endsWith(":1"));
    expect(
      cancels
        .map((d) => parseInvite(readStoredMail(d.message ?? "").calendar?.ics ?? ""))
        .map((p) => [p.method, p.status, p.uid, p.sequence]),
    ).toEqual([
      ["CANCEL", "CANCELLED", first.visit.uid, 1],
      ["CANCEL", "CANCELLED", first.visit.uid, 1],
    ]);
    expect(store.deliveries(id).find((d) => d.kind === "visit-reminder")?.cancelled_at).not.toBeNull();
    expect(booking.open().find((d) => d.day === "2026-12-02")?.windows[0]?.starts).toBe("08:00");
    expect(booking.book(token, { day: "2026-12-02", starts: "10:00" }, { key: "again" })).toEqual({
      ok: false,
      reason: "cancelled",
    });
    expect(booking.cancel(token, "")).toEqual({ ok: false, reason: "cancelled" });
  });

  it("stops changes online 12 hours before the window; the owner can still move it", () => {
    const { token } = request();
    booking.place(token, place);
    const first = booking.book(token, { day: "2026-12-02", starts: "08:00" }, { key: "k" });
    if (!first.ok) throw new Error("not booked");
    clock = instantAt("2026-12-01", "20:00", TZ);
    expect(booking.move(token, { day: "2026-12-03", starts: "08:00" })).toEqual({ ok: false, reason: "too-late" });
    expect(booking.cancel(token, "")).toEqual({ ok: false, reason: "too-late" });
    expect(booking.ownerMove(first.visit.id, { day: "2026-12-03", starts: "08:00" })).toMatchObject({ ok: true });
  });

  it("checks the reminder as it goes: a stale one is withdrawn, a current one carries a fresh link", () => {
    const { id, token } = request();
    booking.place(token, place);
    const first = booking.book(token, { day: "2026-12-02", starts: "08:00" }, { key: "k" });
    if (!first.ok) throw new Error("not booked");
    const row = store.deliveries(id).find((d) => d.kind === "visit-reminder");
    if (!row) throw new Error("no reminder");
    const compose = booking.composers["visit-reminder"];
    const mail = compose(row);
    expect(mail).toMatchObject({
      subject: expect.stringContaining("Reminder: your free estimate visit Wed, Dec 2, 8–10 am"),
    });
    expect(typeof mail === "object" && mail?.text).toMatch(/https:\/\/www\.example\.com\/visit\/[A-Za-z0-9_-]{43}/);
    booking.move(token, { day: "2026-12-03", starts: "08:00" });
    expect(compose(row)).toBe("withdrawn");
  });
});

describe("the owner", () => {
  it("books for a caller today, blocks a day, and moves its visits to the next open windows", () => {
    const { id } = request();
    clock = instantAt("2026-12-01", "09:00", TZ);
    expect(booking.ownerBook(id, { day: "2026-12-01", starts: "13:00" }, place)).toMatchObject({
      ok: true,
      visit: { booked_by: "owner" },
    });
    const second = request({ email: "s@example.com", phone: "(309) 555-0150" });
    booking.place(second.token, place);
    const visit = booking.book(second.token, { day: "2026-12-03", starts: "08:00" }, { key: "s" });
    if (!visit.ok) throw new Error("not booked");
    const onDay = booking.blockDays("2026-12-03", "2026-12-03", "Snow");
    expect(onDay.map((v) => v.id)).toEqual([visit.visit.id]);
    const { moved, stuck } = booking.moveToNextOpen([visit.visit.id]);
    expect(stuck).toEqual([]);
    // After the blocked day, at the same time: never earlier than the visit was.
    expect(moved[0]).toMatchObject({ day: "2026-12-04", starts: "08:00", sequence: 1 });
  });

  it("moves a visit off a blocked Friday to the first open day after it, never earlier, at its time when open", () => {
    const [a, b, c] = [1, 2, 3].map((n) => request({ email: `p${n}@example.com`, phone: `(309) 555-010${n}` }));
    if (!a || !b || !c) throw new Error("no requests");
    for (const p of [a, b, c]) booking.place(p.token, place);
    // Friday 4 December 2026: one at 8:00 (Saturday has no 8:00), one at 10:00 (Monday's 10:00 is taken below).
    const friday8 = booking.book(a.token, { day: "2026-12-04", starts: "08:00" }, { key: "f8" });
    const friday10 = booking.book(b.token, { day: "2026-12-04", starts: "10:00" }, { key: "f10" });
    if (!friday8.ok || !friday10.ok) throw new Error("not booked");
    booking.blockDays("2026-12-04", "2026-12-04", "Sick");
    // Saturday is blocked too: the first open day after the block is Monday 7 December.
    booking.blockDays("2026-12-05", "2026-12-05", "");
    expect(booking.book(c.token, { day: "2026-12-07", starts: "10:00" }, { key: "m10" }).ok).toBe(true);
    const { moved, stuck } = booking.moveToNextOpen([friday8.visit.id, friday10.visit.id]);
    expect(stuck).toEqual([]);
    expect(moved.map((v) => `${v.day} ${v.starts}`)).toEqual(["2026-12-07 08:00", "2026-12-07 13:00"]);
  });

  it("offers the owner's moved homeowner another time: the mail's link opens the move, with the reason", () => {
    const { id, token } = request();
    booking.place(token, place);
    const visit = booking.book(token, { day: "2026-12-03", starts: "13:00" }, { key: "t" });
    if (!visit.ok) throw new Error("not booked");
    booking.blockDays("2026-12-03", "2026-12-03", "Snow");
    const { moved } = booking.moveToNextOpen([visit.visit.id]);
    expect(moved[0]).toMatchObject({ day: "2026-12-04", starts: "13:00" });
    const invite = store.deliveries(id).find((d) => d.dedupe === `invite:${visit.visit.id}:1`);
    const mail = readStoredMail(String(invite?.message));
    expect(mail?.text).toContain(
      `We had to move your visit. If the new time does not suit you, pick another: ${MANAGE_LINK}?move=1`,
    );
    expect(mail?.html).toContain(`<a href="${MANAGE_LINK}?move=1">Pick another time</a>`);
  });

  it("holds a spam request's booking out of the calendar until it is marked not spam", () => {
    const { id, token } = request({ spam: true });
    booking.place(token, place);
    const held = booking.book(token, { day: "2026-12-02", starts: "08:00" }, { key: "spam" });
    expect(held).toMatchObject({ ok: true, visit: { status: "held" } });
    expect(store.deliveries(id)).toEqual([]);
    expect(booking.open()[0]?.windows[0]?.starts).toBe("08:00");
    store.restore(id);
    expect(booking.confirmHeld(id)).toMatchObject({ ok: true, visit: { status: "booked" } });
    expect(store.deliveries(id).map((d) => d.kind)).toContain("visit-invite");
  });
});

describe("never twice, with several processes at once", () => {
  it("1,000 random bookings over 40 windows from 4 processes: no window over its places, no day over its cap", async () => {
    // Two places a window and five visits a day, so both limits are reached.
    booking.saveSettings({ ...booking.settings(), perWindow: 2, dailyCap: 5 });
    const windows = booking
      .open()
      .flatMap((d) => d.windows.map((w) => ({ day: w.day, starts: w.starts })))
      .slice(0, 40);
    expect(windows).toHaveLength(40);
    const fixture = fileURLToPath(new URL("./contention.fixture.ts", import.meta.url));
    const dataDir = path.dirname(store.file);
    const startAt = Date.now() + 4000;
    const outcomes = await Promise.all(
      [1, 2, 3, 4].map(
        (worker) =>
          new Promise<Record<string, number>>((resolve, reject) => {
            const child = spawn(process.execPath, [
              "--import",
              "tsx",
              fixture,
              dataDir,
              String(worker),
              "250",
              String(startAt),
              JSON.stringify(windows),
            ]);
            let out = "";
            let err = "";
            child.stdout.on("data", (c: Buffer) => (out += c.toString()));
            child.stderr.on("data", (c: Buffer) => (err += c.toString()));
            child.on("exit", (code) =>
              code === 0 ? resolve(JSON.parse(out) as Record<string, number>) : reject(new Error(err)),
            );
          }),
      ),
    );
    const booked = outcomes.reduce((n, o) => n + (o.booked ?? 0), 0);
    const taken = outcomes.reduce((n, o) => n + (o.taken ?? 0), 0);
    expect(booked + taken).toBe(1000);
    const perWindow = store.db
      .prepare("SELECT day, starts, count(*) AS n FROM visits WHERE status = 'booked' GROUP BY day, starts")
      .all() as { day: string; starts: string; n: number }[];
    const perDay = store.db
      .prepare("SELECT day, count(*) AS n FROM visits WHERE status = 'booked' GROUP BY day")
      .all() as { day: string; n: number }[];
    expect(Math.max(...perWindow.map((w) => w.n))).toBeLessThanOrEqual(2);
    expect(Math.max(...perDay.map((d) => d.n))).toBeLessThanOrEqual(5);
    // Every day filled as far as its windows and its cap allow (a Saturday's one window holds 2).
    const offered = new Map<string, number>();
    for (const w of windows) offered.set(w.day, (offered.get(w.day) ?? 0) + 2);
    const full = [...offered].map(([day, places]) => [day, Math.min(5, places)]);
    expect(perDay.map((d) => [d.day, d.n])).toEqual(full);
    expect(booked).toBe(full.reduce((n, [, v]) => n + Number(v), 0));
  }, 60_000);
});

describe("Book next year from an estimate visit (decision 0055)", () => {
  it("waits for the visit to begin, keeps its time next spring, books once, and moves round it", () => {
    const { token } = request({ email: "ahead@example.com" });
    booking.place(token, place);
    const booked = booking.book(token, { day: "2026-12-02", starts: "13:00" }, { key: "a1" });
    if (!booked.ok) throw new Error("not booked");
    const source = { kind: "visit" as const, id: booked.visit.id };
    expect(booking.aheadHome(source)).toEqual({ refused: "not-begun" });
    // 1:05 PM on the day: the visit has begun.
    clock = instantAt("2026-12-02", "13:05", TZ);
    const home = booking.aheadHome(source);
    if ("refused" in home) throw new Error("refused");
    expect(home).toMatchObject({ doneDay: "2026-12-02", starts: "13:00", street: "12 Elm St", town: "Normal" });
    // Week 49's Wednesday maps to spring 2027's week 21: 26 May, at the visit's own time.
    const proposal = booking.proposeAhead(home);
    expect(proposal.ruleDay).toBe("2027-05-26");
    expect(proposal.day?.day).toBe("2027-05-26");
    expect(proposal.starts).toBe("13:00");
    const results = Array.from({ length: 5 }, () =>
      booking.bookAhead(home, { day: "2027-05-26", starts: "13:00" }, { street: "12 Elm St", town: "Normal" }),
    );
    expect(results.map((r) => r.ok && r.repeated)).toEqual([false, true, true, true, true]);
    const first = results[0];
    if (!first?.ok) throw new Error("not booked ahead");
    expect(first.visit).toMatchObject({ ahead_from: `visit:${booked.visit.id}`, day: "2027-05-26", status: "booked" });
    expect(mailKeys(first.estimateId)).toEqual([
      `invite:${first.visit.id}:0`,
      `owner:${first.visit.id}:0`,
      `reminder:${first.visit.id}:0`,
    ]);
    const stored = readStoredMail(store.deliveries(first.estimateId)[0]?.message ?? "{}");
    expect(stored?.subject).toBe("Booked: your yearly chimney visit, Wed, May 26, 2027, 1–3 pm, Central Time");
    // The day now has one place taken: the next proposal for the same day skips its window.
    expect(booking.proposeAhead(home, undefined, "2027-05-26").day?.windows.map((w) => w.starts)).toEqual([
      "08:00",
      "10:00",
      "15:00",
    ]);
    // Moving it by its link offers the weeks round it, and moves it there.
    const link = booking.newLink(first.estimateId);
    const moved = booking.move(link, { day: "2027-06-02", starts: "08:00" });
    expect(moved).toMatchObject({ ok: true, visit: { day: "2027-06-02", sequence: 1 } });
    expect(booking.move(link, { day: "2027-09-01", starts: "08:00" })).toEqual({ ok: false, reason: "not-offered" });
    const now = store.visits.get(first.visit.id);
    if (!now) throw new Error("gone");
    expect(booking.openToMove(now)[0]?.day).toBe("2027-05-05");
  });
});

describe("erasure", () => {
  it("takes a person's visits with their requests, down to the bytes: address, notes, invites, links, events", () => {
    const rawFiles = () =>
      Buffer.concat([
        readFileSync(store.file),
        existsSync(`${store.file}-wal`) ? readFileSync(`${store.file}-wal`) : Buffer.alloc(0),
      ]);
    const gone = request({ email: "gone@example.com", name: "Erin Erase-Me" });
    const kept = request({ email: "kept@example.com", phone: "(309) 555-0190" });
    booking.place(gone.token, { ...place, street: "77 ERASE-STREET Rd", notes: "ERASE-NOTES gate 1234" });
    booking.place(kept.token, { ...place, street: "5 KEEP-STREET Ave" });
    expect(booking.book(gone.token, { day: "2026-12-02", starts: "08:00" }, { key: "g" }).ok).toBe(true);
    expect(booking.book(kept.token, { day: "2026-12-02", starts: "10:00" }, { key: "k" }).ok).toBe(true);
    booking.move(gone.token, { day: "2026-12-03", starts: "08:00" });
    store.checkpoint();
    expect(rawFiles().includes("ERASE-STREET")).toBe(true);
    expect(store.erase("GONE@example.com")).toBe(1);
    const raw = rawFiles();
    for (const marker of ["ERASE-STREET", "ERASE-NOTES", "Erin Erase-Me"])
      expect(raw.includes(marker), marker).toBe(false);
    expect(raw.includes("KEEP-STREET")).toBe(true);
    const left = (table: string) => (store.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    expect([left("visits"), left("booking_places"), left("booking_tokens"), left("visit_events")]).toEqual([
      1, 1, 1, 1,
    ]);
    expect(store.outbox().every((row) => row.estimate_id === kept.id)).toBe(true);
    // Its link is dead: the page says nothing about it.
    expect(booking.view(gone.token)).toBeUndefined();
  });
});
