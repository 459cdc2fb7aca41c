// The server tests' view of a local mail server (tests/server/smtp.ts) and of the outbox: every message to an
// address whose subject matches, parsed once; waiting for one; waiting until the outbox has sent what is due.
import { simpleParser, type ParsedMail } from "mailparser";
import type { EstimateStore } from "../../server/requests/estimate-store.ts";
import { waitFor, type startSmtp } from "../server/smtp";

type Smtp = Awaited<ReturnType<typeof startSmtp>>;

export function mailInbox(smtp: () => Smtp) {
  const parsed = new Map<string, ParsedMail>();
  async function all(): Promise<ParsedMail[]> {
    const received = smtp().received;
    await Promise.all(
      received.filter((m) => !parsed.has(m.raw)).map(async (m) => parsed.set(m.raw, await simpleParser(m.raw))),
    );
    return received.map((m) => parsed.get(m.raw)).filter((m): m is ParsedMail => m !== undefined);
  }
  /** Every message to `address` whose subject matches, parsed. */
  async function mailsTo(address: string, subject: RegExp): Promise<ParsedMail[]> {
    await all();
    return smtp()
      .received.filter((m) => m.to.includes(address))
      .map((m) => parsed.get(m.raw))
      .filter((m): m is ParsedMail => m !== undefined && subject.test(m.subject ?? ""));
  }
  async function mailTo(address: string, subject: RegExp): Promise<ParsedMail> {
    const deadline = performance.now() + 15_000;
    for (;;) {
      const found = (await mailsTo(address, subject))[0];
      if (found) return found;
      if (performance.now() > deadline) throw new Error(`no mail to ${address} like ${subject}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return { all, mailsTo, mailTo, parsed };
}

/** Waits until the outbox has sent what is due, so that only what a test does could change the database. */
export async function outboxSettled(withStore: <T>(work: (store: EstimateStore) => T) => T) {
  await waitFor(
    () =>
      withStore(
        (s) =>
          s.db
            .prepare(
              `SELECT count(*) AS n FROM outbox WHERE sent_at IS NULL AND cancelled_at IS NULL AND failed_at IS NULL
                 AND next_attempt_at <= ?`,
            )
            .get(new Date().toISOString()) as { n: number },
      ).n === 0 || undefined,
    15_000,
  );
}
