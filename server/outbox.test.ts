// The owner's inbox: e-mails go out from the outbox through a real (local) SMTP server, and a failing
// mail server is retried later without touching the stored request.
import { mkdtempSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openEstimateStore, type EstimateStore } from "./estimate-store.ts";
import { decodeHeaderText } from "./mail-header.ts";
import { createOutbox, estimateEmail, retryDelayMs } from "./outbox.ts";

type Received = { to: string[]; raw: string };

function startSmtp({ reject = false } = {}) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString()));
      stream.on("end", () => {
        if (reject) return callback(Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 }));
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  return new Promise<{ url: string; received: Received[]; close: () => Promise<void> }>((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.server.address() as AddressInfo;
      resolve({ url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise((r) => server.close(() => r())) });
    });
  });
}

const lead = {
  name: "José <b>Smith</b>",
  email: "jose@example.com",
  phone: "309-555-0101",
  service: "Chimney Rebuild",
  message: "Bricks falling <script>alert(1)</script>",
  city: "Pekin",
  spam: false,
  idempotencyKey: null,
  ip: "127.0.0.1",
  userAgent: "test",
};

let store: EstimateStore;
beforeEach(() => {
  store = openEstimateStore({ dataDir: mkdtempSync(path.join(tmpdir(), "outbox-test-")) });
});
afterEach(() => store.close());

describe("owner e-mail outbox", () => {
  it("sends each queued request once to the owner's address, with the details escaped", async () => {
    const smtp = await startSmtp();
    const { id } = store.save(lead, { notifyTo: "owner@example.com" });
    const outbox = createOutbox({ store, smtpUrl: smtp.url, from: "site@example.com", log: () => {} });
    expect(await outbox.runOnce()).toBe(1);
    expect(await outbox.runOnce()).toBe(0);
    await outbox.stop();
    await smtp.close();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.to).toEqual(["owner@example.com"]);
    const subject = /^Subject: (.*(?:\r\n .*)*)/m.exec(smtp.received[0]?.raw ?? "")?.[1] ?? "";
    expect(decodeHeaderText(subject)).toBe("New estimate request from José <b>Smith</b>");
    expect(smtp.received[0]?.raw).toContain("Reply-To: jose@example.com");
    const stored = store.get(id);
    if (!stored) throw new Error("request not stored");
    const html = estimateEmail(stored).html;
    expect(html).toContain("José &#60;b&#62;Smith&#60;/b&#62;");
    expect(html).not.toContain("<script>");
    expect(store.outbox()).toMatchObject([{ attempts: 1, last_error: null, sent_at: expect.any(String) }]);
  });

  it("keeps the request and schedules a retry when the mail server refuses", async () => {
    const smtp = await startSmtp({ reject: true });
    store.save(lead, { notifyTo: "owner@example.com" });
    const logged: string[] = [];
    const outbox = createOutbox({ store, smtpUrl: smtp.url, from: "site@example.com", log: (m) => logged.push(m) });
    expect(await outbox.runOnce()).toBe(0);
    await outbox.stop();
    await smtp.close();
    const [item] = store.outbox();
    expect(item).toMatchObject({
      attempts: 1,
      sent_at: null,
      last_error: expect.stringContaining("Mailbox unavailable"),
    });
    expect(new Date(String(item?.next_attempt_at)).getTime()).toBeGreaterThan(Date.now() + 20_000);
    expect(store.list()).toHaveLength(1);
    expect(logged[0]).toMatch(/failed \(attempt 1\)/);
    // Not due yet, so the next run leaves it alone.
    expect(store.dueMail()).toHaveLength(0);
  });

  it("keeps retrying when the mail server is down, backing off up to an hour", async () => {
    store.save(lead, { notifyTo: "owner@example.com" });
    const outbox = createOutbox({ store, smtpUrl: "smtp://127.0.0.1:1", from: "site@example.com", log: () => {} });
    expect(await outbox.runOnce()).toBe(0);
    await outbox.stop();
    expect(store.outbox()).toMatchObject([{ attempts: 1, sent_at: null }]);
    expect([0, 1, 2, 10].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 3_600_000]);
  });

  it.each([
    "=?utf-8?b?QW5uDQpCY2M6IHZpY3RpbUBleGFtcGxlLmNvbQ==?=",
    "=?UTF-8?Q?Ann=0D=0ABcc:_victim@example.com?=",
    "Ann =?utf-8?b?DQpCY2M6IHZpY3RpbUBleGFtcGxlLmNvbQ==?= Lee",
  ])("sends a name carrying a MIME encoded-word (%s) as literal text, never as header structure", async (name) => {
    const smtp = await startSmtp();
    store.save({ ...lead, name }, { notifyTo: "owner@example.com" });
    const outbox = createOutbox({ store, smtpUrl: smtp.url, from: "site@example.com", log: () => {} });
    expect(await outbox.runOnce()).toBe(1);
    await outbox.stop();
    await smtp.close();
    const raw = smtp.received[0]?.raw ?? "";
    const headers = raw.slice(0, raw.indexOf("\r\n\r\n"));
    expect(headers).not.toMatch(/^bcc:/im);
    expect(smtp.received[0]?.to).toEqual(["owner@example.com"]);
    const subject = /^Subject: (.*(?:\r\n .*)*)/m.exec(headers)?.[1] ?? "";
    // A mail client decodes the header once and reads the name exactly as it was typed.
    expect(decodeHeaderText(subject)).toBe(`New estimate request from ${name}`);
    expect(decodeHeaderText(subject)).not.toMatch(/[\r\n]/);
  });
});
