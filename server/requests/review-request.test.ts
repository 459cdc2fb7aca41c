// Asking for a review: only for a won request that is not spam, once, by the owner's tap (the store method the
// console's button calls); the e-mail as a local SMTP server receives it; erasure and retention take it along.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { business } from "../../app/content/business.ts";
import { openEstimateStore, type EstimateStore, type NewEstimate } from "./estimate-store.ts";
import { createOutbox } from "./outbox.ts";
import { decodeHeaderText } from "./mail-header.ts";
import { readReviewSettings } from "./review-words.ts";
import { startSmtp } from "../../tests/server/smtp.ts";

const REVIEW_URL = "https://g.page/r/CXa1b2c3d4e5f6g7/review";

const job: NewEstimate = {
  name: "Ann Baker",
  email: "ann.baker@example.com",
  phone: "(309) 555-0101",
  service: "Chimney Crowns",
  message: "The crown is cracked",
  city: "East Peoria",
  spam: false,
  idempotencyKey: null,
  ip: null,
  userAgent: null,
};

let clock = new Date("2026-11-20T15:00:00Z");
let store: EstimateStore;
beforeEach(() => {
  clock = new Date("2026-11-20T15:00:00Z");
  store = openEstimateStore({ dataDir: mkdtempSync(path.join(tmpdir(), "review-test-")), now: () => clock });
});
afterEach(() => store.close());

/** The message as the customer reads it: the subject decoded, both parts with quoted-printable undone. */
function readMail(raw: string) {
  const head = raw.slice(0, raw.indexOf("\r\n\r\n")).replace(/\r\n[ \t]+/g, " ");
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, "mi").exec(head)?.[1] ?? "";
  const part = (type: string) => new RegExp(`Content-Type: ${type}[^]*?\r\n\r\n([^]*?)\r\n----`, "i").exec(raw)?.[1];
  const qp = (s = "") =>
    Buffer.from(
      s.replace(/=\r\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
      "latin1",
    ).toString("utf8");
  return {
    subject: decodeHeaderText(header("Subject")),
    replyTo: header("Reply-To"),
    text: qp(part("text/plain")).replace(/\r\n/g, "\n"),
    html: qp(part("text/html")),
  };
}

const reviewRows = () => store.outbox().filter((r) => r.kind === "review-request");

describe("asking for a review", () => {
  it("only for a request marked won, and only once", () => {
    const { id } = store.save(job);
    expect(store.requestReview(id)).toBe("not-won");
    for (const status of ["contacted", "quoted", "lost", "out-of-area"] as const) {
      store.setStatus(id, status);
      expect(store.requestReview(id)).toBe("not-won");
    }
    expect(reviewRows()).toHaveLength(0);
    store.setStatus(id, "won");
    expect(store.requestReview(id)).toBe("queued");
    expect(store.requestReview(id)).toBe("already");
    expect(reviewRows()).toEqual([expect.objectContaining({ estimate_id: id, recipient: job.email })]);
  });

  it("never for spam, even marked won; never for a request that is gone", () => {
    const { id } = store.save({ ...job, spam: true });
    store.setStatus(id, "won");
    expect(store.requestReview(id)).toBe("not-won");
    expect(store.requestReview(99_999)).toBe("not-won");
    expect(reviewRows()).toHaveLength(0);
  });

  it("goes with the request when the customer's details are erased, and with the retention purge", () => {
    const a = store.save(job).id;
    clock = new Date("2026-11-21T15:00:00Z");
    const b = store.save({ ...job, email: "other@example.com" }).id;
    for (const id of [a, b]) {
      store.setStatus(id, "won");
      store.requestReview(id);
    }
    expect(reviewRows()).toHaveLength(2);
    expect(store.erase(job.email)).toBe(1);
    expect(reviewRows().map((r) => r.estimate_id)).toEqual([b]);
    store.purge(new Date("2026-11-22T00:00:00Z"));
    expect(reviewRows()).toHaveLength(0);
    expect(store.get(b)).toBeUndefined();
  });
});

describe("the review e-mail", () => {
  it("carries the owner's words, the job's service and town, the link and the last line; replies go to the business", async () => {
    const smtp = await startSmtp();
    const { id } = store.save(job);
    store.setStatus(id, "won");
    store.requestReview(id);
    const settings = readReviewSettings(process.cwd());
    const outbox = createOutbox({
      store,
      smtpUrl: smtp.url,
      from: "site@example.com",
      ownerAddress: "owner@example.com",
      siteUrl: "https://www.example.com",
      review: () => ({ ...settings, reviewUrl: REVIEW_URL }),
      now: () => clock,
      log: () => {},
      warn: () => {},
    });
    expect(await outbox.runOnce()).toBe(1);
    expect(await outbox.runOnce()).toBe(0);
    await outbox.stop();
    await smtp.close();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.to).toEqual([job.email]);
    const raw = smtp.received[0]?.raw ?? "";
    if (process.env.REVIEW_MAIL_OUT) writeFileSync(process.env.REVIEW_MAIL_OUT, raw);
    const mail = readMail(raw);
    expect(mail.subject).toBe("How did we do on your chimney?");
    expect(mail.replyTo).toBe(business.email);
    expect(mail.text).toContain(`Thank you for choosing ${business.name}.`);
    expect(mail.text).toContain("Your job: Chimney Crowns, East Peoria\n");
    expect(mail.text).toContain(`Write a review: ${REVIEW_URL}\n`);
    expect(mail.text).toContain("This is the only time we will ask. No more e-mails will follow about it.");
    expect(mail.html).toContain(`<a href="${REVIEW_URL}">Write a review</a>`);
    expect(store.deliveries(id).find((d) => d.kind === "review-request")?.sent_at).toBe(clock.toISOString());
  });

  it("is held, with the reason, while no review link is set", async () => {
    const smtp = await startSmtp();
    const { id } = store.save(job);
    store.setStatus(id, "won");
    store.requestReview(id);
    const settings = readReviewSettings(process.cwd());
    const logged: string[] = [];
    const outbox = createOutbox({
      store,
      smtpUrl: smtp.url,
      from: "site@example.com",
      ownerAddress: "owner@example.com",
      siteUrl: "https://www.example.com",
      review: () => ({ ...settings, reviewUrl: null }),
      now: () => clock,
      log: (m) => logged.push(m),
      warn: (m) => logged.push(m),
    });
    expect(await outbox.runOnce()).toBe(0);
    await outbox.stop();
    await smtp.close();
    expect(smtp.received).toHaveLength(0);
    expect(store.deliveries(id)[0]?.last_error).toBe("no review link is set (Site → Business facts → Review link)");
    expect(logged.join("\n")).toContain("review-request");
  });
});
