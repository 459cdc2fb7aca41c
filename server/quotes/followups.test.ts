// Follow-ups: the schedule (pure), then 1,000 timelines through the real outbox with a mail server that fails, and
// random decisions: no follow-up goes after a decision, none goes twice, none outside business hours, at most three.
import type { SendMailOptions } from "nodemailer";
import { afterEach, describe, expect, it } from "vitest";
import { business } from "../../app/content/business.ts";
import { withSubject } from "../requests/lead-mail.ts";
import { createOutbox } from "../requests/outbox.ts";
import { wallAt } from "../time/wall-time.ts";
import { followUpTimes, isOpenAt } from "../documents/follow-up-times.ts";
import { quoteFixture, type Fixture } from "./quote.fixture.ts";
import { seededRandom } from "../../tests/support/seeded-random.ts";

const TZ = "America/Chicago";
const plan = { days: [2, 6], daysBeforeExpiry: 2 };

describe("the schedule", () => {
  it("is day 2, day 6 and 2 days before expiry, an hour after opening, on open days", () => {
    // Monday 30 November 2026, 9:00 AM CST; valid until Wednesday 30 December.
    const times = followUpTimes({
      sentAt: new Date("2026-11-30T15:00:00Z"),
      validUntil: "2026-12-30",
      expiresAt: new Date("2026-12-31T06:00:00Z"),
      plan,
      hours: business.hours,
      timeZone: TZ,
    });
    expect(times.map((t) => wallAt(t, TZ))).toEqual([
      { day: "2026-12-02", time: "09:00", weekday: 3 },
      { day: "2026-12-07", time: "09:00", weekday: 1 }, // day 6 is a Sunday: the next open day
      { day: "2026-12-28", time: "09:00", weekday: 1 },
    ]);
  });

  it("skips closed days: one due on Thanksgiving (Thu 26 Nov 2026) goes Friday at 9:00, across years", () => {
    const on = (sent: string, validUntil: string, days: number[]) =>
      followUpTimes({
        sentAt: new Date(sent),
        validUntil,
        expiresAt: new Date(`${validUntil}T23:59:00Z`),
        plan: { days, daysBeforeExpiry: 0 },
        hours: business.hours,
        closedDays: business.closedDays,
        timeZone: TZ,
      }).map((t) => `${wallAt(t, TZ).day} ${wallAt(t, TZ).time}`);
    // Sent Tuesday 24 November 2026, 9:00 CST: day 2 is Thanksgiving.
    expect(on("2026-11-24T15:00:00Z", "2026-12-24", [2])).toEqual(["2026-11-27 09:00"]);
    // Christmas 2026 is a Friday: the next open day is Saturday, an hour after its 9:00 opening.
    expect(on("2026-12-23T15:00:00Z", "2027-01-20", [2])).toEqual(["2026-12-26 10:00"]);
    // New Year's Day 2027 (Friday), Labor Day 2027 (Monday 6 September), Thanksgiving 2028 (23 November).
    expect(on("2026-12-30T15:00:00Z", "2027-01-20", [2])).toEqual(["2027-01-02 10:00"]);
    expect(on("2027-09-04T15:00:00Z", "2027-10-01", [2])).toEqual(["2027-09-07 09:00"]);
    expect(on("2028-11-21T15:00:00Z", "2028-12-20", [2])).toEqual(["2028-11-24 09:00"]);
    // The business is not open on a closed day: a follow-up found due then is not sent.
    expect(isOpenAt(new Date("2026-11-26T15:00:00Z"), business.hours, TZ, business.closedDays)).toBe(false);
    expect(isOpenAt(new Date("2026-11-27T15:00:00Z"), business.hours, TZ, business.closedDays)).toBe(true);
  });

  it("goes on Saturday at 10:00 (Saturday opens at 9), and moves a Sunday expiry reminder earlier", () => {
    const times = followUpTimes({
      sentAt: new Date("2026-12-03T15:00:00Z"), // Thursday
      validUntil: "2026-12-22", // Tuesday: two days before is Sunday
      expiresAt: new Date("2026-12-23T06:00:00Z"),
      plan,
      hours: business.hours,
      timeZone: TZ,
    });
    expect(times.map((t) => wallAt(t, TZ).day + " " + wallAt(t, TZ).time)).toEqual([
      "2026-12-05 10:00",
      "2026-12-09 09:00",
      "2026-12-19 10:00",
    ]);
  });

  it("keeps 9:00 across the daylight-saving changes", () => {
    for (const sent of [
      "2026-03-06T15:00:00Z",
      "2026-10-30T14:00:00Z",
      "2027-03-12T15:00:00Z",
      "2027-11-05T14:00:00Z",
    ]) {
      const times = followUpTimes({
        sentAt: new Date(sent),
        validUntil: "2028-01-31",
        expiresAt: new Date("2028-02-01T06:00:00Z"),
        plan: { days: [2, 6], daysBeforeExpiry: 0 },
        hours: business.hours,
        timeZone: TZ,
      });
      for (const t of times) expect(["09:00", "10:00"], sent).toContain(wallAt(t, TZ).time);
    }
  });

  it("sends none after expiry, none within a day of sending, and fewer when some went already", () => {
    const short = followUpTimes({
      sentAt: new Date("2026-11-30T15:00:00Z"),
      validUntil: "2026-12-03",
      expiresAt: new Date("2026-12-04T06:00:00Z"),
      plan,
      hours: business.hours,
      timeZone: TZ,
    });
    expect(short.map((t) => wallAt(t, TZ).day)).toEqual(["2026-12-01", "2026-12-02"]);
    const rest = followUpTimes({
      sentAt: new Date("2026-11-30T15:00:00Z"),
      validUntil: "2026-12-30",
      expiresAt: new Date("2026-12-31T06:00:00Z"),
      plan,
      hours: business.hours,
      timeZone: TZ,
      alreadySent: 2,
    });
    expect(rest).toHaveLength(1);
  });
});

let f: Fixture;
afterEach(() => f?.close());

const plainMail = () =>
  withSubject("Your quote", { replyTo: "shop@example.com", text: "Your quote", html: "<p>Your quote</p>" });

describe("1,000 timelines", () => {
  it("send no follow-up after a decision, none twice, none outside business hours, at most three", async () => {
    const next = seededRandom(48);
    const start = new Date("2026-11-30T14:00:00Z");
    f = quoteFixture({ start });
    // Thousands of small writes: durability is not what this tests, and an fsync each would take most of the time.
    f.store.db.pragma("synchronous = OFF");
    const now = () => f.clock.at;
    type Delivery = { messageId: string; key: string; at: number };
    const deliveries: Delivery[] = [];
    // A mail server that refuses now and then (the attempt is retried), and sometimes takes a message but its
    // answer is lost (the outbox cannot know, and retries it: the same Message-ID arrives again, decision 0013).
    const lostIds = new Set<string>();
    const transport = {
      async sendMail(message: SendMailOptions) {
        const roll = next();
        if (roll < 0.15) throw new Error("451 try again later");
        const id = String(message.messageId);
        deliveries.push({ messageId: id, key: "", at: now().getTime() });
        if (roll < 0.18) {
          lostIds.add(id);
          throw new Error("connection lost before the server's answer");
        }
      },
      close() {},
    };
    const outbox = createOutbox({
      store: f.store,
      smtpUrl: "smtp://unused.invalid",
      from: "site@example.com",
      ownerAddress: "owner@example.com",
      siteUrl: "https://chimney.example",
      // The real follow-up composer; the quote's own e-mail and the accepted copy (their PDFs take 9 ms each) are
      // not what is tested here.
      composers: { ...f.quotes.composers, "quote-sent": plainMail, "quote-accepted": plainMail },
      reminderAfterBusinessHours: 0,
      now,
      log: () => {},
      warn: () => {},
      transport,
    });
    type Timeline = {
      quoteId: number;
      token: string;
      sendAt: number;
      decideAt: number | null;
      decision: string;
      decidedAt?: number;
    };
    const timelines: Timeline[] = [];
    const DECISIONS = ["accept", "decline", "changes", "withdraw", "pause", "none", "revise"] as const;
    const step = 15 * 60_000;
    const slot = (t: number) => Math.ceil((t - start.getTime()) / step);
    const due = new Map<number, (() => void)[]>();
    const at = (t: number, act: () => void) => due.set(slot(t), [...(due.get(slot(t)) ?? []), act]);
    for (let i = 0; i < 1000; i++) {
      const { quoteId } = f.draft([["cap-single"]]);
      const draft = f.quotes.details(quoteId).draft;
      f.quotes.saveDraft(quoteId, {
        ...draft,
        validUntil: ["2026-12-10", "2026-12-20", "2026-12-30"][i % 3] as string,
      });
      const sendAt = start.getTime() + Math.floor(next() * 5 * 24) * 3_600_000;
      const decision = DECISIONS[Math.floor(next() * DECISIONS.length)] as (typeof DECISIONS)[number];
      const decideAt = decision === "none" ? null : sendAt + (1 + Math.floor(next() * 30 * 24 * 4)) * step;
      const tl: Timeline = { quoteId, token: "", sendAt, decideAt, decision };
      timelines.push(tl);
      at(sendAt, () => {
        f.quotes.send(quoteId, { ip: null, userAgent: null });
        tl.token = f.link(quoteId);
      });
      if (decideAt === null) continue;
      at(decideAt, () => {
        const version = f.store.quotes.get(quoteId)?.current_version ?? 1;
        try {
          if (decision === "accept") {
            f.quotes.accept(
              tl.token,
              { optionKey: "a", addonKeys: [], name: "A Person", consent: true, pamphlet: true, version },
              { ip: null, userAgent: null, inHome: false },
            );
          }
          if (decision === "decline") f.quotes.answer(tl.token, "declined", "no");
          if (decision === "changes") f.quotes.answer(tl.token, "changes", "cheaper please");
          if (decision === "withdraw") f.quotes.withdraw(quoteId, { ip: null, userAgent: null });
          if (decision === "pause") f.quotes.pause(quoteId, true);
          if (decision === "revise") {
            const d = f.quotes.details(quoteId).draft;
            f.quotes.saveDraft(quoteId, { ...d, note: "Revised" });
            f.quotes.send(quoteId, { ip: null, userAgent: null });
          }
          tl.decidedAt = f.clock.at.getTime();
        } catch {
          // Expired before the homeowner answered: no decision, nothing changes.
        }
      });
    }

    const end = new Date("2027-01-02T06:00:00Z").getTime();
    for (let t = start.getTime(), n = 0; t <= end; t += step, n++) {
      f.clock.at = new Date(t);
      for (const act of due.get(n) ?? []) act();
      await outbox.runOnce();
    }
    await outbox.stop();
    // Each Message-ID names its outbox row (<outbox-ROW.REQUEST@host>), and the row its key.
    const keys = new Map(f.store.outbox().map((r) => [r.id, r.dedupe]));
    for (const d of deliveries) d.key = keys.get(Number(/^<outbox-(\d+)\./.exec(d.messageId)?.[1])) ?? "";

    const followUps = deliveries.filter((d) => d.key.startsWith("quote-followup:"));
    expect(followUps.length).toBeGreaterThan(500);
    expect(lostIds.size).toBeGreaterThan(0);
    const byQuote = new Map<number, Delivery[]>();
    for (const d of followUps) {
      const id = Number(d.key.split(":")[1]);
      byQuote.set(id, [...(byQuote.get(id) ?? []), d]);
    }
    const problems: string[] = [];
    for (const tl of timelines) {
      const sent = byQuote.get(tl.quoteId) ?? [];
      const messages = new Map<string, Delivery[]>();
      for (const d of sent) messages.set(d.messageId, [...(messages.get(d.messageId) ?? []), d]);
      if (messages.size > 3) problems.push(`quote ${tl.quoteId}: ${messages.size} follow-ups`);
      // The same follow-up twice would be two rows with one key: every row (Message-ID) has its own key.
      const keys = [...messages.values()].map((m) => m[0]?.key);
      if (new Set(keys).size !== keys.length) problems.push(`quote ${tl.quoteId}: one follow-up sent as two messages`);
      // A message arrives again only when the server's answer to it was lost (the outbox cannot know it arrived),
      // and then under the same Message-ID: the homeowner's mail system shows it once.
      for (const [id, copies] of messages) {
        if (copies.length > 1 && !lostIds.has(id)) problems.push(`${id}: sent ${copies.length} times`);
      }
      for (const d of sent) {
        if (!isOpenAt(new Date(d.at), business.hours, TZ)) problems.push(`${d.messageId} outside business hours`);
        const stops = ["accept", "decline", "changes", "withdraw", "pause"].includes(tl.decision);
        if (stops && tl.decidedAt !== undefined && d.at >= tl.decidedAt) {
          problems.push(`quote ${tl.quoteId}: a follow-up at ${new Date(d.at).toISOString()} after "${tl.decision}"`);
        }
        if (tl.decision === "revise" && tl.decidedAt !== undefined && d.at >= tl.decidedAt && d.key.includes(":v1:")) {
          problems.push(`quote ${tl.quoteId}: a follow-up of the old version after the new one`);
        }
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
