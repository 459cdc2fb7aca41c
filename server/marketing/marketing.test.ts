// Marketing mail's rules over a real database, in this process: the reminders' pass queues once however often it
// runs (and two at once), a merge never lets an unsubscribed address back in (either way round, and after an undo),
// an erased customer stays suppressed when an import brings their address back, a homeowner's own request stops their
// reminder, and across each 2027 clock change's weekend a reminder is claimed once, on Monday at 9:00.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { business } from "../../app/content/business.ts";
import { closedDayName } from "../../app/content/closed-days.ts";
import { createBooking } from "../booking/booking.ts";
import { dueSettings } from "../customers/due-settings.ts";
import { openEstimateStore, type EstimateStore } from "../requests/estimate-store.ts";
import { readQuoteWords } from "../quotes/quote-words.ts";
import { seedDueCustomers } from "../../tests/support/seed-customers.ts";
import { addressKeys } from "./address-keys.ts";
import { createMarketing, type Marketing } from "./marketing.ts";
import { FIRST_REMINDER_PAGE, REMINDER_PAGE } from "./reminders.ts";
import { readMarketingWords } from "./marketing-words.ts";
import { suppressErasedAddress } from "./erased-address.ts";
import { createCustomerErasure } from "../customers/customer-erasure.ts";

let store: EstimateStore;
let marketing: Marketing;
let clock: Date;
const presets = readQuoteWords(".").presets;

function open(at: string) {
  clock = new Date(at);
  const now = () => clock;
  store = openEstimateStore({ dataDir: mkdtempSync(path.join(tmpdir(), "marketing-test-")), now });
  marketing = createMarketing({
    store,
    now,
    siteUrl: "https://www.heartland.example",
    mailFrom: "Heartland <no-reply@heartland.example>",
    booking: createBooking({ store, now, siteUrl: "https://www.heartland.example" }),
    words: () => readMarketingWords("."),
    facts: () => ({ name: "Heartland", phone: "(309) 555-0134", email: "o@x.example", postalAddress: "P.O. Box 1" }),
    settings: () => ({ reminderWeeks: 3, secondReminder: true }),
    dueSettings: () => dueSettings(business, presets),
    sendRules: () => ({ timeZone: "America/Chicago", closed: (d) => closedDayName(d, business.closedDays) !== null }),
    paceMs: 0,
    log: () => {},
    warn: () => {},
  });
}

const rows = () =>
  store.db.prepare("SELECT send_key, state, reason FROM marketing_sends ORDER BY id").all() as {
    send_key: string;
    state: string;
    reason: string | null;
  }[];

/** Claims the next message as the outbox would, and marks it sent; what was claimed, or the wait. */
async function claimAndSend() {
  const claimed = await marketing.sender.claim();
  if (claimed && "id" in claimed) await marketing.sender.sent(claimed);
  return claimed;
}

afterEach(() => store.close());

describe("the reminders' pass", () => {
  beforeEach(() => open("2027-09-20T15:00:00.000Z"));

  it("queues one reminder per customer and due day, however often it runs, and two passes at once queue once", async () => {
    seedDueCustomers(store, { count: 25, due: "2027-10-11", prefix: "pass" });
    seedDueCustomers(store, { count: 5, due: "2027-10-20", prefix: "later" });
    const [a, b] = await Promise.all([marketing.reminders.run(), marketing.reminders.run()]);
    expect(a).toBe(25);
    expect(b).toBe(25);
    expect(await marketing.reminders.run()).toBe(0);
    expect(rows()).toHaveLength(25);
    expect(rows().every((r) => r.state === "queued" && r.send_key.endsWith(":2027-10-11:1"))).toBe(true);
  });

  it("reads a small first page, then pages of ten, and reads and queues each in a turn of its own", async () => {
    seedDueCustomers(store, { count: 25, due: "2027-10-11", prefix: "page" });
    let turn = 0;
    let counting = true;
    const count = () => {
      turn += 1;
      if (counting) setImmediate(count);
    };
    count();
    const reads: { limit: number | undefined; turn: number }[] = [];
    const commits: number[] = [];
    const dueBetween = store.flueDues.dueBetween;
    vi.spyOn(store.flueDues, "dueBetween").mockImplementation((...args) => {
      reads.push({ limit: args[3]?.limit, turn });
      return dueBetween(...args);
    });
    const commit = store.durable.commit;
    vi.spyOn(store.durable, "commit").mockImplementation((write) => {
      commits.push(turn);
      return commit(write);
    });
    const started = turn;
    expect(await marketing.reminders.run()).toBe(25);
    counting = false;
    expect(FIRST_REMINDER_PAGE).toBeLessThan(REMINDER_PAGE);
    expect(reads.map((r) => r.limit)).toEqual([FIRST_REMINDER_PAGE, REMINDER_PAGE, REMINDER_PAGE, REMINDER_PAGE]);
    // The day's rules before the first page, and each page's queueing, in turns after the page was read.
    expect(reads[0]?.turn).toBeGreaterThan(started);
    expect(commits.map((at, i) => at > (reads[i]?.turn ?? Infinity))).toEqual([true, true, true, true]);
  });

  it("claims each once; a homeowner's own request on a customer of its own cancels theirs when it is claimed", async () => {
    const [ann, bob] = seedDueCustomers(store, { count: 2, due: "2027-10-11", prefix: "own" });
    await marketing.reminders.run();
    store.save({
      name: "Bob",
      email: bob?.email ?? "",
      phone: "309-555-0150",
      service: "",
      message: "Time for a sweep",
      city: "Normal",
      spam: false,
      idempotencyKey: null,
      ip: null,
      userAgent: null,
    });
    const first = await claimAndSend();
    expect(first && "to" in first ? first.to : null).toBe(ann?.email);
    expect(await claimAndSend()).toBeNull();
    expect(rows().map((r) => `${r.state} ${r.reason ?? ""}`.trim())).toEqual(["sent", "cancelled request open"]);
  });
});

describe("the suppression list", () => {
  beforeEach(() => open("2027-09-20T15:00:00.000Z"));

  const unsubscribe = (email: string) =>
    marketing.unsubscribe.unsubscribe(addressKeys(store.marketing.suppressions.secret()).unsubscribeToken(email));

  it("holds through a merge either way round, and through its undo", () => {
    const [subscribed, unsubscribed] = seedDueCustomers(store, { count: 2, due: "2028-03-01", prefix: "merge" });
    if (!subscribed || !unsubscribed) throw new Error("seeded");
    expect(unsubscribe(unsubscribed.email)).toBe("done");
    expect(marketing.isSuppressed(subscribed.id)).toBe(false);
    // Unsubscribed into subscribed: the survivor now has the unsubscribed address, and is suppressed.
    expect(store.customerLinks.merge(unsubscribed.id, subscribed.id)).toBe("merged");
    expect(marketing.isSuppressed(subscribed.id)).toBe(true);
    const merge = store.customerLinks.mergesOf(subscribed.id)[0];
    expect(store.customerLinks.undo(merge?.id ?? 0)).toBe("undone");
    expect(marketing.isSuppressed(subscribed.id)).toBe(false);
    expect(marketing.isSuppressed(unsubscribed.id)).toBe(true);
    // Subscribed into unsubscribed: the same.
    expect(store.customerLinks.merge(subscribed.id, unsubscribed.id)).toBe("merged");
    expect(marketing.isSuppressed(unsubscribed.id)).toBe(true);
  });

  it("keeps an erased customer's addresses by hash alone, and an import that brings one back does not sign them up", async () => {
    const [gone] = seedDueCustomers(store, { count: 1, due: "2028-03-01", town: "Normal", prefix: "erased" });
    if (!gone) throw new Error("seeded");
    expect(createCustomerErasure(store).erase(gone.id)).toMatchObject({ customers: 1 });
    const kept = store.db.prepare("SELECT * FROM suppressions").all() as Record<string, unknown>[];
    expect(kept.map((r) => r.source)).toEqual(["erasure", "erasure"]);
    expect(JSON.stringify(kept)).not.toContain(gone.email);
    // Erased, then imported again a year on.
    const again = store.customers.create({
      displayName: "Erased Person",
      source: "jobber",
      sourceId: "J-1",
      contacts: [{ kind: "email", value: `  ${gone.email.toUpperCase()} ` }],
      properties: [{ street: "1 Elm St", town: "Normal" }],
    });
    expect(marketing.isSuppressed(again.id)).toBe(true);
    const audience = await marketing.campaigns.audienceOf({ dueBefore: null, town: null, servedIn: null });
    expect(audience.recipients.map((r) => r.customerId)).not.toContain(again.id);
  });

  it("an erased request's address (the console's Erase) is never mailed again", () => {
    const [person] = seedDueCustomers(store, { count: 1, due: "2028-03-01", prefix: "erase-request" });
    expect(suppressErasedAddress(store, ` ${person?.email.toUpperCase() ?? ""}`)).toBe(true);
    expect(marketing.isSuppressed(person?.id ?? 0)).toBe(true);
    expect(suppressErasedAddress(store, "not an address")).toBe(false);
  });

  it("the owner's 'stop e-mailing' takes an e-mail or a phone as typed", () => {
    const [person] = seedDueCustomers(store, { count: 1, due: "2028-03-01", prefix: "stop" });
    const phone = store.customers.contactsOf([person?.id ?? 0]).find((c) => c.kind === "phone")?.value ?? "";
    expect(marketing.stopAddress(phone.replace(/\D/g, "."))).toBe("phone");
    expect(marketing.isSuppressed(person?.id ?? 0)).toBe(true);
    expect(marketing.stopAddress("hello")).toBeNull();
    expect(marketing.suppressionCounts().owner).toBe(1);
  });
});

describe("across the 2027 clock changes", () => {
  // The first reminder's day is the Monday after each change; the pass and the outbox look every quarter hour from
  // Saturday evening: the reminder is queued once and claimed once, at Monday 9:00 at the new offset.
  it.each([
    ["spring", "2027-03-14T00:00:00.000Z", "2027-04-05", "2027-03-15T14:00:00.000Z"],
    ["fall", "2027-11-07T00:00:00.000Z", "2027-11-29", "2027-11-08T15:00:00.000Z"],
  ])(
    "%s: claimed once, on Monday at 9:00 Central, whenever the pass and the outbox look",
    { timeout: 30_000 },
    async (_, start, due, at) => {
      open(start);
      seedDueCustomers(store, { count: 1, due, prefix: "dst" });
      const claims: string[] = [];
      for (let t = clock.getTime(); t <= Date.parse(at) + 8 * 3_600_000; t += 15 * 60_000) {
        clock = new Date(t);
        await marketing.reminders.run();
        const claimed = await claimAndSend();
        if (claimed && "id" in claimed) claims.push(clock.toISOString());
      }
      expect(claims).toEqual([at]);
      expect(rows()).toEqual([
        expect.objectContaining({ state: "sent", send_key: expect.stringMatching(`:${due}:1$`) }),
      ]);
    },
  );
});
