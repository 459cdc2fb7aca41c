// The lead pipeline's mail, end to end through a real (local) SMTP server and a controllable clock: the owner's
// alert, the homeowner's confirmation, the reminder, retries and giving up, and header-injection attempts.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openEstimateStore, type EstimateStore, type NewEstimate } from "./estimate-store.ts";
import { decodeHeaderText } from "./mail-header.ts";
import { createOutbox, MAX_ATTEMPTS, retryDelayMs } from "./outbox.ts";
import { startHungSmtp, startSmtp, waitFor } from "../../tests/server/smtp.ts";

/** A received message as a reader sees it: decoded headers and the plain-text part. */
export function readMail(raw: string) {
  const headerEnd = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, headerEnd).replace(/\r\n[ \t]+/g, " ");
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, "mi").exec(head)?.[1] ?? "";
  const textPart = /Content-Type: text\/plain[^]*?\r\n\r\n([^]*?)\r\n----/i.exec(raw)?.[1] ?? "";
  const htmlPart = /Content-Type: text\/html[^]*?\r\n\r\n([^]*?)\r\n----/i.exec(raw)?.[1] ?? "";
  const qp = (s: string) =>
    Buffer.from(
      s.replace(/=\r\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
      "latin1",
    ).toString("utf8");
  return {
    head,
    subject: decodeHeaderText(header("Subject")),
    replyTo: header("Reply-To"),
    text: qp(textPart).replace(/\r\n/g, "\n"),
    html: qp(htmlPart),
    raw,
  };
}

const lead: NewEstimate = {
  name: "José <b>Smith</b>",
  email: "jose@example.com",
  phone: "(309) 555-0101",
  service: "Chimney Rebuild",
  message: "Water coming in around the flashing <script>alert(1)</script> every time it rains hard",
  city: "Pekin",
  spam: false,
  idempotencyKey: null,
  ip: "127.0.0.1",
  userAgent: "test",
  attribution: {
    page: "/contact?city=Pekin",
    landingPage: "/locations/pekin?utm_source=google",
    referrer: "https://www.google.com/",
    utmSource: "google",
    utmMedium: "cpc",
    utmCampaign: "fall",
    utmTerm: null,
    utmContent: null,
    gclid: "abc-123",
    fbclid: null,
    cityParam: "Pekin",
  },
};

// Saturday 28 November 2026, 9:30 PM in Chicago.
let clock = new Date("2026-11-29T03:30:00Z");
const now = () => clock;
let store: EstimateStore;
beforeEach(() => {
  clock = new Date("2026-11-29T03:30:00Z");
  store = openEstimateStore({ dataDir: mkdtempSync(path.join(tmpdir(), "outbox-test-")), now });
});
afterEach(() => store.close());

const outboxFor = (
  smtpUrl: string,
  log: (m: string) => void = () => {},
  extra: { timeoutMs?: number; intervalMs?: number } = {},
) =>
  createOutbox({
    ...extra,
    store,
    smtpUrl,
    from: "site@example.com",
    ownerAddress: "owner@example.com",
    siteUrl: "https://www.example.com",
    now,
    log,
    warn: log,
  });

describe("the owner's alert", () => {
  it("is sent once, built for a phone: service, town and first words in the subject, tap-to-call first, Chicago time", async () => {
    const smtp = await startSmtp();
    store.save(lead, { notifyTo: "owner@example.com" });
    const outbox = outboxFor(smtp.url);
    expect(await outbox.runOnce()).toBe(1);
    expect(await outbox.runOnce()).toBe(0);
    await outbox.stop();
    await smtp.close();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.to).toEqual(["owner@example.com"]);
    const mail = readMail(smtp.received[0]?.raw ?? "");
    expect(mail.subject).toBe('Estimate request: Chimney Rebuild, Pekin — "Water coming in around the flashing…"');
    expect(mail.replyTo).toBe("jose@example.com");
    expect(mail.text.split("\n").slice(0, 2)).toEqual([
      "Call José <b>Smith</b>: (309) 555-0101",
      "Email: jose@example.com (reply to this message to answer)",
    ]);
    expect(mail.text).toContain("Received: Sat, Nov 28, 2026, 9:30 PM CST");
    expect(mail.text).toContain("Sent from page: /contact?city=Pekin");
    expect(mail.text).toContain("First page of the visit: /locations/pekin?utm_source=google");
    expect(mail.text).toContain("Campaign (utm): source=google, medium=cpc, campaign=fall");
    expect(mail.html).toContain('href="tel:3095550101"');
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain("<b>Smith");
    expect(mail.html).toContain("&#60;script&#62;");
    expect(store.outbox()).toMatchObject([
      { kind: "owner-alert", attempts: 1, last_error: null, sent_at: expect.any(String) },
    ]);
  });

  it.each([
    "=?utf-8?b?QW5uDQpCY2M6IHZpY3RpbUBleGFtcGxlLmNvbQ==?=",
    "=?UTF-8?Q?Ann=0D=0ABcc:_victim@example.com?=",
    "Ann =?utf-8?b?DQpCY2M6IHZpY3RpbUBleGFtcGxlLmNvbQ==?= Lee",
  ])("carries a MIME encoded-word in the text (%s) literally, never as header structure", async (words) => {
    const smtp = await startSmtp();
    store.save({ ...lead, name: words, message: `${words} help` }, { notifyTo: "owner@example.com" });
    const outbox = outboxFor(smtp.url);
    expect(await outbox.runOnce()).toBe(1);
    await outbox.stop();
    await smtp.close();
    const mail = readMail(smtp.received[0]?.raw ?? "");
    expect(mail.head).not.toMatch(/^bcc:/im);
    expect(smtp.received[0]?.to).toEqual(["owner@example.com"]);
    expect(mail.subject).toContain(words.slice(0, 20));
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });
});

describe("the homeowner's confirmation", () => {
  it("gives a reference, the chosen service, the town, when to expect a call, the phone and the privacy page; echoes nothing typed", async () => {
    const smtp = await startSmtp();
    const { reference } = store.save(lead, { notifyTo: "owner@example.com", confirm: true });
    const outbox = outboxFor(smtp.url);
    expect(await outbox.runOnce()).toBe(2);
    await outbox.stop();
    await smtp.close();
    const sent = smtp.received.find((m) => m.to[0] === "jose@example.com");
    const mail = readMail(sent?.raw ?? "");
    expect(mail.subject).toBe(`We received your estimate request (${reference})`);
    expect(mail.replyTo).toMatch(/estimates@example\.com/);
    expect(mail.text).toContain("we will call you by 10:00 AM Monday.");
    expect(mail.text).toContain(`Reference: ${reference}`);
    expect(mail.text).toContain("Service: Chimney Rebuild");
    expect(mail.text).toContain("Town: Pekin");
    expect(mail.text).toContain("Anything urgent? Call us at (309) 555-0134.");
    expect(mail.text).toContain("https://www.example.com/privacy");
    // Nothing the sender typed comes back: not the name, not the message, not the phone.
    for (const typed of ["José", "Smith", "Water coming", "555-0101", "script"]) expect(mail.raw).not.toContain(typed);
    expect(mail.raw).not.toMatch(/https?:\/\/(?!www\.example\.com)/);
  });

  it("is sent at most once per address in the period", () => {
    store.save(lead, { notifyTo: "owner@example.com", confirm: true, confirmationPeriodHours: 24 });
    store.save(
      { ...lead, email: "JOSE@example.com" },
      { notifyTo: "owner@example.com", confirm: true, confirmationPeriodHours: 24 },
    );
    expect(store.outbox().filter((m) => m.kind === "confirmation")).toHaveLength(1);
    clock = new Date(clock.getTime() + 25 * 3_600_000);
    store.save(lead, { notifyTo: "owner@example.com", confirm: true, confirmationPeriodHours: 24 });
    expect(store.outbox().filter((m) => m.kind === "confirmation")).toHaveLength(2);
  });
});

describe("delivery", () => {
  it("keeps the request and schedules a retry when the mail server refuses", async () => {
    const smtp = await startSmtp({ reject: true });
    store.save(lead, { notifyTo: "owner@example.com" });
    const logged: string[] = [];
    const outbox = outboxFor(smtp.url, (m) => logged.push(m));
    expect(await outbox.runOnce()).toBe(0);
    await outbox.stop();
    await smtp.close();
    const [item] = store.outbox();
    expect(item).toMatchObject({
      attempts: 1,
      sent_at: null,
      failed_at: null,
      last_error: expect.stringContaining("Mailbox unavailable"),
    });
    expect(new Date(String(item?.next_attempt_at)).getTime()).toBe(clock.getTime() + 30_000);
    expect(store.list()).toHaveLength(1);
    expect(logged[0]).toMatch(/failed \(attempt 1 of 8\)/);
    expect(store.dueMail()).toHaveLength(0);
  });

  it("keeps going when the disk fails the sent mark's fsync: the run ends, nothing is sent twice, the next mail goes", async () => {
    const smtp = await startSmtp();
    store.save(lead, { notifyTo: "owner@example.com" });
    const logged: string[] = [];
    const outbox = outboxFor(smtp.url, (m) => logged.push(m));
    const durable = store.durable;
    store.durable = {
      ...durable,
      commit: <T>(write: () => T) => {
        write();
        return Promise.reject(Object.assign(new Error("EIO: i/o error, fsync"), { code: "EIO" }));
      },
    };
    expect(await outbox.runOnce()).toBe(0);
    expect(logged.join("\n")).toContain("EIO: i/o error, fsync");
    // The message went, and its row says so: it is not sent again.
    expect(smtp.received).toHaveLength(1);
    expect(store.outbox()).toMatchObject([{ kind: "owner-alert", sent_at: expect.any(String) }]);
    store.durable = durable;
    store.save({ ...lead, email: "second@example.com" }, { notifyTo: "owner@example.com" });
    expect(await outbox.runOnce()).toBe(1);
    await outbox.stop();
    await smtp.close();
    expect(smtp.received).toHaveLength(2);
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts, says so loudly, and can be retried once fixed`, async () => {
    store.save(lead, { notifyTo: "owner@example.com" });
    const logged: string[] = [];
    const down = outboxFor("smtp://127.0.0.1:1", (m) => logged.push(m));
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      await down.runOnce();
      clock = new Date(clock.getTime() + 3_600_000);
    }
    await down.stop();
    expect(store.outbox()).toMatchObject([{ attempts: MAX_ATTEMPTS, sent_at: null, failed_at: expect.any(String) }]);
    expect(logged.at(-1)).toMatch(/^!!! E-MAIL FAILED FOR GOOD: owner-alert for request #1/);
    expect(store.troubledDeliveries()).toHaveLength(1);
    expect(store.dueMail()).toHaveLength(0);
    expect([0, 1, 2, 10].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 3_600_000]);

    expect(store.retryFailed()).toBe(1);
    const smtp = await startSmtp();
    const fixed = outboxFor(smtp.url);
    expect(await fixed.runOnce()).toBe(1);
    await fixed.stop();
    await smtp.close();
    expect(store.troubledDeliveries()).toHaveLength(0);
  });
});

describe("the owner's reminder", () => {
  it("comes once, when a lead is still new after 4 business hours", async () => {
    const smtp = await startSmtp();
    // Monday 23 November 2026, 9:00 AM in Chicago.
    clock = new Date("2026-11-23T15:00:00Z");
    const { id } = store.save(lead, { notifyTo: "owner@example.com" });
    const contacted = store.save({ ...lead, email: "other@example.com" }, { notifyTo: "owner@example.com" });
    store.setStatus(contacted.id, "contacted");
    const outbox = outboxFor(smtp.url);
    await outbox.runOnce();
    clock = new Date("2026-11-23T18:59:00Z"); // 12:59 PM: 3 h 59 min of opening time
    expect(outbox.queueReminders()).toBe(0);
    clock = new Date("2026-11-23T19:00:00Z"); // 1:00 PM
    await outbox.runOnce();
    clock = new Date("2026-11-23T23:00:00Z");
    await outbox.runOnce();
    await outbox.stop();
    await smtp.close();
    const reminders = smtp.received.map((m) => readMail(m.raw)).filter((m) => m.subject.startsWith("Still new"));
    expect(reminders).toHaveLength(1);
    expect(reminders[0]?.subject).toMatch(/^Still new after 4 h: Chimney Rebuild, Pekin \(R-[A-Z0-9]{6}\)$/);
    expect(reminders[0]?.text).toContain(`npm run leads -- --mark ${id} contacted`);
  });
});

describe("what the homeowner wrote", () => {
  it("reaches the owner as typed: Persian with its non-joiner, a Hindi conjunct, an emoji family, in text and subject", async () => {
    const smtp = await startSmtp();
    const message = "👩\u200D👩\u200D👧 می\u200Cخواهم دودکش را تعمیر کنم، क्\u200Dषति ❤\uFE0F";
    store.save({ ...lead, name: "علی\u200Cاکبر", message }, { notifyTo: "owner@example.com" });
    const outbox = outboxFor(smtp.url);
    expect(await outbox.runOnce()).toBe(1);
    await outbox.stop();
    await smtp.close();
    const mail = readMail(smtp.received[0]?.raw ?? "");
    expect(mail.text).toContain(message);
    expect(mail.text).toContain("Call علی\u200Cاکبر:");
    expect(mail.subject).toBe(
      'Estimate request: Chimney Rebuild, Pekin — "👩\u200D👩\u200D👧 می\u200Cخواهم دودکش را تعمیر کنم،…"',
    );
  });
});

describe("the owner hears at once", () => {
  const backlog = (n: number) => {
    for (let i = 0; i < n; i++) store.save({ ...lead, email: `homeowner${i}@example.com` }, { confirm: true });
  };

  it("sends the owner's alert ahead of older confirmations, and drains the whole queue in one run", async () => {
    const smtp = await startSmtp();
    backlog(12);
    store.save({ ...lead, email: "new@example.com" }, { notifyTo: "owner@example.com" });
    const outbox = outboxFor(smtp.url);
    expect(await outbox.runOnce()).toBe(13);
    await outbox.stop();
    await smtp.close();
    expect(smtp.received.map((m) => m.to[0])).toEqual([
      "owner@example.com",
      ...Array.from({ length: 12 }, (_, i) => `homeowner${i}@example.com`),
    ]);
  });

  it("sends as soon as a request is stored, without waiting for the next round", async () => {
    const smtp = await startSmtp();
    const outbox = outboxFor(smtp.url, () => {}, { intervalMs: 3_600_000 });
    outbox.start();
    store.save(lead, { notifyTo: "owner@example.com" });
    await waitFor(() => (smtp.received.length === 1 ? true : undefined), 20_000);
    await outbox.stop();
    await smtp.close();
    expect(store.outbox()).toMatchObject([{ kind: "owner-alert", sent_at: expect.any(String) }]);
  });

  it.each(["silent", "after-ehlo", "trickle"] as const)(
    "gives up on a %s mail server after the timeout, closes the connection and moves on",
    async (mode) => {
      const hung = await startHungSmtp(mode);
      store.save(lead, { notifyTo: "owner@example.com", confirm: true });
      const outbox = outboxFor(hung.url, () => {}, { timeoutMs: 300 });
      expect(await outbox.runOnce()).toBe(0);
      await outbox.stop();
      expect(hung.connections()).toBe(2);
      expect(store.outbox()).toMatchObject([
        {
          kind: "owner-alert",
          attempts: 1,
          sent_at: null,
          failed_at: null,
          last_error: "no answer from the mail server within 0.3 s",
        },
        {
          kind: "confirmation",
          attempts: 1,
          sent_at: null,
          failed_at: null,
          last_error: "no answer from the mail server within 0.3 s",
        },
      ]);
      await waitFor(() => (hung.open() === 0 ? true : undefined), 5_000);
      await hung.close();
    },
  );
});
